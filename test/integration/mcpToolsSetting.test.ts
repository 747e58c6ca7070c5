// platformConsole.mcp.tools inside a real VS Code (#56 item 3): the setting as the MCP server's
// --tools arguments for the editor's registration. Entries the selector refuses are left out and
// named with the setting; what is kept is what the server's own parser accepts.
import * as assert from 'node:assert/strict';
import { afterEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { MCP_TOOLS_SETTING, mcpToolsArgs, mcpToolsSetting } from '../../src/features/agent/mcpToolsSetting';
import { takeToolsFlag } from '../../src/features/agent/model/toolSelection';
import { CATALOG_INDEX } from '../../src/features/agent/model/toolGroupOf';

const set = (value: unknown) => vscode.workspace.getConfiguration().update(MCP_TOOLS_SETTING, value, vscode.ConfigurationTarget.Global);

describe('platformConsole.mcp.tools', () => {
  afterEach(() => set(undefined));

  it('empty by default: no arguments, every tool the write settings allow', () => {
    assert.deepEqual(vscode.workspace.getConfiguration().inspect(MCP_TOOLS_SETTING)?.defaultValue, []);
    assert.deepEqual(mcpToolsSetting(), { args: [], problems: [] });
    assert.deepEqual(mcpToolsArgs(), []);
  });

  it('names, globs, groups and kinds: one --tools, which the server accepts', async () => {
    await set(['edge.*', 'read', 'list_storages', 'list_report_*', 'Edge']);
    const { args, problems } = mcpToolsSetting();
    assert.deepEqual(args, ['--tools', 'edge.*,read,list_storages,list_report_*,edge']);
    assert.deepEqual(problems, []);
    assert.deepEqual(takeToolsFlag(args, CATALOG_INDEX), { patterns: ['edge.*', 'read', 'list_storages', 'list_report_*', 'edge'], rest: [] });
  });

  it('an entry that matches nothing, or is not text: left out, and a warning names the setting and the entry', async () => {
    await set(['edge', 'storge', 'pricing,nope.*', 42]);
    const warned: string[] = [];
    assert.deepEqual(
      mcpToolsArgs((p) => warned.push(p)),
      ['--tools', 'edge,pricing'],
    );
    assert.equal(warned.length, 3, warned.join('\n'));
    assert.match(warned[0]!, /^platformConsole\.mcp\.tools: "storge" matches no tool name, group or kind \(groups: connections, edge, .*\); left out$/);
    assert.match(warned[1]!, /^platformConsole\.mcp\.tools: "nope\.\*" matches no tool name, group or kind/);
    assert.equal(warned[2], 'platformConsole.mcp.tools: 42 is not text; left out');
  });

  it('nothing usable: no --tools (the server would not start on a bad one), and the warning says every tool is offered', async () => {
    await set(['nothing*here']);
    const { args, problems } = mcpToolsSetting();
    assert.deepEqual(args, []);
    assert.equal(problems.at(-1), 'platformConsole.mcp.tools: no entry left: every tool the write settings allow is offered');
  });
});

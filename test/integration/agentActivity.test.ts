// The audit trail of agent writes in a real VS Code (#56 item 6): an editor-chat write through the
// language model tool lands in the connection log as one line and in Show Agent Activity's
// read-only document (refreshed as records arrive, a refused write too); a record an MCP server
// appends to the followed audit file is mirrored into the log once and shown with its agent and
// token; a line that is not a record is skipped and counted; one written before this window is not shown.
import * as assert from 'node:assert/strict';
import { appendFileSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import { agentWriteRecord, recordLine } from '../../src/features/agent/model/agentActivity';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';
import { until } from './support/until';

const KEY = testKeys.simulator;
const REPORT = { template_code: 'ResellerPlans', parameters: { date_to: '2026-10-31' } };
const SCHEME = 'platform-console-agent-activity';
const token = () => new vscode.CancellationTokenSource().token;
const text = (result: vscode.LanguageModelToolResult | undefined | null) =>
  (result?.content ?? []).map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');

describe('agent activity (the audit trail)', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  const activityText = () => vscode.workspace.textDocuments.find((d) => d.uri.scheme === SCHEME)?.getText() ?? '';
  const logged = (part: string) => ext.log.recent.filter((l) => l.includes(part));

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    await ext.connections.signIn('activity-main', sim.url, KEY);
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.getConfiguration('platformConsole').update('agent.allowWrites', undefined, vscode.ConfigurationTarget.Global);
    for (const c of ext.connections.list().filter((c) => c.name === 'activity-main')) await ext.connections.signOut(c.id);
    await sim.close();
  });

  it('follows the MCP audit file from Show Agent Activity or an MCP server start on, not from activation: no watch, no poll (#57)', async () => {
    assert.equal(ext.agentActivityFollowedAtActivation, false, 'the audit file was followed as the extension activated');
    // What Show Agent Activity runs first (the document itself is opened by the next test: opened here, it would be the one reused there).
    await ext.agentActivity.refresh();
    assert.equal(ext.agentActivity.following, true, 'reading it for Show Agent Activity did not start following it');
  });

  it('an editor-chat write: one log line and a row of Show Agent Activity; a refused one follows in the open document', async () => {
    const tool = ext.agentTool('create_report')!;
    const asked = (await tool.prepareInvocation!({ input: REPORT }, token()))?.confirmationMessages;
    assert.ok(asked, 'the write is put to the person');
    assert.match(text(await tool.invoke({ input: REPORT, toolInvocationToken: undefined }, token())), /^Started a report task/);
    const line = await until('the log line of the write', () => logged('agent write: create_report')[0]);
    assert.equal(line, '[activity-main] agent write: create_report on "Create a \\"ResellerPlans\\" report" by editor chat: succeeded (HTTP 201)');
    assert.ok(!line.includes(KEY));

    await vscode.commands.executeCommand('platformConsole.showAgentActivity');
    const shown = vscode.window.activeTextEditor?.document;
    assert.equal(shown?.uri.scheme, SCHEME, 'the activity document is shown');
    assert.equal(shown.languageId, 'plaintext', 'plain text: nothing in it is Markdown or HTML');
    const row = shown
      .getText()
      .split('\n')
      .find((l) => l.includes('create_report'));
    assert.match(row ?? '', /editor chat\s+\(none\)\s+activity-main\s+create_report\s+Create a "ResellerPlans" report\s+succeeded \(HTTP 201\)$/);

    // Writes turned off: the call is refused, recorded, and the open document shows it, newest first.
    await vscode.workspace.getConfiguration('platformConsole').update('agent.allowWrites', false, vscode.ConfigurationTarget.Global);
    assert.match(text(await tool.invoke({ input: REPORT, toolInvocationToken: undefined }, token())), /^Refused: changes through the agent are turned off/);
    await until('the refusal in the open document', () => activityText().includes('refused by Platform Console: agent writes are off'));
    const rows = activityText().split('\n');
    assert.ok(rows.findIndex((l) => l.includes('refused by Platform Console')) < rows.findIndex((l) => l.includes('succeeded (HTTP 201)')), 'newest first');
    assert.equal(logged('agent write: create_report').length, 2, 'each write once in the log');
    await vscode.workspace.getConfiguration('platformConsole').update('agent.allowWrites', undefined, vscode.ConfigurationTarget.Global);
  });

  it("an MCP server's record in the followed audit file: mirrored into the log once, shown with its agent and token", async () => {
    const file = ext.agentActivity.file!;
    assert.match(file, /agent-activity\.jsonl$/);
    // Followed from an MCP server's start on (mcpServerInEditor.test.ts starts one): as it starts.
    ext.agentActivity.follow();
    mkdirSync(path.dirname(file), { recursive: true });
    const id = `it-${Date.now()}`;
    const record = agentWriteRecord(
      {
        tool: 'delete_report_task',
        connection: 'mcp-conn',
        target: 'Delete report task <b>x</b>\nforged line',
        result: { kind: 'declined', reason: 'not confirmed' },
      },
      { agent: 'MCP client it-client', token: 'agent-token-7' },
      new Date(),
      id,
    );
    const before = agentWriteRecord(
      { tool: 'create_report', connection: 'mcp-conn', target: 'from an earlier window', result: { kind: 'succeeded', status: 201 } },
      { agent: 'MCP client it-client' },
      new Date(Date.now() - 30 * 24 * 3600_000),
      `${id}-old`,
    );
    appendFileSync(file, `${recordLine(before)}\nnot a record\n${recordLine(record)}\n`, { mode: 0o600 });
    const line = await until('the mirrored line', () => logged('agent-token-7')[0], 15_000);
    assert.equal(
      line,
      '[mcp-conn] agent write: delete_report_task on "Delete report task <b>x</b>\\nforged line" by MCP client it-client with token "agent-token-7": ' +
        'declined by the person: not confirmed',
    );
    await vscode.commands.executeCommand('platformConsole.showAgentActivity');
    await until('the MCP row in the document', () => activityText().includes('agent-token-7'));
    assert.match(activityText(), /MCP client it-client\s+agent-token-7\s+mcp-conn\s+delete_report_task\s+Delete report task <b>x<\/b>\\nforged line/);
    assert.match(activityText(), /[1-9]\d* line\(s\) of the MCP audit file were not records and were skipped/);
    assert.ok(!activityText().includes('from an earlier window'), 'a record from before this window is not this session’s');
    // Read again (Show reads the file first): still once.
    await ext.agentActivity.refresh();
    assert.equal(logged('agent-token-7').length, 1, 'mirrored once');
  });
});

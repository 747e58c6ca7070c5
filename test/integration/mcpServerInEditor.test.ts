// The MCP server offered to the editor (#56 item 2, its "done when"): with the extension signed in
// to a simulator, the definition comes from the extension's own provider, is resolved (a live agent
// token in a one-shot hand-over file) and started exactly as VS Code starts it. The MCP client lists
// the tools (reads only: writes are off by default), reads with the agent token (the simulator's
// record shows the token and the MCP server's User-Agent, never the key from that process), is
// refused a write by the product (nothing sent), and gets a 401 that says what happened after the
// token is revoked and after a short one expires (the simulator's clock moved). What the process
// was given (its environment, its command line, the hand-over file) holds no key. Without a token
// the person is asked, and on no answer nothing starts.
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, afterEach, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import type { Connection } from '../../src/connections/connectionManager';
import { witness } from '../support/keyWitness';
import { ACCEPT, ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { AGENT_FILE_ENV, keyApi, mintAgentToken, startEditorMcp, toolText, type StartedMcp } from './support/editorMcp';
import { platformConsole } from './support/extension';
import { signOutOf } from './support/isolation';
import { fence } from './support/fence';

const KEY = testKeys.simulator;
const at = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

describe('the MCP server in the editor (#56)', function () {
  this.timeout(90_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connection: Connection;
  // The simulator's clock: the real one until a test moves it past a token's expiry.
  let offsetMs = 0;
  const started: StartedMcp[] = [];
  const start = async () => {
    const mcp = await startEditorMcp(ext);
    assert.ok(mcp, 'the server was started');
    started.push(mcp);
    return mcp;
  };
  const credentials = () => Object.keys(sim.requestsByCredential());

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY, now: () => Date.now() + offsetMs });
    connection = await ext.connections.signIn('mcp-editor', sim.url, KEY);
    await ext.connections.switchTo(connection.id);
  });
  afterEach(async () => {
    ext.setUi(undefined);
    offsetMs = 0;
    for (const mcp of started.splice(0)) await mcp.client.close();
    for (const record of ext.agentTokens.store.all().filter((r) => r.connectionId === connection.id)) await ext.agentTokens.store.remove(record);
  });
  after(async () => {
    await vscode.workspace.getConfiguration('platformConsole.mcp').update('allowWrites', undefined, vscode.ConfigurationTarget.Global);
    await signOutOf(ext, sim.url);
    await sim.close();
  });

  it('offers one server for the active signed-in connection, started by the editor in Node mode, read-only, with no key or token in it', async () => {
    const [definition, ...more] = await ext.mcpServer.provideMcpServerDefinitions();
    assert.ok(definition);
    assert.equal(more.length, 0);
    assert.equal(definition.label, 'Platform Console · mcp-editor');
    assert.equal(definition.command, process.execPath);
    assert.match(definition.args[0] ?? '', /[\\/]dist[\\/]mcp\.js$/);
    assert.ok(existsSync(definition.args[0]!), 'dist/mcp.js is built beside the extension');
    // No write flag (read-only); the audit file this window follows is the only argument.
    assert.deepEqual(definition.args.slice(1), ['--audit-file', ext.agentActivity.file], 'no flag: read-only');
    assert.deepEqual(definition.env, { ELECTRON_RUN_AS_NODE: '1', PLATFORM_CONSOLE_API_KEY: null, PLATFORM_CONSOLE_API_KEY_FILE: null, GCORE_API_KEY: null });
    assert.equal(process.env.PLATFORM_CONSOLE_API_KEY, undefined, 'the extension host took the key out of its environment (environmentKey.ts)');
    assert.equal(process.env.PLATFORM_CONSOLE_API_KEY_FILE, undefined);
  });

  it("the extension's own requests say they are the extension's (User-Agent platform-console/<version>), with the key", async () => {
    sim.resetRequests();
    const bound = await ext.connections.bind(connection.id);
    assert.ok(bound);
    await bound.api.iam.getAccountDetails({ params: {} });
    const version = String((vscode.extensions.getExtension('platform-console.platform-console')?.packageJSON as { version: string }).version);
    assert.deepEqual(
      Object.keys(sim.requestsByCredential()).filter((c) => c.startsWith('key ')),
      [`key platform-console/${version}`],
    );
  });

  it('tells VS Code when what it would start changes: a token minted, a setting; its version follows', async () => {
    let fired = 0;
    const listening = ext.mcpServer.onDidChangeMcpServerDefinitions(() => fired++);
    try {
      const [before] = await ext.mcpServer.provideMcpServerDefinitions();
      await mintAgentToken(ext, connection, keyApi(sim.url, KEY), at(Date.now() + 3600_000));
      assert.ok(fired >= 1, 'fired on the token store');
      const [withToken] = await ext.mcpServer.provideMcpServerDefinitions();
      assert.notEqual(withToken?.version, before?.version, 'the token it would hand over is part of the version');
      const firedBefore = fired;
      await vscode.workspace.getConfiguration('platformConsole.mcp').update('allowWrites', true, vscode.ConfigurationTarget.Global);
      assert.ok(fired > firedBefore, 'fired on the setting');
      const [writes] = await ext.mcpServer.provideMcpServerDefinitions();
      const folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
      assert.deepEqual(writes?.args.slice(1), ['--allow-writes', '--file-root', folder, '--audit-file', ext.agentActivity.file]);
      assert.notEqual(writes?.version, withToken?.version);
      // The tools the person chose reach the server as --tools (platformConsole.mcp.tools).
      await vscode.workspace.getConfiguration('platformConsole.mcp').update('tools', ['edge', 'read'], vscode.ConfigurationTarget.Global);
      const [fewer] = await ext.mcpServer.provideMcpServerDefinitions();
      assert.deepEqual(fewer?.args.slice(-4), ['--tools', 'edge,read', '--audit-file', ext.agentActivity.file]);
      assert.notEqual(fewer?.version, writes?.version);
    } finally {
      listening.dispose();
      await vscode.workspace.getConfiguration('platformConsole.mcp').update('allowWrites', undefined, vscode.ConfigurationTarget.Global);
      await vscode.workspace.getConfiguration('platformConsole.mcp').update('tools', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('lists the reads, reads with the agent token, is refused a write, and after Revoke answers 401 saying so; the key never left the editor', async () => {
    const { record, secret } = await mintAgentToken(ext, connection, keyApi(sim.url, KEY), at(Date.now() + 8 * 3600_000));
    sim.resetRequests();
    // A key variable the extension host kept (environmentKey.ts takes only its own two): the definition removes it.
    process.env.GCORE_API_KEY = KEY;
    const mcp = await start().finally(() => delete process.env.GCORE_API_KEY);
    assert.equal(ext.agentActivity.following, true, 'the audit file of a server the editor started is followed (from its start on, #57)');
    // The hand-over: the token for this connection, never the key; gone once the server read it.
    const handed = JSON.parse(mcp.handoffText) as Record<string, unknown>;
    assert.deepEqual([handed.baseUrl, handed.connectionName, handed.tokenId, handed.token], [sim.url, 'mcp-editor', record.tokenId, secret]);
    assert.equal(existsSync(mcp.handoffFile), false, 'the hand-over file is gone once the server started');
    assert.deepEqual(ext.agentTokens.store.all().find((r) => r.tokenId === record.tokenId)?.usedBy, ['MCP server in the editor']);

    const { tools } = await mcp.client.listTools();
    assert.ok(tools.length > 20);
    assert.deepEqual(
      tools.filter((t) => t.annotations?.readOnlyHint !== true).map((t) => t.name),
      [],
      'reads only: writes are off by default',
    );
    const read = await mcp.client.callTool({ name: 'get_trial', arguments: { id: 401 } });
    assert.ok(!read.isError, toolText(read));
    assert.match(toolText(read), /"mcp-editor"/);
    assert.deepEqual(
      credentials().filter((c) => c.includes('platform-console-mcp')),
      [`token ${record.tokenId} platform-console-mcp/0.1.0`],
    );

    const write = await mcp.client.callTool({ name: 'create_report', arguments: { template_code: 'ResellerPlans' } });
    assert.equal(write.isError, true);
    assert.match(toolText(write), /^Refused: this server is read-only; nothing was sent\./);
    const counts = await fence(sim);
    assert.deepEqual(
      Object.keys(counts).filter((k) => !k.startsWith('GET ')),
      [],
      'no write reached the platform',
    );

    // Revoke Agent Token… (the person picks it and types its name): deleted on the platform with the key, forgotten here.
    ext.setUi(new ScriptedUi([record.name, record.name]));
    assert.equal(await vscode.commands.executeCommand<boolean>('platformConsole.revokeAgentToken'), true, 'revoked');
    assert.equal(ext.agentTokens.store.all().length, 0, 'forgotten here');
    const revoked = toolText(await mcp.client.callTool({ name: 'get_trial', arguments: { id: 401 } }));
    assert.match(revoked, /^The platform rejected the agent token "Editor MCP test" of connection "mcp-editor" \(HTTP 401\): it was revoked, or it expired/);
    assert.match(revoked, /restart the Platform Console MCP server from VS Code/);

    // The person's key was never used by the MCP process; the token by nothing else.
    // (`none`: the read after Revoke, with the token the platform no longer accepts.)
    const byMcp = credentials().filter((c) => c.includes('platform-console-mcp'));
    assert.deepEqual(byMcp, ['none platform-console-mcp/0.1.0', `token ${record.tokenId} platform-console-mcp/0.1.0`]);
    for (const [where, text] of [
      ['its environment', mcp.environ],
      ['its command line', mcp.cmdline],
      ['the hand-over file', mcp.handoffText],
      ['its stderr', mcp.stderr()],
      ['its answers', `${toolText(read)}${toolText(write)}${revoked}`],
    ] as const) {
      witness('MCP server in the editor', where, text);
      assert.equal(text.includes(KEY), false, `the key is in ${where}`);
      if (where !== 'the hand-over file') assert.equal(text.includes(secret), false, `the token is in ${where}`);
    }
    assert.ok(mcp.environ.includes(`${AGENT_FILE_ENV}=`), 'the environment was read from /proc');
    assert.ok(mcp.cmdline.includes('mcp.js'), 'the command line was read from /proc');
  });

  it('a short-lived token: reads while it lives, then 401 once the clock passed its expiry', async () => {
    const expiresAt = at(Date.now() + 10 * 60_000);
    await mintAgentToken(ext, connection, keyApi(sim.url, KEY), expiresAt);
    const mcp = await start();
    assert.ok(!(await mcp.client.callTool({ name: 'get_trial', arguments: { id: 401 } })).isError);
    offsetMs = 11 * 60_000;
    const expired = toolText(await mcp.client.callTool({ name: 'get_trial', arguments: { id: 401 } }));
    assert.match(expired, /^The platform rejected the agent token "Editor MCP test" .* \(HTTP 401\): it was revoked, or it expired/);
    assert.ok(expired.includes(`(it was valid until ${expiresAt})`), expired);
  });

  it('without a live token asks the person, naming the connection; no token: not started, and the person is told why', async () => {
    const ui = new ScriptedUi([], () => undefined);
    ext.setUi(ui);
    assert.equal(await startEditorMcp(ext), undefined, 'nothing started');
    assert.deepEqual(
      ui.confirms.map((c) => c.message),
      ['The MCP server needs an agent token for mcp-editor: the agent never gets your own key. Create one?'],
    );
    await ui.waitForNotification(/^The Platform Console MCP server for mcp-editor was not started: it needs an agent token, and none was created\./);
    // Yes runs Create Agent Token… (every default but a 1-hour expiry): the server starts on the token just minted.
    const yes = new ScriptedUi([ACCEPT, ACCEPT, { pick: '1 hour' }], (_message, buttons) => (buttons.includes('Create Token') ? 'Create Token' : buttons[0]));
    ext.setUi(yes);
    const mcp = await startEditorMcp(ext);
    assert.ok(mcp, 'started once a token was made');
    started.push(mcp);
    const [minted] = ext.agentTokens.store.all().filter((r) => r.connectionId === connection.id);
    assert.ok(minted, 'minted through the wizard');
    assert.equal((JSON.parse(mcp.handoffText) as { tokenId: number }).tokenId, minted.tokenId);
    assert.ok(!(await mcp.client.callTool({ name: 'get_trial', arguments: { id: 401 } })).isError, 'reads on it');
  });

  it('offers nothing for a connection once it is signed out (only the active signed-in one, if any)', async () => {
    await ext.connections.signOut(connection.id);
    const offered = await ext.mcpServer.provideMcpServerDefinitions();
    const active = ext.connections.active;
    const signedIn = active ? await ext.connections.hasApiKey(active.id) : false;
    assert.deepEqual(
      offered.map((d) => d.label),
      active && signedIn ? [`Platform Console · ${active.name}`] : [],
    );
    assert.ok(!offered.some((d) => d.label === 'Platform Console · mcp-editor'));
  });
});

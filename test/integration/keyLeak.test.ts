// The key leak scan, run last (test/integration/index.ts puts it at the end): every text the
// extension showed during the whole run (notifications, prompts, validation messages, progress,
// modal questions: through the scripted UI) and everything that went into any webview (each
// page's HTML and each message posted to it) was checked for the API keys as it was shown (see
// test/support/keyWitness.ts); here the run's hits must be none. A FastEdge secret value the
// secrets tests type is watched like a key, and so is every agent token minted during the run
// (#56: this file mints one and keeps it live while it scans). First this file shows one of each
// itself, with server faults, so the scan is never empty (also when it runs alone). The files
// VS Code wrote, the output channel's log file among them, are scanned by the harness after the
// run (scripts/harness/runIntegration.mjs).
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import type { AgentTokenRecord } from '../../src/features/agent/model/agentTokens';
import { watchForSecret, watchedSecrets, witness, witnessed } from '../support/keyWitness';
import { ACCEPT, ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { print } from './output';
import { keyApi, mintAgentToken, startEditorMcp } from './support/editorMcp';
import { platformConsole } from './support/extension';
import { until } from './support/until';

const KEY = testKeys.simulator;

describe('key leak scan (the whole run)', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  const seen = (kind: string) => witnessed()?.seen[kind] ?? 0;

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    connectionId = (await ext.connections.signIn('leak-scan', sim.url, KEY)).id;
  });
  after(async () => {
    ext.setUi(undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('the run is being watched for every key it uses', () => {
    const watch = witnessed();
    assert.ok(watch, 'test/integration/index.ts started the watch');
    const keys = [KEY, testKeys.revoked, testKeys.wrong, testKeys.environment, testKeys.edgeSecretValue];
    assert.equal(watch.keys, keys.length, 'the test keys, the key of the environment and the FastEdge secret value the secrets tests type');
  });

  it('shows one of each itself, under faults: an error notification, a prompt, a webview page and its messages', async () => {
    const before = { notes: seen('notification (error)'), html: seen('webview html'), messages: seen('webview message') };
    const ui = new ScriptedUi([], () => undefined);
    ext.setUi(ui);
    // An HTML error page instead of JSON, then a refusal naming a field: both reach the person.
    sim.setFault({ route: 'getTask', kind: 'html', status: 502 });
    await vscode.commands.executeCommand('platformConsole.checkConnection');
    await ui.waitForNotification(/^Could not check leak-scan/);
    sim.clearFaults();
    // A live price answered with a server error: the page gets the failure, the person a notification.
    sim.setFault({ route: 'previewInstancePrice', kind: 'status', status: 500 });
    await vscode.commands.executeCommand('platformConsole.previewPrices');
    await until('the price preview page and its messages', () => seen('webview html') > before.html && seen('webview message') > before.messages);
    sim.clearFaults();
    // A prompt: Sign In's first step, dismissed.
    ui.answer({ escape: true });
    await vscode.commands.executeCommand('platformConsole.signIn');
    assert.ok(seen('notification (error)') > before.notes, 'an error notification was shown');
    assert.ok(seen('prompt') > 0, 'a prompt was shown');
  });

  it('an agent token minted here is watched like a key while it is live (its secret in SecretStorage only)', async () => {
    const ui = new ScriptedUi([ACCEPT, ACCEPT, ACCEPT], (_m, actions) => (actions.includes('Create Token') ? 'Create Token' : undefined));
    ext.setUi(ui);
    const record = await vscode.commands.executeCommand<AgentTokenRecord | undefined>('platformConsole.createAgentToken');
    assert.ok(record, 'a token was minted');
    const secret = await ext.agentTokens.store.secretOf(record);
    assert.ok(secret, 'its secret is in SecretStorage');
    watchForSecret(secret);
    assert.ok(watchedSecrets().includes(secret));
  });

  it('the MCP server the editor starts (#56): its environment, command line and hand-over file hold no key', async () => {
    // Its own token: the one minted above is watched like a key, and the server takes the live one expiring last.
    for (const record of ext.agentTokens.store.all().filter((r) => r.connectionId === connectionId)) await ext.agentTokens.store.remove(record);
    await mintAgentToken(ext, { id: connectionId, name: 'leak-scan', baseUrl: sim.url }, keyApi(sim.url, KEY), new Date(Date.now() + 3600_000).toISOString());
    const mcp = await startEditorMcp(ext);
    assert.ok(mcp, 'started on the agent token');
    try {
      await mcp.client.listTools();
      assert.ok(mcp.environ.includes('PLATFORM_CONSOLE_AGENT_FILE=') && mcp.cmdline.includes('mcp.js'), 'read from /proc');
      for (const [where, text] of [
        ['environment', mcp.environ],
        ['command line', mcp.cmdline],
        ['hand-over file', mcp.handoffText],
        ['stderr', mcp.stderr()],
      ] as const)
        witness('MCP server process', where, text);
    } finally {
      await mcp.client.close();
      for (const record of ext.agentTokens.store.all().filter((r) => r.connectionId === connectionId)) await ext.agentTokens.store.remove(record);
    }
    assert.ok(seen('MCP server process') >= 4);
  });

  it('no API key in any text shown or any page or message sent to a webview during the run', () => {
    const watch = witnessed()!;
    assert.deepEqual(watch.hits, [], 'where a key was shown');
    // What the scan covered, for the log of the run.
    print(
      `      key scan covered: ${Object.entries(watch.seen)
        .map(([kind, n]) => `${n} ${kind}`)
        .join(', ')}`,
    );
  });

  it("no API key or agent token in the log channel's recent lines, the settings or globalState (the whole channel: the harness's file scan)", () => {
    const keys = [...Object.values(testKeys), ...watchedSecrets()];
    assert.ok(watchedSecrets().length > 0, 'an agent token is among what is looked for');
    const log = ext.log.recent.join('\n');
    assert.ok(log.includes('Could not check leak-scan'), 'the log has the lines of this run');
    const settings =
      JSON.stringify(vscode.workspace.getConfiguration().inspect('platformConsole') ?? {}) +
      JSON.stringify(vscode.workspace.getConfiguration('platformConsole'));
    const state = JSON.stringify(ext.globalStateSnapshot());
    for (const [where, text] of [
      ['the log channel', log],
      ['settings', settings],
      ['globalState', state],
    ] as const) {
      assert.equal(keys.filter((key) => text.includes(key)).length, 0, `a key is in ${where}`);
    }
  });

  it('no API key, agent token or secret value in any document open in the editor (the configuration documents among them)', () => {
    const keys = [...Object.values(testKeys), ...watchedSecrets()];
    const documents = vscode.workspace.textDocuments;
    print(`      documents scanned: ${documents.length}`);
    const holding = documents.filter((d) => keys.some((key) => d.getText().includes(key))).map((d) => d.uri.toString());
    assert.deepEqual(holding, [], 'documents holding a key or a secret value');
  });
});

// Connections in a real VS Code: the environment-made connection, Sign In with Back and every
// refusal, Switch, Check Connection with a rejected key, Sign Out, and the key kept out of
// settings, globalState and the log.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator } from '../../simulator/index';
import { ACCEPT, PRESS_BACK, PRESS_ESCAPE, ScriptedUi } from '../support/scriptedUi';
import { platformConsole } from './support/extension';
import { signOutOf } from './support/isolation';

import testKeys from '../support/testKeys.json';

// The harness scans every file VS Code wrote for these after the run.
const KEY = testKeys.simulator;

describe('connections', () => {
  let sim: { url: string; close(): Promise<void> };
  let ext: Awaited<ReturnType<typeof platformConsole>>;

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ port: 0, apiKey: KEY });
  });
  after(async () => {
    ext.setUi(undefined);
    await signOutOf(ext, sim.url);
    await sim.close();
  });

  it('made a connection from PLATFORM_CONSOLE_BASE_URL and the key handed over (PLATFORM_CONSOLE_API_KEY_FILE), key in secret storage', async () => {
    const url = process.env.PLATFORM_CONSOLE_BASE_URL;
    assert.ok(url, 'the harness sets PLATFORM_CONSOLE_BASE_URL for the extension host');
    const made = ext.connections.list().find((c) => c.baseUrl === url.replace(/\/+$/, ''));
    assert.ok(made, `no connection for ${url}: ${JSON.stringify(ext.connections.list())}`);
    assert.equal(made.name, new URL(url).host);
    assert.equal(await ext.connections.hasApiKey(made.id), true);
    await ext.connections.switchTo(made.id);
    const api = await ext.connections.api();
    assert.ok(api);
    // The environment's simulator takes only the key the harness handed over.
    const profiles = await api.security.listProtectionProfiles({ params: {}, query: { name: 'a' } });
    assert.ok(Array.isArray(profiles));
  });

  it('Sign In: four steps with Back, every field checked as typed, the dialect proposed, the key checked on Enter', async () => {
    const ui = new ScriptedUi([
      '',
      'staging', // name: empty refused
      PRESS_BACK,
      'staging-1', // back to the name from the URL step
      'ftp://nowhere',
      sim.url, // URL: ftp refused
      ACCEPT, // the dialect the URL implies
      'has space',
      testKeys.wrong,
      KEY, // key: space refused, 401 refused on Enter
    ]);
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.signIn');
    assert.deepEqual(
      ui.prompts.map((p) => [p.step, p.totalSteps, p.canGoBack]),
      [
        [1, 4, false],
        [2, 4, true],
        [1, 4, false],
        [2, 4, true],
        [3, 4, true],
        [4, 4, true],
      ],
    );
    assert.deepEqual(ui.prompts[0]?.refusals, ['Connection name: must not be empty']);
    assert.match(ui.prompts[3]?.refusals[0] ?? '', /^Base URL: must be an http/);
    assert.equal(ui.prompts[4]?.active, 'Spec', "a local URL proposes the spec's paths");
    assert.equal(ui.prompts[5]?.password, true, 'the key is typed masked');
    assert.match(ui.prompts[5]?.refusals[0] ?? '', /^API key: must not contain spaces/);
    assert.match(ui.prompts[5]?.refusals[1] ?? '', /^API key: rejected by 127\.0\.0\.1:\d+ \(HTTP 401\)/);
    const active = ext.connections.active;
    assert.equal(active?.name, 'staging-1');
    assert.equal(active?.baseUrl, sim.url.replace(/\/+$/, ''));
    assert.equal(await ext.connections.hasApiKey(active!.id), true);
    assert.ok(ui.notifications.some((n) => n.message === 'Signed in to staging-1.'));
  });

  it('Sign In: Escape leaves everything as it was', async () => {
    const before = ext.connections.list();
    const ui = new ScriptedUi(['other', PRESS_ESCAPE]);
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.signIn');
    assert.deepEqual(ext.connections.list(), before);
  });

  it('Switch Connection picks among the connections', async () => {
    const target = ext.connections.list().find((c) => c.name !== ext.connections.active?.name)!;
    const ui = new ScriptedUi([target.name]);
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.switchConnection');
    assert.equal(ext.connections.active?.name, target.name);
    assert.ok(ui.prompts[0]?.items?.includes('staging-1'));
  });

  it('a key the server answers 401 to: "API key rejected for <connection>" with Sign In Again', async () => {
    await ext.connections.signIn('revoked', sim.url, testKeys.revoked);
    let offered: readonly string[] = [];
    const ui = new ScriptedUi(['revoked', sim.url, ACCEPT, KEY], (message, actions) => {
      if (/API key rejected/.test(message)) {
        offered = actions;
        return 'Sign In Again';
      }
      return undefined;
    });
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.checkConnection');
    const rejected = await ui.waitForNotification(/^API key rejected for revoked\./);
    assert.equal(rejected.severity, 'error');
    assert.deepEqual(offered, ['Sign In Again', 'Show Log']);
    // Sign In Again opened the flow with the name and URL filled in; the new key is accepted.
    assert.equal(ui.prompts[0]?.value, 'revoked');
    assert.equal(ui.prompts[1]?.value, sim.url.replace(/\/+$/, ''));
    await vscode.commands.executeCommand('platformConsole.checkConnection');
    await ui.waitForNotification(/^Connected to revoked: the platform accepted the API key/);
  });

  it('Sign Out deletes the key of the connection picked', async () => {
    const gone = ext.connections.list().find((c) => c.name === 'revoked')!;
    const ui = new ScriptedUi(['revoked']);
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.signOut');
    assert.equal(
      ext.connections.list().some((c) => c.id === gone.id),
      false,
    );
    assert.equal(await ext.connections.hasApiKey(gone.id), false);
  });

  it('Sign In to plain HTTP on another host: warned as typed, asked before the key is sent; Use HTTPS switches the URL', async () => {
    const ui = new ScriptedUi(['lab', 'http://lab.example.invalid', ACCEPT, 'lab-key-1', 'lab-key-1'], (message) =>
      message.startsWith('Send the API key over plain HTTP?') ? 'Use HTTPS' : undefined,
    );
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.signIn');
    assert.match(
      ui.prompts[1]?.warnings[0] ?? '',
      /^Plain HTTP: lab\.example\.invalid is reached over plain HTTP: the API key would cross the network unencrypted/,
    );
    assert.equal(ui.confirms.length, 1);
    const lab = ext.connections.list().find((c) => c.name === 'lab');
    assert.equal(lab?.baseUrl, 'https://lab.example.invalid', 'the person chose HTTPS');
    await ext.connections.signOut(lab!.id);
    // This machine is not "another host": no question.
    const local = new ScriptedUi(['local', sim.url, ACCEPT, KEY]);
    ext.setUi(local);
    await vscode.commands.executeCommand('platformConsole.signIn');
    assert.equal(local.confirms.length, 0);
    await ext.connections.signOut(ext.connections.list().find((c) => c.name === 'local')!.id);
  });

  it("Sign In Again under the same name at another URL makes a new connection; the old one's pins and tasks go", async () => {
    const other = await startSimulator({ apiKey: KEY });
    try {
      const first = await ext.connections.signIn('moving', sim.url, KEY);
      await ext.edge.pin('app', [101]);
      const stored = () => Object.keys(ext.globalStateSnapshot()).filter((k) => k.includes(first.id));
      assert.ok(stored().length > 0, 'the pin is stored for the connection');
      const moved = await ext.connections.signIn('moving', other.url, KEY);
      assert.notEqual(moved.id, first.id, 'a new connection');
      assert.equal(ext.connections.list().filter((c) => c.name === 'moving').length, 1);
      assert.deepEqual(stored(), [], 'nothing of the old connection is left');
      assert.equal(await ext.connections.hasApiKey(first.id), false);
      assert.deepEqual(ext.edge.pinned.app, [], 'the new one starts without the old pins');
      await ext.connections.signOut(moved.id);
    } finally {
      await other.close();
    }
  });

  it('the keys appear in no setting, no globalState value and no log line', async () => {
    const keys = [KEY, testKeys.revoked, testKeys.environment];
    const settings =
      JSON.stringify(vscode.workspace.getConfiguration().inspect('platformConsole') ?? {}) +
      JSON.stringify(vscode.workspace.getConfiguration('platformConsole'));
    const state = JSON.stringify(ext.globalStateSnapshot());
    const log = ext.log.recent.join('\n');
    assert.ok(log.includes('Signed in to staging-1'), 'the log was written');
    for (const key of keys) {
      for (const [where, text] of [
        ['settings', settings],
        ['globalState', state],
        ['log', log],
      ] as const) {
        assert.equal(text.includes(key), false, `a key is in ${where}`);
      }
    }
  });
});

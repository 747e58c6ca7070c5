// An edge app's configuration edited in a real VS Code: Edit Configuration… opens the diff of the
// app's current values and the editable document; a changed variable applied is one PATCH of env
// only, seen in the simulator's record, and the left side follows; an app changed since opening
// is refused with nothing sent; a bad line is refused with its line number, nothing sent.
import * as assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import { ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';

const KEY = testKeys.simulator;

describe('Edge view: Edit Configuration… and Apply to App', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  const api = async () => (await ext.connections.api())!;
  const writes = () =>
    Object.entries(sim.requestCounts())
      .filter(([k]) => !k.startsWith('GET'))
      .map(([k, n]) => `${k} ${n}`);
  const replaceText = async (uri: vscode.Uri, edit: (text: string) => string) => {
    const doc = await vscode.workspace.openTextDocument(uri);
    const change = new vscode.WorkspaceEdit();
    change.replace(uri, new vscode.Range(0, 0, doc.lineCount, 0), edit(doc.getText()));
    assert.ok(await vscode.workspace.applyEdit(change));
  };
  const leftText = async (uri: vscode.Uri) => (await vscode.workspace.openTextDocument(uri.with({ scheme: 'platform-console-edge-config-current' }))).getText();

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    connectionId = (await ext.connections.signIn('edge-config', sim.url, KEY)).id;
  });
  beforeEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    sim.reset();
    sim.resetRequests();
  });
  after(async () => {
    ext.setUi(undefined);
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('a changed variable: the diff shows it, Apply confirms it, one PATCH of env only, the record and the left side follow', async () => {
    const ui = new ScriptedUi([], (_m, buttons) => (buttons.includes('Apply') ? 'Apply' : undefined));
    ext.setUi(ui);
    const uri = await vscode.commands.executeCommand<vscode.Uri>('platformConsole.editEdgeAppConfig', 101);
    assert.ok(uri, 'the document opened');
    assert.equal(uri.scheme, 'platform-console-edge-config');
    assert.match(uri.path, /^\/edge-config\/[a-z0-9-]+\.env$/, 'the breadcrumb names the connection and the app, not their ids');
    const doc = await vscode.workspace.openTextDocument(uri);
    assert.match(doc.getText(), /^GREETING=Hallo$/m);
    assert.match(doc.getText(), /^API_TOKEN=upstream-token$/m);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), uri.toString(), 'the editable side is active in the diff');
    await replaceText(uri, (t) => t.replace('GREETING=Hallo', 'GREETING=Hello'));
    assert.deepEqual(writes(), [], 'editing sends nothing');
    assert.equal(await vscode.commands.executeCommand('platformConsole.applyEdgeAppConfig', uri), true);
    assert.equal(ui.confirms.length, 1);
    const { message, detail } = ui.confirms[0]!;
    assert.equal(message, 'Change the configuration of edge app hello-edge on edge-config?');
    assert.ok(detail.includes('Variable GREETING: "Hallo" -> "Hello"'), detail);
    assert.ok(!detail.includes('Secret reference'), 'unchanged sections are not listed');
    assert.ok(detail.includes("Destructive: it overwrites 1 of the app's values"), 'an overwrite is destructive, said first');
    assert.ok(detail.includes('This cannot be undone.'), detail);
    assert.deepEqual(writes(), ['PATCH patchEdgeApp 1'], 'sent once');
    const [sent] = Object.values(sim.lastRequests('patchEdgeApp'));
    assert.deepEqual(Object.keys((sent?.body ?? {}) as object), ['env'], 'only the changed section is sent');
    const app = await (await api()).edge.getOwnEdgeApp({ params: { app_id: 101 } });
    assert.deepEqual(app.env, { GREETING: 'Hello', LOG_LEVEL: 'info' });
    assert.deepEqual(app.secrets, { API_TOKEN: { id: 636, name: 'upstream-token', comment: 'rotated monthly' } }, 'secrets untouched');
    // VS Code reads the left side again after its provider says it changed: a moment later.
    let left = '';
    for (const started = Date.now(); Date.now() - started < 5000; await new Promise((r) => setTimeout(r, 50))) {
      left = await leftText(uri);
      if (/^GREETING=Hello$/m.test(left)) break;
    }
    assert.match(left, /^GREETING=Hello$/m, "the diff's left side shows the app as it is now");
  });

  it('an app changed since the document was opened: nothing sent, Reopen offered', async () => {
    const ui = new ScriptedUi([], (_m, buttons) => (buttons.includes('Apply') ? 'Apply' : undefined));
    ext.setUi(ui);
    const uri = await vscode.commands.executeCommand<vscode.Uri>('platformConsole.editEdgeAppConfig', 101);
    await (await api()).edge.patchEdgeApp({ params: { app_id: 101 }, body: { env: { GREETING: 'Servus' } } });
    sim.resetRequests();
    await replaceText(uri, (t) => t.replace('LOG_LEVEL=info', 'LOG_LEVEL=debug'));
    assert.equal(await vscode.commands.executeCommand('platformConsole.applyEdgeAppConfig', uri), false);
    assert.equal(ui.confirms.length, 0);
    assert.deepEqual(writes(), []);
    assert.ok(
      ui.notifications.some((n) => /changed since this document was opened/.test(n.message)),
      ui.notifications.map((n) => n.message).join('\n'),
    );
    assert.deepEqual((await (await api()).edge.getOwnEdgeApp({ params: { app_id: 101 } })).env, { GREETING: 'Servus' });
  });

  it('a bad line: refused with its line and rule, nothing sent', async () => {
    const ui = new ScriptedUi([], (_m, buttons) => (buttons.includes('Apply') ? 'Apply' : undefined));
    ext.setUi(ui);
    const uri = await vscode.commands.executeCommand<vscode.Uri>('platformConsole.editEdgeAppConfig', 101);
    await replaceText(uri, (t) => t.replace('[rsp_headers]', '[rsp_headers]\nBad Header=1'));
    const line = (await vscode.workspace.openTextDocument(uri)).getText().split('\n').indexOf('Bad Header=1') + 1;
    assert.equal(await vscode.commands.executeCommand('platformConsole.applyEdgeAppConfig', uri), false);
    assert.equal(ui.confirms.length, 0);
    assert.deepEqual(writes(), []);
    assert.ok(
      ui.notifications.some((n) => n.severity === 'error' && n.message.startsWith(`Nothing sent: line ${line}: a header name`)),
      ui.notifications.map((n) => n.message).join('\n'),
    );
  });

  it('a secret value pasted into [secrets]: refused naming its line and key, the value in no notification and no log line, nothing sent', async () => {
    const secret = testKeys.edgeSecretValue;
    const ui = new ScriptedUi([], (_m, buttons) => (buttons.includes('Apply') ? 'Apply' : undefined));
    ext.setUi(ui);
    const uri = await vscode.commands.executeCommand<vscode.Uri>('platformConsole.editEdgeAppConfig', 101);
    await replaceText(uri, (t) => t.replace('API_TOKEN=upstream-token', `API_TOKEN=upstream-token\nPASTED=${secret}!`));
    const line = (await vscode.workspace.openTextDocument(uri)).getText().split('\n').indexOf(`PASTED=${secret}!`) + 1;
    const logFrom = ext.log.mark();
    assert.equal(await vscode.commands.executeCommand('platformConsole.applyEdgeAppConfig', uri), false);
    // A reference that reads as a name but names no secret: refused by key, the text not repeated.
    await replaceText(uri, (t) => t.replace(`PASTED=${secret}!`, `PASTED=${secret}`));
    assert.equal(await vscode.commands.executeCommand('platformConsole.applyEdgeAppConfig', uri), false);
    assert.deepEqual(writes(), []);
    const said = ui.notifications.map((n) => n.message);
    const logged = ext.log.since(logFrom).join('\n');
    assert.ok(
      said.some((m) => m.startsWith(`Nothing sent: line ${line}: PASTED: the reference is no Edge Secret name`)),
      said.join('\n'),
    );
    assert.ok(
      said.some((m) => /PASTED: no Edge Secret with that name on this account/.test(m)),
      said.join('\n'),
    );
    assert.match(logged, new RegExp(`line ${line}: PASTED: `), 'the refusal was logged');
    for (const [where, text] of [
      ['a notification', said.join('\n')],
      ['the log', logged],
    ] as const)
      assert.equal(text.includes(secret), false, `the pasted value is in ${where}`);
  });

  const byName =
    "a secret the app does not use yet, referred to by name: resolved against the account's secrets on Apply (its id sent); " +
    'an unknown name is refused, nothing sent';
  it(byName, async () => {
    const ui = new ScriptedUi([], (_m, buttons) => (buttons.includes('Apply') ? 'Apply' : undefined));
    ext.setUi(ui);
    const uri = await vscode.commands.executeCommand<vscode.Uri>('platformConsole.editEdgeAppConfig', 101);
    await replaceText(uri, (t) => t.replace('API_TOKEN=upstream-token', 'API_TOKEN=upstream-token\nNO_SUCH=not-a-secret'));
    assert.equal(await vscode.commands.executeCommand('platformConsole.applyEdgeAppConfig', uri), false);
    assert.deepEqual(writes(), []);
    assert.ok(
      ui.notifications.some((n) => n.severity === 'error' && /NO_SUCH: no Edge Secret with that name on this account/.test(n.message)),
      ui.notifications.map((n) => n.message).join('\n'),
    );
    await replaceText(uri, (t) => t.replace('NO_SUCH=not-a-secret', 'SIGNING=signing-key'));
    assert.equal(await vscode.commands.executeCommand('platformConsole.applyEdgeAppConfig', uri), true);
    assert.match(ui.confirms[0]!.detail, /SIGNING/);
    assert.deepEqual(writes(), ['PATCH patchEdgeApp 1']);
    assert.deepEqual(Object.values(sim.lastRequests('patchEdgeApp'))[0]?.body, { secrets: { API_TOKEN: { id: 636 }, SIGNING: { id: 638 } } });
    const app = await (await api()).edge.getOwnEdgeApp({ params: { app_id: 101 } });
    assert.deepEqual(Object.keys(app.secrets ?? {}).sort(), ['API_TOKEN', 'SIGNING']);
  });
});

// Configuration drift in a real VS Code: a workspace folder with the FastEdge Launcher's dotenv
// files linked to edge app 101; Problems entries on the lines that differ (a local secret value in
// none), read again when a file changes; Pull to .env files shows a diff, then writes after the
// modal only, never over a file changed meanwhile, refusing a value a .env line cannot hold;
// Apply to App opens the configuration diff with the files imported. Nothing reaches the platform.
import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import { ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';
import { codeActionsAt } from './support/codeActions';
import { until } from './support/until';

const KEY = testKeys.simulator;
const SECRET = testKeys.edgeSecretValue;
const ENV = 'FASTEDGE_VAR_ENV_GREETING=Hello\nFASTEDGE_VAR_RSP_HEADER_Cache-Control=max-age=60\n';
const SECRETS = `API_TOKEN=${SECRET}\nLOCAL_ONLY=${SECRET}\n`;

describe('Edge: configuration drift against the .env files', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  let dir: string;
  let folder: vscode.Uri;
  const wasm = () => vscode.Uri.file(path.join(dir, 'app.wasm'));
  const writes = () =>
    Object.entries(sim.requestCounts())
      .filter(([k]) => !k.startsWith('GET'))
      .map(([k, n]) => `${k} ${n}`);
  const entries = (file: string) => vscode.languages.getDiagnostics(vscode.Uri.joinPath(folder, file)).filter((d) => d.source?.startsWith('Platform Console'));
  const messages = (file: string) => entries(file).map((d) => `${d.range.start.line + 1}: ${d.message}`);
  const allMessages = () => ['.env', '.env.variables', '.env.secrets', '.env.rsp_headers'].flatMap(messages).join('\n');
  const link = () =>
    ext.edgeLinks.set({ wasm: wasm().toString(), connectionId, appId: 101, appName: 'hello-edge', folder: folder.toString(), linkedAt: Date.now() });

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    connectionId = (await ext.connections.signIn('edge-drift', sim.url, KEY)).id;
    dir = path.join(vscode.workspace.workspaceFolders![0]!.uri.fsPath, `drift-${Date.now()}`);
    folder = vscode.Uri.file(dir);
  });
  beforeEach(async () => {
    sim.reset();
    mkdirSync(dir, { recursive: true });
    for (const f of ['.env.variables', '.env.rsp_headers']) rmSync(path.join(dir, f), { force: true });
    writeFileSync(path.join(dir, '.env'), ENV);
    writeFileSync(path.join(dir, '.env.secrets'), SECRETS);
    writeFileSync(wasm().fsPath, Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
    sim.resetRequests();
  });
  afterEach(async () => {
    ext.setUi(undefined);
    await ext.edgeLinks.remove(wasm());
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    await until('no drift entries left', () => ext.edgeConfigDrift.diagnostics.has(vscode.Uri.joinPath(folder, '.env')) === false || undefined);
    rmSync(dir, { recursive: true, force: true });
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('a link: one entry per difference on its line, secrets by name only, one app read; quick fixes offered', async () => {
    const reads = ext.edgeConfigDrift.appReads;
    await link();
    await until('the drift entries', () => entries('.env').length >= 3 || undefined);
    assert.deepEqual(messages('.env').sort(), [
      '1: Response header Access-Control-Allow-Origin="*" is on edge app hello-edge (edge-drift), not in these .env files',
      '1: Variable GREETING: "Hello" here, "Hallo" on edge app hello-edge (edge-drift)',
      '1: Variable LOG_LEVEL="info" is on edge app hello-edge (edge-drift), not in these .env files',
    ]);
    assert.deepEqual(messages('.env.secrets'), ['2: Secret reference LOCAL_ONLY is set here, not on edge app hello-edge (edge-drift)']);
    assert.equal(allMessages().includes(SECRET), false, 'no local secret value in the Problems entries');
    assert.equal(ext.edgeConfigDrift.appReads - reads, 1, 'one app read for one link');
    assert.deepEqual(writes(), []);
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder, '.env'));
    const actions = await codeActionsAt(doc.uri, new vscode.Range(0, 0, 0, 5));
    const titles = actions.map((a) => a.title);
    assert.ok(
      titles.some((t) => t.startsWith('Apply to App')),
      titles.join('\n'),
    );
    assert.ok(
      titles.some((t) => t.startsWith('Pull to .env files')),
      titles.join('\n'),
    );
  });

  it('read again on its own when a dotenv file in the folder changes and when the Edge view refreshes; nothing read without links', async () => {
    const reads = ext.edgeConfigDrift.appReads;
    await link();
    await until('the link read', () => (ext.edgeConfigDrift.appReads > reads && allMessages().includes('LOG_LEVEL')) || undefined);
    const beforeWrite = ext.edgeConfigDrift.appReads;
    writeFileSync(path.join(dir, '.env.variables'), 'LOG_LEVEL=info\n');
    await until(
      'a read after the file changed, LOG_LEVEL no longer missing',
      () => (ext.edgeConfigDrift.appReads > beforeWrite && !allMessages().includes('LOG_LEVEL') && allMessages().includes('GREETING')) || undefined,
    );
    const beforeRefresh = ext.edgeConfigDrift.appReads;
    await vscode.commands.executeCommand('platformConsole.refreshEdge');
    await until('a read after the Edge view refreshed', () => ext.edgeConfigDrift.appReads > beforeRefresh || undefined);
    await ext.edgeLinks.remove(wasm());
    await until('no entries without the link', () => allMessages() === '' || undefined);
    const unlinked = ext.edgeConfigDrift.appReads;
    const refreshed = new Promise<void>((resolve) => ext.edgeConfigDrift.onDidRefresh(() => resolve()));
    await vscode.commands.executeCommand('platformConsole.refreshEdge');
    await refreshed;
    assert.equal(ext.edgeConfigDrift.appReads, unlinked, 'no app read without links');
  });

  it('Pull to .env files: a diff of each file first (secret values masked), then the modal; writes only after it, sends nothing', async () => {
    await link();
    let diffsAtModal: string[] = [];
    const ui = new ScriptedUi([], (_m, buttons) => {
      // The same chooser answers the notifications: only the modal is looked at here.
      if (!buttons.some((b) => b.startsWith('Write'))) return undefined;
      diffsAtModal = vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .flatMap((t) => (t.input instanceof vscode.TabInputTextDiff ? [t.input.modified.toString()] : []));
      assert.equal(readFileSync(path.join(dir, '.env'), 'utf8'), ENV, 'nothing written before the modal');
      return buttons.find((b) => b.startsWith('Write'));
    });
    ext.setUi(ui);
    assert.equal(await vscode.commands.executeCommand('platformConsole.pullEdgeAppConfig', 101, folder, connectionId), true);
    assert.equal(ui.confirms.length, 1);
    assert.match(ui.confirms[0]!.message, /^Write the configuration of edge app hello-edge on edge-drift into /);
    assert.match(ui.confirms[0]!.detail, /Kept as they are \(not on the app\): secret reference LOCAL_ONLY/);
    assert.deepEqual(diffsAtModal.map((u) => u.replace(/^.*\/pulled\//, '')).sort(), ['.env']);
    const shown = (await vscode.workspace.openTextDocument(vscode.Uri.parse(diffsAtModal[0]!))).getText();
    assert.match(shown, /^FASTEDGE_VAR_ENV_GREETING=Hallo$/m);
    assert.equal(readFileSync(path.join(dir, '.env'), 'utf8'), shown, 'what was shown is what was written (.env has no secret line)');
    assert.equal(readFileSync(path.join(dir, '.env.secrets'), 'utf8'), SECRETS, 'secret lines untouched');
    assert.deepEqual(writes(), [], 'nothing sent to the platform');
    // The entries follow the written files: only the local-only secret is left.
    await until(
      'only LOCAL_ONLY left',
      () => allMessages() === '2: Secret reference LOCAL_ONLY is set here, not on edge app hello-edge (edge-drift)' || undefined,
    );
  });

  it('Pull: a secret the app has is written as NAME= only, and the diff masks the local values', async () => {
    writeFileSync(path.join(dir, '.env.secrets'), `LOCAL_ONLY=${SECRET}\n`);
    let masked = '';
    const ui = new ScriptedUi([], (_m, buttons) => {
      if (!buttons.some((b) => b.startsWith('Write'))) return undefined;
      const tab = vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .find((t) => t.input instanceof vscode.TabInputTextDiff && t.label.startsWith('.env.secrets'));
      masked = tab ? (tab.input as vscode.TabInputTextDiff).original.toString() : '';
      return buttons.find((b) => b.startsWith('Write'));
    });
    ext.setUi(ui);
    assert.equal(await vscode.commands.executeCommand('platformConsole.pullEdgeAppConfig', 101, folder, connectionId), true);
    const left = (await vscode.workspace.openTextDocument(vscode.Uri.parse(masked))).getText();
    assert.equal(left, 'LOCAL_ONLY=<local value, not shown>\n');
    const written = readFileSync(path.join(dir, '.env.secrets'), 'utf8');
    assert.ok(written.startsWith(`LOCAL_ONLY=${SECRET}\n`), written);
    assert.match(written, /^# API_TOKEN: the value stays on the platform \(Edge Secret upstream-token\)/m);
    assert.match(written, /^API_TOKEN=$/m);
  });

  it('Pull: a file changed on disk after the diff is not overwritten; nothing is written', async () => {
    const ui = new ScriptedUi([], (_m, buttons) => {
      if (!buttons.some((b) => b.startsWith('Write'))) return undefined;
      writeFileSync(path.join(dir, '.env'), `${ENV}# edited meanwhile\n`);
      return buttons.find((b) => b.startsWith('Write'));
    });
    ext.setUi(ui);
    assert.equal(await vscode.commands.executeCommand('platformConsole.pullEdgeAppConfig', 101, folder, connectionId), false);
    assert.equal(readFileSync(path.join(dir, '.env'), 'utf8'), `${ENV}# edited meanwhile\n`);
    assert.ok(
      ui.notifications.some((n) => /^Nothing written: \.env changed in .* after the diff was shown/.test(n.message)),
      ui.notifications.map((n) => n.message).join('\n'),
    );
  });

  it('Pull: a value with a line break is refused naming it and the rule; no diff, no modal, nothing written', async () => {
    await (await ext.connections.api())!.edge.patchEdgeApp({ params: { app_id: 101 }, body: { env: { GREETING: 'Hallo', MULTI: 'a\nb' } } });
    const ui = new ScriptedUi([], () => 'Write 1 file');
    ext.setUi(ui);
    assert.equal(await vscode.commands.executeCommand('platformConsole.pullEdgeAppConfig', 101, folder, connectionId), false);
    assert.equal(ui.confirms.length, 0);
    assert.ok(
      ui.notifications.some((n) => n.severity === 'error' && /^Nothing written to .*: Variable MULTI has a line break/.test(n.message)),
      ui.notifications.map((n) => n.message).join('\n'),
    );
    assert.equal(readFileSync(path.join(dir, '.env'), 'utf8'), ENV);
  });

  it('Apply to App: the configuration diff opens with the files imported, secret references kept; nothing sent', async () => {
    await link();
    await until('the drift entries', () => entries('.env').length >= 1 || undefined);
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder, '.env'));
    const actions = await codeActionsAt(doc.uri, new vscode.Range(0, 0, 0, 5));
    const apply = actions.find((a) => a.title.startsWith('Apply to App'));
    assert.ok(apply?.command, 'Apply to App offered');
    const ui = new ScriptedUi([], () => undefined);
    ext.setUi(ui);
    assert.equal(await vscode.commands.executeCommand(apply.command.command, ...(apply.command.arguments ?? [])), true);
    const editor = await until('the configuration document', () =>
      vscode.window.activeTextEditor?.document.uri.scheme === 'platform-console-edge-config' ? vscode.window.activeTextEditor : undefined,
    );
    const text = editor.document.getText();
    assert.match(text, /^GREETING=Hello$/m, 'the local value to review');
    assert.match(text, /^API_TOKEN=upstream-token$/m, 'the reference kept: the local value names no secret');
    assert.match(text, /^LOCAL_ONLY=LOCAL_ONLY$/m, 'a new secret name suggested, no value');
    assert.equal(text.includes(SECRET), false);
    assert.deepEqual(writes(), [], 'nothing sent until Apply to App is confirmed');
  });
});

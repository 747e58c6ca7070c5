// Function Logs in a real VS Code against the simulator: the flow (names refused as typed, recent
// functions, one panel per function, arguments checked), following only while the panel is
// visible, a 200 lines/s tail with a small limit (every read closes a gap) checked against the
// simulator's own record (lost 0, duplicated 0), a 500 mid-tail (lines kept, resumes by itself),
// a missing function (stops), signed out (paused), export and Open in Editor (read-only), and a
// big reset's older chunks waiting for the page's word that its newest rows are painted (the
// page loads here too; the UI test, test/e2e/logs.e2e.mjs, drives it as a person does).
import * as assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { EMPTY_FILTER } from '../../src/protocol/logFilter';
import type { LogLine } from '../../src/protocol/logItems';
import type { FunctionLogsTarget } from '../../src/protocol/logs';
import { ANOTHER_FUNCTION, READ_ONLY_SCHEME } from '../../src/features/logs/functionLogsCommands';
import type { FunctionLogsPanel } from '../../src/features/logs/functionLogsPanel';
import { SimulatorControl } from '../../simulator/controlClient';
import { startSimulator, type Simulator } from '../../simulator/index';
import { ACCEPT, ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { print } from './output';
import { platformConsole } from './support/extension';
import { fence } from './support/fence';
import { signOutOf } from './support/isolation';

const KEY = testKeys.simulator;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(test: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await sleep(50);
  }
}

const lines = (panel: FunctionLogsPanel) => panel.items().filter((i): i is LogLine => i.kind === 'line');

describe('Function Logs', function () {
  this.timeout(90_000);
  let sim: Simulator;
  let control: SimulatorControl;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let dir: string;
  const config = () => vscode.workspace.getConfiguration('platformConsole.logs');
  const reads = () => sim.requestCounts()['GET getFunctionLogs'] ?? 0;
  const fn = (functionName: string, namespace = 'default') => ({ projectId: 1, regionId: 1, namespace, functionName });

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    control = new SimulatorControl(sim.url, sim.controlToken);
    await ext.connections.signIn('logs', sim.url, KEY);
    await config().update('pollIntervalSeconds', 1, vscode.ConfigurationTarget.Global);
    dir = await mkdtemp(join(tmpdir(), 'logs-'));
  });
  afterEach(async () => {
    sim.clearFaults();
    for (const panel of ext.logs.panels) panel.dispose();
    ext.logs.setSaveLocation(undefined);
    ext.setUi(undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    for (const key of ['pollIntervalSeconds', 'limit']) await config().update(key, undefined, vscode.ConfigurationTarget.Global);
    // The flow remembered the project and region picked.
    for (const key of ['projectId', 'regionId'])
      await vscode.workspace.getConfiguration('platformConsole.cloud').update(key, undefined, vscode.ConfigurationTarget.Global);
    await signOutOf(ext, sim.url);
    await sim.close();
  });

  it('opens through the flow (names refused as typed), one panel per function, recent ones offered', async () => {
    // Project and region picked by name; namespace and function typed through "Enter …" (the list's fallback).
    const ui = new ScriptedUi([
      'production',
      'Luxembourg-2',
      '$(edit) Enter a namespace…',
      'Default',
      'default',
      '$(edit) Enter a function name…',
      'hello_world',
      '-hello',
      'hello-world',
    ]);
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.openFunctionLogs');
    assert.deepEqual(
      ui.prompts.map((p) => p.kind),
      ['pick', 'pick', 'pick', 'input', 'pick', 'input'],
    );
    assert.ok(ui.prompts[2]?.items?.includes('default'), 'the namespaces of project 1, region 1 are listed');
    assert.ok(ui.prompts[4]?.items?.includes('hello-world'), 'the functions of the namespace are listed');
    const [namespace, name] = ui.prompts.filter((p) => p.kind === 'input');
    assert.equal(namespace?.prompt, 'Namespace');
    assert.deepEqual(namespace?.refusals, [
      'Namespace: must be 2 to 26 characters: lowercase letters, digits and "-", starting with a letter and not ending with "-" (^[a-z][-a-z0-9]{0,24}[a-z0-9]$)',
    ]);
    assert.equal(name?.prompt, 'Function name');
    assert.equal(name?.refusals.length, 2);
    assert.equal(ext.logs.panels.length, 1);
    const panel = ext.logs.panels[0]!;
    assert.deepEqual({ ...panel.target, connectionId: undefined }, { connectionId: undefined, connectionName: 'logs', baseUrl: sim.url, ...fn('hello-world') });
    assert.equal(panel.panel.title, 'Logs: default/hello-world');
    await until(() => panel.follower.tail.size > 0, 'the first lines');

    // Again: the recent function is offered and the open panel is shown, not a second one.
    const again = new ScriptedUi([ACCEPT, ACCEPT, { pick: '$(output) default/hello-world' }]);
    ext.setUi(again);
    await vscode.commands.executeCommand('platformConsole.openFunctionLogs');
    assert.deepEqual(again.prompts[2]?.items, ['$(output) default/hello-world', ANOTHER_FUNCTION]);
    assert.equal(ext.logs.panels.length, 1);
    assert.equal(ext.logs.panels[0], panel);
    assert.deepEqual(ext.logs.recent(ext.connections.active!.id)[0], fn('hello-world'));
  });

  it('checks command arguments like typed values: a bad one is asked for', async () => {
    const ui = new ScriptedUi([ACCEPT, ACCEPT, { pick: ANOTHER_FUNCTION }, ACCEPT, 'image-resize']);
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.openFunctionLogs', { ...fn('Image_Resize'), namespace: 'default' });
    assert.equal(ui.prompts[0]?.active, 'production', 'the project of the arguments is highlighted');
    assert.equal(ui.prompts[3]?.active, 'default', 'the valid namespace is kept');
    assert.notEqual(ui.prompts[4]?.active, 'Image_Resize', 'the refused name is not');
    assert.deepEqual(
      ext.logs.panels.map((p) => (p.target as FunctionLogsTarget).functionName),
      ['image-resize'],
    );
    // Valid arguments open at once.
    await vscode.commands.executeCommand('platformConsole.openFunctionLogs', fn('billing-export'));
    assert.deepEqual(ext.logs.panels.map((p) => (p.target as FunctionLogsTarget).functionName).sort(), ['billing-export', 'image-resize']);
  });

  it('follows only while the panel is visible', async () => {
    const panel = ext.logs.open(fn('hello-world'))!;
    await until(() => panel.status().state === 'following' && panel.follower.readCount >= 2, 'following');
    const document = await vscode.workspace.openTextDocument({ content: 'covers the panel' });
    await vscode.window.showTextDocument(document, { viewColumn: panel.panel.viewColumn, preview: false });
    await until(() => !panel.panel.visible, 'the panel hidden');
    assert.equal(panel.status().state, 'paused');
    assert.match(panel.status().reason ?? '', /hidden/);
    // Nothing scheduled, nothing on its way; the fence: any read sent before it has arrived.
    await until(() => panel.follower.idle, 'the follower idle while hidden');
    const before = reads();
    assert.equal((await fence(sim))['GET getFunctionLogs'] ?? 0, before, 'no read while hidden');
    panel.panel.reveal();
    await until(() => reads() > before, 'a read once shown again');
    await until(() => panel.status().state === 'following', 'following again');
  });

  it('tails 200 lines/s with a limit of 100: every read closes its gap, lost 0, duplicated 0 against the simulator record', async () => {
    await config().update('limit', 100, vscode.ConfigurationTarget.Global);
    const ref = { projectId: 1, regionId: 1, namespace: 'default', name: 'tail-check' };
    await control.logs(ref, { ratePerSecond: 200 });
    const panel = ext.logs.open(fn('tail-check'))!;
    // About six seconds of lines at 200/s: six reads at the 1 s interval.
    await until(() => panel.follower.readCount >= 6, 'six reads while the function writes');
    // The function goes quiet; one more read takes the last lines.
    await control.logs(ref, { ratePerSecond: 0 });
    const readsAtStop = panel.follower.readCount;
    await until(() => panel.follower.readCount >= readsAtStop + 2, 'reads after the last line');
    panel.follower.setFollow(false);
    await config().update('limit', undefined, vscode.ConfigurationTarget.Global);

    const record = (await control.logRecord(ref)).logs;
    const held = lines(panel);
    const key = (t: string, p: string, m: string) => `${t}|${p}|${m}`;
    const expected = record.slice(record.length - held.length).map((l) => key(l.Time, l.Pod, l.Message));
    assert.deepEqual(
      held.map((l) => key(l.timeText, l.pod, l.message)),
      expected,
      'exactly the newest lines the simulator produced, in order, each once',
    );
    assert.ok(held.length > 1000, `held ${held.length} lines`);
    assert.equal(panel.items().filter((i) => i.kind === 'marker').length, 0, 'no gap marker: every gap was closed');
    const identical = held.length - new Set(held.map((l) => key(l.timeText, l.pod, l.message))).size;
    print(
      `tail 200 lines/s, limit 100: ${held.length} lines held = the simulator's newest ${held.length}; ${identical} identical repeats kept; lost 0, duplicated 0`,
    );
  });

  it('a reset of a quarter of a million lines: its older chunks wait for the page to say its newest rows are painted', async function () {
    this.timeout(120_000);
    await config().update('limit', 100_000, vscode.ConfigurationTarget.Global);
    const ref = { projectId: 1, regionId: 1, namespace: 'default', name: 'big-reset' };
    const panel = ext.logs.open(fn('big-reset'))!;
    for (let i = 0; i < 3; i++) {
      await control.logs(ref, { append: 100_000, ratePerSecond: 0 });
      const count = panel.follower.readCount;
      await until(() => panel.follower.readCount >= count + 2, 'a read after the lines were written', 60_000);
    }
    panel.follower.setFollow(false);
    await config().update('limit', undefined, vscode.ConfigurationTarget.Global);
    assert.ok(lines(panel).length >= 250_000, `held ${lines(panel).length} lines`);

    // The page loaded again: its newest rows are painted, it says so, the older chunks follow.
    const resets = ext.logs.sent(panel)!.resets;
    panel.host.load();
    await until(() => ext.logs.sent(panel)!.resets > resets, 'a reset for the new page', 30_000);
    assert.equal(ext.logs.sent(panel)!.lastResetAwaitsPaint, true, 'the reset tells the page to say when it painted');
    await until(() => ext.logs.sent(panel)!.backfillStartedBy !== undefined, 'the older chunks started', 30_000);
    assert.equal(ext.logs.sent(panel)!.backfillStartedBy, 'paint', 'started by the page saying its rows are painted, not by the wait running out');

    // A word about an older reset's paint starts nothing (the page's own word for this one comes later).
    const earlier = ext.logs.sent(panel)!.lastResetGeneration;
    panel.onReady();
    panel.onNotify({ type: 'painted', generation: earlier });
    assert.equal(ext.logs.sent(panel)!.backfillStartedBy, undefined);
    await until(() => ext.logs.sent(panel)!.backfillStartedBy === 'paint', 'the page painting the newer reset', 30_000);

    // A small list's chunks go at once.
    const small = ext.logs.open(fn('hello-world'))!;
    await until(() => small.follower.readCount >= 1, 'a read');
    small.onReady();
    assert.equal(ext.logs.sent(small)!.lastResetAwaitsPaint, false);
    assert.equal(ext.logs.sent(small)!.backfillStartedBy, 'caller');
  });

  it('a 500 mid-tail: the reason is told, lines are kept, following resumes by itself', async () => {
    const panel = ext.logs.open(fn('image-resize'))!;
    await until(() => panel.status().state === 'following' && panel.follower.tail.size > 0, 'following');
    const held = panel.follower.tail.size;
    sim.setFault({ route: 'getFunctionLogs', kind: 'status', status: 500, times: 2 });
    await until(() => panel.status().state === 'retrying' && panel.status().retryInSeconds !== undefined, 'retrying');
    assert.match(panel.status().error ?? '', /500/);
    assert.ok(panel.follower.tail.size >= held, 'lines kept');
    assert.equal(panel.status().retryInSeconds, 2, 'the interval doubled');
    await until(() => panel.status().state === 'following', 'following again, without being asked', 20_000);
    await until(() => panel.follower.tail.size > held, 'new lines after the outage');
  });

  it('a function that does not exist: stopped with the reason, not retried until asked', async () => {
    const panel = ext.logs.open(fn('no-such-fn'))!;
    await until(() => panel.status().state === 'stopped', 'stopped');
    assert.match(panel.status().error ?? '', /could not be found/i);
    await until(() => panel.follower.idle, 'the follower idle once stopped');
    const before = reads();
    assert.equal((await fence(sim))['GET getFunctionLogs'] ?? 0, before, 'no automatic retry');
    panel.follower.retryNow();
    await until(() => reads() > before, 'Retry reads');
  });

  it('signed out: paused with the reason; signed in again: follows again', async () => {
    const panel = ext.logs.open(fn('hello-world'))!;
    await until(() => panel.status().state === 'following', 'following');
    const id = ext.connections.active!.id;
    await ext.connections.signOut(id);
    await until(() => panel.status().state === 'paused', 'paused');
    // Signed out of this panel's connection (another one, from the environment, may now be active).
    assert.match(panel.status().reason ?? '', /signed out|this panel reads logs/);
    await until(() => panel.follower.idle, 'the follower idle while signed out');
    const before = reads();
    assert.equal((await fence(sim))['GET getFunctionLogs'] ?? 0, before, 'no read while signed out');
    // Signing in again makes a new connection id for the same name and URL: the panel follows it.
    await ext.connections.signIn('logs', sim.url, KEY);
    await until(() => panel.status().state === 'following' && reads() > before, 'following again');
    assert.notEqual(ext.connections.active!.id, id);
    assert.equal(panel.target.connectionId, ext.connections.active!.id);
  });

  it('exports all or the shown lines (.jsonl, .log), and opens the shown lines read-only', async () => {
    const panel = ext.logs.open(fn('billing-export'))!;
    await until(() => panel.follower.tail.size > 50, 'lines');
    panel.follower.setFollow(false);
    await until(() => panel.status().state === 'paused', 'paused');
    const held = lines(panel);

    const allFile = vscode.Uri.file(join(dir, 'all.jsonl'));
    let proposed: vscode.Uri | undefined;
    ext.logs.setSaveLocation(async (defaultUri) => ((proposed = defaultUri), allFile));
    const all = await panel.export({ scope: 'all', format: 'jsonl', filter: EMPTY_FILTER });
    assert.equal(all.saved, true, all.message);
    assert.match(proposed!.path, /\/default-billing-export-\d{8}-\d{6}\.jsonl$/);
    const entries = (await readFile(allFile.fsPath, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, string>);
    assert.deepEqual(
      entries,
      held.map((l) => ({ Time: l.timeText, Pod: l.pod, Message: l.message })),
    );
    assert.equal(all.message, `Exported ${held.length.toLocaleString('en-US')} lines to ${allFile.fsPath}.`);

    const pod = held[0]!.pod;
    const shownFile = vscode.Uri.file(join(dir, 'shown.log'));
    ext.logs.setSaveLocation(async () => shownFile);
    const shown = await panel.export({ scope: 'shown', format: 'log', filter: { ...EMPTY_FILTER, pods: [pod] } });
    const text = (await readFile(shownFile.fsPath, 'utf8')).trimEnd().split('\n');
    assert.equal(text.length, held.filter((l) => l.pod === pod).length, shown.message);
    assert.ok(text.every((l) => l.includes(` [${pod}] `)));

    ext.logs.setSaveLocation(async () => undefined);
    assert.deepEqual(await panel.export({ scope: 'all', format: 'log', filter: EMPTY_FILTER }), { saved: false, message: 'Export cancelled.' });

    const opened = await panel.openInEditor({ filter: { ...EMPTY_FILTER, text: 'error' } });
    assert.equal(opened.opened, true);
    const editor = vscode.window.activeTextEditor!;
    assert.equal(editor.document.uri.scheme, READ_ONLY_SCHEME);
    assert.match(editor.document.uri.path, /default-billing-export-filtered\.log$/);
    const errors = held.filter((l) => /error/i.test(l.message)).length;
    assert.equal(editor.document.getText().trimEnd().split('\n').length, errors);
    // A content provider's document: the editor refuses typing (the UI test sees "Cannot edit in read-only editor").
  });
});

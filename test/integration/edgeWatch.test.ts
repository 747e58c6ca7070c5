// The watch after Deploy to Edge App… in a real VS Code against the simulator, whose app URLs
// answer as their binary says and count each call in the stats: calls before the deploy, a binary
// that answers 500 deployed, calls again; the watch trips, its warning states the figures before
// and since, and Roll Back (confirmed) points the app at the previous binary (the simulator's
// record). Also: the live document with each figure's window and requests, the automatic roll back
// (no question, read first, sent once, said), Sign Out and the setting 0.
import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import { ScriptedUi } from '../support/scriptedUi';
import { simWasm } from '../support/simWasm';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';
import { until } from './support/until';

const KEY = testKeys.simulator;
const APP = 101;

describe('Deploy watch', function () {
  this.timeout(90_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  const dir = mkdtempSync(join(tmpdir(), 'watch-'));
  const config = () => vscode.workspace.getConfiguration('platformConsole.edge.watch');
  const api = async () => (await ext.connections.api())!;
  const appOf = async () => (await api()).edge.getOwnEdgeApp({ params: { app_id: APP } });
  /** Calls the app's URL `n` times, one after another; their statuses. */
  const traffic = async (n: number) => {
    const url = (await appOf()).url!;
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) statuses.push((await fetch(`${url}/check?i=${i}`)).status);
    return statuses;
  };
  const patches = () => (sim.requestCounts()['PATCH patchEdgeApp'] ?? 0) as number;
  const deploy = async (name: string, status: number) => {
    writeFileSync(join(dir, name), simWasm({ status }));
    return vscode.commands.executeCommand<{ appId: number; binary: number; previous?: number }>(
      'platformConsole.deployEdgeApp',
      vscode.Uri.file(join(dir, name)),
      APP,
    );
  };
  /** Answers the deploy's modal and the roll back's; leaves the deploy's own notification alone. */
  const person = (onWarning: string | undefined) =>
    new ScriptedUi([], (message, actions) => {
      if (message.startsWith('Deployed ')) return undefined;
      if (actions.includes('Deploy')) return 'Deploy';
      if (/after the deploy of binary/.test(message)) return onWarning;
      if (actions.includes('Roll Back')) return 'Roll Back';
      return undefined;
    });

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    connectionId = (await ext.connections.signIn('edge-watch', sim.url, KEY)).id;
  });
  beforeEach(async () => {
    sim.reset();
    sim.resetRequests();
    // Half a minute watched, polled every 200 ms (the product's 30 s, shortened through the tests' hook).
    await config().update('minutes', 0.5, vscode.ConfigurationTarget.Global);
    ext.edgeWatches.setInterval(200);
  });
  afterEach(async () => {
    ext.edgeWatches.stopAll('test over');
    ext.setUi(undefined);
    for (const key of ['minutes', 'rollBack']) await config().update(key, undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    ext.edgeWatches.setInterval(undefined);
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('a binary answering 500 trips it: the warning states before and since, Roll Back (confirmed) restores the previous binary', async () => {
    const old = (await appOf()).binary!;
    assert.deepEqual(new Set(await traffic(12)), new Set([200]), 'before the deploy the app answers 200');
    const ui = person('Roll Back');
    ext.setUi(ui);
    const done = await deploy('broken.wasm', 500);
    assert.equal(done?.previous, old);
    // The watch may trip and roll back before the last of these calls (it polls every 200 ms here): 500s, then 200s.
    const since = await traffic(12);
    assert.equal(since[0], 500, 'the deployed binary answers 500');
    assert.deepEqual(
      since,
      [...since].sort((a, b) => b - a),
      `500s, then (rolled back) 200s: ${since.join(' ')}`,
    );
    const warning = await ui.waitForNotification(/after the deploy of binary/, 20_000);
    assert.equal(warning.severity, 'warning');
    assert.deepEqual(warning.actions, ['Roll Back', 'Show Details', 'Stop Watching']);
    // The figures as they stood at the trip (the calls go on meanwhile), and the deploy's own second opens the
    // window since (the platform's windows are whole seconds): the counts and share are said, not fixed.
    assert.match(
      warning.message,
      new RegExp(`^Edge app hello-edge \\(${APP}\\) on edge-watch after the deploy of binary ${done!.binary}: 5xx share [\\d.]+% after`),
    );
    assert.match(warning.message, /Before: \d+ calls \([^)]*\), 5xx [\d.]+%, p50 [\d.]+ ms, p90 [\d.]+ ms; \S+ to \S+\./);
    assert.match(warning.message, /Since: \d+ calls \([^)]*5xx \d+\), 5xx [\d.]+%, p50 [\d.]+ ms, p90 [\d.]+ ms; \S+ to \S+\.$/);
    // Roll Back chosen: read first, confirmed with the binaries, one PATCH back to the old binary.
    await until('the roll back', async () => (await appOf()).binary === old, 20_000);
    assert.ok(
      ui.confirms.some((c) => c.detail.includes(`Binary: ${done!.binary} -> ${old}`)),
      'confirmed with the binary change',
    );
    assert.equal(patches(), 2, 'the deploy and the roll back, one PATCH each');
    assert.deepEqual(sim.lastRequests('patchEdgeApp')['PATCH patchEdgeApp']?.body, { binary: old }, 'the PATCH back to the previous binary');
    const report = await until('the watch stopped', () => {
      const r = ext.edgeWatches.watchOf(connectionId, APP)?.report;
      return r?.state === 'stopped' ? r : undefined;
    });
    assert.equal(report.stoppedBecause, 'rolled back');
    assert.match(report.action ?? '', new RegExp(`^Rolled back edge app ${APP} on edge-watch: binary ${done!.binary} -> ${old}`));
  });

  it('Show Deploy Watch: a live document with the figures, each window and the requests it came from', async () => {
    await traffic(3);
    const ui = person(undefined);
    ext.setUi(ui);
    await deploy('fine.wasm', 200);
    await traffic(3);
    await until('a poll with the calls since', () => (ext.edgeWatches.watchOf(connectionId, APP)?.report.after?.calls ?? 0) >= 3, 20_000);
    const uri = await vscode.commands.executeCommand<vscode.Uri>('platformConsole.showEdgeWatch');
    const text = () => vscode.workspace.openTextDocument(uri).then((d) => d.getText());
    const first = await text();
    assert.match(first, new RegExp(`^# Deploy watch: hello\\\\-edge \\(${APP}\\)`));
    assert.match(first, /\| Window \(UTC\) \| \S+ to \S+ \| \S+ to \S+ \|/);
    assert.match(first, /- Before: `GET \/edge\/v1\/stats\/calls\?from=\S+&to=\S+&step=\d+&id=101`/);
    assert.match(first, /- Since: `GET \/edge\/v1\/stats\/app_duration\?from=/);
    assert.match(first, /- Log errors: `GET \/edge\/v1\/apps\/101\/logs\?from=\S+&search=error&sort=desc&limit=1`/);
    // Refreshed on each poll while open.
    const polls = ext.edgeWatches.watchOf(connectionId, APP)!.report.polls;
    await until('the document refreshed', async () => (await text()).includes(`; ${polls + 2} polls.`), 20_000);
    assert.ok(!ui.notifications.some((n) => /after the deploy of binary/.test(n.message)), 'a healthy deploy does not trip');
  });

  it('automatic roll back (a user setting): no question, read first, one PATCH back, said with the figures', async () => {
    await config().update('rollBack', 'automatic', vscode.ConfigurationTarget.Global);
    const old = (await appOf()).binary!;
    await traffic(3);
    const ui = person(undefined);
    ext.setUi(ui);
    const done = await deploy('broken-auto.wasm', 503);
    const asked = ui.confirms.length;
    await traffic(10);
    const warning = await ui.waitForNotification(/Automatically: platformConsole\.edge\.watch\.rollBack is "automatic"/, 20_000);
    assert.match(warning.message, /: 5xx share [\d.]+% after the deploy \(above 5\.0%\), [\d.]+% before\. Before: /);
    assert.match(warning.message, new RegExp(`Rolled back edge app ${APP} on edge-watch: binary ${done!.binary} -> ${old}`));
    assert.equal((await appOf()).binary, old);
    assert.equal(ui.confirms.length, asked, 'nothing asked for the roll back');
    assert.equal(patches(), 2);
  });

  it('stops on Sign Out; the setting 0 starts none', async () => {
    const ui = person(undefined);
    ext.setUi(ui);
    await deploy('one.wasm', 200);
    const watch = ext.edgeWatches.watchOf(connectionId, APP)!;
    assert.ok(watch.running);
    // A second deploy of the same app stops the first watch; its own starts.
    await deploy('two.wasm', 200);
    assert.equal((await watch.ended).stoppedBecause, 'a new deploy of the app');
    const second = ext.edgeWatches.watchOf(connectionId, APP)!;
    await ext.connections.signOut(connectionId);
    assert.equal((await second.ended).stoppedBecause, 'signed out');
    connectionId = (await ext.connections.signIn('edge-watch', sim.url, KEY)).id;
    await config().update('minutes', 0, vscode.ConfigurationTarget.Global);
    sim.resetRequests();
    await deploy('three.wasm', 200);
    assert.ok(!ext.edgeWatches.watchOf(connectionId, APP)?.running, 'no watch runs');
    // An ordering fence: our own read after the deploy; a watch's first read would have come before it.
    await appOf();
    assert.equal(sim.requestCounts()['GET getEdgeCallStats'], undefined, 'no stats read');
  });
});

// Open Report in a real VS Code against the simulator: a completed task opened from the Report
// Tasks view (its row marked completed, the command given the row) streams its JSON result to a
// table panel on the task's connection; Open Report… by UUID opens it too; a render failure
// shows the platform's text; closing and opening again reads again.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import { SEEDED_REPORTS, SEEDED_RESULT_REPORTS } from '../../simulator/state/seedBilling';
import { ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';
import { until } from './support/until';
import type { ReportTableEvent } from '../../src/protocol/reportTable';
import { unpackRows, type PackedRows } from '../../src/protocol/packedRows';
import { fromRowsBody, rowsBody, type DeflatedRows } from '../../src/protocol/deflatedRows';
import { inflateSync } from 'node:zlib';

/** A batch as the page reads it: inflated when it crossed deflated. */
const packedOf = (rows: PackedRows | DeflatedRows): PackedRows =>
  'deflated' in rows ? fromRowsBody(rows.count, rows.sizes, new Uint8Array(inflateSync(rows.body))) : rows;

const KEY = testKeys.simulator;

describe('Report table', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  const events: ReportTableEvent[] = [];
  let watching: vscode.Disposable | undefined;

  /** The simulator's own answer for a task's JSON result, read beside the extension. */
  const served = async (uuid: string) => {
    const res = await fetch(`${sim.url}/billing/org/v1/reports/${uuid}/download?format=json`, { headers: { Authorization: `apikey ${KEY}` } });
    return { status: res.status, body: (await res.json()) as { headers?: string[]; rows?: unknown[][]; error?: string } };
  };

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    connectionId = (await ext.connections.signIn('tables', sim.url, KEY)).id;
    watching = ext.onWebviewTraffic((t) => {
      if ('message' in t) {
        const m = t.message as { kind?: string; event?: ReportTableEvent };
        if (m.kind === 'event' && m.event && ['start', 'headers', 'rows', 'done', 'failed'].includes(m.event.type)) events.push(m.event);
      }
    });
  });
  after(async () => {
    watching?.dispose();
    for (const p of ext.reports.tables.panels) p.dispose();
    ext.setUi(undefined);
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('a completed task, opened from the Report Tasks view, streams its rows to a table on its connection', async () => {
    ext.setUi(new ScriptedUi([SEEDED_REPORTS.Completed]));
    // Open Report… by UUID follows the task and, as it is completed, opens its table.
    await vscode.commands.executeCommand('platformConsole.openReport');
    const first = await until('the table panel', () => ext.reports.tables.panels.find((p) => p.target.uuid === SEEDED_REPORTS.Completed));
    await until('the first read to end', () => first.last);
    first.dispose();
    events.length = 0;
    sim.resetRequests();

    const node = await until('the task in the view', () => ext.reports.tree.taskNodes().find((n) => n.task.uuid === SEEDED_REPORTS.Completed));
    const item = await ext.reports.tree.getTreeItem(node);
    assert.equal(item.contextValue, 'platformConsole.reportTask.completed', 'the row offers Open Report (package.json menus)');
    await vscode.commands.executeCommand('platformConsole.openReportTable', node);
    const panel = await until('the table panel', () => ext.reports.tables.panels.find((p) => p.target.uuid === SEEDED_REPORTS.Completed));
    assert.equal(panel.target.connectionId, connectionId);
    const outcome = await until('the rows to arrive', () => panel.last, 20_000);
    assert.equal(sim.requestCounts()['GET downloadReport'], 1, 'one download for one open');
    const expected = await served(SEEDED_REPORTS.Completed);
    assert.equal(expected.status, 200);
    assert.equal(outcome.error, undefined);
    assert.equal(outcome.complete, true);
    assert.equal(outcome.rowCount, expected.body.rows!.length);
    assert.ok(outcome.rowCount > 0);

    const start = events.find((e) => e.type === 'start');
    assert.ok(start?.type === 'start');
    assert.equal(start.info.connectionName, 'tables');
    assert.equal(start.info.uuid, SEEDED_REPORTS.Completed);
    assert.ok(start.info.parameters.length > 0, "the task's parameters in the header");
    const headers = events.find((e) => e.type === 'headers');
    assert.deepEqual(headers?.type === 'headers' && headers.headers, expected.body.headers);
    const sent = events.flatMap((e) => (e.type === 'rows' ? unpackRows(packedOf(e.rows)) : []));
    assert.deepEqual(sent, expected.body.rows, 'every row forwarded, in order');
    const done = events.find((e) => e.type === 'done');
    assert.ok(done?.type === 'done' && done.complete && done.rowCount === sent.length);

    // Opening it again reveals the same panel; Reload (the page's) reads again.
    await vscode.commands.executeCommand('platformConsole.openReportTable', { connectionId, uuid: SEEDED_REPORTS.Completed });
    assert.equal(ext.reports.tables.panels.length, 1);
    const before = outcome.generation;
    void panel.load();
    await until('a second read', () => (panel.last && panel.last.generation > before ? panel.last : undefined));
    assert.equal(sim.requestCounts()['GET downloadReport'], 3, "the panel's second read (beside the test's own)");
  });

  it('the panel comes back after a reload from the state its page saved (the connection by id), and reads again', async () => {
    for (const p of ext.reports.tables.panels) p.dispose();
    events.length = 0;
    const open = ext.reports.tables.open({ connectionId, uuid: SEEDED_REPORTS.Completed });
    await until('the first read', () => open.last, 20_000);
    const start = events.find((e) => e.type === 'start');
    assert.deepEqual(start?.type === 'start' && start.target, { connectionId, uuid: SEEDED_REPORTS.Completed }, 'the page is told what to save');
    open.dispose();
    sim.resetRequests();
    const revived = () => vscode.window.createWebviewPanel('platformConsole.reportTable', 'Report', vscode.ViewColumn.Active, { enableScripts: true });
    ext.reports.tables.revive(revived(), {
      target: { connectionId, uuid: SEEDED_REPORTS.Completed },
      filter: 'product',
      sort: { column: 2, direction: 'desc' },
    });
    const panel = await until('the revived panel', () => ext.reports.tables.panels.find((p) => p.target.uuid === SEEDED_REPORTS.Completed));
    const outcome = await until('its read', () => panel.last, 20_000);
    assert.ok(outcome.complete && outcome.rowCount > 0);
    assert.equal(sim.requestCounts()['GET downloadReport'], 1);
    panel.dispose();
    // A state naming a connection that is gone (or none) brings nothing back.
    const stray = revived();
    ext.reports.tables.revive(stray, { target: { connectionId: 'gone', uuid: SEEDED_REPORTS.Completed } });
    ext.reports.tables.revive(revived(), { filter: 'x' });
    assert.equal(ext.reports.tables.panels.length, 0);
  });

  it('a result past platformConsole.reports.maxTableMB stops loading there and says so', async () => {
    events.length = 0;
    const config = vscode.workspace.getConfiguration('platformConsole.reports');
    await config.update('maxTableMB', 8, vscode.ConfigurationTarget.Global);
    try {
      const panel = ext.reports.tables.open({ connectionId, uuid: SEEDED_RESULT_REPORTS.rows500k });
      const outcome = await until('the read to stop', () => panel.last, 60_000);
      assert.equal(outcome.error, undefined);
      assert.equal(outcome.complete, false);
      assert.ok(outcome.bytes <= 8 * 2 ** 20 && outcome.bytes > 4 * 2 ** 20, `${outcome.bytes} bytes read`);
      assert.ok(outcome.rowCount > 10_000 && outcome.rowCount < 500_000, `${outcome.rowCount} rows`);
      const done = events.find((e) => e.type === 'done');
      assert.ok(done?.type === 'done' && !done.complete && done.maxMB === 8, 'the page is told it stopped, and at what size');
      const sent = events.reduce((n, e) => n + (e.type === 'rows' ? e.rows.count : 0), 0);
      assert.equal(sent, outcome.rowCount);
      // Past the first rows, batches cross deflated (a remote window's WebSocket carries every byte), whole once inflated.
      const batches = events.flatMap((e) => (e.type === 'rows' ? [e.rows] : []));
      const big = batches.filter((b) => b.count >= 2000);
      assert.ok(big.length >= 3 && big.every((b) => 'deflated' in b), `the large batches deflated (${batches.map((b) => b.count).join(', ')})`);
      const crossed = big.reduce((n, b) => n + ('deflated' in b ? b.body.byteLength : 0), 0);
      const packed = big.reduce((n, b) => n + rowsBody(packedOf(b)).bytes.byteLength, 0);
      assert.ok(crossed * 3 < packed, `${crossed} bytes crossed for ${packed} packed`);
      assert.equal(
        batches.reduce((n, b) => n + unpackRows(packedOf(b)).length, 0),
        outcome.rowCount,
        'every row whole once inflated',
      );
      panel.dispose();
    } finally {
      await config.update('maxTableMB', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it("a render failure (400) shows the platform's text in the panel", async () => {
    events.length = 0;
    const expected = await served(SEEDED_RESULT_REPORTS.renderFails);
    assert.equal(expected.status, 400);
    assert.match(expected.body.error ?? '', /^Failed to render report: /);
    const panel = ext.reports.tables.open({ connectionId, uuid: SEEDED_RESULT_REPORTS.renderFails });
    const outcome = await until('the read to fail', () => panel.last, 20_000);
    assert.match(outcome.error ?? '', /Failed to render report/);
    const failed = events.find((e) => e.type === 'failed');
    assert.ok(failed?.type === 'failed');
    assert.ok(failed.message.includes(expected.body.error!.replace(/^Failed to render report: /, '')), `${failed.message} carries ${expected.body.error}`);
    panel.dispose();
  });
});

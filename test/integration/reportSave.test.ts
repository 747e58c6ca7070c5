// Save Report As… and Delete Report Task in a real VS Code against the simulator: the bytes the
// platform serves land in the chosen file (the save dialog answered through the test seam, as the
// logs export's), the format is remembered, a cancel, a render failure or a Sign Out mid-download
// leaves no file; a deleted task is gone from the simulator and from the view.
import * as assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import { SEEDED_REPORTS, SEEDED_RESULT_REPORTS } from '../../simulator/state/seedBilling';
import { ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { formatBytes } from '../../src/features/reports/model/reportFiles';
import { platformConsole } from './support/extension';
import { until } from './support/until';

const KEY = testKeys.simulator;
const PROPOSED = 'ResellerExpenses_2026-04-01_2026-04-30';

describe('Report Tasks: Save Report As… and Delete Report Task', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  let dir = '';
  const count = (route: string) => sim.requestCounts()[route] ?? 0;
  const files = async () => (await readdir(dir)).sort();
  /** The row of a task as the view shows it. */
  const row = async (uuid: string) => {
    await ext.reports.tree.getChildren();
    const node = ext.reports.tree.listedNodes().find((n) => n.task.uuid === uuid);
    assert.ok(node, `the view lists ${uuid}`);
    return node;
  };
  /** What the platform serves for this task, fetched directly (the bytes the file must hold). */
  const served = async (uuid: string, format: string) => {
    const res = await fetch(`${sim.url}/billing/org/v1/reports/${uuid}/download?format=${format}`, { headers: { Authorization: `apikey ${KEY}` } });
    assert.equal(res.status, 200);
    return Buffer.from(await res.arrayBuffer());
  };
  const saveTo = (file: string, seen: { proposed?: vscode.Uri } = {}) =>
    ext.reports.setSaveLocation(async (defaultUri) => ((seen.proposed = defaultUri), vscode.Uri.file(join(dir, file))));

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY, reportDurationMs: 600 });
    connectionId = (await ext.connections.signIn('reports-save', sim.url, KEY)).id;
  });
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'report-save-'));
    sim.clearFaults();
    sim.resetRequests();
  });
  afterEach(async () => {
    ext.reports.setSaveLocation(undefined);
    ext.setUi(undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await rm(dir, { recursive: true, force: true });
  });
  after(async () => {
    // Show revealed the task in the Report Tasks view: hidden again.
    await vscode.commands.executeCommand('workbench.view.explorer');
    await ext.connections.signOut(connectionId).catch(() => undefined);
    await sim.close();
  });

  it('saves a completed task from its row as JSON: the bytes served, the name proposed from template and dates; Open File opens it', async () => {
    const ui = new ScriptedUi(['JSON'], (message, actions) => (actions.includes('Open File') ? 'Open File' : undefined));
    ext.setUi(ui);
    const seen: { proposed?: vscode.Uri } = {};
    saveTo('expenses.json', seen);
    const saved = await vscode.commands.executeCommand<vscode.Uri>('platformConsole.saveReportAs', await row(SEEDED_REPORTS.Completed));
    assert.equal(saved?.fsPath, join(dir, 'expenses.json'));
    assert.match(seen.proposed?.fsPath ?? '', new RegExp(`${PROPOSED}\\.json$`));
    assert.deepEqual(
      ui.prompts.map((p) => p.items),
      [['CSV', 'Excel', 'JSON']],
      'only the format is asked: the row names the task',
    );
    const bytes = await readFile(join(dir, 'expenses.json'));
    assert.deepEqual(bytes, await served(SEEDED_REPORTS.Completed, 'json'));
    const result = JSON.parse(bytes.toString('utf8')) as { headers: string[]; rows: unknown[][] };
    assert.ok(result.headers.length > 0 && result.rows.length > 0, 'headers and rows');
    assert.deepEqual(await files(), ['expenses.json'], 'no temporary file left');
    assert.equal(sim.lastRequests('downloadReport')['GET downloadReport']?.query.format, 'json');
    const done = await ui.waitForNotification(/^Saved report ResellerExpenses/);
    assert.equal(done.message, `Saved report ResellerExpenses (6b1f0c9e) as JSON to ${join(dir, 'expenses.json')} (${formatBytes(bytes.length)}).`);
    assert.deepEqual(done.actions, ['Open File', 'Reveal']);
    await until('the file open in an editor', () => vscode.window.activeTextEditor?.document.uri.fsPath === join(dir, 'expenses.json'));
    assert.equal(ui.progressRuns[0]?.cancellable, true, 'the download can be cancelled');
  });

  it('from the palette: picks among completed tasks (typed UUID as fallback), the last format highlighted, CSV bytes as served', async () => {
    const ui = new ScriptedUi([{ pick: '$(edit) Enter a UUID…' }, SEEDED_REPORTS.Completed, 'CSV']);
    ext.setUi(ui);
    saveTo(`${PROPOSED}.csv`);
    await vscode.commands.executeCommand('platformConsole.saveReportAs');
    const [tasks, format] = ui.prompts.filter((p) => p.kind === 'pick');
    assert.ok(
      tasks?.items?.some((i) => i.startsWith('ResellerExpenses 6b1f0c9e')),
      tasks?.items?.join(', '),
    );
    assert.equal(tasks?.items?.at(-1), '$(edit) Enter a UUID…');
    await ext.reports.tree.getChildren();
    const completed = ext.reports.tree.listedNodes().filter((n) => n.task.snapshot?.status === 'Completed').length;
    assert.ok(completed >= 1 && completed < ext.reports.tree.listedNodes().length, 'the view lists completed and other tasks');
    assert.equal(tasks?.items?.length, completed + 1, 'the completed tasks only, and Enter a UUID…');
    assert.equal(format?.active, 'JSON', 'the format used last');
    // Read before the test's own downloads below are recorded.
    assert.equal(sim.lastRequests('downloadReport')['GET downloadReport']?.query.format, 'csv');
    const csv = await readFile(join(dir, `${PROPOSED}.csv`));
    assert.deepEqual(csv, await served(SEEDED_REPORTS.Completed, 'csv'));
    const { headers } = JSON.parse((await served(SEEDED_REPORTS.Completed, 'json')).toString('utf8')) as { headers: string[] };
    assert.equal(csv.toString('utf8').split(/\r?\n/)[0], headers.join(','), 'a CSV whose first line is the header row');
  });

  it("the Completed notification's Save As… saves that task on its connection", async () => {
    ext.setReportPollDelays({ minMs: 100, maxMs: 300 });
    try {
      const api = (await ext.connections.api())!;
      const created = await api.billing.createReport({
        params: {},
        body: { template_code: 'ResellerCredits', parameters: { date_from: '2026-03-01', date_to: '2026-03-31' } },
      });
      const ui = new ScriptedUi([created.uuid, 'Excel'], (message, actions) =>
        /completed on reports-save/.test(message) && actions.includes('Save As…') ? 'Save As…' : undefined,
      );
      ext.setUi(ui);
      const seen: { proposed?: vscode.Uri } = {};
      saveTo('credits.xlsx', seen);
      await vscode.commands.executeCommand('platformConsole.openReport');
      const done = await ui.waitForNotification(/completed on reports-save\.$/, 15_000);
      assert.deepEqual(done.actions, ['Open Report', 'Save As…', 'Show']);
      await until('the saved workbook', () => ui.notifications.find((n) => n.message.startsWith('Saved report')));
      assert.match(seen.proposed?.fsPath ?? '', /_2026-03-01_2026-03-31\.xlsx$/);
      assert.deepEqual(await readFile(join(dir, 'credits.xlsx')), await served(created.uuid, 'xlsx'));
      assert.equal(sim.lastRequests('downloadReport')['GET downloadReport']?.query.format, 'xlsx');
    } finally {
      ext.setReportPollDelays(undefined);
    }
  });

  it('a name typed without the extension: an existing file of the final name is replaced only after a modal Replace, nothing read or written when declined', async () => {
    await writeFile(join(dir, 'kept.csv'), 'the old file');
    const declined = new ScriptedUi(['CSV'], () => undefined);
    ext.setUi(declined);
    saveTo('kept');
    assert.equal(await vscode.commands.executeCommand('platformConsole.saveReportAs', { uuid: SEEDED_REPORTS.Completed, connectionId }), undefined);
    assert.deepEqual(
      declined.confirms.map((c) => c.message),
      ['Replace kept.csv?'],
    );
    assert.match(declined.confirms[0]!.detail, /already exists/);
    assert.equal(count('GET downloadReport'), 0, 'nothing downloaded');
    assert.deepEqual(await files(), ['kept.csv']);
    assert.equal(await readFile(join(dir, 'kept.csv'), 'utf8'), 'the old file');

    const agreed = new ScriptedUi(['CSV'], (message, actions) => (actions.includes('Replace') ? 'Replace' : undefined));
    ext.setUi(agreed);
    const saved = await vscode.commands.executeCommand<vscode.Uri>('platformConsole.saveReportAs', { uuid: SEEDED_REPORTS.Completed, connectionId });
    assert.equal(saved?.fsPath, join(dir, 'kept.csv'));
    assert.equal(agreed.confirms.length, 1);
    assert.deepEqual(await readFile(join(dir, 'kept.csv')), await served(SEEDED_REPORTS.Completed, 'csv'));

    // The very name the dialog confirmed (it asked itself): no second question.
    const same = new ScriptedUi(['CSV'], () => undefined);
    ext.setUi(same);
    saveTo('kept.csv');
    assert.equal(
      (await vscode.commands.executeCommand<vscode.Uri>('platformConsole.saveReportAs', { uuid: SEEDED_REPORTS.Completed, connectionId }))?.fsPath,
      join(dir, 'kept.csv'),
    );
    assert.deepEqual(same.confirms, []);
  });

  it('a CSV with cells a spreadsheet would run as formulas: saved as served, the notification counts them', async () => {
    const api = (await ext.connections.api())!;
    const created = await api.billing.createReport({
      params: {},
      body: { template_code: 'ResellerExpenses', parameters: { date_from: '2026-01-01', date_to: '2026-06-30' } },
    });
    // The simulator completes a task after reportDurationMs (600 ms): read it until it says so.
    for (let tries = 0; (await api.billing.getReport({ params: { id: created.uuid } })).status !== 'Completed'; tries++) {
      assert.ok(tries < 100, 'the task completed');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const ui = new ScriptedUi(['CSV']);
    ext.setUi(ui);
    saveTo('formulas.csv');
    await vscode.commands.executeCommand('platformConsole.saveReportAs', { uuid: created.uuid, connectionId });
    const done = await ui.waitForNotification(/^(Saved|Could not|Report) /);
    assert.match(done.message, /^Saved report .* to .*formulas\.csv /);
    const bytes = await readFile(join(dir, 'formulas.csv'));
    assert.deepEqual(bytes, await served(created.uuid, 'csv'), "the platform's bytes, not rewritten");
    const formulas = bytes.toString('utf8').split('"=HYPERLINK(').length - 1;
    assert.ok(formulas > 0, 'the simulator served formula-like company names');
    assert.match(
      done.message,
      new RegExp(
        `\\(${formatBytes(bytes.length).replace('.', '\\.')}\\)\\. ${formulas} cells begin with =, \\+, - or @ and may run as formulas if opened in a spreadsheet\\.$`,
      ),
    );
    const plain = new ScriptedUi(['CSV']);
    ext.setUi(plain);
    saveTo('plain.csv');
    assert.ok(!(await served(SEEDED_REPORTS.Completed, 'csv')).includes('"=HYPERLINK('), 'a report of one client without such a name');
    await vscode.commands.executeCommand('platformConsole.saveReportAs', { uuid: SEEDED_REPORTS.Completed, connectionId });
    assert.doesNotMatch((await plain.waitForNotification(/^Saved report ResellerExpenses/)).message, /formulas/, 'a CSV without them says nothing of it');
  });

  it('a task known as In progress that completed since: Save As reads it again and saves it', async () => {
    // The poller does not read it during the test: what the extension knows stays In progress.
    ext.setReportPollDelays({ minMs: 600_000, maxMs: 600_000 });
    try {
      const api = (await ext.connections.api())!;
      const created = await api.billing.createReport({
        params: {},
        body: { template_code: 'ResellerExpenses', parameters: { date_from: '2026-02-01', date_to: '2026-02-28' } },
      });
      const running = await api.billing.getReport({ params: { id: created.uuid } });
      assert.notEqual(running.status, 'Completed', 'read before the simulator completes it');
      await ext.reports.store.add(connectionId, created.uuid, { snapshot: running, now: Date.now() });
      await until('the platform to complete the task', async () => (await api.billing.getReport({ params: { id: created.uuid } })).status === 'Completed');
      const ui = new ScriptedUi(['CSV']);
      ext.setUi(ui);
      saveTo('finished-since.csv');
      await vscode.commands.executeCommand('platformConsole.saveReportAs', { uuid: created.uuid, connectionId });
      const done = await ui.waitForNotification(/^(Saved|Could not|Report) /);
      assert.match(done.message, /^Saved report .* to .*finished-since\.csv /);
    } finally {
      ext.setReportPollDelays(undefined);
    }
  });

  it('a cancelled save leaves no file and the existing one untouched', async () => {
    sim.setFault({ route: 'downloadReport', kind: 'huge', bytes: 64 * 1024 * 1024 });
    await writeFile(join(dir, 'kept.csv'), 'the old file');
    const ui = new ScriptedUi(['CSV']);
    ui.cancelProgressWhen = (_title, message) => /\d+(\.\d)? MB/.test(message);
    ext.setUi(ui);
    saveTo('kept.csv');
    await vscode.commands.executeCommand('platformConsole.saveReportAs', { uuid: SEEDED_REPORTS.Completed, connectionId });
    assert.equal(ui.progressRuns[0]?.cancelled, true, 'cancelled mid-download');
    await ui.waitForNotification(/was cancelled: no file was written\.$/);
    assert.deepEqual(await files(), ['kept.csv']);
    assert.equal(await readFile(join(dir, 'kept.csv'), 'utf8'), 'the old file');
  });

  it("a render failure (400) shows the platform's text, offers no Retry and leaves no file", async () => {
    const ui = new ScriptedUi(['CSV']);
    ext.setUi(ui);
    saveTo('fails.csv');
    await vscode.commands.executeCommand('platformConsole.saveReportAs', { uuid: SEEDED_RESULT_REPORTS.renderFails, connectionId });
    const failed = await ui.waitForNotification(/^Could not save report /);
    assert.match(failed.message, /Failed to render report: template ResellerCredits references the column "credit_note"/);
    assert.deepEqual(failed.actions, ['Show Log']);
    assert.deepEqual(await files(), []);
  });

  it('a fault that Retry can mend: the same format and file asked again', async () => {
    sim.setFault({ route: 'downloadReport', kind: 'status', status: 500, times: 1 });
    let retried = 0;
    const ui = new ScriptedUi(['JSON'], (message, actions) => (actions.includes('Retry') && retried++ === 0 ? 'Retry' : undefined));
    ext.setUi(ui);
    saveTo('retried.json');
    await vscode.commands.executeCommand('platformConsole.saveReportAs', { uuid: SEEDED_REPORTS.Completed, connectionId });
    const failed = await ui.waitForNotification(/^Could not save report ResellerExpenses \(6b1f0c9e\) as JSON: Server error \(HTTP 500\)/);
    assert.deepEqual(failed.actions, ['Retry', 'Show Log']);
    assert.equal(ui.prompts.length, 1, 'Retry asked nothing again');
    assert.equal(count('GET downloadReport'), 2, 'the 500 (a GET is not retried on 500) and the Retry');
    assert.deepEqual(await files(), ['retried.json']);
    assert.deepEqual(await readFile(join(dir, 'retried.json')), await served(SEEDED_REPORTS.Completed, 'json'));
  });

  it('Sign Out mid-download stops it and removes the partial file', async () => {
    const other = (await ext.connections.signIn('reports-save-out', sim.url, KEY)).id;
    sim.setFault({ route: 'downloadReport', kind: 'huge', bytes: 64 * 1024 * 1024 });
    const ui = new ScriptedUi(['CSV']);
    let signedOut: Promise<void> | undefined;
    ui.cancelProgressWhen = (_title, message) => {
      if (/MB/.test(message)) signedOut ??= ext.connections.signOut(other);
      return false;
    };
    ext.setUi(ui);
    saveTo('out.csv');
    await vscode.commands.executeCommand('platformConsole.saveReportAs', { uuid: SEEDED_REPORTS.Completed, connectionId: other });
    assert.ok(signedOut, 'signed out while the bytes flowed');
    await signedOut;
    await ui.waitForNotification(/^Could not save report .*signed out/i);
    assert.deepEqual(await files(), []);
    await ext.connections.switchTo(connectionId);
  });

  it('Delete Report Task: a modal naming connection, template and creation time; sent once; gone from the simulator and the view', async () => {
    const uuid = SEEDED_REPORTS.Cancelled;
    const dismissed = new ScriptedUi([], () => undefined);
    ext.setUi(dismissed);
    assert.equal(await vscode.commands.executeCommand('platformConsole.deleteReportTask', await row(uuid)), false);
    assert.equal(count('DELETE deleteReport'), 0, 'a dismissed confirmation sends nothing');

    const ui = new ScriptedUi([], (_message, actions) => (actions.includes('Delete') ? 'Delete' : undefined));
    ext.setUi(ui);
    assert.equal(await vscode.commands.executeCommand('platformConsole.deleteReportTask', await row(uuid)), true);
    const [confirm] = ui.confirms;
    assert.equal(confirm?.message, 'Delete report task ResellerExpenses on reports-save?');
    assert.match(confirm?.detail ?? '', /^Connection: reports-save \(http/m);
    assert.match(confirm?.detail ?? '', /^Template: ResellerExpenses$/m);
    assert.match(confirm?.detail ?? '', /^Created: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/m);
    assert.match(confirm?.detail ?? '', /This cannot be undone/);
    assert.equal(count('DELETE deleteReport'), 1, 'sent once');
    await assert.rejects((await ext.connections.api())!.billing.getReport({ params: { id: uuid } }), /not found|404/i, 'gone from the simulator');
    assert.ok(!ext.reports.tree.listedNodes().some((n) => n.task.uuid === uuid), 'gone from the view at once');
    await ext.reports.tree.listing.reload();
    assert.ok(!ext.reports.tree.listedNodes().some((n) => n.task.uuid === uuid), "and from the platform's list");
    // The operation's words (as the chat tool and MCP answer), then the task as the list names it.
    await ui.waitForNotification(new RegExp(`^Deleted report task ${uuid} on reports-save: ResellerExpenses\\.$`));
  });

  it('Delete of a task already gone: says so and the row leaves the list', async () => {
    const gone = '0badc0de-0000-4000-8000-00000000dead';
    const snapshot = { uuid: gone, status: 'Completed', created_at: '2026-04-02T08:00:00Z', task_type: 'Report', parameters: {} };
    await ext.reports.store.add(connectionId, gone, { templateCode: 'ResellerPlans', snapshot, now: Date.now() });
    const ui = new ScriptedUi([], (_message, actions) => (actions.includes('Delete') ? 'Delete' : undefined));
    ext.setUi(ui);
    const node = ext.reports.tree.taskNodes().find((n) => n.task.uuid === gone);
    assert.equal(await vscode.commands.executeCommand('platformConsole.deleteReportTask', node), true);
    assert.equal(count('DELETE deleteReport'), 1);
    await ui.waitForNotification(/^The report task ResellerPlans \(0badc0de\) was already gone on reports-save; it is no longer listed\.$/);
    assert.equal(ext.reports.store.get(connectionId, gone), undefined);
  });

  it('Delete of a followed task never read, which the server does not know: nothing asked or sent, the row leaves', async () => {
    const unknown = '0badc0de-0000-4000-8000-00000000beef';
    await ext.reports.store.add(connectionId, unknown, { now: Date.now() });
    const ui = new ScriptedUi([], () => 'Delete');
    ext.setUi(ui);
    const node = ext.reports.tree.taskNodes().find((n) => n.task.uuid === unknown);
    assert.equal(await vscode.commands.executeCommand('platformConsole.deleteReportTask', node), false);
    assert.deepEqual(ui.confirms, []);
    assert.equal(count('DELETE deleteReport'), 0);
    await ui.waitForNotification(/^No report task 0badc0de-0000-4000-8000-00000000beef on reports-save: it is no longer listed\.$/);
    assert.equal(ext.reports.store.get(connectionId, unknown), undefined);
  });
});

// Report Tasks in a real VS Code against the simulator: Create Report (refusals send nothing,
// the task is listed at once as Pending, then Completed or Failed with a notification), recent
// template codes per connection, a window reload (the poller suspended then resumed from
// globalState, as activation does), Open Report by UUID, Remove, and a 500 on create.
import * as assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { SimulatorControl } from '../../simulator/controlClient';
import { startSimulator, type Simulator } from '../../simulator/index';
import { SEEDED_REPORTS } from '../../simulator/state/seedBilling';
import { REPORTS_PAGE } from '../../src/features/reports/reportListing';
import { ScriptedUi, PRESS_ESCAPE } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';
import { fence } from './support/fence';
import { until } from './support/until';

const KEY = testKeys.simulator;
const ADD = '$(add) Add Parameter…';
const CONTINUE = '$(arrow-right) Continue to Summary';
const SUBMIT = '$(check) Create Report';
const ANOTHER = '$(edit) Enter a template code…';
const defined = (name: string) => `$(symbol-field) ${name}`;

describe('Report Tasks', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  const count = (route: string) => sim.requestCounts()[route] ?? 0;
  const gets = () => count('GET getReport');
  const tasks = () => ext.reports.store.list(connectionId);
  const task = (uuid: string) => ext.reports.store.get(connectionId, uuid);
  const polling = (): string[] => ext.reports.poller.polling;
  const run = async <T>(ui: ScriptedUi, command: string, ...args: unknown[]) => {
    ext.setUi(ui);
    return vscode.commands.executeCommand<T>(command, ...args);
  };
  const lastBody = async () => {
    return (await new SimulatorControl(sim.url, sim.controlToken).lastRequests('createReport'))['POST createReport']!.body;
  };
  const nodeItem = async (uuid: string) => {
    const node = ext.reports.tree.taskNodes().find((n) => n.task.uuid === uuid)!;
    return { node, item: await ext.reports.tree.getTreeItem(node), children: await ext.reports.tree.getChildren(node) };
  };

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY, reportDurationMs: 1500 });
    connectionId = (await ext.connections.signIn('reports', sim.url, KEY)).id;
    // The 2 s..30 s schedule, shortened (the same code path: only the numbers change).
    ext.setReportPollDelays({ minMs: 100, maxMs: 400 });
  });
  beforeEach(() => {
    sim.clearFaults();
    sim.resetRequests();
    sim.setOptions({ reportDurationMs: 1500 });
  });
  after(async () => {
    ext.setUi(undefined);
    ext.setReportPollDelays(undefined);
    // The view was shown to see it read while a task runs: hidden again.
    await vscode.commands.executeCommand('workbench.view.explorer');
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('Create Report…: refusals send nothing; the task is listed at once as Pending, then Completed with a notification; then nothing polls', async () => {
    // The template picked from the platform's list; its parameters offered from its definition.
    const ui = new ScriptedUi([
      'Reseller expenses',
      CONTINUE,
      '2026-02-30',
      '2026-04-01', // Continue with date_from unset asks for it first
      defined('date_to'),
      '2026-03-31',
      '2026-04-30',
      defined('client_id'),
      '7',
      CONTINUE,
      SUBMIT,
    ]);
    const uuid = await run<string>(ui, 'platformConsole.createReport');
    assert.match(uuid, /^[0-9a-f-]{36}$/);
    // At once: listed first, Pending, before any poll.
    assert.equal(tasks()[0]?.uuid, uuid);
    assert.equal(task(uuid)?.snapshot?.status, 'Pending');
    const { item } = await nodeItem(uuid);
    assert.equal(item.label, 'ResellerExpenses');
    assert.match(String(item.description), /^Pending · 2026-04 · just now$/);
    assert.equal((item.iconPath as vscode.ThemeIcon).id, 'clock');
    assert.deepEqual(
      ui.prompts.flatMap((p) => p.refusals),
      ['date_from: must be a date YYYY-MM-DD, like 2026-04-30', 'date_to: must not be before date_from (2026-04-01)'],
    );
    assert.equal(ui.prompts[0]?.busy, true);
    assert.deepEqual(ui.prompts[1]?.items?.slice(0, 3), [defined('date_from'), defined('date_to'), defined('client_id')], "the template's parameters offered");
    assert.match(ui.prompts[1]?.prompt ?? '', /date_from, date_to required/);
    assert.equal(count('POST createReport'), 1, 'one POST, after the summary');
    assert.deepEqual(await lastBody(), { template_code: 'ResellerExpenses', parameters: { date_from: '2026-04-01', date_to: '2026-04-30', client_id: 7 } });

    const done = await ui.waitForNotification(/^Report ResellerExpenses \([0-9a-f]{8}\) completed on reports\.$/, 15_000);
    assert.equal(done.severity, 'info');
    assert.deepEqual(done.actions, ['Open Report', 'Save As…', 'Show'], 'a completed report offers its result: open it or save it');
    assert.equal(task(uuid)?.snapshot?.status, 'Completed');
    assert.ok(
      ext.log.recent.some((l) => l.includes(`Report task ${uuid} on reports: Pending -> InProgress`)),
      'InProgress was seen on the way',
    );
    const completed = await nodeItem(uuid);
    assert.equal((completed.item.iconPath as vscode.ThemeIcon).id, 'pass');
    assert.match(
      completed.item.accessibilityInformation?.label ?? '',
      /^Report ResellerExpenses, Completed, 2026-04, /,
      'the status in words for a screen reader',
    );
    assert.equal(completed.item.tooltip, undefined, 'the tooltip is built on hover, not with the row');
    const tooltip = (ext.reports.tree.resolveTreeItem(completed.item, completed.node).tooltip as vscode.MarkdownString).value;
    // Server text is escaped in Markdown: a `-` reads `\-` in the tooltip's source.
    for (const row of [
      'Task type | Report',
      'User id | 4585',
      'Client id | 7',
      'Worker group | wg\\-',
      'Period | 2026\\-04',
      'Records to process | ',
      'Created | ',
      'Updated | ',
    ])
      assert.ok(tooltip.includes(row), `tooltip has ${row}`);
    const labels = await Promise.all(completed.children.map(async (c) => String((await c.getTreeItem()).label)));
    assert.deepEqual(labels.slice(0, 4), ['Parameters (3)', 'Processing notes: no errors or warnings', 'Created', 'Updated']);

    await until('polling to stop', () => polling().length === 0);
    // No timer and no read tracked: nothing can be sent; the fence lets any read on its way land.
    const settled = gets();
    assert.equal((await fence(sim))['GET getReport'], settled, 'no request while no task runs');
  });

  it('a Fail template ends Failed: an error notification whose Show reveals the task, errors listed with counts', async () => {
    sim.setOptions({ reportDurationMs: 600 });
    const ui = new ScriptedUi([ANOTHER, 'ResellerStatsFail', CONTINUE, SUBMIT], (message) => (/failed on reports/.test(message) ? 'Show' : undefined));
    const uuid = await run<string>(ui, 'platformConsole.createReport');
    assert.equal(ui.prompts[0]?.items?.[0], 'Reseller expenses', 'the template used before comes first');
    assert.equal(ui.prompts[0]?.items?.at(-1), ANOTHER);
    const failed = await ui.waitForNotification(
      /^Report ResellerStatsFail \([0-9a-f]{8}\) failed on reports: Template ResellerStatsFail could not be rendered/,
      15_000,
    );
    assert.equal(failed.severity, 'error');
    assert.deepEqual(failed.actions, ['Show']);
    await until('the task to be selected', () => ext.reports.tree.view.selection.some((n) => (n as { task?: { uuid: string } }).task?.uuid === uuid));
    const { item, children } = await nodeItem(uuid);
    assert.equal((item.iconPath as vscode.ThemeIcon).id, 'error');
    const notes = children[1]!;
    assert.equal((await notes.getTreeItem()).label, 'Processing notes: 1 error, 0 warnings');
    const [errors, warnings] = await notes.getChildren();
    assert.equal((await errors!.getTreeItem()).label, 'Errors (1)');
    assert.equal((await warnings!.getTreeItem()).label, 'Warnings (0)');
    assert.match(String((await (await errors!.getChildren())[0]!.getTreeItem()).label), /could not be rendered.*\(render_failed\)$/);
    // Ids of their own, not their place and label: opened or closed, they stay so when read again.
    const ids = await Promise.all([children[0]!, notes, errors!, warnings!].map(async (n) => (await n.getTreeItem()).id));
    assert.deepEqual(
      ids,
      ['parameters', 'notes', 'errors', 'warnings'].map((group) => `${item.id}/${group}`),
    );
  });

  it('recent template codes and tasks belong to their connection', async () => {
    const other = await ext.connections.signIn('reports-other', sim.url, KEY);
    try {
      assert.deepEqual(ext.reports.tree.taskNodes(), []);
      // Nothing followed here; the view lists what the account has on the platform (the same simulator).
      const roots = await ext.reports.tree.getChildren();
      const api = await ext.connections.api();
      const listed = await api!.billing.listReports({ params: {}, query: { limit: 100 } });
      assert.equal(roots.length, listed.results.length);
      assert.deepEqual(
        ext.reports.tree
          .listedNodes()
          .map((n) => n.task.uuid)
          .sort(),
        listed.results.map((t) => t.uuid.toLowerCase()).sort(),
      );
      const ui = new ScriptedUi([PRESS_ESCAPE]);
      await run(ui, 'platformConsole.createReport');
      assert.equal(ui.prompts[0]?.kind, 'pick', 'the templates are listed');
      assert.equal(ui.prompts[0]?.items?.[0], 'Reseller expenses', 'none used recently on this connection: the list as the platform orders it');
      assert.equal(count('POST createReport'), 0, 'Escape sent nothing');
      await run(new ScriptedUi([SEEDED_REPORTS.Cancelled]), 'platformConsole.openReport');
      assert.deepEqual(
        ext.reports.tree.taskNodes().map((n) => n.task.uuid),
        [SEEDED_REPORTS.Cancelled],
      );
      assert.ok(Object.keys(ext.globalStateSnapshot()).includes(`platformConsole.reportTasks.${other.id}`));
    } finally {
      await ext.connections.signOut(other.id);
      await ext.connections.switchTo(connectionId);
    }
    assert.ok(ext.reports.tree.taskNodes().length >= 2, 'back on reports: its tasks are there');
    assert.ok(!ext.reports.tree.taskNodes().some((n) => n.task.uuid === SEEDED_REPORTS.Cancelled));
    await until('the removed connection\u2019s tasks to be forgotten', () => !Object.keys(ext.globalStateSnapshot()).some((k) => k.endsWith(other.id)));
  });

  it('a window reload keeps the list and resumes polling (the poller suspended, then resumed from globalState as activation does)', async () => {
    sim.setOptions({ reportDurationMs: 2500 });
    // A typed code the list has: its definition applies (date_to required, asked on Continue).
    const ui = new ScriptedUi([ANOTHER, 'ResellerPlans', CONTINUE, '2026-04-30', CONTINUE, SUBMIT]);
    const uuid = await run<string>(ui, 'platformConsole.createReport');
    // The window goes away: every timer and request of the poller stops; only globalState remains.
    ext.reports.poller.suspend();
    assert.deepEqual(polling(), [], 'no timer and no read tracked');
    await fence(sim); // a read aborted on its way lands before this
    sim.resetRequests();
    assert.equal((await fence(sim))['GET getReport'] ?? 0, 0, 'nothing polls while the window is closed');
    const stored = ext.globalStateSnapshot()[`platformConsole.reportTasks.${connectionId}`] as {
      uuid: string;
      templateCode?: string;
      snapshot?: { status?: string };
    }[];
    const saved = stored.find((t) => t.uuid === uuid);
    assert.equal(saved?.templateCode, 'ResellerPlans');
    assert.equal(saved?.snapshot?.status, 'Pending', 'the last known status is stored');
    assert.ok(!JSON.stringify(stored).includes(KEY), 'no key in what is stored');

    // The window opens again: activation runs resume().
    await ext.reports.poller.resume();
    assert.ok(polling().includes(uuid), 'the running task is followed again');
    assert.ok(
      tasks().some((t) => t.uuid === uuid),
      'and still listed',
    );
    await ui.waitForNotification(/^Report ResellerPlans \([0-9a-f]{8}\) completed on reports\.$/, 15_000);
    assert.ok(gets() >= 2);
  });

  const listedWithNoPriorAction =
    "lists the account's report tasks with no prior action: newest first, merged with the followed ones, " +
    'a status filter and Load more on the server; a running one read again';
  it(listedWithNoPriorAction, async () => {
    const tree = ext.reports.tree;
    tree.listing.pageSize = 2;
    sim.resetRequests();
    await tree.listing.reload();
    const roots = await tree.getChildren();
    const labels = await Promise.all(roots.map(async (r) => String((await r.getTreeItem()).label)));
    assert.match(labels.at(-1) ?? '', /^Load more \(\d+ more\)$/);
    // A followed task older than the page read waits for its page (a page then only adds rows at the end).
    const oldest = Date.parse(tree.listing.tasks.at(-1)?.created_at ?? '');
    const followed = tree.taskNodes().filter((n) => (Date.parse(n.task.snapshot?.created_at ?? '') || n.task.addedAt) >= oldest);
    const shown = tree.listedNodes();
    assert.equal(tree.listing.tasks.length, 2, 'one page of 2');
    assert.equal(
      shown.length,
      new Set([...followed.map((n) => n.task.uuid), ...tree.listing.tasks.map((t) => t.uuid.toLowerCase())]).size,
      'the first listed page and the followed tasks as new as it, each once',
    );
    const created = shown.map((n) => Date.parse(n.task.snapshot?.created_at ?? '') || n.task.addedAt);
    assert.deepEqual(
      created,
      [...created].sort((a, b) => b - a),
      'newest first',
    );
    await vscode.commands.executeCommand('platformConsole.runNodeAction', roots.at(-1));
    assert.equal(sim.lastRequests('listReports')['GET listReports']?.query.offset, '2');
    assert.equal(sim.lastRequests('listReports')['GET listReports']?.query.ordering, '-created_at');
    tree.listing.pageSize = REPORTS_PAGE;

    ext.setUi(new ScriptedUi(['Failed']));
    await vscode.commands.executeCommand('platformConsole.filterReportTasks');
    assert.equal(sim.lastRequests('listReports')['GET listReports']?.query.status, 'Failed');
    await tree.getChildren();
    const statuses = tree.listedNodes().map((n) => n.task.snapshot?.status);
    assert.ok(statuses.length > 0 && statuses.every((s) => s === 'Failed'), statuses.join(', '));
    assert.match(tree.view.description ?? '', /status: Failed/);
    ext.setUi(new ScriptedUi(['Any status']));
    await vscode.commands.executeCommand('platformConsole.filterReportTasks');
    assert.equal(sim.lastRequests('listReports')['GET listReports']?.query.status, undefined);

    // A listed task that runs: the list is read again until it settles (one request, not one per task).
    const seededRunning = tree.listing.tasks.some((t) => t.status === 'Pending' || t.status === 'InProgress');
    assert.ok(seededRunning, 'the seed has running tasks');
    await vscode.commands.executeCommand('platformConsole.reportTasks.focus');
    const before = sim.requestCounts()['GET listReports'] ?? 0;
    await until('the list to be read again while a task runs', () => (sim.requestCounts()['GET listReports'] ?? 0) > before, 15_000);
  });

  it('Open Report…: a bad UUID is refused and sends nothing; a 404 says so; a settled task is read once; a running one is polled until removed', async () => {
    const missing = '0badc0de-0000-4000-8000-000000000000';
    const ui = new ScriptedUi(['not-a-uuid', missing, SEEDED_REPORTS.Completed.toUpperCase()], (message) =>
      /^No report task/.test(message) ? 'Change UUID' : undefined,
    );
    ext.setUi(ui);
    assert.equal(await vscode.commands.executeCommand('platformConsole.openReport'), SEEDED_REPORTS.Completed);
    const notFound = await ui.waitForNotification(/^No report task/);
    assert.equal(notFound.message, `No report task ${missing} on reports.`);
    assert.equal(notFound.severity, 'warning');
    assert.deepEqual(notFound.actions, ['Change UUID', 'Show Log']);
    assert.deepEqual(ui.prompts[0]?.refusals, ['Report task UUID: must be a UUID (8-4-4-4-12 hexadecimal digits)']);
    assert.equal(ui.prompts[1]?.value, missing, 'Change UUID reopened the box with the UUID typed');
    assert.equal(task(missing), undefined);
    assert.equal(task(SEEDED_REPORTS.Completed)?.snapshot?.status, 'Completed', 'opened by its UUID (any case)');
    assert.equal(gets(), 2, 'the 404 and the Completed task: one read each');
    await until('a settled task not polled (no timer, no read tracked)', () => polling().length === 0);
    assert.equal((await fence(sim))['GET getReport'], 2, 'and nothing more was sent');

    const running = await run<string>(new ScriptedUi([SEEDED_REPORTS.InProgress]), 'platformConsole.openReport');
    assert.equal(running, SEEDED_REPORTS.InProgress);
    const before = gets();
    await until('a few polls', () => gets() >= before + 3, 5000);
    const { node } = await nodeItem(running);
    await vscode.commands.executeCommand('platformConsole.removeReportTask', node);
    // (Failed in two full runs, signed in on this connection: an echo of the last poll's globalState write
    // undid the removal before it was written; src/connections/durableState.ts writes it again.)
    assert.equal(task(running), undefined, `removed (active: ${ext.connections.active?.name}, signed in: ${ext.connections.signedIn})`);
    const removed = gets();
    // (The account's listing may read a task it shows once more: the poller drops it, removed, unsent.)
    await until('removed: no longer polled (no timer, no read tracked)', () => polling().length === 0);
    assert.ok(((await fence(sim))['GET getReport'] ?? 0) <= removed + 1, 'at most the read already on its way');
  });

  it('Show Raw JSON of a task opens its answer read-only as JSON', async () => {
    const { node } = await nodeItem(SEEDED_REPORTS.Completed);
    const uri = await vscode.commands.executeCommand<vscode.Uri>('platformConsole.showReportTaskJson', node);
    const doc = await vscode.workspace.openTextDocument(uri);
    assert.equal(doc.languageId, 'json');
    assert.equal((JSON.parse(doc.getText()) as { uuid: string }).uuid, SEEDED_REPORTS.Completed);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a 500 on create is not retried; Retry reopens the summary with every value', async () => {
    sim.setFault({ route: 'createReport', kind: 'status', status: 500, times: 1 });
    let retried = false;
    const ui = new ScriptedUi(
      [ANOTHER, 'ResellerCredits', ADD, 'type', 'monthly', CONTINUE, '2026-04-01', CONTINUE, '2026-04-30', CONTINUE, SUBMIT],
      (message) => {
        if (/^Could not create report ResellerCredits: Server error \(HTTP 500\)/.test(message) && !retried) {
          retried = true;
          return 'Retry';
        }
        return undefined;
      },
    );
    ui.answer(SUBMIT);
    const uuid = await run<string>(ui, 'platformConsole.createReport');
    const failure = await ui.waitForNotification(/^Could not create report ResellerCredits/);
    assert.deepEqual(failure.actions, ['Retry', 'Show Log']);
    assert.equal(count('POST createReport'), 2, 'the failed POST was not repeated on its own; Retry sent once more');
    const summaries = ui.prompts.filter((p) => p.items?.[0] === SUBMIT);
    assert.equal(summaries.length, 2);
    assert.ok(summaries[1]?.items?.includes('Parameter type = "monthly"'), 'every value kept');
    assert.equal(task(uuid)?.templateCode, 'ResellerCredits');
    await ui.waitForNotification(/^Report ResellerCredits .* completed on reports\.$/, 15_000);
  });
});

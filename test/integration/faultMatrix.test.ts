// The fault matrix of issue #12, in one extension host of a real VS Code against the simulator:
// every endpoint the extension calls, through the person's own path (a command with scripted
// answers, a tree refresh, a panel's session), under the faults that take a path of their own.
// The client handles each of the eight faults its own way, and a GET differently from a write (it
// retries GETs only): one read row and one write row meet all eight. Every other row meets one
// fault, or one per branch its own code takes (a task watch stops only on an answer it cannot
// read; a DELETE reads no answer), so each path and each assertion runs once. Each cell asserts:
//   1. a clear error: what failed and why in words, where the person sees it (a notification
//      offering Show Log, a tree error node, the error a webview is told to show);
//   2. the UI stays usable: once the fault has cleared itself (`times`), the same action
//      succeeds in the same extension host, and Retry kept what the person typed;
//   3. no unhandled rejection and no uncaught exception in the extension host;
//   4. nothing non-idempotent sent twice: POST, PATCH and DELETE exactly once per submit; a GET
//      1 + 3 retries on 429/502/503/reset and exactly once on 500, a timeout, malformed JSON and
//      an answer past its size limit.
import * as assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { EndpointName } from '../../src/schema/endpoints';
import { endpoints } from '../../src/schema/endpoints';
import type { Dialect } from '../../src/schema/dialect';
import { ROUTES, differingRoutes } from '../../src/schema/routes';
import { defaultPricingState, type PricingEvent } from '../../src/protocol/pricing';
import type { FaultSpec } from '../../simulator/faults';
import { startSimulator, type Simulator } from '../../simulator/index';
import { SEEDED_REPORTS } from '../../simulator/state/seedBilling';
import { ACCEPT, PRESS_ESCAPE, ScriptedUi, type Answer, type RecordedNotification } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { print } from './output';
import { platformConsole } from './support/extension';
import { until } from './support/until';

const KEY = testKeys.simulator;
/** The client's retry limit for GETs (src/platform/http.ts DEFAULT_MAX_RETRIES). */
const GET_RETRIES = 3;
const TIMEOUT_SECONDS = 1;

interface Fault {
  name: string;
  spec: Omit<FaultSpec, 'route' | 'times'>;
  /** A GET meeting it is retried by the client (429, 502, 503, 504, network errors; not a timeout: the person waited enough). */
  retried: boolean;
  /** Why, in the words the person reads. */
  reason: RegExp;
}

const FAULTS = [
  { name: '500', spec: { kind: 'status', status: 500 }, retried: false, reason: /Server error \(HTTP 500\)/ },
  { name: '503', spec: { kind: 'status', status: 503 }, retried: true, reason: /Server error \(HTTP 503\)/ },
  {
    name: '429 Retry-After 1 s',
    spec: { kind: 'rateLimit', retryAfterSeconds: 1 },
    retried: true,
    reason: /Too many requests \(HTTP 429\).* Try again in 1 s\./,
  },
  { name: 'timeout', spec: { kind: 'timeout' }, retried: false, reason: new RegExp(`Timed out: no complete answer within ${TIMEOUT_SECONDS} s`) },
  { name: 'connection reset', spec: { kind: 'reset' }, retried: true, reason: /the connection was reset \(ECONNRESET\)/ },
  { name: 'malformed JSON', spec: { kind: 'malformed' }, retried: false, reason: /The server's answer is not JSON/ },
  { name: 'HTML error page', spec: { kind: 'html' }, retried: true, reason: /Server error \(HTTP 502\), an HTML page instead of JSON: 502 Bad Gateway/ },
  // 96 MiB, past every endpoint's limit, announced: refused before reading, so a 1-second timeout
  // never races a 64 MiB read on a busy machine (the streamed answer: the test after the matrix).
  {
    name: 'huge answer',
    spec: { kind: 'huge', announce: true },
    retried: false,
    reason: /The answer was larger than (8|32|64) MiB \(it announced 96 MiB\): not read, and not asked for again\./,
  },
] as const satisfies readonly Fault[];
type FaultName = (typeof FAULTS)[number]['name'];
const ALL_FAULTS: readonly FaultName[] = FAULTS.map((f) => f.name);

/** One cell being run: the fault, the route's request count, what the person was shown. */
interface Cell {
  fault: Fault;
  /** `POST createSecret`. */
  route: string;
  /** The error notification of the failed action (when the path shows one). */
  shown?: RecordedNotification;
  /** The action is expected to succeed under this fault (see Row.succeedsUnder). */
  succeeds: boolean;
  /** Requests of the route when the error reached the person. */
  atError?: number;
  /** Takes the count now: the error has just reached the person. */
  mark(): void;
  /**
   * A scripted UI that records the first error notification matching `failed` and takes the count;
   * `retry` chooses Retry on it (or the action named); `choose` answers the other notifications.
   */
  ui(answers: Answer[], options: { failed: RegExp; retry?: boolean | string; choose?: (message: string) => string | undefined }): ScriptedUi;
  sent(): number;
}

interface Row {
  endpoint: EndpointName;
  /** The person's path, as the README table says it. */
  path: string;
  /** Where the error shows, for the README table. */
  shows: string;
  /** The error comes as a notification (checked: why, Show Log, Retry when `retry`, no key). */
  notifies: boolean;
  /** The failing action offers Retry (which must keep the input); else the action is run again. */
  retry: boolean;
  /** More than one request after recovery is fine (a follower keeps reading). */
  keepsReading?: boolean;
  /** Faults under which the action succeeds (an answer the extension does not read). */
  succeedsUnder?: string[];
  /**
   * The faults this row meets (FAULTS names): all of them on the read and the write row that
   * stand for the client's handling, else one per branch of the row's own code. The platform
   * dialect's matrix runs the first only: it proves the path sent, which no fault changes.
   */
  faults: readonly FaultName[];
  run(cell: Cell): Promise<void>;
}

const SOURCE_FILE = '$(file) A file';
const NO_DETAILS = 'No optional metadata';
const SECRET_SUBMIT = '$(check) Create Secret';
const ADD_INTERVAL = '$(add) Add an interval schedule…';
const KEEP = '$(check) Keep this schedule';
const REVIEW = '$(check) Review and Submit (1)';
const SCHEDULES_SUBMIT = '$(cloud-upload) Submit 1 schedule(s)';
const REPORT_CONTINUE = '$(arrow-right) Continue to Summary';
const REPORT_SUBMIT = '$(check) Create Report';
const REPORT_CODE = 'MatrixReport';

/** One turn of the event loop: a rejection left unhandled by then has been reported (Node does so once the microtasks drain). */
const turn = () => new Promise((resolve) => setImmediate(resolve));
const slug = (fault: Fault) =>
  fault.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/-+$/, '');

/**
 * The matrix in one dialect: in the spec's, every endpoint; in the platform's, the five routes
 * whose paths differ (the others send the same request either way), against a simulator that
 * serves the platform's paths only, each cell also proving which path was sent.
 */
function faultMatrix(dialect: Dialect): void {
  describe(
    dialect === 'spec' ? 'fault matrix: every endpoint under every fault' : 'fault matrix, platform dialect: the five routes whose paths differ',
    function () {
      this.timeout(60_000);
      let sim: Simulator;
      let ext: Awaited<ReturnType<typeof platformConsole>>;
      let connectionId: string;
      let dir: string;
      let payloadFile: string;
      let current = '(before the matrix)';
      const problems: { during: string; what: string }[] = [];
      const started = Date.now();
      /** One message the person read per fault, printed at the end (the README quotes them). */
      const examples = new Map<string, string>();
      const onRejection = (reason: unknown) =>
        problems.push({ during: current, what: `unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}` });
      const onException = (error: Error) => problems.push({ during: current, what: `uncaught exception: ${error.stack ?? error.message}` });
      const config = (section?: string) => vscode.workspace.getConfiguration(section);
      const command = async <T>(ui: ScriptedUi, name: string, ...args: unknown[]): Promise<T> => {
        ext.setUi(ui);
        return vscode.commands.executeCommand<T>(name, ...args);
      };
      const continueDeletion = (message: string) => (message === 'Delete Storage (Deprecated)' ? 'Continue' : undefined);

      /** The Protection Profiles view's list: the whole list on a spec-only server, the paged one on the platform's paths. */
      function profilesRow(endpoint: 'listProtectionProfiles' | 'listProtectionProfilesPaged', faults: readonly FaultName[]): Row {
        return {
          endpoint,
          faults,
          path: 'Protection Profiles view: Refresh; Retry on the error node',
          shows: 'notification + error node',
          notifies: true,
          retry: false,
          async run(cell) {
            const ui = cell.ui([], { failed: /^Could not load protection profiles: / });
            await command(ui, 'platformConsole.refreshProfiles');
            await ui.waitForNotification(/^Could not load protection profiles: /, 20_000);
            cell.mark();
            await ext.profiles.settled();
            const [error] = await ext.profiles.getChildren();
            assert.ok(error);
            const item = await ext.profiles.getTreeItem(error);
            assert.equal(item.label, 'Could not load protection profiles');
            assert.match(String(item.description), cell.fault.reason);
            assert.equal(item.contextValue, 'platformConsole.error', 'inline Retry and Show Log');
            await vscode.commands.executeCommand('platformConsole.runNodeAction', error);
            await ext.profiles.settled();
            await ext.profiles.getChildren();
            assert.ok(ext.profiles.nodeFor(1), 'the list is back');
          },
        };
      }

      const edgeRow = (endpoint: EndpointName, kind: 'client' | 'app' | 'template', id: number, faults: readonly FaultName[]): Row => ({
        endpoint,
        faults,
        path: `Edge view: Refresh on the pinned ${kind} ${id}`,
        shows: 'notification + error node on the pin',
        notifies: true,
        retry: false,
        async run(cell) {
          const node = ext.edge.pinNode(kind, id);
          assert.ok(node, `${kind} ${id} is pinned`);
          const ui = cell.ui([], { failed: new RegExp(`^Could not load edge ${kind} ${id}: `) });
          await command(ui, 'platformConsole.refreshEdge', node);
          cell.mark();
          assert.equal(node.state.status, 'error');
          const item = await ext.edge.getTreeItem(node);
          assert.match(String(item.description), cell.fault.reason, 'the error node says why');
          assert.equal(item.command?.title, 'Retry', 'clicking the node retries');
          await command(new ScriptedUi(), 'platformConsole.refreshEdge', node);
          assert.equal(node.state.status, 'ok', 'Refresh works once the fault is gone');
        },
      });

      const billingRow = (endpoint: EndpointName, commandName: string, answers: string[], what: string, title: RegExp, faults: readonly FaultName[]): Row => ({
        endpoint,
        faults,
        path: `${commandName.replace('platformConsole.', '')} (${answers.join(', ')}), Retry`,
        shows: 'notification',
        notifies: true,
        retry: true,
        async run(cell) {
          const ui = cell.ui([...answers], { failed: new RegExp(`^Could not read ${what} from faults: `), retry: true });
          const uri = await command<vscode.Uri | undefined>(ui, commandName);
          assert.ok(uri, 'Retry showed the document');
          assert.match((await vscode.workspace.openTextDocument(uri)).getText(), title);
          assert.equal(ui.prompts.length, answers.length, 'Retry read the same ids again without asking');
        },
      });

      const ALL_ROWS: Row[] = [
        {
          endpoint: 'createSecret',
          faults: ALL_FAULTS,
          path: 'Create Secret… (file payload), submit; Retry, submit',
          shows: 'notification',
          notifies: true,
          retry: true,
          async run(cell) {
            const name = `matrix-${slug(cell.fault)}`;
            const ui = cell.ui([ACCEPT, ACCEPT, name, 'opaque', SOURCE_FILE, payloadFile, ACCEPT, NO_DETAILS, SECRET_SUBMIT, SECRET_SUBMIT], {
              failed: new RegExp(`^Could not create secret ${name}: `),
              retry: true,
            });
            await command(ui, 'platformConsole.createSecret');
            await ui.waitForNotification(new RegExp(`^Secret ${name} created`), 20_000);
            const summaries = ui.prompts.filter((p) => p.items?.[0] === SECRET_SUBMIT);
            assert.equal(summaries.length, 2, 'Retry reopened the summary');
            assert.deepEqual(summaries[1]!.items, summaries[0]!.items, 'with every value kept');
          },
        },
        {
          endpoint: 'getTask',
          faults: ['timeout'],
          path: 'Check Connection (asks for a task that does not exist); again',
          shows: 'notification',
          notifies: true,
          retry: false,
          async run(cell) {
            const ui = cell.ui([], { failed: /^Could not check faults: / });
            await command(ui, 'platformConsole.checkConnection');
            cell.mark();
            const again = new ScriptedUi();
            await command(again, 'platformConsole.checkConnection');
            await again.waitForNotification(/^Connected to faults: the platform accepted the API key/);
          },
        },
        {
          endpoint: 'getTask',
          // A failing poll goes on watching; an answer it cannot read stops the watch.
          faults: ['503', 'malformed JSON'],
          path: 'Create Secret… (file payload), submit; the task watch polls by itself (Check Task after an answer it cannot read)',
          shows: 'the watch goes on, the reason in its progress notification and the log; malformed, huge: notification',
          // Checked here: a failing poll does not stop the watch (the platform is still working on
          // the task); only an answer that cannot be read does, with a notification.
          notifies: false,
          retry: false,
          async run(cell) {
            const name = `watch-${slug(cell.fault)}`;
            const fatal = cell.fault.name === 'malformed JSON' || cell.fault.name === 'huge answer';
            const ui = cell.ui([ACCEPT, ACCEPT, name, 'opaque', SOURCE_FILE, payloadFile, ACCEPT, NO_DETAILS, SECRET_SUBMIT], {
              failed: new RegExp(`^Could not follow secret ${name} \\(task [0-9a-f]{8}\\): `),
              retry: 'Check Task',
            });
            const polledInVain = () => ext.log.recent.some((l) => l.includes(`Secret ${name}: polling task `) && cell.fault.reason.test(l));
            const created = command(ui, 'platformConsole.createSecret');
            if (!fatal) {
              await until('the failed poll in the log', polledInVain, 20_000);
              cell.mark();
            }
            await created;
            await ui.waitForNotification(new RegExp(`^Secret ${name} created`), 20_000);
            if (fatal) {
              assert.ok(cell.shown, 'an answer that cannot be read stops the watch with a notification');
              assert.match(cell.shown.message, cell.fault.reason);
              assert.deepEqual(cell.shown.actions, ['Check Task', 'Show Log']);
            } else {
              assert.equal(cell.shown, undefined, 'a failing poll does not stop the watch');
              const progress = ui.progressRuns.find((r) => r.title === `Creating secret ${name}`);
              const told = progress?.messages.find((m) => m.includes('could not check, trying again'));
              assert.ok(told, `the progress notification says why the task is not checked: ${JSON.stringify(progress?.messages)}`);
              assert.match(told, cell.fault.reason);
              assert.deepEqual(
                ui.notifications.filter((n) => n.severity === 'error'),
                [],
              );
            }
          },
        },
        {
          endpoint: 'addSchedules',
          faults: ['500'],
          path: 'Add Snapshot Schedules… (one interval schedule), submit; Retry, submit',
          shows: 'notification',
          notifies: true,
          retry: true,
          async run(cell) {
            const ui = cell.ui(
              [ACCEPT, ACCEPT, '10', ADD_INTERVAL, '1', '0', '0', '0', '2', '0', '0', ACCEPT, KEEP, REVIEW, SCHEDULES_SUBMIT, REVIEW, SCHEDULES_SUBMIT],
              {
                failed: /^Could not add the schedules to policy 10 on faults: /,
                retry: true,
              },
            );
            await command(ui, 'platformConsole.addSnapshotSchedules');
            await ui.waitForNotification(/now has \d+ schedules; 1 added\./);
            const reviews = ui.prompts.filter((p) => p.items?.includes(REVIEW));
            assert.equal(reviews.length, 2, 'Retry reopened the list of schedules');
            assert.deepEqual(reviews[1]!.items, reviews[0]!.items, 'with the schedule typed');
          },
        },
        {
          endpoint: 'updateProtectionProfile',
          faults: ['500'],
          path: 'Rename… on profile 1 in the Protection Profiles view; Retry, Enter',
          shows: 'notification',
          notifies: true,
          retry: true,
          async run(cell) {
            const node = ext.profiles.nodeFor(1);
            assert.ok(node, 'profile 1 is shown');
            const name = `Matrix ${cell.fault.name}`;
            const ui = cell.ui([name, ACCEPT], {
              failed: /^Could not rename protection profile "[^"]*": /,
              retry: true,
              choose: (m) => (/^Rename protection profile /.test(m) ? 'Save' : undefined),
            });
            await command(ui, 'platformConsole.renameProfile', node);
            await ui.waitForNotification(new RegExp(`^Renamed "[^"]*" to "${name}"\\.$`));
            assert.deepEqual(ui.prompts.map((p) => p.value).slice(1), [name], 'Retry filled in the typed name');
          },
        },
        ...(['instances', 'loadBalancer'] as const).map(
          (tab): Row => ({
            endpoint: tab === 'instances' ? 'previewInstancePrice' : 'previewLoadBalancerPrice',
            faults: tab === 'instances' ? ['timeout'] : ['500'],
            path: `Price Preview panel session (${tab === 'instances' ? 'Instances' : 'Load Balancer'} tab, default form), Retry`,
            shows: 'webview failed state + notification',
            notifies: true,
            retry: true,
            async run(cell) {
              const events: PricingEvent[] = [];
              const ui = cell.ui([], {
                failed: new RegExp(`^Could not preview the price of ${tab === 'instances' ? 'the instances' : 'the load balancer'}: `),
                retry: true,
              });
              ext.setUi(ui);
              const session = ext.pricing.createSession((e) => events.push(e), defaultPricingState({ projectId: '1', regionId: '1' }), 0);
              try {
                const form = structuredClone(session.current);
                session.onReady();
                await until(`a price of ${tab}`, () => session.view(tab).state === 'priced', 20_000);
                const failed = events.find((e) => e.type === 'price' && e.tab === tab && e.view.state === 'failed');
                assert.ok(failed?.type === 'price' && failed.view.state === 'failed', 'the page was told the preview failed');
                assert.match(failed.view.message, cell.fault.reason, 'and why');
                assert.deepEqual(session.current, form, 'the form is kept as typed');
              } finally {
                session.dispose();
              }
            },
          }),
        ),
        edgeRow('getEdgeApp', 'app', 101, ['503']),
        {
          endpoint: 'deleteStorage',
          faults: ['500', 'huge answer'],
          path: 'Delete Storage (Deprecated)… 1001, confirmed; again (never retried: it may be gone)',
          shows: 'notification',
          notifies: true,
          retry: false,
          succeedsUnder: ['malformed JSON', 'huge answer'],
          async run(cell) {
            const ui = cell.ui(['1001', '1001'], { failed: /^Could not delete storage 1001: /, choose: continueDeletion });
            await command(ui, 'platformConsole.deleteStorage');
            if (cell.succeeds) {
              // A 2xx is the platform's "done"; the DELETE's answer has no body to read.
              await ui.waitForNotification(/^Storage 1001 is gone/);
              return;
            }
            cell.mark();
            const again = new ScriptedUi(['1001', '1001'], continueDeletion);
            await command(again, 'platformConsole.deleteStorage');
            await again.waitForNotification(/^Storage 1001 is gone/);
          },
        },
        billingRow(
          'getTrialStartData',
          'platformConsole.showTrialStartData',
          ['501', '1'],
          'trial start data for client 501 and product 1',
          /^# Trial start data: client 501, product 1 \(trial 401\)/,
          ['503'],
        ),
        billingRow('getTrial', 'platformConsole.showTrial', ['401'], 'trial 401', /^# Trial 401\n/, ['connection reset']),
        {
          endpoint: 'getReport',
          faults: ALL_FAULTS,
          path: 'Open Report… (a completed report UUID); Retry, Enter',
          shows: 'notification',
          notifies: true,
          retry: true,
          async run(cell) {
            const uuid = SEEDED_REPORTS.Completed;
            const ui = cell.ui([uuid, ACCEPT], { failed: new RegExp(`^Could not read report task ${uuid} from faults: `), retry: true });
            assert.equal(await command(ui, 'platformConsole.openReport'), uuid);
            assert.equal(ui.prompts[1]?.value, uuid, 'Retry reopened the box with the UUID typed');
            assert.equal(ext.reports.store.get(connectionId, uuid)?.snapshot?.status, 'Completed');
          },
        },
        {
          endpoint: 'getFunctionLogs',
          faults: ['connection reset'],
          path: 'Function Logs panel of default/hello-world (follows by itself)',
          shows: 'webview banner (Retry Now, Show Log)',
          notifies: false,
          retry: false,
          keepsReading: true,
          async run(cell) {
            const panel = ext.logs.open({ projectId: 1, regionId: 1, namespace: 'default', functionName: 'hello-world' });
            assert.ok(panel);
            try {
              const failed = await until('the read to fail', () => (panel.status().state === 'retrying' ? panel.status() : undefined), 20_000);
              cell.mark();
              assert.match(failed.error ?? '', cell.fault.reason, 'the page is told why');
              assert.ok((failed.retryInSeconds ?? 0) > 0, 'and when it tries again');
              await until('following again by itself', () => panel.status().state === 'following' && panel.follower.tail.size > 0, 20_000);
              assert.equal(panel.status().error, undefined);
            } finally {
              panel.dispose();
            }
          },
        },
        edgeRow('getEdgeTemplate', 'template', 301, ['malformed JSON']),
        {
          endpoint: 'createReport',
          faults: ['HTML error page'],
          path: `Create Report… (${REPORT_CODE}), submit; Retry, submit`,
          shows: 'notification',
          notifies: true,
          retry: true,
          async run(cell) {
            const ui = cell.ui([{ pick: REPORT_CODE }, REPORT_CONTINUE, REPORT_SUBMIT, REPORT_SUBMIT], {
              failed: new RegExp(`^Could not create report ${REPORT_CODE}: `),
              retry: true,
            });
            const uuid = await command<string | undefined>(ui, 'platformConsole.createReport');
            assert.match(uuid ?? '', /^[0-9a-f-]{36}$/, 'created after Retry');
            const summaries = ui.prompts.filter((p) => p.items?.[0] === REPORT_SUBMIT);
            assert.equal(summaries.length, 2, 'Retry reopened the summary');
            assert.deepEqual(summaries[1]!.items, summaries[0]!.items, 'with every value kept');
            await until('the new report to settle', () => ext.reports.poller.polling.length === 0, 15_000);
          },
        },
        profilesRow('listProtectionProfiles', ['503']),
        profilesRow('listProtectionProfilesPaged', ['503']),
        edgeRow('getEdgeClient', 'client', 201, ['HTML error page']),
        {
          endpoint: 'getProtectionProfile',
          faults: ['500'],
          path: 'Edit Fields… on profile 1, whose list item has no values (read first); again',
          shows: 'notification (nothing sent)',
          notifies: true,
          retry: false,
          async run(cell) {
            // A fresh list: on the platform's paths its items carry no field values.
            await ext.profiles.reload();
            await ext.profiles.getChildren();
            const node = ext.profiles.nodeFor(1);
            assert.ok(node, 'profile 1 is shown');
            assert.equal(node.profile.fields, undefined, 'the list carried no field values');
            const ui = cell.ui([], { failed: /^Could not read the field values of "[^"]+"; nothing was sent: / });
            await command(ui, 'platformConsole.editProfileFields', node);
            cell.mark();
            assert.equal(sim.requestCounts()['PATCH updateProtectionProfile'] ?? 0, 0, 'no PATCH with a partial list');
            const again = new ScriptedUi([PRESS_ESCAPE]);
            await command(again, 'platformConsole.editProfileFields', node);
            assert.ok((again.prompts[0]?.items?.length ?? 0) > 1, 'the fields read are offered');
            assert.ok((ext.profiles.nodeFor(1)?.profile.fields?.length ?? 0) > 0, 'and shown in the tree');
          },
        },
        billingRow(
          'getActivatedFreeFeature',
          'platformConsole.showActivatedFreeFeature',
          ['601'],
          'activated free feature 601',
          /^# Activated free feature 601\n/,
          ['503'],
        ),
        {
          endpoint: 'updateNotificationSetting',
          faults: ['500'],
          path: 'Update Reseller Notification Setting… 701/801, submit; Retry, Enabled',
          shows: 'notification',
          notifies: true,
          retry: true,
          async run(cell) {
            const ui = cell.ui(['701', '801', 'deletion_request', 'ops@reseller-one.example', 'Enabled', 'Enabled'], {
              failed: /^Could not save the notification setting: /,
              retry: true,
              choose: (m) => (/^Update notification setting 801/.test(m) ? 'Update' : undefined),
            });
            await command(ui, 'platformConsole.updateNotificationSetting');
            await ui.waitForNotification(/^Notification setting 801 saved: reseller 701, deletion_request to ops@reseller-one\.example, enabled\./);
            assert.equal(ui.prompts.length, 6, 'Retry asked only Enabled again: every other value was kept');
          },
        },
        {
          endpoint: 'createNotificationSetting',
          faults: ['429 Retry-After 1 s'],
          path: 'Add Reseller Notification Setting… 702, submit; Retry, Create',
          shows: 'notification',
          notifies: true,
          retry: true,
          async run(cell) {
            const ui = cell.ui(['702', 'deletion_request', 'legal@example.com', 'Enabled', '$(check) Create', '$(check) Create'], {
              failed: /^Could not save the notification setting: /,
              retry: true,
            });
            await command(ui, 'platformConsole.addNotificationSetting');
            await ui.waitForNotification(/^Notification setting \d+ saved: reseller 702, deletion_request to legal@example\.com, enabled\./);
            assert.equal(ui.prompts.length, 6, 'Retry reopened only the review: every value was kept');
          },
        },
      ];

      // The platform's paths: the spec's routes that differ, and the platform's own read that an
      // action makes (a profile's fields). The platform's lists fill trees and pickers, where a failed
      // load is an item with the reason and Retry: their faults are tested there (lists.test.ts).
      // The Protection Profiles view reads the paged list where the server pages: on the platform's
      // paths the whole list (/all) is read by nothing; a spec-only server's matrix covers it.
      const differing = new Set<string>([
        ...differingRoutes()
          .map(([name]) => name)
          .filter((name) => name !== 'listProtectionProfiles'),
        'listProtectionProfilesPaged',
        'getProtectionProfile',
      ]);
      const ROWS = dialect === 'spec' ? ALL_ROWS.filter((row) => !ROUTES[row.endpoint].platformOnly) : ALL_ROWS.filter((row) => differing.has(row.endpoint));

      before(async () => {
        process.on('unhandledRejection', onRejection);
        process.on('uncaughtException', onException);
        ext = await platformConsole();
        // Hundreds of GET retries: the backoff's first step shortened (Retry-After is still honoured),
        // for every client made from now on (the timeout setting below makes new ones).
        ext.setRetryBaseMs(20);
        sim = await startSimulator({ apiKey: KEY, taskDurationMs: 1, reportDurationMs: 1, dialect });
        connectionId = (await ext.connections.signIn('faults', sim.url, KEY, dialect)).id;
        dir = await mkdtemp(join(tmpdir(), 'faults-'));
        payloadFile = join(dir, 'payload.bin');
        await writeFile(payloadFile, 'matrix payload');
        await config('platformConsole.cloud').update('projectId', 1, vscode.ConfigurationTarget.Global);
        await config('platformConsole.cloud').update('regionId', 1, vscode.ConfigurationTarget.Global);
        await config('platformConsole.edge').update('refreshIntervalSeconds', 0, vscode.ConfigurationTarget.Global);
        await config('platformConsole.logs').update('pollIntervalSeconds', 1, vscode.ConfigurationTarget.Global);
        ext.setReportPollDelays({ minMs: 100, maxMs: 200 });

        // What the rows start from: pins in the Edge view, profile 1 shown, a template code used before.
        for (const [name, id] of [
          ['platformConsole.addEdgeClient', '201'],
          ['platformConsole.addEdgeApp', '101'],
          ['platformConsole.openEdgeTemplate', '301'],
        ]) {
          await command(new ScriptedUi([id!]), name!);
        }
        await ext.edge.settled();
        const api = await ext.connections.api();
        const profile1 = (await api!.security.listProtectionProfiles({ params: {}, query: { client_id: 1 } })).find((p) => p.id === 1)!;
        await ext.profiles.setFilters({ name: profile1.name ?? undefined, clientId: 1, sort: [] });
        await ext.profiles.getChildren();
        await ext.profiles.settled();
        assert.ok(ext.profiles.nodeFor(1), 'profile 1 is shown');
        // No template code used yet on this connection: the flow opens with the box; then it offers the code.
        // On the platform the templates are listed (MatrixReport is not among them: it is typed).
        // Run again under the cells' short timeout: its new client must learn again that a spec-only
        // server lacks the template list; the first run, on the default timeout, builds the schemas cold.
        for (const timeout of [undefined, TIMEOUT_SECONDS]) {
          if (timeout) await config('platformConsole').update('requestTimeoutSeconds', timeout, vscode.ConfigurationTarget.Global);
          const warmUp = new ScriptedUi(
            dialect === 'platform'
              ? ['$(edit) Enter a template code…', REPORT_CODE, REPORT_CONTINUE, REPORT_SUBMIT]
              : [REPORT_CODE, REPORT_CONTINUE, REPORT_SUBMIT],
          );
          assert.ok(await command(warmUp, 'platformConsole.createReport'), 'the warm-up report was created');
          assert.equal(warmUp.prompts[0]?.kind, dialect === 'platform' ? 'pick' : 'input');
          await until('the warm-up report to settle', () => ext.reports.poller.polling.length === 0, 15_000);
        }
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        assert.deepEqual(problems, [], 'nothing went wrong while setting up');
      });

      afterEach(async () => {
        sim.clearFaults();
        ext.setUi(undefined);
      });

      after(async () => {
        current = '(after the matrix)';
        ext.setUi(undefined);
        ext.setRetryBaseMs(undefined);
        ext.setReportPollDelays(undefined);
        await ext.profiles.setFilters({ sort: [] });
        for (const [section, key] of [
          ['platformConsole', 'requestTimeoutSeconds'],
          ['platformConsole.cloud', 'projectId'],
          ['platformConsole.cloud', 'regionId'],
          ['platformConsole.edge', 'refreshIntervalSeconds'],
          ['platformConsole.logs', 'pollIntervalSeconds'],
        ]) {
          await config(section).update(key!, undefined, vscode.ConfigurationTarget.Global);
        }
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        // Rows that pin or reveal showed the Edge view: hidden again.
        await vscode.commands.executeCommand('workbench.view.explorer');
        await ext.connections.signOut(connectionId);
        await sim.close();
        process.off('unhandledRejection', onRejection);
        process.off('uncaughtException', onException);
        for (const [fault, message] of examples) print(`fault matrix, ${fault}: ${message}`);
        const cells = ROWS.reduce((n, row) => n + (dialect === 'spec' ? row.faults.length : 1), 0);
        const endpoints = new Set(ROWS.map((r) => r.endpoint)).size;
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        print(`fault matrix: ${ROWS.length} paths (${endpoints} endpoints), ${cells} cells of ${FAULTS.length} faults in ${seconds} s`);
      });

      it('the recorder sees an unhandled rejection in this extension host (so its silence below means something)', async () => {
        current = '(recorder self-check)';
        // scripts/harness/runIntegration.mjs knows this message: the one rejection its run-wide check allows.
        void Promise.reject(new Error('fault matrix self-check: a deliberate unhandled rejection'));
        // One turn is enough (the cells below rely on it): Node reports it once the microtasks drain.
        await turn();
        assert.ok(
          problems.some((p) => p.during === current),
          'the deliberate rejection recorded after one turn of the event loop',
        );
        problems.splice(0, problems.length, ...problems.filter((p) => p.during !== current));
      });

      it(
        dialect === 'spec'
          ? 'covers every endpoint of the spec in src/schema/endpoints.ts'
          : "covers every route whose path differs between the dialects (the profiles view's paged list for /all), and the platform's own profile read",
        () => {
          const expected = dialect === 'spec' ? (Object.keys(endpoints) as EndpointName[]).filter((n) => !ROUTES[n].platformOnly) : [...differing];
          assert.deepEqual([...new Set(ROWS.map((r) => r.endpoint))].sort(), expected.sort());
        },
      );

      if (dialect === 'spec') {
        it("meets every fault on a read and on a write (the client retries GETs only), and every row's faults are distinct", () => {
          for (const method of ['read', 'write'] as const) {
            const met = ROWS.filter((row) => (endpoints[row.endpoint].method === 'GET') === (method === 'read')).flatMap((row) => row.faults);
            assert.deepEqual(
              ALL_FAULTS.filter((name) => !met.includes(name)),
              [],
              `faults no ${method} meets`,
            );
          }
          for (const row of ALL_ROWS) assert.equal(new Set(row.faults).size, row.faults.length, `${row.endpoint}: a fault twice`);
        });
      }

      for (const row of ROWS) {
        const descriptor = endpoints[row.endpoint];
        const route = `${descriptor.method} ${row.endpoint}`;
        const met = dialect === 'spec' ? row.faults : row.faults.slice(0, 1);
        for (const fault of FAULTS.filter((f) => met.includes(f.name))) {
          it(`${route} × ${fault.name}: ${row.path}`, async function () {
            current = `${route} × ${fault.name}`;
            const succeeds = row.succeedsUnder?.includes(fault.name) ?? false;
            const retriedHere = descriptor.method === 'GET' && fault.retried;
            const attempts = retriedHere ? 1 + GET_RETRIES : 1;
            sim.reset();
            sim.clearFaults();
            sim.resetRequests();
            sim.setFault({ route: row.endpoint, ...fault.spec, times: attempts });
            const sent = () => sim.requestCounts()[route] ?? 0;
            const cell: Cell = {
              fault,
              route,
              succeeds,
              sent,
              mark: () => {
                cell.atError ??= sent();
              },
              ui: (answers, options) => {
                const ui: ScriptedUi = new ScriptedUi(answers, (message) => {
                  if (!cell.shown && options.failed.test(message)) {
                    // Recorded before its action is chosen: the last notification is this one.
                    cell.shown = ui.notifications.at(-1);
                    cell.mark();
                    return options.retry === true ? 'Retry' : options.retry || undefined;
                  }
                  return options.choose?.(message);
                });
                return ui;
              },
            };
            await row.run(cell);

            if (succeeds) {
              assert.equal(sent(), 1, `${route}: sent once`);
            } else {
              // 1. A clear error, where the person looks.
              if (row.notifies) {
                assert.ok(cell.shown, 'an error notification was shown');
                assert.equal(cell.shown.severity, 'error');
                assert.match(cell.shown.message, fault.reason, 'it says why');
                assert.ok(cell.shown.actions.includes('Show Log'), `it offers Show Log: ${JSON.stringify(cell.shown.actions)}`);
                if (row.retry) assert.ok(cell.shown.actions.includes('Retry'), 'and Retry');
                assert.ok(!cell.shown.message.includes(KEY), 'no key in it');
                assert.doesNotMatch(cell.shown.message, /Traceback/, 'a server traceback goes to the log only');
                if (fault.name === '500' && descriptor.errorShape === 'cloud') {
                  assert.ok(
                    ext.log.recent.some((line) => line.includes('server traceback:')),
                    "the cloud's traceback is in the log",
                  );
                }
                if (!examples.has(fault.name)) examples.set(fault.name, cell.shown.message);
              }
              // 4. Nothing non-idempotent twice; a GET at most 1 + the retry limit.
              assert.equal(
                cell.atError,
                attempts,
                `${route} requests when the error was shown (${retriedHere ? `1 + ${GET_RETRIES} retries` : 'not retried'})`,
              );
              // 2. The same action then succeeded, with one more request (a follower reads on).
              if (row.keepsReading) assert.ok(sent() > attempts, 'read again after the fault');
              else assert.equal(sent(), attempts + 1, `${route}: one request for the person's second action`);
            }
            // Every request of the route went to this dialect's path (or one both dialects share).
            const byDialect = sim.requestsByDialect();
            const elsewhere = Object.keys(byDialect).filter((k) => k.endsWith(` ${route}`) && !k.startsWith(`${dialect} `) && !k.startsWith('both '));
            assert.deepEqual(elsewhere, [], `${route}: requests to another dialect's paths`);
            assert.equal((byDialect[`${dialect} ${route}`] ?? 0) + (byDialect[`both ${route}`] ?? 0), sent(), `${route}: every request on the ${dialect} path`);
            // 3. Nothing unhandled, in this cell (late ones are caught by the next cell and after()).
            await turn();
            const mine = problems.filter((p) => p.during === current);
            assert.deepEqual(mine, [], `${current}: ${mine.map((p) => p.what).join('\n')}`);
          });
        }
      }

      it('an oversized answer streamed without a length: a notification says so with Show Log, one log line, asked once', async () => {
        current = 'huge answer, streamed';
        // The whole read of 8 MiB, not a race with the matrix's 1-second timeout on a busy machine.
        await config('platformConsole').update('requestTimeoutSeconds', 30, vscode.ConfigurationTarget.Global);
        try {
          sim.clearFaults();
          sim.resetRequests();
          sim.setFault({ route: 'getTask', kind: 'huge', times: 1 });
          const from = ext.log.mark();
          const ui = new ScriptedUi([], () => undefined);
          await command(ui, 'platformConsole.checkConnection');
          const shown = await ui.waitForNotification(/^Could not check faults: /);
          assert.equal(shown.severity, 'error');
          assert.equal(shown.message, 'Could not check faults: The answer was larger than 8 MiB: not read, and not asked for again.');
          assert.deepEqual(shown.actions, ['Show Log']);
          assert.equal(sim.requestCounts()['GET getTask'], 1, 'not asked again');
          const lines = ext.log.since(from);
          assert.equal(
            lines.filter((l) => /^\[faults\] GET \/cloud\/v1\/tasks\/[0-9a-f-]+ -> 200 in \d+ ms \(0 retries\)/.test(l)).length,
            1,
            `one request line: ${lines.join('\n')}`,
          );
          assert.ok(
            lines.some((l) => l.startsWith('Could not check faults: The answer was larger than 8 MiB')),
            'and the error in the log',
          );
          await command(new ScriptedUi(), 'platformConsole.checkConnection');
          assert.equal(sim.requestCounts()['GET getTask'], 2, 'the next check is answered');
        } finally {
          await config('platformConsole').update('requestTimeoutSeconds', TIMEOUT_SECONDS, vscode.ConfigurationTarget.Global);
        }
      });

      it('nothing unhandled anywhere in the matrix', async () => {
        await turn();
        assert.deepEqual(problems, []);
      });
    },
  );
}

faultMatrix('spec');
faultMatrix('platform');

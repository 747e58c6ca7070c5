// One Report table panel: the report's JSON result read as it arrives (platform/reportRows.ts)
// on the connection the task belongs to, its rows forwarded to the page in batches and kept by
// the page only. Each (re)load of the page reads the result again; a result past
// platformConsole.reports.maxTableMB stops loading and the page offers Save Report As….
import * as vscode from 'vscode';
import type { ConnectionManager } from '../../connections/connectionManager';
import { readReportRows } from '../../platform/reportRows';
import { REPORT_MEDIA_TYPES } from '../../schema/reportResult';
import { endpoints } from '../../schema/endpoints';
import { isPlatformError } from '../../schema/errors';
import type { FeatureContext } from '../../ui/featureContext';
import type { Log } from '../../ui/log';
import { PanelHost, type PanelHandler, type PanelWatch } from '../../ui/panelHost';
import type { ReportTableEvent, ReportTableInfo, ReportTableNotification, ReportTableRequests } from '../../protocol/reportTable';
import { reportTableNotificationSchema, reportTableRequestSchemas } from './reportTableMessages';
import { parameterText, reportLabel, shortUuid, type TrackedReport } from './model/reportTasks';
import { RowBatches } from './model/rowBatches';
import { rowsForPage } from './model/rowsForPage';
import { rowsBody } from '../../protocol/deflatedRows';

/** Which report a panel shows: the task on the connection it belongs to. */
export interface ReportTableTarget {
  connectionId: string;
  uuid: string;
}

export interface ReportTableDeps {
  extensionUri: vscode.Uri;
  connections: ConnectionManager;
  /** FeatureContext.bindNamed: the panel reads on the connection it was opened on. */
  bindNamed: FeatureContext['bindNamed'];
  log: Log;
  /** The task as the Report Tasks list holds it (its template and parameters), if it does. */
  task(target: ReportTableTarget): TrackedReport | undefined;
  /** platformConsole.reports.maxTableMB. */
  maxTableMB(): number;
  panelWatch?: PanelWatch;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export class ReportTablePanel implements PanelHandler<ReportTableNotification, ReportTableRequests>, vscode.Disposable {
  readonly host: PanelHost<ReportTableNotification, ReportTableRequests, ReportTableEvent>;
  private generation = 0;
  private reading: AbortController | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  /** The last read's outcome (for the tests and the log). */
  last: { generation: number; rowCount: number; bytes: number; complete: boolean; error?: string } | undefined;
  private readonly settled = new vscode.EventEmitter<NonNullable<ReportTablePanel['last']>>();
  /** A read ended (all rows sent, stopped at the limit, or failed). */
  readonly onDidSettle = this.settled.event;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly target: ReportTableTarget,
    private readonly deps: ReportTableDeps,
  ) {
    const title = this.title();
    panel.title = title;
    panel.iconPath = vscode.Uri.joinPath(deps.extensionUri, 'media', 'reportTable.svg');
    this.host = new PanelHost(panel, {
      extensionUri: deps.extensionUri,
      bundle: 'reportTable',
      rootElement: 'report-table-app',
      styles: ['reportTable.css'],
      title,
      log: deps.log,
      notificationSchema: reportTableNotificationSchema,
      requestSchemas: reportTableRequestSchemas,
      retainContextWhenHidden: true,
      watch: deps.panelWatch,
    });
    this.disposables.push(
      this.host.onDidDispose(() => this.dispose()),
      this.settled,
    );
    this.host.connect(this);
  }

  private connectionName(): string {
    return this.deps.connections.list().find((c) => c.id === this.target.connectionId)?.name ?? 'a signed-out connection';
  }

  /** "Report ResellerExpenses (6b1f0c9e)". */
  private title(): string {
    const task = this.deps.task(this.target);
    return `Report ${task ? reportLabel(task) : ''} (${shortUuid(this.target.uuid)})`.replace('  ', ' ');
  }

  info(): ReportTableInfo {
    const task = this.deps.task(this.target);
    const parameters = Object.entries(task?.snapshot?.parameters ?? {}).map(([k, v]): [string, string] => [k, parameterText(v)]);
    return {
      uuid: this.target.uuid,
      connectionName: this.connectionName(),
      template: task ? reportLabel(task) : '',
      parameters,
      ...(task?.snapshot?.created_at ? { createdAt: task.snapshot.created_at } : {}),
    };
  }

  describe(): string {
    return `report ${shortUuid(this.target.uuid)} on ${this.connectionName()}`;
  }

  onReady(): void {
    void this.load();
  }

  /** Reads the result (again) and streams it to the page. */
  async load(): Promise<void> {
    this.reading?.abort();
    const reading = new AbortController();
    this.reading = reading;
    const generation = ++this.generation;
    const post = (event: ReportTableEvent) => (this.generation === generation ? this.host.postAndWait(event) : Promise.resolve(false));
    await post({ type: 'start', generation, target: { ...this.target }, info: this.info(), sentAt: Date.now() });
    const maxMB = this.deps.maxTableMB();
    const finish = (outcome: NonNullable<ReportTablePanel['last']>) => {
      if (this.generation !== generation) return;
      this.last = outcome;
      this.settled.fire(outcome);
    };
    try {
      const bound = await this.deps.bindNamed(this.target.connectionId);
      if (!bound) throw new SignedOut(`Signed out of ${this.connectionName()}: sign in to it to open this report.`);
      const signal = AbortSignal.any([reading.signal, bound.signal]);
      const opened = await bound.api.http.openStream(
        endpoints.downloadReport,
        { params: { uuid: this.target.uuid }, query: { format: 'json' } },
        { accept: REPORT_MEDIA_TYPES.json, signal },
      );
      // Rows packed in typed arrays, in batches by size (model/rowBatches.ts): a few large messages
      // cross to the page far faster than many arrays.
      const batches = new RowBatches();
      // The extension's share of the time, in the log: packing, and the read held up by the page.
      const timing = { started: performance.now(), packMs: 0, waitMs: 0, crossed: 0 };
      // One batch in flight while the next is read: the read waits for the page only when a second
      // batch is ready (two batches held at most), not for every crossing.
      let inFlight: Promise<boolean> = Promise.resolve(true);
      const send = async () => {
        const rows = batches.take();
        const packing = performance.now();
        const packed = await rowsForPage(rows);
        timing.crossed += 'deflated' in packed ? packed.body.byteLength : rowsBody(packed).bytes.byteLength;
        const waiting = performance.now();
        timing.packMs += waiting - packing;
        await inFlight;
        timing.waitMs += performance.now() - waiting;
        inFlight = post({ type: 'rows', generation, rows: packed, sentAt: Date.now() });
      };
      const result = await readReportRows(
        opened.body,
        {
          onHeaders: async (headers) => void (await post({ type: 'headers', generation, headers })),
          onRows: async (rows) => {
            if (this.generation !== generation) return false;
            if (batches.add(rows)) await send();
            return this.generation === generation;
          },
        },
        { maxBytes: maxMB * 2 ** 20 },
      );
      if (batches.size > 0) await send();
      await inFlight;
      if (this.generation !== generation) return;
      await post({ type: 'done', generation, rowCount: result.rowCount, bytes: result.bytes, complete: result.complete, maxMB });
      const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      const crossed = `${(timing.crossed / 2 ** 20).toFixed(1)} MB crossed`;
      const work = `packing and deflating ${seconds(timing.packMs)}, ${crossed}, waiting for the page ${seconds(timing.waitMs)}`;
      const took = `in ${seconds(performance.now() - timing.started)} (${work})`;
      const stopped = result.complete ? '' : `, stopped at platformConsole.reports.maxTableMB (${maxMB} MB)`;
      this.deps.log.info(`Report table of ${this.describe()}: ${plural(result.rowCount, 'row')} (${(result.bytes / 2 ** 20).toFixed(1)} MB) ${took}${stopped}`);
      finish({ generation, rowCount: result.rowCount, bytes: result.bytes, complete: result.complete });
    } catch (error) {
      if (this.generation !== generation) return;
      const message = this.deps.log.scrub(error instanceof Error ? error.message : String(error));
      this.deps.log.error(`Report table of ${this.describe()}: could not read the result`, error);
      const signIn = error instanceof SignedOut || (isPlatformError(error) && (error.kind === 'unauthorized' || error.kind === 'signedOut'));
      await post({ type: 'failed', generation, message, ...(signIn ? { signIn: true } : {}) });
      finish({ generation, rowCount: 0, bytes: 0, complete: false, error: message });
    }
  }

  onNotify(message: ReportTableNotification): void {
    switch (message.type) {
      case 'reload':
        return void this.load();
      case 'painted':
        if (message.generation === this.generation)
          this.deps.log.info(`Report table of ${this.describe()}: first rows painted ${message.ms.toFixed(0)} ms after they arrived`);
        return;
      case 'command':
        if (message.command === 'showLog') return this.deps.log.show();
        if (message.command === 'settings') return void vscode.commands.executeCommand('workbench.action.openSettings', 'platformConsole.reports.maxTableMB');
        if (message.command === 'signIn') {
          const known = this.deps.connections.list().find((c) => c.id === this.target.connectionId);
          return void vscode.commands.executeCommand('platformConsole.signIn', known ? { name: known.name, baseUrl: known.baseUrl } : undefined);
        }
        return void vscode.commands.executeCommand('platformConsole.saveReportAs', this.saveTarget()).then(undefined, (error: unknown) => {
          this.deps.log.error(`Report table of ${this.describe()}: Save Report As… failed`, error);
          this.host.post({ type: 'notice', text: this.deps.log.scrub(`Could not save the report: ${error instanceof Error ? error.message : String(error)}`) });
        });
    }
  }

  /** What Save Report As… is given: the task as the Report Tasks view holds it, with its connection. */
  private saveTarget(): { connectionId: string; uuid: string; task?: TrackedReport } {
    const task = this.deps.task(this.target);
    return { ...this.target, ...(task ? { task } : {}) };
  }

  async onRequest<M extends keyof ReportTableRequests>(_method: M, params: ReportTableRequests[M]['params']): Promise<ReportTableRequests[M]['result']> {
    // The only request: copy.
    await vscode.env.clipboard.writeText(params.text);
    return { copied: true, message: `Copied ${plural(params.rows, 'row')}.` } as ReportTableRequests[M]['result'];
  }

  private disposed = false;

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.generation++;
    this.reading?.abort();
    vscode.Disposable.from(...this.disposables).dispose();
    this.disposables.length = 0;
    this.host.dispose();
  }
}

class SignedOut extends Error {}

// Open Report (a completed task's result as a table): one panel per task and connection, from
// the Report Tasks view, the "Completed" notification and Open Report… by UUID; brought back
// after a reload by its serializer.
import * as vscode from 'vscode';
import type { ConnectionManager } from '../../connections/connectionManager';
import type { FeatureContext } from '../../ui/featureContext';
import type { Log } from '../../ui/log';
import { panelOptions, type PanelWatch } from '../../ui/panelHost';
import { registerPanelSerializer } from '../../ui/panelSerializer';
import { REPORT_TABLE_VIEW_TYPE, type ReportTablePanelState } from '../../protocol/reportTable';
import { ReportTablePanel, type ReportTableTarget } from './reportTablePanel';
import { reportTablePanelStateSchema } from './reportTableMessages';
import type { ReportTaskStore } from './reportTaskStore';
import { ReportTaskNode } from './reportTasksTree';
import type { TrackedReport } from './model/reportTasks';

/** platformConsole.reports.maxTableMB: its bounds and default (package.json says the same). */
export const MAX_TABLE_MB_DEFAULT = 128;
export const MAX_TABLE_MB_MIN = 8;
export const MAX_TABLE_MB_MAX = 1024;

export function readMaxTableMB(): number {
  const value = vscode.workspace.getConfiguration('platformConsole.reports').get<number>('maxTableMB');
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(MAX_TABLE_MB_MAX, Math.max(MAX_TABLE_MB_MIN, Math.round(value))) : MAX_TABLE_MB_DEFAULT;
}

export interface ReportTableDepsIn {
  extensionUri: vscode.Uri;
  connections: ConnectionManager;
  bindNamed: FeatureContext['bindNamed'];
  /** Open Report Table binds nothing itself: the panel reads on the task's own connection (bindNamed). */
  registerUnboundCommand: FeatureContext['registerUnboundCommand'];
  log: Log;
  store: ReportTaskStore;
  panelWatch?: PanelWatch;
}

export interface ReportTablesApi {
  open(target: ReportTableTarget): ReportTablePanel;
  readonly panels: ReportTablePanel[];
  /** What the serializer does after a reload, with a state as a page saved it (the tests call it). */
  revive(panel: vscode.WebviewPanel, saved: unknown): void;
}

const keyOf = (t: ReportTableTarget) => `${t.connectionId}/${t.uuid.toLowerCase()}`;

/** The task a command was run on: a Report Tasks row, or `{connectionId, uuid}` from a notification or a flow. */
function targetOf(arg: unknown): ReportTableTarget | undefined {
  if (arg instanceof ReportTaskNode) return { connectionId: arg.connectionId, uuid: arg.task.uuid };
  if (typeof arg === 'object' && arg !== null && 'connectionId' in arg && 'uuid' in arg) {
    const { connectionId, uuid } = arg;
    if (typeof connectionId === 'string' && typeof uuid === 'string') return { connectionId, uuid: uuid.toLowerCase() };
  }
  return undefined;
}

export function registerReportTables(deps: ReportTableDepsIn): { disposables: vscode.Disposable[]; api: ReportTablesApi } {
  const panels = new Map<string, ReportTablePanel>();
  // Tasks opened from the view's server listing (not followed, so not in the store): their template and parameters.
  const listed = new Map<string, TrackedReport>();
  const panelDeps = {
    extensionUri: deps.extensionUri,
    connections: deps.connections,
    bindNamed: deps.bindNamed,
    log: deps.log,
    task: (t: ReportTableTarget) => deps.store.get(t.connectionId, t.uuid) ?? listed.get(keyOf(t)),
    maxTableMB: readMaxTableMB,
    panelWatch: deps.panelWatch,
  };

  const attach = (panel: vscode.WebviewPanel, target: ReportTableTarget): ReportTablePanel => {
    const table = new ReportTablePanel(panel, target, panelDeps);
    const key = keyOf(target);
    panels.set(key, table);
    table.host.onDidDispose(() => {
      if (panels.get(key) === table) panels.delete(key);
    });
    return table;
  };

  const open = (target: ReportTableTarget): ReportTablePanel => {
    const existing = panels.get(keyOf(target));
    if (existing) {
      existing.panel.reveal();
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(REPORT_TABLE_VIEW_TYPE, 'Report', vscode.ViewColumn.Active, {
      ...panelOptions(deps.extensionUri),
      retainContextWhenHidden: true,
    });
    return attach(panel, target);
  };

  /** A panel restored after a reload: its connection by the saved id; one signed out since brings nothing back. */
  const revive = (panel: vscode.WebviewPanel, state: ReportTablePanelState | undefined) => {
    const saved = state?.target;
    const connection = saved && deps.connections.list().find((c) => c.id === saved.connectionId);
    if (!saved || !connection || panels.has(keyOf(saved))) {
      if (saved && !connection) deps.log.info(`Report table of ${saved.uuid.slice(0, 8)}: not brought back after the reload, its connection is signed out`);
      panel.dispose();
      return;
    }
    attach(panel, { connectionId: connection.id, uuid: saved.uuid });
  };

  const disposables: vscode.Disposable[] = [
    deps.registerUnboundCommand('platformConsole.openReportTable', (arg?: unknown) => {
      const target = targetOf(arg);
      if (target && arg instanceof ReportTaskNode) listed.set(keyOf(target), arg.task);
      // Without a task (a keybinding, the palette): Open Report… asks for its UUID.
      if (!target) return vscode.commands.executeCommand('platformConsole.openReport');
      return open(target);
    }),
    registerPanelSerializer(REPORT_TABLE_VIEW_TYPE, reportTablePanelStateSchema, deps.log, revive),
    { dispose: () => [...panels.values()].forEach((p) => p.dispose()) },
  ];
  return {
    disposables,
    api: {
      open,
      get panels() {
        return [...panels.values()];
      },
      revive: (panel, saved) => {
        const parsed = reportTablePanelStateSchema.safeParse(saved);
        revive(panel, parsed.success ? parsed.data : undefined);
      },
    },
  };
}

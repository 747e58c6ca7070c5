// "Open Function Logs…": project, region, then a recent function or a namespace and a function
// name; one panel per function (opening it again shows the open one). Panels come back after a
// window reload; "Open in Editor" documents are read-only (a content provider of our own scheme).
import * as vscode from 'vscode';
import type { BoundConnection, ConnectionManager } from '../../connections/connectionManager';
import type { FeatureContext } from '../../ui/featureContext';
import type { LogExportFormat } from '../../protocol/logExport';
import { cloudLocationSteps } from '../../ui/cloudLocation';
import type { ConnectionCloudDefaults } from '../../ui/settings';
import { fieldProblem } from '../../ui/fieldRules';
import type { FlowUi } from '../../ui/flowUi';
import { runWizard, type WizardStep } from '../../ui/wizard';
import type { Log } from '../../ui/log';
import { panelOptions, type PanelWatch } from '../../ui/panelHost';
import { pickFromList } from '../../ui/listPick';
import { registerPanelSerializer } from '../../ui/panelSerializer';
import { LOG_LIMIT_DEFAULT, LOG_LIMIT_MAX, LOG_LIMIT_MIN, functionLogsParams } from '../../schema/faas';
import { functionName as functionNameSchema } from '../../schema/schemaKit';
import {
  LOGS_VIEW_TYPE,
  functionLabel,
  targetLabel,
  type EdgeAppLogsTarget,
  type EdgeLogFilters,
  type LogsPanelState,
  type LogsTarget,
} from '../../protocol/logs';
import { FunctionLogsPanel, type LogsSettings } from './functionLogsPanel';
import { LogMemory } from './model/logMemory';
import type { LogsPageSends, LogsPanelWatch } from './logsPanelWatch';
import { logsPanelStateSchema } from './logsMessages';

export const READ_ONLY_SCHEME = 'platform-console-logs';
const RECENT_MAX = 10;
export const ANOTHER_FUNCTION = '$(edit) Another function…';

/** A function as the flow and the recent list name it. */
export interface FunctionRef {
  projectId: number;
  regionId: number;
  namespace: string;
  functionName: string;
}

interface FlowState {
  projectId?: number;
  regionId?: number;
  namespace?: string;
  functionName?: string;
  fromRecent?: boolean;
}

export interface FunctionLogsDeps extends Pick<FeatureContext, 'bindNamed' | 'registerBoundCommand'> {
  extensionUri: vscode.Uri;
  connections: ConnectionManager;
  log: Log;
  ui: () => FlowUi;
  defaults: ConnectionCloudDefaults;
  memento: vscode.Memento;
  panelWatch?: PanelWatch;
  /** Told what each panel's page is sent (under the tests only). */
  logsWatch?: LogsPanelWatch;
}

/** What the integration tests reach through the extension's exports. */
/** An edge app's log as its command opens it. */
export interface EdgeAppLogsRef {
  appId: number;
  appName: string;
  filters: EdgeLogFilters;
}

export interface FunctionLogsExports {
  /** Opens (or shows) the panel of a function on the active connection, without the flow. */
  open(ref: FunctionRef): FunctionLogsPanel | undefined;
  /**
   * Opens an edge app's log on that connection (the one its command started on); one panel per app:
   * the same filters show the open one, others replace it.
   */
  openEdgeApp(connection: { id: string; name: string; baseUrl: string }, ref: EdgeAppLogsRef): FunctionLogsPanel;
  readonly panels: readonly FunctionLogsPanel[];
  /** Answers the save dialog of Export… (undefined: VS Code's own dialog). */
  setSaveLocation(answer: ((defaultUri: vscode.Uri, format: LogExportFormat) => Promise<vscode.Uri | undefined>) | undefined): void;
  settings(): LogsSettings;
  recent(connectionId: string): FunctionRef[];
  /** The memory budget of all panels (what their lines count for now: usedBytes). */
  readonly memory: LogMemory;
  /** Brings a panel back as VS Code does after a reload, from the state its page saved (tests). */
  revive(panel: vscode.WebviewPanel, saved: unknown): void;
  /** What a panel sent its page so far; undefined without a logsWatch. */
  sent(panel: FunctionLogsPanel): LogsPageSends | undefined;
}

const clampInt = (value: unknown, min: number, max: number, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : fallback;

export function readLogsSettings(): LogsSettings {
  const config = vscode.workspace.getConfiguration('platformConsole.logs');
  return {
    limit: clampInt(config.get('limit'), LOG_LIMIT_MIN, LOG_LIMIT_MAX, LOG_LIMIT_DEFAULT),
    maxLimit: LOG_LIMIT_MAX,
    intervalMs: clampInt(config.get('pollIntervalSeconds'), 1, 3600, 2) * 1000,
    maxLines: clampInt(config.get('maxLines'), 1000, 1_000_000, 1_000_000),
    maxMemoryMB: clampInt(config.get('maxMemoryMB'), MEMORY_MB_MIN, MEMORY_MB_MAX, MEMORY_MB_DEFAULT),
  };
}

/** platformConsole.logs.maxMemoryMB: its bounds and default (package.json says the same). */
export const MEMORY_MB_MIN = 16;
export const MEMORY_MB_MAX = 4096;
export const MEMORY_MB_DEFAULT = 256;

const recentKey = (connectionId: string) => `platformConsole.logs.recent.${connectionId}`;
/** A panel's key: the connection by name and URL (a new sign-in makes a new id), then the function or the app. */
const panelKey = (c: { name: string; baseUrl: string }, r: FunctionRef | { appId: number }) =>
  `${c.name.toLowerCase()} ${c.baseUrl}/${'appId' in r ? `edge/${r.appId}` : `${r.projectId}/${r.regionId}/${r.namespace}/${r.functionName}`}`;
const refKey = (r: FunctionRef) => `${r.projectId}/${r.regionId}/${r.namespace}/${r.functionName}`;

export function registerFunctionLogs(deps: FunctionLogsDeps): { disposables: vscode.Disposable[]; exports: FunctionLogsExports } {
  const panels = new Map<string, FunctionLogsPanel>();
  const memory = new LogMemory(() => readLogsSettings().maxMemoryMB * 2 ** 20);
  let saveAnswer: ((defaultUri: vscode.Uri, format: LogExportFormat) => Promise<vscode.Uri | undefined>) | undefined;

  const recent = (connectionId: string): FunctionRef[] => deps.memento.get<FunctionRef[]>(recentKey(connectionId), []);
  const remember = async (connectionId: string, ref: FunctionRef) => {
    const rest = recent(connectionId).filter((r) => refKey(r) !== refKey(ref));
    const { projectId, regionId, namespace, functionName } = ref;
    await deps.memento.update(recentKey(connectionId), [{ projectId, regionId, namespace, functionName }, ...rest].slice(0, RECENT_MAX));
  };

  // Read-only documents: the text lives here until its editor closes.
  const documents = new Map<string, string>();
  let documentCount = 0;
  const provider: vscode.TextDocumentContentProvider = { provideTextDocumentContent: (uri) => documents.get(uri.toString()) ?? '' };
  const openReadOnly = async (name: string, text: string) => {
    const uri = vscode.Uri.from({ scheme: READ_ONLY_SCHEME, path: `/${name}`, query: `n=${++documentCount}` });
    documents.set(uri.toString(), text);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document, { preview: false, viewColumn: vscode.ViewColumn.Beside });
  };

  const saveLocation = (defaultUri: vscode.Uri, format: LogExportFormat) =>
    saveAnswer
      ? saveAnswer(defaultUri, format)
      : Promise.resolve(
          vscode.window.showSaveDialog({
            defaultUri,
            title: 'Export Function Logs',
            saveLabel: 'Export',
            filters: format === 'log' ? { 'Log files': ['log'] } : { 'JSON Lines': ['jsonl'] },
          }),
        );

  const attach = (panel: vscode.WebviewPanel, target: LogsTarget): FunctionLogsPanel => {
    const key = panelKey({ name: target.connectionName, baseUrl: target.baseUrl }, target.kind === 'edgeApp' ? target : pick(target));
    const logsPanel = new FunctionLogsPanel(panel, target, {
      extensionUri: deps.extensionUri,
      connections: deps.connections,
      bindNamed: deps.bindNamed,
      log: deps.log,
      panelWatch: deps.panelWatch,
      logsWatch: deps.logsWatch,
      settings: readLogsSettings,
      saveLocation,
      openReadOnly,
      memory,
    });
    panels.set(key, logsPanel);
    logsPanel.host.onDidDispose(() => {
      if (panels.get(key) === logsPanel) panels.delete(key);
    });
    deps.log.info(`Logs of ${logsPanel.describe()}: panel opened`);
    return logsPanel;
  };

  const open = (ref: FunctionRef): FunctionLogsPanel | undefined => {
    const connection = deps.connections.active;
    if (!connection || !deps.connections.signedIn) return undefined;
    const existing = panels.get(panelKey(connection, ref));
    if (existing) {
      existing.panel.reveal();
      return existing;
    }
    const target: LogsTarget = { connectionId: connection.id, connectionName: connection.name, baseUrl: connection.baseUrl, ...pick(ref) };
    const panel = vscode.window.createWebviewPanel(LOGS_VIEW_TYPE, `Logs: ${functionLabel(target)}`, vscode.ViewColumn.Active, {
      ...panelOptions(deps.extensionUri),
      // Up to 1,000,000 rows, a filter, a scroll position and a selection: kept while the tab is in the background.
      retainContextWhenHidden: true,
    });
    void remember(connection.id, ref);
    return attach(panel, target);
  };

  const openEdgeApp = (connection: { id: string; name: string; baseUrl: string }, ref: EdgeAppLogsRef): FunctionLogsPanel => {
    const existing = panels.get(panelKey(connection, ref));
    if (existing && existing.target.kind === 'edgeApp' && JSON.stringify(existing.target.filters) === JSON.stringify(ref.filters)) {
      existing.panel.reveal();
      return existing;
    }
    const column = existing?.panel.viewColumn ?? vscode.ViewColumn.Active;
    existing?.dispose();
    const target: EdgeAppLogsTarget = {
      kind: 'edgeApp',
      connectionId: connection.id,
      connectionName: connection.name,
      baseUrl: connection.baseUrl,
      appId: ref.appId,
      appName: ref.appName,
      filters: ref.filters,
    };
    const panel = vscode.window.createWebviewPanel(LOGS_VIEW_TYPE, `Logs: ${targetLabel(target)}`, column, {
      ...panelOptions(deps.extensionUri),
      retainContextWhenHidden: true,
    });
    return attach(panel, target);
  };

  // A Cloud view row listed on another connection never gets here (ctx.registerBoundCommand refuses
  // it): its names may not exist on this one.
  const openCommand = async (bound: BoundConnection, arg: unknown) => {
    const { connection } = bound;
    const given = arg as Partial<FunctionRef> | undefined;
    // Arguments (another command, a test) are checked like typed values; anything off goes through the flow.
    const args = typeof given === 'object' && given !== null ? given : {};
    if (isRef(args) && functionLogsParams.safeParse(toParams(args)).success) return void open(args);
    const state: FlowState = {};
    for (const [key, schema, value] of [
      ['projectId', functionLogsParams.shape.project_id, args.projectId],
      ['regionId', functionLogsParams.shape.region_id, args.regionId],
      ['namespace', functionLogsParams.shape.namespace_name, args.namespace],
      ['functionName', functionLogsParams.shape.function_name, args.functionName],
    ] as const) {
      if (value !== undefined && schema.safeParse(value).success) Object.assign(state, { [key]: value });
    }
    const defaults = deps.defaults.on(bound);
    const steps: WizardStep<FlowState>[] = [
      ...cloudLocationSteps<FlowState>(defaults),
      {
        shouldPrompt: (s) => recentIn(connection.id, s).length > 0,
        prompt: async (s, ctx) => {
          const items = recentIn(connection.id, s).map((r) => ({
            label: `$(output) ${functionLabel(r)}`,
            description: panels.has(panelKey(connection, r)) ? 'open' : undefined,
            value: r,
          }));
          const chosen = await ctx.pick({
            placeholder: `Function in project ${s.projectId}, region ${s.regionId}: a recent one, or another`,
            items: [...items, { label: ANOTHER_FUNCTION, detail: 'Type a namespace and a function name', value: null }],
          });
          s.fromRecent = chosen !== null;
          if (chosen) {
            s.namespace = chosen.namespace;
            s.functionName = chosen.functionName;
          }
        },
      },
      {
        shouldPrompt: (s) => !s.fromRecent,
        prompt: async (s, ctx) => {
          const typed = async () =>
            (
              await ctx.input({
                prompt: 'Namespace',
                placeholder: 'e.g. default: lower-case letters, digits and hyphens, 2 to 26 characters',
                value: s.namespace ?? recent(connection.id)[0]?.namespace ?? 'default',
                validate: (v) => fieldProblem(functionNameSchema(), v, 'Namespace'),
              })
            ).trim();
          const picks = defaults.picks;
          s.namespace = picks
            ? await pickFromList(ctx, {
                noun: 'namespace',
                load: (fresh) => picks.lists.namespaces(s.projectId!, s.regionId!, fresh),
                missing: () => picks.lists.isMissing('listNamespaces'),
                logError: picks.logError,
                item: (n) => ({
                  label: n.name,
                  description: [n.functions === undefined ? undefined : `${n.functions} function${n.functions === 1 ? '' : 's'}`, n.status]
                    .filter(Boolean)
                    .join(' · '),
                  detail: n.description || undefined,
                  value: n.name,
                }),
                current: s.namespace ?? recent(connection.id)[0]?.namespace,
                enterLabel: 'Enter a namespace…',
                emptyDetail: `No FaaS namespaces in project ${s.projectId}, region ${s.regionId}`,
                typed,
              })
            : await typed();
        },
      },
      {
        shouldPrompt: (s) => !s.fromRecent,
        prompt: async (s, ctx) => {
          const typed = async () =>
            (
              await ctx.input({
                prompt: 'Function name',
                placeholder: 'e.g. hello-world: lower-case letters, digits and hyphens, 2 to 26 characters',
                value: s.functionName ?? '',
                validate: (v) => fieldProblem(functionNameSchema(), v, 'Function name'),
              })
            ).trim();
          const picks = defaults.picks;
          s.functionName = picks
            ? await pickFromList(ctx, {
                noun: 'function',
                load: (fresh) => picks.lists.functions(s.projectId!, s.regionId!, s.namespace!, fresh),
                missing: () => picks.lists.isMissing('listFunctions'),
                logError: picks.logError,
                item: (f) => ({
                  label: f.name,
                  description: [f.status, f.runtime].filter(Boolean).join(' · ') || undefined,
                  detail: f.description || undefined,
                  value: f.name,
                }),
                current: s.functionName,
                enterLabel: 'Enter a function name…',
                emptyDetail: `No functions in namespace ${s.namespace}`,
                typed,
              })
            : await typed();
        },
      },
    ];
    const done = await runWizard(state, { title: `Open Function Logs on ${connection.name}`, steps, ui: deps.ui() });
    if (!done || !isRef(done)) return;
    await defaults.rememberMissing({ projectId: done.projectId, regionId: done.regionId });
    open(done);
  };

  /**
   * A panel restored after a reload. Its page saved which function it showed and the connection's
   * id; the connection's name and URL are read from the stored connections by that id (the page's
   * state is the page's to write: a URL from it would decide where the key goes). A connection
   * that is gone (signed out since) brings nothing back.
   */
  const revive = (panel: vscode.WebviewPanel, state: LogsPanelState | undefined) => {
    const saved = state?.target;
    const connection = saved && deps.connections.list().find((c) => c.id === saved.connectionId);
    if (!saved || !connection) {
      if (saved) deps.log.info(`Logs of ${targetLabel(saved)}: not brought back after the reload, the connection it was opened on is signed out`);
      panel.dispose();
      return;
    }
    const where = { connectionId: connection.id, connectionName: connection.name, baseUrl: connection.baseUrl };
    const target: LogsTarget =
      saved.kind === 'edgeApp'
        ? { ...where, kind: 'edgeApp', appId: saved.appId, appName: saved.appName, filters: saved.filters }
        : { ...where, ...pick(saved) };
    // Open already: nothing to bring back.
    if (panels.has(panelKey(connection, target.kind === 'edgeApp' ? target : pick(target)))) {
      panel.dispose();
      return;
    }
    attach(panel, target);
  };

  const recentIn = (connectionId: string, s: FlowState) => recent(connectionId).filter((r) => r.projectId === s.projectId && r.regionId === s.regionId);

  const disposables: vscode.Disposable[] = [
    deps.registerBoundCommand('platformConsole.openFunctionLogs', openCommand),
    vscode.workspace.registerTextDocumentContentProvider(READ_ONLY_SCHEME, provider),
    vscode.workspace.onDidCloseTextDocument((d) => {
      if (d.uri.scheme === READ_ONLY_SCHEME) documents.delete(d.uri.toString());
    }),
    registerPanelSerializer(LOGS_VIEW_TYPE, logsPanelStateSchema, deps.log, revive),
    vscode.workspace.onDidChangeConfiguration((e) => {
      // A lower budget applies at once, not at the next read.
      if (e.affectsConfiguration('platformConsole.logs.maxMemoryMB')) memory.settle();
    }),
    { dispose: () => [...panels.values()].forEach((p) => p.dispose()) },
  ];

  return {
    disposables,
    exports: {
      open,
      openEdgeApp,
      get panels() {
        return [...panels.values()];
      },
      setSaveLocation: (answer) => {
        saveAnswer = answer;
      },
      settings: readLogsSettings,
      recent,
      memory,
      revive: (panel, saved) => {
        const parsed = logsPanelStateSchema.safeParse(saved);
        revive(panel, parsed.success ? parsed.data : undefined);
      },
      sent: (panel) => deps.logsWatch?.sent(panel),
    },
  };
}

function isRef(s: Partial<FunctionRef>): s is FunctionRef {
  return typeof s.projectId === 'number' && typeof s.regionId === 'number' && typeof s.namespace === 'string' && typeof s.functionName === 'string';
}

function toParams(r: FunctionRef) {
  return { project_id: r.projectId, region_id: r.regionId, namespace_name: r.namespace, function_name: r.functionName };
}

function pick(ref: FunctionRef): FunctionRef {
  return { projectId: ref.projectId, regionId: ref.regionId, namespace: ref.namespace, functionName: ref.functionName };
}

// "Open App Logs…": an edge app's log in the log viewer, read with filters the platform applies
// (time range, search, client IP, request id, edge). From an app's row in the Edge view, or the
// palette (the account's apps a page at a time, or an id typed). The filters are one pick: Enter
// on "Open Logs" opens with what it shows; each other item changes one filter. The panel reads on
// the connection the command started on.
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import { ListPages } from '../../platform/listPages';
import { EDGE_LOG_FILTER_MAX } from '../../schema/edgeLogs';
import { lazySchema } from '../../schema/lazySchema';
import type { EdgeAppItem } from '../../schema/edgeLists';
import { positiveId, textOf } from '../../schema/schemaKit';
import { EDGE_LOG_RANGES, EDGE_LOG_RANGE_DEFAULT, edgeFiltersText, rangeText, type EdgeLogFilters } from '../../protocol/logs';
import { fieldProblem, parseWholeNumber, wholeNumberProblem } from '../../ui/fieldRules';
import type { FeatureContext } from '../../ui/featureContext';
import type { FlowUi } from '../../ui/flowUi';
import { pickFromList } from '../../ui/listPick';
import type { Log } from '../../ui/log';
import { checksQuietWhenEmpty } from '../../ui/promptChecks';
import { runWizard, type StepContext } from '../../ui/wizard';
import type { EdgeAppLogsRef, FunctionLogsExports } from './functionLogsCommands';
import { edgeLogFiltersSchema } from './logsMessages';

export const OPEN_EDGE_APP_LOGS = 'platformConsole.openEdgeAppLogs';
export const OPEN_LOGS_ITEM = '$(output) Open Logs';
const PICK_PAGE = 100;

export interface EdgeAppLogsDeps extends Pick<FeatureContext, 'registerBoundCommand'> {
  log: Log;
  ui: () => FlowUi;
  logs: Pick<FunctionLogsExports, 'openEdgeApp'>;
}

type FilterKey = 'search' | 'clientIp' | 'requestId' | 'edge';
const FILTERS: Record<FilterKey, { label: string; prompt: string; placeholder: string }> = {
  search: { label: 'Search', prompt: 'Text the log message contains (the platform matches it)', placeholder: 'e.g. panic; empty: any message' },
  clientIp: { label: 'Client IP', prompt: 'Client IP address of the requests', placeholder: 'e.g. 203.0.113.7; empty: any client' },
  requestId: { label: 'Request ID', prompt: 'Request ID (every line of one request)', placeholder: 'e.g. 5f2c0d1e9a7b3c44; empty: any request' },
  edge: { label: 'Edge', prompt: 'Edge location name', placeholder: 'e.g. ed-fra-01; empty: any edge' },
};
// Built at its first check, not as the extension loads (#57: the first zod schema built costs most).
const filterText = lazySchema(() => textOf(1, EDGE_LOG_FILTER_MAX));

/** What the command's arguments name: an app's row (`app.id`), or `{ appId, appName?, filters? }`. */
function given(arg: unknown): { appId?: number; appName?: string; filters?: EdgeLogFilters } {
  if (typeof arg !== 'object' || arg === null) return {};
  const a = arg as { app?: { id?: unknown; name?: unknown }; appId?: unknown; appName?: unknown; filters?: unknown };
  const id = a.app?.id ?? a.appId;
  const name = a.app?.name ?? a.appName;
  const filters = edgeLogFiltersSchema.safeParse(a.filters);
  return {
    ...(positiveId().safeParse(id).success && { appId: id as number }),
    ...(typeof name === 'string' && name.length <= 64 && { appName: name }),
    ...(filters.success && { filters: filters.data }),
  };
}

/** The filters as one pick: Enter opens; any other item changes that filter and comes back. */
export async function askFilters(ctx: StepContext, filters: EdgeLogFilters): Promise<void> {
  for (;;) {
    const choice = await ctx.pick<'open' | 'range' | FilterKey>({
      placeholder: 'Read on the server with these filters: Enter opens the logs, or pick a filter to change it',
      activeValue: 'open',
      items: [
        { label: OPEN_LOGS_ITEM, description: edgeFiltersText(filters), value: 'open' },
        {
          label: 'Time range',
          description: rangeText(filters.rangeMinutes),
          detail: 'How far back the log is read (following adds new lines)',
          value: 'range',
        },
        ...(Object.keys(FILTERS) as FilterKey[]).map((key) => ({ label: FILTERS[key].label, description: filters[key] ?? 'any', value: key })),
      ],
    });
    if (choice === 'open') return;
    if (choice === 'range') {
      filters.rangeMinutes = await ctx.pick({
        placeholder: 'Time range',
        items: EDGE_LOG_RANGES.map((m): { label: string; value: number } => ({ label: rangeText(m), value: m })),
        activeValue: filters.rangeMinutes,
      });
      continue;
    }
    const spec = FILTERS[choice];
    const typed = (
      await ctx.input({
        prompt: spec.prompt,
        placeholder: spec.placeholder,
        value: filters[choice] ?? '',
        validate: (v) => (v.trim() ? fieldProblem(filterText, v.trim(), spec.label) : undefined),
      })
    ).trim();
    if (typed) filters[choice] = typed;
    else delete filters[choice];
  }
}

export function registerEdgeAppLogsCommand(deps: EdgeAppLogsDeps): vscode.Disposable {
  const { log } = deps;

  const pickApp = (bound: BoundConnection, ctx: StepContext) => {
    const pages = new ListPages<EdgeAppItem>({
      lists: bound.lists,
      endpoint: 'listEdgeApps',
      read: async (offset) => {
        const page = await bound.api.edge.listEdgeApps({ params: {}, query: { limit: PICK_PAGE, offset, ordering: 'name' } });
        return { results: page.apps, count: page.count, next: page.apps.length === PICK_PAGE ? 'more' : null };
      },
    });
    const idSchema = positiveId();
    const typed = async () => ({
      id: parseWholeNumber(
        await ctx.input({
          prompt: 'ID of the edge app (a positive whole number)',
          value: '',
          ...checksQuietWhenEmpty((v) => wholeNumberProblem(idSchema, v, 'App ID'), 'App ID: must not be empty'),
        }),
      )!,
      name: '',
    });
    return pickFromList(ctx, {
      noun: 'edge app',
      load: () => pages.first(),
      missing: () => bound.lists.isMissing('listEdgeApps'),
      more: { has: () => pages.hasMore(), load: () => pages.more(), describe: () => `${pages.shown()}; the next ${PICK_PAGE}` },
      item: (app) => ({
        label: app.name || `App ${app.id}`,
        description: `id ${app.id}`,
        detail: app.url ?? undefined,
        value: { id: app.id, name: app.name ?? '' },
      }),
      typed,
      logError: (error) => log.error('Could not list the edge apps', error),
    });
  };

  // Bound once: the flow and the panel use the connection the command started on; an Edge view
  // row listed on another connection is refused before (its app id may name another app here).
  return deps.registerBoundCommand(OPEN_EDGE_APP_LOGS, async (bound, arg) => {
    const args = given(arg);
    const state: { app?: { id: number; name: string }; filters: EdgeLogFilters } = {
      ...(args.appId !== undefined && { app: { id: args.appId, name: args.appName ?? '' } }),
      filters: args.filters ? { ...args.filters } : { rangeMinutes: EDGE_LOG_RANGE_DEFAULT },
    };
    // An app and its filters given (another command, a test): opened as they say.
    if (state.app && args.filters) return void open(bound, { appId: state.app.id, appName: state.app.name, filters: state.filters });
    const hadApp = state.app !== undefined;
    const done = await runWizard(state, {
      title: `Open App Logs on ${bound.connection.name}`,
      ui: deps.ui(),
      steps: [
        {
          shouldPrompt: () => !hadApp,
          prompt: async (s, ctx) => {
            s.app = await pickApp(bound, ctx);
          },
        },
        { prompt: (s, ctx) => askFilters(ctx, s.filters) },
      ],
    });
    if (!done?.app) return;
    open(bound, { appId: done.app.id, appName: done.app.name, filters: done.filters });
  });

  function open(bound: BoundConnection, ref: EdgeAppLogsRef) {
    const panel = deps.logs.openEdgeApp(bound.connection, ref);
    log.info(`Logs of edge app ${ref.appName || ref.appId} (${ref.appId}) on ${bound.connection.name}: opened, ${edgeFiltersText(ref.filters)}`);
    return panel;
  }
}

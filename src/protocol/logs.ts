// The log panel's messages (a function's log, or an edge app's). Types and constants only: the webview bundle imports this
// file, so it stays free of `vscode`, the DOM and zod.
//
// The extension fetches and merges; the webview keeps a copy of the held list. After a `reset`
// (the whole list, on every (re)load of the page) the extension sends only `ops`: what a merge
// changed, numbered by `seq`, so a copy that missed one asks for a `resync`.
import type { LogFilterSpec } from './logFilter';
import type { ItemList } from './packedItems';

export type { LogFilterSpec };

export const LOGS_VIEW_TYPE = 'platformConsole.functionLogs';

/** The connection a panel reads on, known by its name and URL (signing out and in again makes a new id for the same platform). */
export interface LogsConnectionRef {
  connectionId: string;
  connectionName: string;
  baseUrl: string;
}

/** A function's log (the first source; saved states from before edge apps carry no `kind`). */
export interface FunctionLogsTarget extends LogsConnectionRef {
  kind?: 'function';
  projectId: number;
  regionId: number;
  namespace: string;
  functionName: string;
}

/**
 * What an edge app's log is read with on the server: the last `rangeMinutes` (sliding while
 * following) and the published filters, each matched by the platform.
 */
export interface EdgeLogFilters {
  rangeMinutes: number;
  search?: string;
  clientIp?: string;
  requestId?: string;
  edge?: string;
}

/** An edge app's log, read with server-side filters. */
export interface EdgeAppLogsTarget extends LogsConnectionRef {
  kind: 'edgeApp';
  appId: number;
  /** As the platform named it when the panel opened (titles only). */
  appName: string;
  filters: EdgeLogFilters;
}

/** Which log a panel shows, and on which connection. */
export type LogsTarget = FunctionLogsTarget | EdgeAppLogsTarget;

/** The time ranges offered, in minutes (the published default is the last hour). */
export const EDGE_LOG_RANGES = [15, 60, 360, 1440, 10080] as const;
export const EDGE_LOG_RANGE_DEFAULT = 60;

/** "last hour", "last 15 minutes", "last 7 days". */
export function rangeText(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? 'last 24 hours' : `last ${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? 'last hour' : `last ${minutes / 60} hours`;
  return `last ${minutes} minutes`;
}

/** "last hour · request id 5f2c… · edge ed-fra-01": the server filters in words. */
export function edgeFiltersText(f: EdgeLogFilters): string {
  return [
    rangeText(f.rangeMinutes),
    f.search && `search "${f.search}"`,
    f.clientIp && `client IP ${f.clientIp}`,
    f.requestId && `request id ${f.requestId}`,
    f.edge && `edge ${f.edge}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Items as tuples (a read's few) or packed in typed arrays (the many of a reset: packedItems.ts). */
export type WireOp = { op: 'insert'; index: number; items: ItemList } | { op: 'append'; items: ItemList } | { op: 'dropFront'; count: number };

export type FollowState =
  /** The first read is under way and nothing is held yet. */
  | 'loading'
  /** Reading every `intervalSeconds`. */
  | 'following'
  /** Not reading: the person paused, the panel is hidden, or the connection is not this panel's. */
  | 'paused'
  /** The last read failed; the next attempt comes by itself after `retryInSeconds`. */
  | 'retrying'
  /** The last read failed in a way retrying cannot fix (key rejected, function not found): Retry by hand. */
  | 'stopped';

export interface FollowStatus {
  state: FollowState;
  /** Why it is paused or stopped, in words. */
  reason?: string;
  /** The error of the last read, already key-free. */
  error?: string;
  retryInSeconds?: number;
  /** Offer "Sign In Again" (the key was rejected). */
  signIn?: boolean;
  /** The person's own Follow toggle. */
  follow: boolean;
  intervalSeconds: number;
  limit: number;
  /** When the last read succeeded (ISO 8601), for "updated 3 s ago". */
  lastReadAt?: string;
  /** The limit the last read needed (larger than `limit` when it closed a gap). */
  lastLimit?: number;
  /** The oldest lines dropped so far to keep within the panel's limit (counted in the status line). */
  dropped?: number;
  /** A source that pages back (an edge app): how far it has read into the range. */
  older?: OlderStatus;
}

/** Paging back through a range: lines read back so far of `total` the server counts, and whether more are left. */
export interface OlderStatus {
  read: number;
  total?: number;
  more: boolean;
  loading: boolean;
  error?: string;
}

/** Extension -> webview. */
export type LogsEvent =
  | {
      type: 'reset';
      generation: number;
      target: LogsTarget;
      maxLines: number;
      /** platformConsole.logs.maxMemoryMB: what the lines of all panels may take together. */
      maxMemoryMB: number;
      pods: string[];
      /** The newest held items (all of them when few): the page shows these at once. */
      items: ItemList;
      /** Older items still to come, in `backfill` ops (inserts at the top), newest chunk first. */
      pending: number;
      /** They wait for the page's `painted` (many of them: model/backfill.ts). */
      awaitsPaint?: boolean;
      status: FollowStatus;
      /** Date.now() when the extension posted it (the page times post -> painted with it). */
      sentAt: number;
    }
  | {
      type: 'ops';
      generation: number;
      /** 1, 2, 3… after each reset. */
      seq: number;
      /** Pods first seen in these ops, appended to the pod table. */
      newPods: string[];
      ops: WireOp[];
      /** Older lines of the reset arriving (not new lines: no "N new lines" for them). */
      backfill?: boolean;
      /** Older lines read back through the range (a source that pages): not new lines either. */
      older?: boolean;
      sentAt: number;
    }
  | { type: 'status'; status: FollowStatus }
  /** What an export or Open in Editor did, for the page to say. */
  | { type: 'notice'; text: string };

/** Webview -> extension notifications. */
export type LogsNotification =
  | { type: 'follow'; on: boolean }
  | { type: 'retryNow' }
  /** Read the next page of older lines (a source that pages back). */
  | { type: 'older' }
  /** The copy missed an `ops` message (or holds another generation): send a reset. */
  | { type: 'resync'; generation: number }
  /** The newest rows of that reset are painted (a big reset's older chunks wait for it). */
  | { type: 'painted'; generation: number }
  | { type: 'command'; command: 'showLog' | 'signIn' | 'settings' }
  /**
   * Asks where (the save dialog may stay open a long time: the answer comes as a `notice`, not
   * a reply), then writes the shown (filtered as `filter`) or all held lines.
   */
  | { type: 'export'; scope: ExportScope; format: ExportFormat; filter: LogFilterSpec }
  /** The shown lines as a read-only text document; the answer comes as a `notice`. */
  | { type: 'openInEditor'; filter: LogFilterSpec }
  /**
   * A line held cut (over 16 KB) read whole from the platform again and opened read-only (`time`
   * exactly as sent, `message` as held, with its mark); the answer comes as a `notice`.
   */
  | { type: 'fullLine'; time: string; pod: string; message: string };

export type ExportScope = 'shown' | 'all';
export type ExportFormat = 'log' | 'jsonl';

/** Webview -> extension requests and their results. */
export type LogsRequests = {
  /** Puts the selected rows' text on the clipboard. */
  copy: { params: { text: string; rows: number }; result: { copied: boolean; message: string } };
};

/** What the page keeps across reloads (webview setState): the person's view settings, not the lines. */
export interface LogsViewState {
  filter: LogFilterSpec;
  utc: boolean;
  /** The details pane under the list (a line read whole, wrapped) is open. */
  details?: boolean;
}

/**
 * Which log a panel showed, as its page saves it: the connection by id only. The page's saved
 * state is page-controlled (untrusted): a revived panel reads the connection's name and URL from the
 * extension's own stored connections, never from here.
 */
export type SavedLogsTarget =
  | Pick<FunctionLogsTarget, 'kind' | 'connectionId' | 'projectId' | 'regionId' | 'namespace' | 'functionName'>
  | Pick<EdgeAppLogsTarget, 'kind' | 'connectionId' | 'appId' | 'appName' | 'filters'>;

/** What a page saves of its target. */
export const savedTarget = (t: LogsTarget): SavedLogsTarget => {
  if (t.kind === 'edgeApp') return { kind: 'edgeApp', connectionId: t.connectionId, appId: t.appId, appName: t.appName, filters: t.filters };
  const { connectionId, projectId, regionId, namespace, functionName } = t;
  return { connectionId, projectId, regionId, namespace, functionName };
};

/** The saved state the serializer gets back: which log the panel showed. */
export interface LogsPanelState extends LogsViewState {
  target?: SavedLogsTarget;
}

/** "default/hello-world": how a function is named in titles. */
export function functionLabel(target: Pick<FunctionLogsTarget, 'namespace' | 'functionName'>): string {
  return `${target.namespace}/${target.functionName}`;
}

/** How a panel's log is named in titles: "default/hello-world", "edge app hello-world". */
export function targetLabel(target: SavedLogsTarget | LogsTarget): string {
  return target.kind === 'edgeApp' ? `edge app ${target.appName || target.appId}` : functionLabel(target);
}

/** Bound of a filter's text and of a copied selection, checked on both sides. */
export const FILTER_TEXT_MAX = 1000;
export const COPY_TEXT_MAX = 64 * 1024 * 1024;

// An edge app's log as a log source: the platform filters (time range, search, client IP, request
// id, edge) and pages (`offset`/`limit` from the newest); a read asks for pages of at most
// EDGE_LOG_PAGE_MAX. A line holds the entry's time, its edge as the "pod" (a short chip, a
// client-side filter), and a message that starts with its client IP and request id (the page
// shows them as chips: protocol/edgeLineParts.ts).
import { EDGE_LOG_PAGE_MAX, type EdgeLogEntry, type EdgeLogsAnswer, type EdgeLogsQuery } from '../../../schema/edgeLogs';
import type { RawLogEntry } from '../../../protocol/logItems';
import type { EdgeLogFilters, OlderStatus } from '../../../protocol/logs';
import { edgeLineMessage } from '../../../protocol/edgeLineParts';
import type { LogSource, OlderPager } from './logSource';

export type EdgeLogsCall = (query: EdgeLogsQuery, signal: AbortSignal) => Promise<EdgeLogsAnswer>;

const MINUTE_MS = 60_000;

/** The query of one page: the filters given, newest first, `from` the range's start at `nowMs`. */
export function edgeLogQuery(filters: EdgeLogFilters, nowMs: number, page: { limit: number; offset: number; to?: string }): EdgeLogsQuery {
  return {
    from: new Date(nowMs - filters.rangeMinutes * MINUTE_MS).toISOString(),
    ...(page.to !== undefined && { to: page.to }),
    ...(filters.search && { search: filters.search }),
    ...(filters.clientIp && { client_ip: filters.clientIp }),
    ...(filters.requestId && { request_id: filters.requestId }),
    ...(filters.edge && { edge: filters.edge }),
    sort: 'desc',
    limit: Math.min(EDGE_LOG_PAGE_MAX, Math.max(1, page.limit)),
    offset: page.offset,
  };
}

/** An entry as a held line: time, edge, and the message with its client IP and request id first. */
export function edgeEntryLine(entry: EdgeLogEntry): RawLogEntry {
  return {
    Time: entry.timestamp ?? '',
    Pod: entry.edge ?? '',
    Message: edgeLineMessage(entry.client_ip ?? '', entry.request_id ?? '', entry.log ?? ''),
  };
}

/**
 * Reads pages from `offset` until `limit` lines, the last page (shorter than asked) or `count`;
 * returns the lines and the count the server gave.
 */
async function readPages(call: EdgeLogsCall, query: (limit: number, offset: number) => EdgeLogsQuery, offset: number, limit: number, signal: AbortSignal) {
  const lines: RawLogEntry[] = [];
  let count: number | undefined;
  let at = offset;
  while (lines.length < limit) {
    const asked = Math.min(EDGE_LOG_PAGE_MAX, limit - lines.length);
    const answer = await call(query(asked, at), signal);
    const logs = answer.logs ?? [];
    count = answer.count ?? count;
    for (const entry of logs) lines.push(edgeEntryLine(entry));
    at += logs.length;
    if (logs.length < asked || (count !== undefined && at >= count)) break;
  }
  return { lines, count, next: at };
}

export class EdgeOlderPager implements OlderPager {
  private anchor: { to: string; nowMs: number } | undefined;
  private offset = 0;
  private total: number | undefined;
  private done = false;
  private loading = false;
  private error: string | undefined;

  constructor(
    private readonly call: EdgeLogsCall,
    private readonly filters: EdgeLogFilters,
    private readonly now: () => number,
  ) {}

  status(): OlderStatus {
    return {
      read: this.offset,
      ...(this.total !== undefined && { total: this.total }),
      more: !this.done,
      loading: this.loading,
      ...(this.error && { error: this.error }),
    };
  }

  async next(oldestHeld: string | undefined, limit: number, signal: AbortSignal): Promise<readonly RawLogEntry[]> {
    if (this.done || this.loading) return [];
    // The first page fixes where paging starts: offsets count back from there, whatever arrives later.
    const anchor = (this.anchor ??= { to: oldestHeld ?? new Date(this.now()).toISOString(), nowMs: this.now() });
    this.loading = true;
    this.error = undefined;
    try {
      const page = await readPages(
        this.call,
        (asked, offset) => edgeLogQuery(this.filters, anchor.nowMs, { limit: asked, offset, to: anchor.to }),
        this.offset,
        limit,
        signal,
      );
      this.offset = page.next;
      this.total = page.count;
      this.done = page.lines.length < limit || (page.count !== undefined && page.next >= page.count);
      return page.lines;
    } catch (error) {
      this.error = error instanceof Error ? error.message : String(error);
      throw error;
    } finally {
      this.loading = false;
    }
  }
}

/** The source of one app's panel: the newest lines with the filters, and paging back. */
export function edgeLogSource(call: EdgeLogsCall, filters: EdgeLogFilters, now: () => number = Date.now): LogSource {
  return {
    newest: async (limit, signal) => {
      const nowMs = now();
      return (await readPages(call, (asked, offset) => edgeLogQuery(filters, nowMs, { limit: asked, offset }), 0, limit, signal)).lines;
    },
    older: new EdgeOlderPager(call, filters, now),
  };
}

// An edge app's log as a log source: the query each read sends (filters, range, newest first,
// page bound), reads of more than a page walking the offset, paging back from a fixed point,
// the line mapping (edge as the pod, client IP and request id leading the message), the held
// list taking a page of older lines in one insert, and the client refusing a bad query.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EDGE_LOG_PAGE_MAX, edgeLogsQuery, type EdgeLogsAnswer, type EdgeLogsQuery } from '../../src/schema/edgeLogs';
import { edgeEntryLine, edgeLogQuery, edgeLogSource, EdgeOlderPager } from '../../src/features/logs/model/edgeLogSource';
import { edgeLineMessage, edgeLineParts, requestChip } from '../../src/protocol/edgeLineParts';
import { LogTail, applyLogOps, toLogLine } from '../../src/features/logs/model/logTail';
import type { LogItem } from '../../src/protocol/logItems';
import { edgeAppLogs } from '../../simulator/edgeAppLogs';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const signal = new AbortController().signal;

/** The simulator's own generator behind a recording call: what each read asked, and its answer. */
function recorder(appId = 101) {
  const asked: EdgeLogsQuery[] = [];
  const call = async (query: EdgeLogsQuery): Promise<EdgeLogsAnswer> => {
    asked.push(query);
    assert.equal(edgeLogsQuery.safeParse(query).success, true, JSON.stringify(query));
    const toMs = Math.min(NOW, query.to ? Date.parse(query.to) : NOW);
    const { count, logs } = edgeAppLogs(
      { id: appId, name: 'hello' },
      {
        fromMs: Date.parse(query.from!),
        toMs,
        search: query.search,
        clientIp: query.client_ip,
        requestId: query.request_id,
        edge: query.edge,
        sort: query.sort ?? 'desc',
        limit: Math.min(query.limit ?? 1000, 1000),
        offset: query.offset ?? 0,
      },
    );
    return { count, logs: logs.map((l) => ({ ...l })), offset: query.offset ?? 0 };
  };
  return { asked, call };
}

describe('edge log query', () => {
  it('sends the range as `from`, every filter set, newest first, at most a page', () => {
    const q = edgeLogQuery({ rangeMinutes: 60, requestId: 'abc', clientIp: '203.0.113.7', edge: 'ed-fra-01', search: 'panic' }, NOW, {
      limit: 5000,
      offset: 2000,
    });
    assert.deepEqual(q, {
      from: '2026-11-20T11:00:00.000Z',
      search: 'panic',
      client_ip: '203.0.113.7',
      request_id: 'abc',
      edge: 'ed-fra-01',
      sort: 'desc',
      limit: EDGE_LOG_PAGE_MAX,
      offset: 2000,
    });
    const plain = edgeLogQuery({ rangeMinutes: 15 }, NOW, { limit: 10, offset: 0, to: '2026-11-20T11:59:00Z' });
    assert.deepEqual(Object.keys(plain).sort(), ['from', 'limit', 'offset', 'sort', 'to']);
    assert.equal(plain.from, '2026-11-20T11:45:00.000Z');
  });

  it('the client refuses a range backwards, a zone-less time, an empty or long filter, limit 0, a bad sort', () => {
    const bad = (q: Record<string, unknown>) => edgeLogsQuery.safeParse(q).success;
    assert.equal(bad({ from: '2026-11-20T12:00:00Z', to: '2026-11-20T11:00:00Z' }), false);
    assert.equal(bad({ from: '2026-11-20T12:00:00' }), false);
    assert.equal(bad({ search: '' }), false);
    assert.equal(bad({ request_id: 'x'.repeat(256) }), false);
    assert.equal(bad({ limit: 0 }), false);
    assert.equal(bad({ offset: -1 }), false);
    assert.equal(bad({ sort: 'up' }), false);
    assert.equal(bad({ from: '2026-11-20T11:00:00+02:00', to: '2026-11-20T12:00:00Z', limit: 1000, offset: 0, sort: 'asc' }), true);
  });
});

describe('edge log lines', () => {
  it('a line holds the time, the edge as its pod, and the client IP and request id ahead of the text', () => {
    const raw = edgeEntryLine({
      timestamp: '2026-11-20T11:59:59.5Z',
      edge: 'ed-ams-02',
      client_ip: '198.51.100.4',
      request_id: '0a1b2c3d4e5f6a7b',
      log: 'GET / from x',
    });
    assert.deepEqual(raw, { Time: '2026-11-20T11:59:59.5Z', Pod: 'ed-ams-02', Message: '198.51.100.4 0a1b2c3d4e5f6a7b GET / from x' });
    assert.deepEqual(edgeLineParts(raw.Message!), { clientIp: '198.51.100.4', requestId: '0a1b2c3d4e5f6a7b', text: 'GET / from x' });
    // Missing parts hold their place; a value with blanks stays one part.
    const sparse = edgeLineMessage('', 'a b', 'text with  blanks');
    assert.deepEqual(edgeLineParts(sparse), { clientIp: '', requestId: 'a_b', text: 'text with  blanks' });
    assert.equal(edgeLineParts('no-parts'), undefined);
    assert.equal(requestChip('0a1b2c3d4e5f6a7b'), '0a1b2c3d…');
    assert.equal(requestChip('short'), 'short');
  });
});

describe('edge log source', () => {
  it('reads the newest in pages of at most 1000, walking the offset, and stops at count', async () => {
    const { asked, call } = recorder();
    const source = edgeLogSource(call, { rangeMinutes: 60 }, () => NOW);
    const lines = await source.newest(2500, signal);
    assert.equal(lines.length, 2500);
    assert.deepEqual(
      asked.map((q) => [q.offset, q.limit]),
      [
        [0, 1000],
        [1000, 1000],
        [2000, 500],
      ],
    );
    const few = recorder();
    const one = (await edgeLogSource(few.call, { rangeMinutes: 60 }, () => NOW).newest(1000, signal))[0]!;
    const requestId = edgeLineParts(one.Message!)!.requestId;
    const narrow = recorder();
    const matched = await edgeLogSource(narrow.call, { rangeMinutes: 60, requestId }, () => NOW).newest(5000, signal);
    assert.equal(narrow.asked.length, 1, 'a short page is the last');
    assert.ok(matched.length >= 1 && matched.every((l) => edgeLineParts(l.Message!)!.requestId === requestId));
  });

  it('pages back from the oldest held line: offsets from that point, no line twice, to the start of the range', async () => {
    const { asked, call } = recorder();
    let now = NOW;
    const pager = new EdgeOlderPager(call, { rangeMinutes: 15 }, () => now);
    const tail = new LogTail(1_000_000);
    const first = await edgeLogSource(call, { rangeMinutes: 15 }, () => now).newest(1000, signal);
    tail.merge(first.map(toLogLine), { limit: 1000 });
    const oldest = () => (tail.view().at(0) as { timeText: string }).timeText;
    const anchor = oldest();
    const copy: LogItem[] = tail.snapshot();
    let pages = 0;
    while (pager.status().more) {
      now += 5_000; // time passes between pages: the anchor does not move
      const page = await pager.next(oldest(), 1000, signal);
      const result = tail.mergeOlder(page.map(toLogLine));
      applyLogOps(copy, result.ops, (i) => i);
      pages++;
      assert.ok(pages < 40, 'ends');
    }
    const older = asked.slice(1);
    // The range's start is fixed by the first older page (5 s after the first read here).
    assert.ok(
      older.every((q) => q.to === anchor && q.from === '2026-11-20T11:45:05.000Z'),
      'every older page from the same point and range',
    );
    assert.deepEqual(
      older.map((q) => q.offset),
      older.map((_, k) => k * 1000),
    );
    const total = edgeAppLogs({ id: 101, name: 'hello' }, { fromMs: NOW + 5_000 - 15 * 60_000, toMs: NOW, sort: 'desc', limit: 1, offset: 0 }).count;
    assert.equal(tail.size, total, 'every line of the range held once');
    const times = tail.snapshot().map((l) => l.time);
    assert.deepEqual(
      times,
      [...times].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
      'in time order',
    );
    assert.deepEqual(
      copy.map((l) => l.kind === 'line' && l.message),
      tail.snapshot().map((l) => l.kind === 'line' && l.message),
      "the page's copy follows the ops",
    );
    assert.deepEqual(pager.status(), { read: pager.status().read, total: pager.status().total, more: false, loading: false });
    assert.equal(await pager.next(oldest(), 1000, signal).then((l) => l.length), 0, 'nothing after the start of the range');
  });

  it('a page of older lines goes in with one insert op at the front', () => {
    const tail = new LogTail(100);
    const line = (s: number, m: string) => toLogLine({ Time: `2026-11-20T11:00:${String(s).padStart(2, '0')}Z`, Pod: 'ed', Message: m });
    tail.merge([line(30, 'a'), line(31, 'b')], { limit: 10 });
    const result = tail.mergeOlder([line(29, 'y'), line(28, 'x'), line(30, 'a')]);
    assert.deepEqual(
      result.ops.map((o) => o.op === 'insert' && [o.index, o.items.length]),
      [[0, 2]],
      'the repeated line at the edge is not added',
    );
    assert.deepEqual(
      tail.snapshot().map((l) => l.kind === 'line' && l.message),
      ['x', 'y', 'a', 'b'],
    );
  });
});

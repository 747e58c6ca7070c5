// Function logs on the extension side, against the simulator (its own process, over HTTP):
//
// 1. 100,000 entries read in one call and merged: the HTTP round trip (the simulator writing
//    100,000 lines included), the client's JSON parse and shape check, Time -> BigInt, the merge;
//    and the message the webview then gets (encoding, JSON size).
// 2. Following with 100,000 lines held: one read of 1,000 lines (400 of them new) merged
//    incrementally (binary search at the seam, appends) beside a naive merge that puts
//    everything together and sorts it all again on every read; the ratio.
// 3. The filter over 100,000 rows (the webview's code, run here in Node).
// 4. Tailing 200 lines/s for 60 s with the follower and the real client (reads every 2 s, limit
//    1,000), checked line by line against the simulator's own record: lost 0, duplicated 0.
//
//   npm run bench -- logs.merge        (LOGS_BENCH_TAIL_SECONDS=10 for a shorter tail)
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { exitWith, guardRun, resultsDir, startSimulatorProcess } from '../scripts/harness/common.mjs';
import { createPlatformApi } from '../src/platform/api.ts';
import { HttpClient } from '../src/platform/http.ts';
import { functionLogsEndpoint } from '../src/schema/faas.ts';
import { LogTail, toLogLine, compareTime } from '../src/features/logs/model/logTail.ts';
import { EMPTY_FILTER } from '../src/protocol/logFilter.ts';
import { LogFollower } from '../src/features/logs/model/logFollower.ts';
import { WireEncoder } from '../src/features/logs/model/logsWire.ts';
import { SimulatorControl } from '../simulator/controlClient.ts';
import { RowStore } from '../webview/logs/rowStore.ts';
import { benchRow, writeRows } from './benchRows.mjs';

guardRun('the logs merge benchmark', 15 * 60_000);

const ENTRIES = 100_000;
const RUNS = 5;
const TAIL_SECONDS = Number(process.env.LOGS_BENCH_TAIL_SECONDS ?? 60);
const TAIL_RATE = 200;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(1)} ms`;
const row = (label, value) => console.log(`  ${label.padEnd(58)} ${value}`);

const apiKey = `bench-${randomBytes(12).toString('hex')}`;
const { url, controlToken } = await startSimulatorProcess({
  apiKey,
  logFile: path.join(resultsDir, 'bench-logs-simulator.log'),
  args: ['--log-order', 'shuffled'],
});
const control = new SimulatorControl(url, controlToken);
const api = createPlatformApi(new HttpClient({ baseUrl: url, apiKey, timeoutMs: 60_000 }));
const call = (name, limit, signal) =>
  api.faas.getFunctionLogs({ params: { project_id: 1, region_id: 1, namespace_name: 'default', function_name: name }, query: { limit } }, { signal });

// ---------- 1. 100,000 entries: fetch, parse, merge ----------
const big = { projectId: 1, regionId: 1, namespace: 'default', name: 'bench-big' };
await control.logs(big, { append: ENTRIES, ratePerSecond: 0 });
const stages = { total: [], http: [], json: [], check: [], lines: [], merge: [], encode: [] };
let resetBytes = 0;
for (let run = 0; run < RUNS; run++) {
  // The extension's path, end to end: client call (HTTP, parse, check), Time -> BigInt, merge.
  const t0 = performance.now();
  const answer = await call('bench-big', ENTRIES);
  const lines = answer.logs.map(toLogLine);
  const tail = new LogTail(ENTRIES);
  tail.merge(lines, { limit: ENTRIES });
  stages.total.push(performance.now() - t0);
  if (tail.size !== ENTRIES) throw new Error(`held ${tail.size}, expected ${ENTRIES}`);

  // The same, stage by stage.
  const s0 = performance.now();
  const response = await fetch(`${url}/cloud/v1/faas/namespaces/1/1/default/functions/bench-big/logs?limit=${ENTRIES}`, {
    headers: { Authorization: `apikey ${apiKey}` },
  });
  const body = await response.text();
  const s1 = performance.now();
  const json = JSON.parse(body);
  const s2 = performance.now();
  const checked = functionLogsEndpoint.response.parse(json);
  const s3 = performance.now();
  const parsed = checked.logs.map(toLogLine);
  const s4 = performance.now();
  new LogTail(ENTRIES).merge(parsed, { limit: ENTRIES });
  const s5 = performance.now();
  const encoder = new WireEncoder();
  const items = encoder.items(tail.snapshot());
  const message = JSON.stringify({ type: 'reset', pods: encoder.podTable(), items });
  const s6 = performance.now();
  resetBytes = message.length;
  stages.http.push(s1 - s0);
  stages.json.push(s2 - s1);
  stages.check.push(s3 - s2);
  stages.lines.push(s4 - s3);
  stages.merge.push(s5 - s4);
  stages.encode.push(s6 - s5);
}
console.log(`\n100,000 entries in one read (simulator order: shuffled; median of ${RUNS} runs)`);
row('fetch + parse + merge, wall time (the simulator answering incl.)', ms(median(stages.total)));
row(
  "  the extension's own share: parse + check + Time + merge (< 300 ms)",
  ms(median(stages.json) + median(stages.check) + median(stages.lines) + median(stages.merge)),
);
row('  HTTP round trip (the simulator writing 100,000 lines incl.)', ms(median(stages.http)));
row('  JSON.parse', ms(median(stages.json)));
row("  the client's lenient shape check", ms(median(stages.check)));
row('  Time -> BigInt nanoseconds (toLogLine)', ms(median(stages.lines)));
row('  merge into an empty tail (sort by time, write to the store)', ms(median(stages.merge)));
row("the page's messages for 100,000 lines: encode + JSON", `${ms(median(stages.encode))}, ${(resetBytes / 1e6).toFixed(1)} MB`);

// ---------- 2. following with 100,000 held: incremental vs naive ----------
const identity = (l) => `${l.timeText}\u0000${l.pod}\u0000${l.message}`;
/** Everything again on every read: held + batch, duplicates counted away, all sorted. */
function naiveMerge(held, batch) {
  const counts = new Map();
  for (const l of held) counts.set(identity(l), (counts.get(identity(l)) ?? 0) + 1);
  const seen = new Map();
  const all = [...held];
  for (const l of batch) {
    const k = identity(l);
    const nth = (seen.get(k) ?? 0) + 1;
    seen.set(k, nth);
    if (nth > (counts.get(k) ?? 0)) all.push(l);
  }
  all.sort(compareTime);
  return all.slice(Math.max(0, all.length - ENTRIES));
}
const steadyName = { projectId: 1, regionId: 1, namespace: 'default', name: 'bench-steady' };
await control.logs(steadyName, { append: ENTRIES, ratePerSecond: 0 });
const start = (await call('bench-steady', ENTRIES)).logs.map(toLogLine);
const incremental = [];
const naive = [];
const tail = new LogTail(ENTRIES);
tail.merge(start, { limit: ENTRIES });
let naiveHeld = [...tail.snapshot()];
for (let run = 0; run < RUNS; run++) {
  await control.logs(steadyName, { append: 400 });
  const batch = (await call('bench-steady', 1000)).logs.map(toLogLine);
  const t0 = performance.now();
  const result = tail.merge(batch, { limit: 1000 });
  const t1 = performance.now();
  naiveHeld = naiveMerge(
    naiveHeld.filter((i) => i.kind === 'line'),
    batch,
  );
  const t2 = performance.now();
  if (result.added.length !== 400) throw new Error(`added ${result.added.length}, expected 400`);
  incremental.push(t1 - t0);
  naive.push(t2 - t1);
}
console.log(`\nFollowing with 100,000 lines held: one read of 1,000 lines, 400 new (median of ${RUNS})`);
row('incremental merge (LogTail)', ms(median(incremental)));
row('naive merge (everything re-sorted on every read)', ms(median(naive)));
row('ratio naive / incremental', `${(median(naive) / median(incremental)).toFixed(0)}x`);

// ---------- 3. the filter over 100,000 rows ----------
const encoder = new WireEncoder();
const store = new RowStore(EMPTY_FILTER);
store.reset({ type: 'reset', generation: 1, target: {}, maxLines: ENTRIES, items: encoder.items(tail.snapshot()), pods: encoder.podTable(), status: {} });
const pods = store.pods;
const specs = [
  ['text "upstream", any case', { ...EMPTY_FILTER, text: 'upstream' }],
  ['text "ERROR", match case', { ...EMPTY_FILTER, text: 'ERROR', caseSensitive: true }],
  ['regex "(WARN|ERROR) .*req=[0-9a-f]{4}"', { ...EMPTY_FILTER, text: '(WARN|ERROR) .*req=[0-9a-f]{4}', regex: true }],
  ['one pod + text "GET"', { ...EMPTY_FILTER, text: 'GET', pods: [pods[0]] }],
];
const filterMedians = [];
console.log(`\nThe filter over ${store.rows.length.toLocaleString('en-US')} rows (the webview's RowStore, in Node; median of ${RUNS}; target < 50 ms)`);
for (const [label, spec] of specs) {
  const times = [];
  for (let run = 0; run < RUNS; run++) {
    store.setFilter(EMPTY_FILTER);
    const t0 = performance.now();
    store.setFilter(spec);
    times.push(performance.now() - t0);
  }
  row(label, `${ms(median(times))} (${store.shownLineCount.toLocaleString('en-US')} shown)`);
  filterMedians.push(median(times));
}

// ---------- 4. tailing 200 lines/s for 60 s ----------
const tailFn = { projectId: 1, regionId: 1, namespace: 'default', name: 'bench-tail' };
await control.logs(tailFn, { ratePerSecond: TAIL_RATE });
const producedBefore = (await control.logRecord(tailFn, Number.MAX_SAFE_INTEGER)).produced;
const follower = new LogFollower(
  {
    fetch: async (limit, signal) => (await call('bench-tail', limit, signal)).logs,
    settings: () => ({ limit: 1000, maxLimit: 100_000, intervalMs: 2000 }),
    onMerge: () => {},
    onStatus: () => {},
    onError: (error) => console.error('  read failed:', error instanceof Error ? error.message : error),
  },
  { maxLines: 1_000_000 },
);
follower.start();
await new Promise((resolve) => setTimeout(resolve, TAIL_SECONDS * 1000));
await control.logs(tailFn, { ratePerSecond: 0 });
const readsAtStop = follower.readCount;
while (follower.readCount < readsAtStop + 2) await new Promise((resolve) => setTimeout(resolve, 100));
follower.dispose();
const { logs: record, produced: producedAfter } = await control.logRecord(tailFn);
const held = follower.tail.snapshot().filter((i) => i.kind === 'line');
const key = (t, p, m) => `${t}\u0000${p}\u0000${m}`;
// The held lines must be exactly the record's newest ones, in order: the first read took the newest
// 1,000, every later read joined without a gap or a repeat.
const expected = record.slice(record.length - held.length);
let lost = 0;
let duplicated = 0;
const want = new Map();
for (const l of expected) want.set(key(l.Time, l.Pod, l.Message), (want.get(key(l.Time, l.Pod, l.Message)) ?? 0) + 1);
const got = new Map();
for (const l of held) got.set(key(l.timeText, l.pod, l.message), (got.get(key(l.timeText, l.pod, l.message)) ?? 0) + 1);
for (const [k, n] of want) lost += Math.max(0, n - (got.get(k) ?? 0));
for (const [k, n] of got) duplicated += Math.max(0, n - (want.get(k) ?? 0));
// Lines of one instant come in any order (the simulator shuffles each batch): what must match is the
// time of every position, the held list ordered by time like the record.
const inOrder = held.every((l, i) => l.timeText === expected[i].Time && (i === 0 || held[i - 1].time <= l.time));
const markers = follower.tail.snapshot().length - held.length;
console.log(`\nTailing ${TAIL_RATE} lines/s for ${TAIL_SECONDS} s (reads every 2 s, limit 1,000), against the simulator's record`);
row('lines the simulator produced while followed', (producedAfter - producedBefore).toLocaleString('en-US'));
row("lines held (the first read's and every one since)", held.length.toLocaleString('en-US'));
row('lost', String(lost));
row('duplicated', String(duplicated));
row('in time order, position by position like the record', inOrder ? 'yes' : 'NO');
row('gap markers', String(markers));
row('reads', String(follower.readCount));
const area = 'Function logs (extension side)';
const ownShare = median(stages.json) + median(stages.check) + median(stages.lines) + median(stages.merge);
await writeRows('logs.merge', [
  benchRow(area, `100,000 entries in one read: the extension's own share (parse + shape check + Time -> BigInt + merge), median of ${RUNS}`, ownShare, 'ms'),
  benchRow(area, '  the same read, wall time (the simulator writing 100,000 lines and HTTP included)', median(stages.total), 'ms'),
  benchRow(
    area,
    `following with 100,000 held: merge one read of 1,000 lines (400 new), median of ${RUNS}`,
    median(incremental),
    'ms',
    median(naive),
    'everything re-sorted on every read',
  ),
  benchRow(area, "filter over 100,000 rows (the webview's RowStore in Node), slowest of 4 filters", Math.max(...filterMedians), 'ms'),
  benchRow(
    area,
    `tailing ${TAIL_RATE} lines/s for ${TAIL_SECONDS} s (${held.length.toLocaleString('en-US')} lines) vs the simulator's record`,
    `lost ${lost}, duplicated ${duplicated}${inOrder ? '' : ', OUT OF ORDER'}`,
    '',
  ),
]);
await exitWith(lost === 0 && duplicated === 0 && inOrder ? 0 : 1);

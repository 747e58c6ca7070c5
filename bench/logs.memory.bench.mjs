// Log memory bounded in bytes (#37 item 4), in Node, on the code each process runs: 1,000,000 lines
// of 2 KB read 1,000 at a time into three panels (one read each in turn) under one budget
// (platformConsole.logs.maxMemoryMB, its default 256 MB): what the extension host's held lines
// (LogTail + HeldLines + LogMemory) and the pages' copies (RowStore, fed the ops each panel would
// post, the drops of the budget included) take, measured (heap + external after a full GC), with
// the budget beside; the same lines with a line bound only (before: 1,000,000 lines a panel), as
// 300,000 of them, for comparison. Lines over 16 KB cut on intake (one in a
// thousand here is 40,000 characters).
//
//   npm run bench -- logs.memory
import v8 from 'node:v8';
import vm from 'node:vm';
import { performance } from 'node:perf_hooks';
import { LogTail, toLogLine } from '../src/features/logs/model/logTail.ts';
import { LogMemory } from '../src/features/logs/model/logMemory.ts';
import { WireEncoder } from '../src/features/logs/model/logsWire.ts';
import { EMPTY_FILTER } from '../src/protocol/logFilter.ts';
import { RowStore } from '../webview/logs/rowStore.ts';
import { benchRow, writeRows } from './benchRows.mjs';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');
const MB = 2 ** 20;
const BUDGET_MB = Number(process.env.LOGS_BENCH_MEMORY_MB ?? 256);
const LINES = 1_000_000;
const PER_READ = 1_000;
const PANELS = 3;
const LINE_BYTES = 2048;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Heap and memory outside it (Buffers, typed arrays) after a full collection: what the process holds. */
async function used() {
  for (let i = 0; i < 3; i++) {
    gc();
    await sleep(30);
  }
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}
const row = (label, value) => console.log(`  ${label.padEnd(64)} ${value}`);
const mb = (bytes) => `${(bytes / MB).toFixed(1)} MB`;

const filler = 'x'.repeat(60_000);
/** Line `i` of panel `p`: 2 KB, one in a thousand 40,000 characters (cut on intake). */
function raw(p, i) {
  const ns = BigInt(i) * 1_000_000n + BigInt(p);
  const seconds = ns / 1_000_000_000n;
  const time = `2026-05-23T${String(Number(seconds / 3600n) % 24).padStart(2, '0')}:${String(Number(seconds / 60n) % 60).padStart(2, '0')}:${String(Number(seconds % 60n)).padStart(2, '0')}.${String(ns % 1_000_000_000n).padStart(9, '0')}Z`;
  const head = ` 2026/05/23 INFO panel=${p} line=${i} req=${((i * 2654435761) >>> 0).toString(16)} `;
  const length = i % 1000 === 999 ? 40_000 : LINE_BYTES;
  return { Time: time, Pod: `fn-${p}-pod-${i % 3}`, Message: head + filler.slice(0, length - head.length) };
}

/** Streams LINES lines into PANELS panels; `bounded`: under the byte budget, else by lines only. */
async function stream(bounded, lines = LINES) {
  const memory = new LogMemory(() => BUDGET_MB * MB);
  const panels = Array.from({ length: PANELS }, () => {
    const tail = new LogTail(1_000_000, () => `to keep all panels within ${BUDGET_MB} MB`);
    const encoder = new WireEncoder();
    const page = new RowStore(EMPTY_FILTER);
    page.reset({
      type: 'reset',
      generation: 1,
      target: {},
      maxLines: 1_000_000,
      maxMemoryMB: BUDGET_MB,
      pods: [],
      items: [],
      pending: 0,
      status: {},
      sentAt: 0,
    });
    const panel = { tail, page, encoder, seq: 0 };
    panel.post = (ops) => {
      const wire = encoder.ops(ops);
      panel.page?.apply({ type: 'ops', generation: 1, seq: ++panel.seq, newPods: encoder.takeNewPods(), ops: wire, sentAt: 0 });
    };
    if (bounded) memory.join({ tail, trimmed: (ops) => panel.post(ops) });
    return panel;
  });
  const base = await used();
  const started = performance.now();
  let read = 0;
  for (let i = 0; i < lines / PANELS; i += PER_READ) {
    for (let p = 0; p < PANELS; p++) {
      const batch = Array.from({ length: PER_READ }, (_, k) => toLogLine(raw(p, i + k)));
      const result = panels[p].tail.merge(batch, { limit: PER_READ + 1 });
      panels[p].post(result.ops);
      if (bounded) memory.settle();
      read += PER_READ;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const total = (await used()) - base;
  // The pages' copies gone: what is left is the extension host's.
  for (const panel of panels) panel.page = undefined;
  const host = (await used()) - base;
  const held = panels.reduce((n, p) => n + p.tail.size, 0);
  const dropped = panels.reduce((n, p) => n + p.tail.droppedCount, 0);
  const cut = panels.reduce((n, p) => n + p.tail.snapshot().filter((item) => item.kind === 'line' && item.message.endsWith(' more characters]')).length, 0);
  const arenas = panels.reduce((n, p) => n + p.tail.view().byteSize, 0);
  return { host, page: total - host, counted: memory.usedBytes, lines: held, dropped, cut, read, seconds, arenas };
}

const bounded = await stream(true);
console.log(
  `\n${LINES.toLocaleString('en-US')} lines of 2 KB read into ${PANELS} panels, ${PER_READ.toLocaleString('en-US')} a read, budget ${BUDGET_MB} MB (platformConsole.logs.maxMemoryMB)`,
);
row('extension host: held lines of all panels (heap + external)', `${mb(bounded.host)} (budget ${BUDGET_MB} MB)`);
row('  its arenas and columns (HeldLines.byteSize)', mb(bounded.arenas));
row("pages: their copies, all panels (the page's RowStore)", `${mb(bounded.page)} (budget ${BUDGET_MB} MB)`);
row('what the budget counted for them', mb(bounded.counted));
row(
  'lines held / dropped / cut on intake (held)',
  `${bounded.lines.toLocaleString('en-US')} / ${bounded.dropped.toLocaleString('en-US')} / ${bounded.cut.toLocaleString('en-US')}`,
);
row('time to read, merge, post and settle it all', `${bounded.seconds.toFixed(1)} s`);

// Bounded by lines only, a million lines of 2 KB would take some 5 GB in each process: 300,000 show the trend.
const unbounded = await stream(false, 300_000);
console.log(`\nThe first 300,000 of those lines bounded by lines only (before: 1,000,000 lines a panel)`);
row('lines held', unbounded.lines.toLocaleString('en-US'));
row('extension host', mb(unbounded.host));
row('pages', mb(unbounded.page));

const area = 'Function logs: memory (#37)';
await writeRows('logs.memory', [
  benchRow(
    area,
    `1,000,000 lines of 2 KB into 3 panels: extension host, held lines (budget ${BUDGET_MB} MB)`,
    bounded.host / MB,
    'MB',
    unbounded.host / MB,
    `lines bound only, after 300,000 of the lines`,
  ),
  benchRow(area, `  pages' copies, all panels (budget ${BUDGET_MB} MB)`, bounded.page / MB, 'MB', unbounded.page / MB, 'lines bound only, after 300,000'),
  benchRow(area, '  lines held of 1,000,000 read', bounded.lines, '', null, '', null),
]);
const inside = bounded.host <= BUDGET_MB * MB && bounded.page <= BUDGET_MB * MB;
if (!inside) console.error(`OVER THE BUDGET: host ${mb(bounded.host)}, pages ${mb(bounded.page)}`);
process.exit(inside ? 0 : 1);

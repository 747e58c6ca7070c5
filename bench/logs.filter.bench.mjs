// The log filter cannot freeze anything (#37 item 3), in Node, on the code the page and the
// extension run:
//
// 1. `(\w+\s?)+$` typed over 1,000,000 held lines of "user logged in " + "a" x 20 + "!" (the issue's
//    case): how long until the answer (the refusal) in the page's filter path (its RowStore) and in
//    the extension's (shownItems, for Export / Open in Editor), beside an ordinary regular
//    expression over the same lines in the same run; and what the same pattern costs V8 on one
//    such line, shorter ones first (it doubles with each character: the full line is not run).
// 2. The check itself as the person types (every prefix of what people type), and its verdict on
//    ordinary patterns (none may be refused).
// 3. The time budget: a quadratic pattern over 16 KB lines stops after 1 s instead of running on.
//
//   npm run bench -- logs.filter
import { performance } from 'node:perf_hooks';
import { EMPTY_FILTER, FILTER_BUDGET_MS, FilterTooSlow, compileFilter, filterIndices } from '../src/protocol/logFilter.ts';
import { assessRegex } from '../src/protocol/regexRisk.ts';
import { HeldLines } from '../src/features/logs/model/heldLines.ts';
import { toLogLine } from '../src/features/logs/model/logTail.ts';
import { shownItems } from '../src/features/logs/model/shownItems.ts';
import { RowStore } from '../webview/logs/rowStore.ts';
import { benchRow, median, spreadOf, writeRows } from './benchRows.mjs';

const LINES = 1_000_000;
const RUNS = 5;
const MESSAGE = `user logged in ${'a'.repeat(20)}!`;
const CATASTROPHIC = String.raw`(\w+\s?)+$`;
const ORDINARY = String.raw`logged in a+!$`;
const regex = (text) => ({ ...EMPTY_FILTER, text, regex: true });
const row = (label, value) => console.log(`  ${label.padEnd(66)} ${value}`);
const ms = (x) => `${x.toFixed(1)} ms`;

// ---------- 2. the check as the person types (first: a fresh heap, as in a page that just opened) ----------
const TYPED = ['error|warn', String.raw`user \d+`, 'timeout.*ms', String.raw`^\[ERROR\]`, '.*foo.*', String.raw`(GET|POST) /api/\w+`, String.raw`\bpod-[a-z0-9]+\b`, String.raw`(WARN|ERROR) .*req=[0-9a-f]{4}`, String.raw`latency=\d+(\.\d+)?ms`, String.raw`([0-9]{1,3}\.){3}[0-9]{1,3}`, String.raw`took (\d+(\.\d+)?) ?(ms|s)`, CATASTROPHIC];
const checks = [];
let prefixes = 0;
let refusedOrdinary = [];
for (let round = 0; round < 3; round++) {
  for (const pattern of TYPED) {
    for (let end = 1; end <= pattern.length; end++) {
      const typed = pattern.slice(0, end);
      try {
        new RegExp(typed);
      } catch {
        continue; // invalid while typing: the engine says so before any check
      }
      const t0 = performance.now();
      const verdict = assessRegex(typed);
      if (round === 2) checks.push(performance.now() - t0);
      if (round === 0) prefixes++;
      if (round === 0 && end === pattern.length && pattern !== CATASTROPHIC && verdict.refusal) refusedOrdinary.push(pattern);
    }
  }
}
const sorted = [...checks].sort((a, b) => a - b);
const p99 = sorted[Math.floor(sorted.length * 0.99)];
console.log(`\nThe check as typed: ${prefixes} valid prefixes of ${TYPED.length} patterns (warm)`);
row('median', `${median(checks).toFixed(3)} ms`);
row('99th percentile / slowest', `${p99.toFixed(3)} ms / ${sorted.at(-1).toFixed(3)} ms`);
row('ordinary patterns refused', refusedOrdinary.length ? refusedOrdinary.join(', ') : 'none');

// ---------- the held lines, as the page and the extension hold them ----------
const time = (i) => `2026-05-23T05:${String(Math.floor(i / 60e6) % 60).padStart(2, '0')}:${String(Math.floor(i / 1e6) % 60).padStart(2, '0')}.${String((i % 1e6) * 1000).padStart(9, '0')}Z`;
const held = new HeldLines();
for (let from = 0; from < LINES; from += 50_000) held.push(Array.from({ length: 50_000 }, (_, k) => toLogLine({ Time: time(from + k), Pod: 'web-1', Message: MESSAGE })));
const podIndex = () => 0;
const store = new RowStore(EMPTY_FILTER);
store.reset({ type: 'reset', generation: 1, target: {}, maxLines: LINES, maxMemoryMB: 256, pods: ['web-1'], items: held.packed(0, held.length, podIndex), pending: 0, status: {}, sentAt: 0 });

/** Median of RUNS: the page typing `text` (from an empty filter), and the shown count after. */
function pageFilter(text) {
  const times = [];
  for (let r = 0; r < RUNS; r++) {
    store.setFilter(EMPTY_FILTER);
    const t0 = performance.now();
    store.setFilter(regex(text));
    times.push(performance.now() - t0);
  }
  return { ms: spreadOf(times), shown: store.shownLineCount, error: store.filterError };
}
/** The extension: the filter's answer (compiled, refused or not), and the whole of shownItems (every shown line made an object to write). */
function extensionFilter(text) {
  const answers = [];
  const times = [];
  let shown = 0;
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    compileFilter(regex(text));
    answers.push(performance.now() - t0);
    const t1 = performance.now();
    shown = shownItems(held, regex(text)).length;
    times.push(performance.now() - t1);
  }
  return { answer: spreadOf(answers), ms: spreadOf(times), shown };
}
const pageRefused = pageFilter(CATASTROPHIC);
const pageOrdinary = pageFilter(ORDINARY);
const extRefused = extensionFilter(CATASTROPHIC);
const extOrdinary = extensionFilter(ORDINARY);
if (!pageRefused.error?.startsWith('Regular expression refused')) throw new Error(`not refused: ${pageRefused.error}`);
if (pageOrdinary.shown !== LINES || extOrdinary.shown !== LINES) throw new Error('the ordinary pattern should match every line');

// What V8 spends on one such line with the pattern unchecked: shorter runs of "a" first.
const oneLine = [];
for (const n of [12, 14, 16, 18]) {
  const line = `user logged in ${'a'.repeat(n)}!`;
  const re = new RegExp(CATASTROPHIC, 'i');
  const t0 = performance.now();
  re.test(line);
  oneLine.push({ n, chars: line.length, ms: performance.now() - t0 });
}
const growth = oneLine.at(-1).ms / oneLine.at(-2).ms;
const fullLineSeconds = (oneLine.at(-1).ms * growth ** ((20 - oneLine.at(-1).n) / 2)) / 1000;

console.log(`\n${CATASTROPHIC} typed over ${LINES.toLocaleString('en-US')} held lines of "${MESSAGE}" (median of ${RUNS}; (min-max))`);
row('the page (RowStore.setFilter): the answer, a refusal', `${ms(pageRefused.ms.median)} (${pageRefused.ms.min.toFixed(1)}-${pageRefused.ms.max.toFixed(1)}), ${pageRefused.shown.toLocaleString('en-US')} shown`);
row(`  the same lines, an ordinary regex (${ORDINARY})`, `${ms(pageOrdinary.ms.median)}, ${pageOrdinary.shown.toLocaleString('en-US')} shown`);
row('the extension (Export / Open in Editor): the answer, a refusal', ms(extRefused.answer.median));
row('  the lines it then writes (not filtered, as the page shows them: all)', `${ms(extRefused.ms.median)} (${extRefused.shown.toLocaleString('en-US')} lines made objects)`);
row(`  the same lines, an ordinary regex: filtered and made objects`, ms(extOrdinary.ms.median));
for (const o of oneLine) row(`unchecked, V8 on one line of ${o.chars} characters ("a" x ${o.n})`, ms(o.ms));
row(`  so one line of the issue's 36 characters (x${growth.toFixed(1)} every 2 "a")`, `about ${fullLineSeconds.toFixed(0)} s`);

// ---------- 3. the budget ----------
const long = Array.from({ length: 200 }, (_, i) => ({ pod: 'p', message: `${i} ${'a'.repeat(16_380)}` }));
const slow = compileFilter(regex(String.raw`\w+@\w+\.com`));
const t0 = performance.now();
let stopped;
try {
  filterIndices(long, slow, (r) => r);
} catch (e) {
  if (!(e instanceof FilterTooSlow)) throw e;
  stopped = e;
}
const stoppedAfter = performance.now() - t0;
console.log(`\nThe budget (${FILTER_BUDGET_MS} ms): \\w+@\\w+\\.com over 200 lines of 16 KB`);
row('stopped after', `${ms(stoppedAfter)}, ${stopped ? `${stopped.checked} of ${stopped.total} lines checked` : 'NOT STOPPED'}`);

const area = 'Function logs: the filter (#37)';
await writeRows('logs.filter', [
  benchRow(area, `${CATASTROPHIC} over 1,000,000 held lines: the page's answer (refused), median of ${RUNS}`, pageRefused.ms, 'ms', pageOrdinary.ms, `an ordinary regex (${ORDINARY}) over the same lines`),
  benchRow(area, `  the extension's answer (Export / Open in Editor: refused)`, extRefused.answer, 'ms', null, '', null),
  benchRow(area, `  the extension's shown lines for the export (the refused filter not applied: all 1,000,000)`, extRefused.ms, 'ms', extOrdinary.ms, 'the ordinary regex: filtered, same lines'),
  benchRow(area, `  unchecked: V8 on one line of ${oneLine.at(-1).chars} characters`, oneLine.at(-1).ms, 'ms', null, '', null),
  benchRow(area, `the check as typed, ${prefixes} prefixes: median (slowest)`, `${median(checks).toFixed(3)} ms (${sorted.at(-1).toFixed(2)} ms)`, ''),
  benchRow(area, `  ordinary patterns refused (of ${TYPED.length - 1})`, refusedOrdinary.length, ''),
  benchRow(area, `a quadratic pattern over 200 lines of 16 KB: stopped by the ${FILTER_BUDGET_MS} ms budget after`, stoppedAfter, 'ms'),
]);
if (!stopped || refusedOrdinary.length) process.exit(1);

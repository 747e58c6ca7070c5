// Calls per slot as a small chart of Unicode blocks (one bar a slot, its height against the tallest),
// the slots with 5xx marked below, the axis and window stated, and the same figures as a sentence
// and a table for screen readers. Text only: it takes the editor's font and colours, in a tooltip
// or a tree row alike. Slots the platform left out are drawn as no calls.
import type { CallSlotFigures } from '../../../platform/edgeCallSeries';
import { formatCount } from './edgeDisplay';
import { utcClock } from './edgeLastHour';

/** Eight heights; a slot with no calls is a dot, so an empty slot never looks like a small one. */
const BLOCKS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
const NONE = '·';
const MARK = '▲';

export interface ChartBar {
  /** The slot's start, "09:25" (UTC). */
  at: string;
  calls: number;
  calls5xx: number;
  /** 0 without calls, else 1..8. */
  level: number;
}

export interface CallChart {
  bars: ChartBar[];
  /** The tallest bar's calls. */
  max: number;
  /** One character a slot: "··▁▃█▅▂". */
  line: string;
  /** Under the line: MARK where a slot had 5xx, a space elsewhere. */
  marks: string;
  /** "Calls per 5 minutes from 09:25 to 10:25 UTC" */
  title: string;
  /** What the chart shows, as a sentence (the row's screen-reader text). */
  sentence: string;
}

const slotWords = (step: number) => (step % 60 === 0 ? (step === 60 ? 'minute' : `${step / 60} minutes`) : `${step} seconds`);

/** The bars of `[from, to)` in slots of `step` seconds, filled from the slots the platform gave. */
export function callChart(from: string, to: string, step: number, slots: readonly CallSlotFigures[]): CallChart {
  const byStart = new Map(slots.map((s) => [Date.parse(s.time), s]));
  const fromMs = Date.parse(from);
  const toMs = Date.parse(to);
  const starts: number[] = [];
  for (let at = fromMs; at < toMs && starts.length < 1440; at += step * 1000) starts.push(at);
  const found = starts.map((at) => byStart.get(at));
  const max = Math.max(0, ...found.map((s) => s?.calls ?? 0));
  const bars = starts.map((at, i) => {
    const calls = found[i]?.calls ?? 0;
    const level = calls === 0 || max === 0 ? 0 : Math.max(1, Math.ceil((calls / max) * BLOCKS.length));
    return { at: utcClock(new Date(at).toISOString()), calls, calls5xx: found[i]?.calls5xx ?? 0, level };
  });
  const line = bars.map((b) => (b.level === 0 ? NONE : BLOCKS[b.level - 1])).join('');
  const marks = bars.map((b) => (b.calls5xx > 0 ? MARK : ' ')).join('');
  const title = `Calls per ${slotWords(step)} from ${utcClock(from)} to ${utcClock(to)} UTC`;
  const withErrors = bars.filter((b) => b.calls5xx > 0);
  const errors =
    withErrors.length === 0
      ? 'no 5xx'
      : `5xx in the ${withErrors.length === 1 ? 'slot' : 'slots'} from ${withErrors.map((b) => `${b.at} (${formatCount(b.calls5xx)})`).join(', ')}`;
  const sentence = `${title}, oldest first: ${bars.map((b) => formatCount(b.calls)).join(', ')}; ${errors}.`;
  return { bars, max, line, marks, title, sentence };
}

/**
 * The chart for a Markdown tooltip: a fenced block (the bars, the 5xx marks, the two ends of the
 * axis) that keeps its columns in the editor's monospace font, its key, then the table.
 */
export function chartMarkdown(chart: CallChart): string {
  const width = chart.bars.length;
  const first = chart.bars[0]?.at ?? '';
  const end = chart.title.match(/to (\d\d:\d\d) UTC$/)?.[1] ?? '';
  const axis = width >= first.length + end.length + 1 ? `${first}${' '.repeat(width - first.length - end.length)}${end}` : `${first} → ${end}`;
  const block = ['```text', chart.line, ...(chart.marks.trim() ? [chart.marks] : []), axis, '```'].join('\n');
  const key =
    `Each bar is one slot, its height against the tallest (${formatCount(chart.max)} ${chart.max === 1 ? 'call' : 'calls'}); ` +
    `${NONE} is a slot without calls${chart.marks.trim() ? `, ${MARK} marks a slot with 5xx answers` : ''}. Times in UTC.`;
  const rows = chart.bars.map((b) => `| ${b.at} | ${formatCount(b.calls)} | ${formatCount(b.calls5xx)} |`);
  return [`**${chart.title}**`, block, key, ['| From (UTC) | Calls | 5xx |', '|---|---:|---:|', ...rows].join('\n')].join('\n\n');
}

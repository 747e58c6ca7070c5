// An edge app's last hour of calls in words: the row ("1,204 calls in the last hour", "0.4% 5xx ·
// p50 4 ms · p90 18 ms"), what a screen reader hears, and the tooltip with the window and the
// requests the figures came from. Pure: the view and the tests share it.
import type { CallWindow } from '../../../platform/edgeCallWindow';
import { escapeMarkdown } from '../../../ui/text/markdownText';
import { formatCount } from './edgeDisplay';

export const LAST_HOUR_MS = 3_600_000;
/** The chart's slot: calls per 5 minutes, 12 bars for the hour. */
export const LAST_HOUR_STEP = 300;

/** The last hour before `now`, on whole seconds (what the platform's `from`/`to` carry). */
export function lastHourWindow(now: Date): { fromMs: number; toMs: number } {
  const toMs = Math.floor(now.getTime() / 1000) * 1000;
  return { fromMs: toMs - LAST_HOUR_MS, toMs };
}

/** Microseconds as people read them: "850 µs", "1.2 ms", "18 ms", "2.4 s". */
export function formatDuration(us: number): string {
  if (us < 1000) return `${Math.round(us)} µs`;
  const ms = us / 1000;
  if (ms < 10) return `${trim(ms.toFixed(1))} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  return `${s < 10 ? trim(s.toFixed(1)) : formatCount(Math.round(s))} s`;
}

const trim = (text: string) => text.replace(/\.0$/, '');

/** A share 0..1 as a percentage: "0%", "under 0.1%", "0.4%", "12%", "100%". */
export function formatShare(share: number): string {
  if (share <= 0) return '0%';
  const percent = share * 100;
  if (percent < 0.1) return 'under 0.1%';
  if (percent < 10) return `${trim(percent.toFixed(1))}%`;
  return `${Math.round(percent)}%`;
}

/** "09:25" in UTC; a text that is no time as it came. */
export function utcClock(time: string): string {
  const ms = Date.parse(time);
  return Number.isNaN(ms) ? time : new Date(ms).toISOString().slice(11, 16);
}

export interface LastHourWords {
  /** "1,204 calls in the last hour", "1 call in the last hour", "No calls in the last hour". */
  label: string;
  /** "0.4% 5xx · p50 4 ms · p90 18 ms"; none without calls. */
  description?: string;
  /** Label and description as one sentence for a screen reader. */
  spoken: string;
  /** Markdown: the figures, the window, how p50/p90 were made, the requests, when it was read. */
  tooltip: string;
}

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

export function lastHourWords(w: CallWindow, readAt: Date): LastHourWords {
  const window = `${utcClock(w.from)} to ${utcClock(w.to)} UTC (${w.from} to ${w.to}, the end excluded)`;
  const read = `Read at ${utcClock(readAt.toISOString())} UTC; kept until the view is refreshed.`;
  const requests = ['From these requests:', ...w.sources.map((s) => `- \`${s.replace(/`/g, "'")}\``)].join('\n');
  if (w.calls === 0) {
    const label = 'No calls in the last hour';
    const tooltip = [`**${label}**`, `The platform counted no call of this app from ${window}.`, requests, read].join('\n\n');
    return { label, spoken: `${label}.`, tooltip };
  }
  const label = `${plural(w.calls, 'call', 'calls')} in the last hour`;
  const durations = [
    w.p50Us === undefined ? undefined : `p50 ${formatDuration(w.p50Us)}`,
    w.p90Us === undefined ? undefined : `p90 ${formatDuration(w.p90Us)}`,
  ];
  const description = [`${formatShare(w.share5xx ?? 0)} 5xx`, ...durations].filter(Boolean).join(' · ');
  const classes = (['2xx', '3xx', '4xx', '5xx', '1xx', 'other'] as const)
    .filter((c) => w.byClass[c] > 0 || c === '5xx')
    .map((c) => `${c === 'other' ? 'other statuses' : c} ${formatCount(w.byClass[c])}`)
    .join(' · ');
  const how = w.exactPercentiles
    ? "the platform's own execution-time percentiles for the whole hour"
    : "weighted from the platform's per-slot percentiles: an approximation";
  const tooltip = [
    `**${escapeMarkdown(label)}**: ${escapeMarkdown(description)}`,
    `Window: ${window}.`,
    `By status: ${classes}. 5xx share: ${formatShare(w.share5xx ?? 0)} (${formatCount(w.byClass['5xx'])} of ${formatCount(w.calls)}).`,
    durations.some(Boolean) ? `${durations.filter(Boolean).join(', ')}: ${how}.` : undefined,
    requests,
    read,
  ]
    .filter(Boolean)
    .join('\n\n');
  return { label, description, spoken: `${label}: ${description.split(' · ').join(', ')}.`, tooltip };
}

// The readable documents of billing reads: a trial (remaining time in words, options as a table
// with text usage bars) and an activated free feature, as Markdown for VS Code's preview. No
// VS Code: the words and tables are tested in plain Node.
import type { Trial } from '../../../schema/billing';
import type { ActivatedFeature } from '../../../schema/iam';
import { formatUtc, relativeTime } from '../../../ui/text/timeText';
import { valueText } from '../../../schema/valueText';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "3 days 4 hours", "5 hours 12 minutes", "12 minutes", "less than a minute": two units at most, rounded down. */
export function durationWords(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days > 0) return hours > 0 ? `${plural(days, 'day')} ${plural(hours, 'hour')}` : plural(days, 'day');
  if (hours > 0) return minutes > 0 ? `${plural(hours, 'hour')} ${plural(minutes, 'minute')}` : plural(hours, 'hour');
  if (minutes > 0) return plural(minutes, 'minute');
  return 'less than a minute';
}

export type TrialPhase = 'running' | 'not started' | 'ended' | 'not started / ended';

type Ranges = Trial['active_ranges'];

/**
 * Where the trial is. `remaining_duration` is a number only while it runs; null means "not
 * started or ended", and the active ranges (when they have dates) tell which.
 */
export function trialPhase(remainingSeconds: number | null | undefined, ranges: Ranges, now: number): TrialPhase {
  if (typeof remainingSeconds === 'number') return 'running';
  const spans = (ranges ?? []).map((r) => ({ start: Date.parse(r.start ?? ''), end: Date.parse(r.end ?? '') }));
  if (spans.length === 0) return 'not started';
  if (spans.some((r) => Number.isNaN(r.start) || Number.isNaN(r.end))) return 'not started / ended';
  if (spans.every((r) => r.end <= now)) return 'ended';
  if (spans.every((r) => r.start > now)) return 'not started';
  return 'not started / ended';
}

/** "3 days 4 hours left"; for null, "not started", "ended" or "not started / ended". */
export function remainingWording(remainingSeconds: number | null | undefined, ranges: Ranges, now: number): string {
  const phase = trialPhase(remainingSeconds, ranges, now);
  if (phase !== 'running') return phase;
  const seconds = remainingSeconds as number;
  return seconds <= 0 ? 'ending now' : `${durationWords(seconds)} left`;
}

/** `█████░░░░░ 50%` (a full bar past 100%, with the real percentage); undefined without a positive limit. */
export function usageBar(used: number | null | undefined, limit: number | null | undefined, width = 10): string | undefined {
  if (typeof limit !== 'number' || limit <= 0 || typeof used !== 'number' || used < 0) return undefined;
  const ratio = used / limit;
  const filled = Math.min(width, Math.round(Math.min(1, ratio) * width));
  // A sliver of use shows as one block, never as an empty bar.
  const shown = used > 0 && filled === 0 ? 1 : filled;
  return `${'█'.repeat(shown)}${'░'.repeat(width - shown)} ${Math.round(ratio * 100)}%`;
}

export interface OptionRow {
  name: string;
  feature?: string;
  unit?: string;
  used: string;
  remaining: string;
  limit: string;
  /** A text bar where the option is a limit. */
  usage: string;
}

const num = (n: number | null | undefined) => (typeof n === 'number' ? n.toLocaleString('en-US') : '—');

/** One row per option: used / remaining / limit, with a bar where `is_limit`. */
export function optionRows(trial: Pick<Trial, 'options'>): OptionRow[] {
  return (trial.options ?? []).map((o) => ({
    name: o.name ?? o.internal_name ?? '(unnamed option)',
    feature: o.feature?.name ?? undefined,
    unit: o.unit?.name ?? o.unit?.internal_name ?? undefined,
    used: num(o.used_value),
    remaining: num(o.remaining_value),
    limit: o.is_limit === false ? `${num(o.value)} (not a limit)` : num(o.value),
    usage: o.is_limit === true ? (usageBar(o.used_value, o.value) ?? '—') : '—',
  }));
}

/** Text safe in a Markdown table cell: no pipes, line breaks or markup. */
export function mdCell(value: unknown): string {
  const text = value === undefined || value === null || value === '' ? '—' : valueText(value);
  return text.replace(/\r?\n/g, ' ').replace(/([\\`*_[\]<>|~])/g, '\\$1');
}

const row = (cells: readonly unknown[]) => `| ${cells.map(mdCell).join(' | ')} |`;

function table(head: readonly string[], rows: readonly (readonly unknown[])[]): string[] {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map(row)];
}

const named = (name: string | null | undefined, id: number | null | undefined) =>
  name ? (id === undefined || id === null ? name : `${name} (${id})`) : id === undefined || id === null ? undefined : String(id);

const yesNo = (value: boolean | string | null | undefined): string | undefined => {
  if (value === true || value === 'true') return 'yes';
  if (value === false || value === 'false') return 'no';
  return value ?? undefined;
};

export interface DocumentContext {
  connectionName: string;
  /** When it was read (ms). */
  now: number;
}

function footer(ctx: DocumentContext): string[] {
  return [
    '',
    `---`,
    '',
    `Read from **${mdCell(ctx.connectionName)}** at ${formatUtc(new Date(ctx.now).toISOString())}. Read-only; *Show Raw JSON* and *Refresh* are in the editor title bar.`,
  ];
}

/** The trial as Markdown: summary table, remaining time, active ranges, options with usage bars. */
export function trialMarkdown(trial: Trial, title: string, ctx: DocumentContext): string {
  const remaining = remainingWording(trial.remaining_duration, trial.active_ranges, ctx.now);
  const product = trial.product;
  const lines = [
    `# ${mdCell(title)}`,
    '',
    `**${mdCell(product?.name ?? 'Trial')}${trial.client?.company_name ? ` for ${mdCell(trial.client.company_name)}` : ''}: ${mdCell(remaining)}**`,
    '',
    ...table(
      ['Field', 'Value'],
      [
        ['Trial id', trial.id],
        ['Client', named(trial.client?.company_name, trial.client?.id ?? trial.client_id)],
        [
          'Product',
          product
            ? `${named(product.name, product.id)}${product.internal_name && product.internal_name !== product.name ? `, ${product.internal_name}` : ''}`
            : undefined,
        ],
        ['Plan', named(trial.plan?.name, trial.plan?.id)],
        ['Days limit', typeof trial.days_limit === 'number' ? plural(trial.days_limit, 'day') : undefined],
        ['Remaining', typeof trial.remaining_duration === 'number' ? `${remaining} (${trial.remaining_duration.toLocaleString('en-US')} s)` : remaining],
        ['Created', formatUtc(trial.created_at)],
        ['Trial skipped', yesNo(trial.is_trial_skipped)],
      ],
    ),
    '',
    '## Active ranges',
    '',
  ];
  const ranges = trial.active_ranges ?? [];
  if (ranges.length === 0) lines.push('None: the trial has not started.');
  else {
    lines.push(
      ...table(
        ['#', 'Start', 'End', 'Now'],
        ranges.map((r, i) => {
          const start = Date.parse(r.start ?? '');
          const end = Date.parse(r.end ?? '');
          const state = Number.isNaN(start) || Number.isNaN(end) ? '—' : ctx.now < start ? 'upcoming' : ctx.now >= end ? 'ended' : 'running';
          return [i + 1, formatUtc(r.start), formatUtc(r.end), state];
        }),
      ),
    );
  }
  lines.push('', '## Options', '');
  const options = optionRows(trial);
  if (options.length === 0) lines.push('No options.');
  else {
    lines.push(
      ...table(
        ['Option', 'Feature', 'Unit', 'Used', 'Remaining', 'Limit', 'Usage'],
        options.map((o) => [o.name, o.feature, o.unit, o.used, o.remaining, o.limit, o.usage]),
      ),
    );
    const described = (trial.options ?? []).filter((o) => o.description);
    if (described.length) lines.push('', ...described.map((o) => `- **${mdCell(o.name ?? o.internal_name)}**: ${mdCell(o.description)}`));
  }
  return [...lines, ...footer(ctx), ''].join('\n');
}

/** The activated free feature as Markdown: feature name, service, free or not, activation time. */
export function freeFeatureMarkdown(feature: ActivatedFeature, title: string, ctx: DocumentContext): string {
  const f = feature.feature;
  const activated = Date.parse(feature.created_date ?? '');
  const when = Number.isNaN(activated) ? undefined : relativeTime(activated, ctx.now);
  const lines = [
    `# ${mdCell(title)}`,
    '',
    `**${mdCell(f?.name ?? 'Feature')}**${f?.service ? ` (${mdCell(f.service)})` : ''}: ${f?.is_free === true ? 'free' : f?.is_free === false ? 'not free' : 'free or not: not stated'}`,
    '',
    ...table(
      ['Field', 'Value'],
      [
        ['Activation id', feature.id],
        ['Feature', named(f?.name, f?.id ?? feature.feature_id)],
        ['Service', f?.service],
        ['Free', yesNo(f?.is_free)],
        ['Activated', formatUtc(feature.created_date) ? `${formatUtc(feature.created_date)}${when ? ` (${when})` : ''}` : undefined],
        ['Client id', feature.client_id],
      ],
    ),
  ];
  return [...lines, ...footer(ctx), ''].join('\n');
}

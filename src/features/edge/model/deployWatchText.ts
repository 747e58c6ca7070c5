// A deploy watch in words: the status bar's line, the live document (figures before and after,
// each with its window and the requests it came from), and the notification when it trips.
import { escapeMarkdown as md } from '../../../ui/text/markdownText';
import type { CallWindow } from '../../../platform/edgeCallWindow';
import { judgeWindows, msText, percentText, windowText, type WatchReport } from '../../../platform/edgeWatchVerdict';

const nameOf = (r: WatchReport) => r.appName || `app ${r.appId}`;

/** Whole minutes left (rounded up), or seconds under one. */
export function timeLeft(r: WatchReport, nowMs: number): string {
  const ms = Math.max(0, Date.parse(r.endsAt) - nowMs);
  return ms >= 60_000 ? `${Math.ceil(ms / 60_000)} min left` : `${Math.ceil(ms / 1000)} s left`;
}

/** "hello-app: watching, 3 min left · 0.0% 5xx · p90 12 ms" (figures once the first poll is in). */
export function statusText(r: WatchReport, nowMs: number): string {
  const figures = r.after ? ` · ${percentText(r.after.share5xx)} 5xx · p90 ${msText(r.after.p90Us)}` : ' · no figures yet';
  const what = r.tripped ? 'over a threshold' : r.state === 'reading' ? 'reading before' : 'watching';
  return `${r.tripped ? '$(warning)' : '$(eye)'} ${nameOf(r)}: ${what}, ${timeLeft(r, nowMs)}${figures}`;
}

const STATE: Record<WatchReport['state'], string> = {
  reading: 'reading the window before the deploy',
  watching: 'watching',
  finished: 'finished (its window ended)',
  stopped: 'stopped',
};

function row(label: string, before: CallWindow | undefined, after: CallWindow | undefined, of: (w: CallWindow) => string): string {
  return `| ${label} | ${before ? of(before) : '–'} | ${after ? of(after) : '–'} |`;
}

/** The before/after table: calls by class, 5xx share, p50 and p90, and each window. */
export function figuresTable(r: WatchReport): string[] {
  const { before, after } = r;
  return [
    '| | Before the deploy | Since the deploy |',
    '|---|---|---|',
    row('Window (UTC)', before, after, (w) => `${w.from} to ${w.to}`),
    row('Calls', before, after, (w) => String(w.calls)),
    ...(['2xx', '3xx', '4xx', '5xx'] as const).map((c) => row(`  ${c}`, before, after, (w) => String(w.byClass[c]))),
    row('5xx share', before, after, (w) => percentText(w.share5xx)),
    row('p50', before, after, (w) => msText(w.p50Us)),
    row('p90', before, after, (w) => `${msText(w.p90Us)}${w.exactPercentiles ? '' : ' (weighted)'}`),
  ];
}

const sourceLines = (label: string, w: CallWindow | undefined) => (w ? w.sources.map((s) => `- ${label}: \`${s}\``) : [`- ${label}: not read yet`]);

/** The live document: what is watched, the verdict, the figures and where each came from. */
export function watchMarkdown(r: WatchReport, nowMs: number): string {
  const t = r.thresholds;
  const verdict = r.before && r.after ? judgeWindows(r.before, r.after, t) : undefined;
  const state = `${STATE[r.state]}${r.stoppedBecause ? ` (${md(r.stoppedBecause)})` : ''}${r.state === 'watching' ? `, ${timeLeft(r, nowMs)}` : ''}`;
  return [
    `# Deploy watch: ${md(nameOf(r))} (${r.appId})`,
    '',
    `Connection ${md(r.connectionName)}; binary ${r.previous ?? '(none)'} -> ${r.binary}, deployed ${r.deployedAt}; the watch ends ${r.endsAt}.`,
    '',
    `**State**: ${state}; ${r.polls} poll${r.polls === 1 ? '' : 's'}.`,
    '',
    r.tripped
      ? `**Tripped** at ${r.tripped.at}: ${r.tripped.reasons.map(md).join('; ')}.`
      : `**Not tripped**${verdict?.notYet.length ? `: ${verdict.notYet.map(md).join('; ')}` : ''}.`,
    ...(r.action ? ['', `**Done**: ${md(r.action)}`] : []),
    ...(r.lastError ? ['', `**Last read failed**: ${md(r.lastError)} (the watch goes on).`] : []),
    '',
    ...figuresTable(r),
    '',
    `Log error lines since the deploy: ${r.logErrors ? `${r.logErrors.count} (${r.logErrors.from} to ${r.logErrors.to})` : 'not read yet'}.`,
    // Platform text: one line, escaped, cut.
    ...(r.logErrors?.latest ? ['', `The newest, as the platform wrote it: ${md(r.logErrors.latest.replace(/\s+/g, ' ').slice(0, 300))}`] : []),
    '',
    `Thresholds: 5xx share above ${percentText(t.max5xxShare)} and above before; p90 more than ${t.p90Factor}× before; ` +
      `at least ${t.minCalls} calls in a window before either counts.`,
    '',
    '## Where each figure came from',
    '',
    ...sourceLines('Before', r.before),
    ...sourceLines('Since', r.after),
    `- Log errors: ${r.logErrors ? `\`${r.logErrors.source}\`` : 'not read yet'}`,
    '',
  ].join('\n');
}

/** The warning when a watch trips: the app, the reasons, both windows' figures. */
export function tripMessage(r: WatchReport): string {
  const reasons = r.tripped?.reasons.join('; ') ?? '';
  return (
    `Edge app ${nameOf(r)} (${r.appId}) on ${r.connectionName} after the deploy of binary ${r.binary}: ${reasons}. ` +
    `Before: ${r.before ? windowText(r.before) : 'not read'}. Since: ${r.after ? windowText(r.after) : 'not read'}.`
  );
}

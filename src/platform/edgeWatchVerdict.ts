// The watch after a deploy, said once for every face: the thresholds, whether the calls since the
// deploy crossed them against the same length of time before it, the figures in words with the
// windows and requests they came from, and what a watch reports (the editor's watch, the agent
// tool in the editor and over MCP). Pure: the watch's loop is the edge feature's model.
import type { CallWindow } from './edgeCallWindow';

export interface WatchThresholds {
  /** Trips when the after window's 5xx share is above this AND above the before window's (0..1). */
  max5xxShare: number;
  /** Trips when p90 after is more than this many times p90 before. */
  p90Factor: number;
  /** Calls a window needs before its figures count: one slow or failed call does not trip a watch. */
  minCalls: number;
}

/**
 * 10 calls: with fewer, one call is 10% or more of the window; p90 of 10 calls is the 9th slowest,
 * so one slow call cannot move it (two can).
 */
export const WATCH_MIN_CALLS = 10;

export const DEFAULT_THRESHOLDS: WatchThresholds = { max5xxShare: 0.05, p90Factor: 2, minCalls: WATCH_MIN_CALLS };

/** The app's log lines since the deploy that the platform finds with `search=error` (any case), and the request. */
export interface LogErrors {
  count: number;
  from: string;
  to: string;
  /** The newest such line's message, as the platform wrote it (shown as data, never as our words). */
  latest?: string;
  source: string;
}

export interface WatchVerdict {
  tripped: boolean;
  /** Each threshold crossed, in words with both figures. */
  reasons: string[];
  /** Why a signal could not be judged yet (too few calls), in words. */
  notYet: string[];
}

export const percentText = (share: number | undefined) => (share === undefined ? 'no calls' : `${(share * 100).toFixed(1)}%`);
export const msText = (us: number | undefined) => (us === undefined ? 'none' : us >= 10_000 ? `${Math.round(us / 1000)} ms` : `${(us / 1000).toFixed(1)} ms`);

/** Whether the after window crossed a threshold against the before window (pure). */
export function judgeWindows(before: CallWindow, after: CallWindow, t: WatchThresholds): WatchVerdict {
  const reasons: string[] = [];
  const notYet: string[] = [];
  if (after.calls < t.minCalls) {
    notYet.push(`${after.calls} call${after.calls === 1 ? '' : 's'} since the deploy, fewer than the ${t.minCalls} a signal needs`);
    return { tripped: false, reasons, notYet };
  }
  const share = after.share5xx ?? 0;
  const was = before.share5xx ?? 0;
  if (share > t.max5xxShare && share > was) {
    reasons.push(`5xx share ${percentText(share)} after the deploy (above ${percentText(t.max5xxShare)}), ${percentText(before.share5xx)} before`);
  }
  if (before.calls < t.minCalls) {
    notYet.push(`p90 not compared: ${before.calls} call${before.calls === 1 ? '' : 's'} before the deploy, fewer than ${t.minCalls}`);
  } else if (after.p90Us !== undefined && before.p90Us !== undefined && after.p90Us > t.p90Factor * before.p90Us) {
    reasons.push(`p90 ${msText(after.p90Us)} after the deploy, more than ${t.p90Factor}× the ${msText(before.p90Us)} before`);
  }
  return { tripped: reasons.length > 0, reasons, notYet };
}

/** One window in words: what it counts, when, and from which requests. */
export function windowText(w: CallWindow): string {
  const classes = Object.entries(w.byClass)
    .filter(([, n]) => n > 0)
    .map(([c, n]) => `${c} ${n}`)
    .join(', ');
  return (
    `${w.calls} call${w.calls === 1 ? '' : 's'}${classes ? ` (${classes})` : ''}, 5xx ${percentText(w.share5xx)}, ` +
    `p50 ${msText(w.p50Us)}, p90 ${msText(w.p90Us)}${w.exactPercentiles ? '' : ' (weighted from slots)'}; ${w.from} to ${w.to}`
  );
}

export type WatchState = 'reading' | 'watching' | 'finished' | 'stopped';

/** What a watch reports, as data: the agent tool's answer and the live document are made from it. */
export interface WatchReport {
  connectionName: string;
  appId: number;
  appName: string;
  binary: number;
  previous?: number;
  /** ISO: the deploy (the windows' boundary, on a whole second) and the end of the watch. */
  deployedAt: string;
  endsAt: string;
  state: WatchState;
  /** Why it stopped before its end: "Stop Watching", "signed out", "a new deploy of the app". */
  stoppedBecause?: string;
  thresholds: WatchThresholds;
  before?: CallWindow;
  after?: CallWindow;
  logErrors?: LogErrors;
  polls: number;
  /** Set once, when a threshold was crossed: when, and why. */
  tripped?: { at: string; reasons: string[] };
  /** What was done about it: "rolled back to binary 7", "roll back refused: …". */
  action?: string;
  /** The last failed read, in words (the watch goes on). */
  lastError?: string;
}

/** A report as plain data for the agent: our words first, the figures with their windows and requests. */
export function reportData(r: WatchReport): Record<string, unknown> {
  const verdict = r.before && r.after ? judgeWindows(r.before, r.after, r.thresholds) : undefined;
  return {
    app_id: r.appId,
    app_name: r.appName,
    connection: r.connectionName,
    binary: r.binary,
    previous_binary: r.previous ?? null,
    deployed_at: r.deployedAt,
    ends_at: r.endsAt,
    state: r.state,
    ...(r.stoppedBecause ? { stopped_because: r.stoppedBecause } : {}),
    tripped: Boolean(r.tripped),
    ...(r.tripped ? { tripped_at: r.tripped.at, reasons: r.tripped.reasons } : {}),
    ...(verdict?.notYet.length ? { not_judged: verdict.notYet } : {}),
    ...(r.action ? { action: r.action } : {}),
    thresholds: { max_5xx_share: r.thresholds.max5xxShare, p90_factor: r.thresholds.p90Factor, min_calls: r.thresholds.minCalls },
    before: r.before ? windowData(r.before) : null,
    after: r.after ? windowData(r.after) : null,
    log_errors_since_deploy: r.logErrors ?? null,
    polls: r.polls,
    ...(r.lastError ? { last_error: r.lastError } : {}),
  };
}

const windowData = (w: CallWindow) => ({
  from: w.from,
  to: w.to,
  calls: w.calls,
  by_class: w.byClass,
  share_5xx: w.share5xx ?? null,
  p50_ms: w.p50Us === undefined ? null : w.p50Us / 1000,
  p90_ms: w.p90Us === undefined ? null : w.p90Us / 1000,
  exact_percentiles: w.exactPercentiles,
  sources: w.sources,
});

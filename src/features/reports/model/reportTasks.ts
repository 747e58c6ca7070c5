// Report tasks, as the Report Tasks view and its poller see them: the status read leniently,
// which statuses keep a task alive, the backoff between polls, newest-first order, and the
// words of labels, descriptions and tooltips. No VS Code, no HTTP.
import type { ReportTask } from '../../../schema/billing';
import { reportStatus, reportStatusWord, type ReportStatus } from '../../../schema/reportStatus';
import { formatUtc, relativeTime, timeOf } from '../../../ui/text/timeText';

export { reportStatus, type ReportStatus };

/** Pending and InProgress are polled; Completed, Failed and Cancelled end a task. */
export const ACTIVE_REPORT_STATUSES: readonly ReportStatus[] = ['Pending', 'InProgress'];
export const TERMINAL_REPORT_STATUSES: readonly ReportStatus[] = ['Completed', 'Failed', 'Cancelled'];

/**
 * Whether a task is still worth polling. A task never read yet is (its first read tells); an
 * unknown status is not: polling it for ever could never end.
 */
export function isActiveReport(task: Pick<ReportTask, 'status'> | undefined): boolean {
  if (task === undefined) return true;
  const status = reportStatus(task);
  return status !== undefined && ACTIVE_REPORT_STATUSES.includes(status);
}

export function isTerminalStatus(status: ReportStatus | undefined): boolean {
  return status !== undefined && TERMINAL_REPORT_STATUSES.includes(status);
}

export interface PollDelays {
  /** The first delay, and the delay again after the status moved (default 2 s). */
  minMs: number;
  /** The longest delay (default 30 s). */
  maxMs: number;
  /** Growth per poll without a change (default 2: 2, 4, 8, 16, 30, 30 … s). */
  factor: number;
}

export const DEFAULT_POLL_DELAYS: PollDelays = { minMs: 2000, maxMs: 30_000, factor: 2 };

/** The delay before poll number `attempt` (0-based) since the last change of status. */
export function pollDelay(attempt: number, delays: PollDelays = DEFAULT_POLL_DELAYS): number {
  const min = Math.max(1, delays.minMs);
  const max = Math.max(min, delays.maxMs);
  const grown = min * Math.pow(Math.max(1, delays.factor), Math.max(0, attempt));
  return Math.min(max, Math.round(grown));
}

/** A task this extension follows: created here or opened by uuid. */
export interface TrackedReport {
  /** Lowercase uuid. */
  uuid: string;
  /** When it was added to the list (ms since the epoch). */
  addedAt: number;
  /** The template code, known only for tasks created here (the task itself does not say). */
  templateCode?: string;
  /** The last answer of the platform, as read. */
  snapshot?: ReportTask;
  /** When the snapshot was read (ms). */
  checkedAt?: number;
  /** Why the last refresh failed ("No report task … on …", a server error); cleared by a good read. */
  problem?: string;
}

/** Newest first: by the task's own created_at, else by when it was added here. */
export function newestFirst(tasks: readonly TrackedReport[]): TrackedReport[] {
  const key = (t: TrackedReport) => timeOf(t.snapshot?.created_at) ?? t.addedAt;
  return [...tasks].sort((a, b) => key(b) - key(a) || b.addedAt - a.addedAt || a.uuid.localeCompare(b.uuid));
}

/** Human label: the template code when known, else the report `type` parameter, else the task type. */
export function reportLabel(task: TrackedReport): string {
  if (task.templateCode) return task.templateCode;
  const type = task.snapshot?.parameters?.type;
  if (typeof type === 'string' && type.trim()) return type.trim();
  return task.snapshot?.task_type ?? 'Report';
}

export const shortUuid = (uuid: string): string => uuid.slice(0, 8);

/** The status word shown: the spec's spelling, the raw text of an unknown one, or "not read yet". */
export function statusText(task: TrackedReport): string {
  return task.snapshot ? reportStatusWord(task.snapshot) : 'not read yet';
}

/** "Completed · 2026-04 · 3 h ago". */
export function reportDescription(task: TrackedReport, now: number): string {
  const parts = [statusText(task)];
  const period = task.snapshot?.processing_notes?.period;
  if (period) parts.push(period);
  const when = relativeTime(timeOf(task.snapshot?.created_at) ?? task.addedAt, now);
  if (when) parts.push(when);
  if (task.problem) parts.push('status may be out of date');
  return parts.join(' · ');
}

/** A processing note (error or warning) as one line: its message, else its JSON. */
export function noteText(note: unknown): string {
  if (typeof note === 'string') return note;
  if (note && typeof note === 'object') {
    const o = note as Record<string, unknown>;
    const message = [o.message, o.detail, o.error, o.text].find((v) => typeof v === 'string' && v.trim());
    const code = typeof o.code === 'string' ? o.code : undefined;
    if (typeof message === 'string') return code ? `${message} (${code})` : message;
  }
  return JSON.stringify(note) ?? String(note);
}

export interface NotesSummary {
  errors: string[];
  warnings: string[];
  /** "1 error, 2 warnings", "no errors or warnings". */
  counts: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function notesSummary(task: ReportTask | undefined): NotesSummary {
  const notes = task?.processing_notes;
  const errors = (notes?.errors ?? []).map(noteText);
  const warnings = (notes?.warnings ?? []).map(noteText);
  const counts = errors.length + warnings.length === 0 ? 'no errors or warnings' : `${plural(errors.length, 'error')}, ${plural(warnings.length, 'warning')}`;
  return { errors, warnings, counts };
}

/** A parameter value as shown: text as is, other values as JSON. */
export function parameterText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

/** The rows of a task's tooltip, in order; absent values are left out. */
export function reportTooltipRows(task: TrackedReport): [string, string][] {
  const s = task.snapshot;
  const notes = s?.processing_notes;
  const rows: [string, string | number | null | undefined][] = [
    ['Status', statusText(task)],
    ['Task type', s?.task_type],
    ['Template', task.templateCode],
    ['Created', formatUtc(s?.created_at)],
    ['Updated', formatUtc(s?.updated_at)],
    ['User id', s?.user_id],
    ['Client id', s?.client_id],
    ['Worker group', notes?.worker_group_id],
    ['Period', notes?.period],
    ['Records to process', notes?.records_to_process],
    ['UUID', task.uuid],
  ];
  if (task.problem) rows.push(['Last refresh', task.problem]);
  return rows.filter((r): r is [string, string | number] => r[1] !== undefined && r[1] !== null && r[1] !== '').map(([k, v]) => [k, String(v)]);
}

/** The notification when a followed task ends. */
export function settledMessage(task: TrackedReport, connectionName: string): { severity: 'info' | 'error' | 'warning'; message: string } {
  const status = reportStatus(task.snapshot);
  const name = `Report ${reportLabel(task)} (${shortUuid(task.uuid)})`;
  if (status === 'Completed') return { severity: 'info', message: `${name} completed on ${connectionName}.` };
  if (status === 'Cancelled') return { severity: 'warning', message: `${name} was cancelled on ${connectionName}.` };
  const first = notesSummary(task.snapshot).errors[0];
  return { severity: 'error', message: `${name} failed on ${connectionName}${first ? `: ${first}` : '.'}` };
}

/** A text field kept in globalState: at most this many characters. */
const STORED_TEXT_MAX = 200;
/** Parameters, errors and warnings kept per task, each value at most STORED_VALUE_MAX characters. */
const STORED_ITEMS_MAX = 20;
const STORED_VALUE_MAX = 300;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const keptText = (value: string | null | undefined) => (typeof value === 'string' ? cut(value, STORED_TEXT_MAX) : value);
const keptNotes = (notes: unknown[] | null | undefined) =>
  Array.isArray(notes) ? notes.slice(0, STORED_ITEMS_MAX).map((n) => cut(noteText(n), STORED_VALUE_MAX)) : notes;

/**
 * What is kept of a task's answer in globalState (and shown after a reload): the fields the view
 * shows and nothing else, each bounded, so an answer of any size stores a few KB at most.
 */
export function storedSnapshot(task: ReportTask): ReportTask {
  const notes = task.processing_notes;
  const parameters = task.parameters
    ? Object.fromEntries(
        Object.entries(task.parameters)
          .slice(0, STORED_ITEMS_MAX)
          .map(([k, v]) => [
            cut(k, STORED_TEXT_MAX),
            typeof v === 'string' ? cut(v, STORED_VALUE_MAX) : parameterText(v).length > STORED_VALUE_MAX ? cut(parameterText(v), STORED_VALUE_MAX) : v,
          ]),
      )
    : task.parameters;
  return {
    uuid: task.uuid,
    created_at: keptText(task.created_at),
    updated_at: keptText(task.updated_at),
    user_id: task.user_id,
    client_id: task.client_id,
    task_type: keptText(task.task_type),
    status: keptText(task.status),
    processing_notes: notes
      ? {
          worker_group_id: keptText(notes.worker_group_id),
          celery_group_id: keptText(notes.celery_group_id),
          period: keptText(notes.period),
          records_to_process: notes.records_to_process,
          errors: keptNotes(notes.errors),
          warnings: keptNotes(notes.warnings),
        }
      : notes,
    parameters,
  };
}

/** Most recent first, no duplicates (case kept as last typed), at most `max`. */
export function rememberRecent(list: readonly string[], value: string, max = 8): string[] {
  const v = value.trim();
  if (!v) return [...list];
  return [v, ...list.filter((x) => x !== v)].slice(0, max);
}

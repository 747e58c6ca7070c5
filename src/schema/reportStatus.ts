// A report task's status in the spec's spelling, read leniently: what the Report Tasks view and
// the catalog's report delete both show, so the word is the same everywhere.
import { REPORT_STATUSES, type ReportTask } from './billing';

export type ReportStatus = (typeof REPORT_STATUSES)[number];

const squash = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

/**
 * The status of a task in the spec's spelling, whatever the case or separators the server used
 * (`in_progress`, `COMPLETED`); undefined for a missing or unknown status.
 */
export function reportStatus(task: Pick<ReportTask, 'status'> | undefined): ReportStatus | undefined {
  const raw = task?.status;
  if (typeof raw !== 'string') return undefined;
  return REPORT_STATUSES.find((s) => squash(s) === squash(raw));
}

/** The status word shown: the spec's spelling, the raw text of an unknown one, or "no status". */
export function reportStatusWord(task: Pick<ReportTask, 'status'>): string {
  return reportStatus(task) ?? (task.status ? `${task.status} (unknown status)` : 'no status');
}

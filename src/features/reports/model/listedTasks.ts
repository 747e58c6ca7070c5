// What the Report Tasks view lists where the platform lists report tasks: the followed tasks and
// the account's pages merged, newest first, each once. While pages are left, a followed task older
// than the last one read waits for its page: a page read then only adds rows after the last one,
// so the view redraws the range it fills and nothing above it (src/ui/rowChunks.ts).
import type { ReportTask } from '../../../schema/billing';
import { timeOf } from '../../../ui/text/timeText';
import { newestFirst, reportStatus, type ReportStatus, type TrackedReport } from './reportTasks';

export interface ListedTasks {
  /** The tasks followed here on this connection. */
  followed: readonly TrackedReport[];
  /** The account's tasks read so far, newest first. */
  listed: readonly ReportTask[];
  /** The view's status filter (applied to the followed ones here, to the listed ones by the server). */
  status: ReportStatus | undefined;
  /** Every page is read. */
  whole: boolean;
  /** A listed task as a followed one looks (kept per answer, so an unchanged task is the same object). */
  tracked: (task: ReportTask) => TrackedReport;
}

const keyOf = (t: TrackedReport) => timeOf(t.snapshot?.created_at) ?? t.addedAt;

export function listedTasks({ followed, listed, status, whole, tracked }: ListedTasks): TrackedReport[] {
  const listedIds = new Set(listed.map((t) => t.uuid.toLowerCase()));
  const followedIds = new Set(followed.map((t) => t.uuid));
  const last = listed.at(-1);
  const oldest = whole || !last ? -Infinity : keyOf(tracked(last));
  const mine = followed.filter((t) => (!status || reportStatus(t.snapshot) === status) && (listedIds.has(t.uuid) || keyOf(t) >= oldest));
  const theirs = listed.filter((t) => !followedIds.has(t.uuid.toLowerCase())).map(tracked);
  return newestFirst([...mine, ...theirs]);
}

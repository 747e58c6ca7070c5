// A report's life, computed from elapsed time: Pending for the first quarter of the duration,
// InProgress until it ends, then Completed, or Failed for a template code containing "Fail".
import type { ReportRecord } from './state/types';
import { isoMillis } from './timeFormat';

export type ReportStatus = NonNullable<ReportRecord['fixedStatus']>;

export function reportFailure(templateCode: string): string | undefined {
  return templateCode.includes('Fail') ? `Template ${templateCode} could not be rendered: the data source refused the query` : undefined;
}

function statusAt(report: ReportRecord, durationMs: number, nowMs: number): { status: ReportStatus; sinceMs: number } {
  if (report.fixedStatus) return { status: report.fixedStatus, sinceMs: report.createdMs + 60_000 };
  const elapsed = nowMs - report.createdMs;
  if (elapsed >= durationMs) return { status: report.failure ? 'Failed' : 'Completed', sinceMs: report.createdMs + durationMs };
  if (elapsed >= durationMs / 4) return { status: 'InProgress', sinceMs: report.createdMs + durationMs / 4 };
  return { status: 'Pending', sinceMs: report.createdMs };
}

export function reportView(report: ReportRecord, durationMs: number, nowMs: number): Record<string, unknown> {
  const { status, sinceMs } = statusAt(report, durationMs, nowMs);
  const dateFrom = report.parameters.date_from;
  return {
    uuid: report.uuid,
    created_at: isoMillis(report.createdMs),
    updated_at: isoMillis(sinceMs),
    user_id: report.userId,
    client_id: report.clientId,
    task_type: report.taskType,
    status,
    processing_notes: {
      worker_group_id: status === 'Pending' ? null : report.workerGroupId,
      celery_group_id: null,
      period: typeof dateFrom === 'string' ? dateFrom.slice(0, 7) : null,
      records_to_process: status === 'Pending' ? null : report.recordsToProcess,
      errors: status === 'Failed' ? [{ code: 'render_failed', message: report.failure ?? 'Report generation failed' }] : [],
      warnings: [],
    },
    parameters: structuredClone(report.parameters),
  };
}

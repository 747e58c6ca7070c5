// The JSON document form of "Add Snapshot Schedules": its starting content and its parsing.
import { DEFAULT_NAME_TEMPLATE } from './schedules';

export interface ScheduleDocumentContent {
  project_id?: unknown;
  region_id?: unknown;
  policy_id?: unknown;
  schedules?: unknown;
}

export function starterContent(location: { projectId: number; regionId: number; policyId: number }, timezone: string): string {
  return `${JSON.stringify(
    {
      $comment: 'Schedules to add to a volume snapshot lifecycle policy. Edit, then run "Submit to Policy…" (editor title). Hover a field for help.',
      project_id: location.projectId,
      region_id: location.regionId,
      policy_id: location.policyId,
      schedules: [
        { type: 'cron', day_of_week: 'mon,wed,fri', hour: '2', minute: '30', timezone, max_quantity: 7, resource_name_template: DEFAULT_NAME_TEMPLATE },
        { type: 'interval', weeks: 0, days: 1, hours: 0, minutes: 0, max_quantity: 14, retention_time: { weeks: 4, days: 0 } },
      ],
    },
    null,
    2,
  )}\n`;
}

/** The document's JSON, or the reason it is not JSON. */
export function parseSchedulesDocument(text: string): { content: ScheduleDocumentContent } | { problem: string } {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return { problem: 'Schedules document: must be a JSON object with project_id, region_id, policy_id and schedules' };
    return { content: value };
  } catch (error) {
    return { problem: `Schedules document: not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
}

/** The untitled document's name: the connection's name in it, so one policy on two connections is two documents. */
export function documentFileName(connectionName: string, policyId: number, suffix: string): string {
  const safe = connectionName.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'connection';
  return `${safe}-policy-${policyId}${suffix}`;
}

/** Where a document came from: made by "Edit Schedules as JSON…" on a connection, or a file from elsewhere. */
export type DocumentOrigin = { made: true } | { made: false; file: string };

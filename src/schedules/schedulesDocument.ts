// "Edit Schedules as JSON…": an unsaved JSON document whose name matches the extension's
// `jsonValidation` pattern, so VS Code's JSON support validates it against the shipped schema
// (completion, hover docs, errors) before it is ever saved.
import * as vscode from 'vscode';
import { DEFAULT_NAME_TEMPLATE } from './scheduleEditor';

export const DOCUMENT_SUFFIX = '.schedules.platform.json';

export interface ScheduleDocumentContent {
  project_id?: unknown;
  region_id?: unknown;
  policy_id?: unknown;
  schedules?: unknown;
}

export function isSchedulesDocument(doc: vscode.TextDocument): boolean {
  return doc.uri.path.endsWith(DOCUMENT_SUFFIX);
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

export async function openSchedulesDocument(location: { projectId: number; regionId: number; policyId: number }): Promise<vscode.TextEditor> {
  const uri = vscode.Uri.from({ scheme: 'untitled', path: `policy-${location.policyId}${DOCUMENT_SUFFIX}` });
  const doc = await vscode.workspace.openTextDocument(uri);
  const editor = await vscode.window.showTextDocument(doc);
  if (doc.getText().trim() === '') {
    await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), starterContent(location, Intl.DateTimeFormat().resolvedOptions().timeZone)));
  }
  return editor;
}

/** The document's JSON, or the reason it is not JSON. */
export function parseSchedulesDocument(text: string): { content: ScheduleDocumentContent } | { problem: string } {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { problem: 'Schedules document: must be a JSON object with project_id, region_id, policy_id and schedules' };
    return { content: value as ScheduleDocumentContent };
  } catch (error) {
    return { problem: `Schedules document: not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
}

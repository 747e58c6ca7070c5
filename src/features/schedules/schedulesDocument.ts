// "Edit Schedules as JSON…": an unsaved JSON document whose name matches the extension's
// `jsonValidation` pattern, so VS Code's JSON support validates it against the shipped schema
// (completion, hover docs, errors) before it is ever saved.
import * as vscode from 'vscode';
import { starterContent } from './model/scheduleDocument';

export const DOCUMENT_SUFFIX = '.schedules.platform.json';

export function isSchedulesDocument(doc: vscode.TextDocument): boolean {
  return doc.uri.path.endsWith(DOCUMENT_SUFFIX);
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

// "Edit Schedules as JSON…": an unsaved JSON document whose name matches the extension's
// `jsonValidation` pattern, so VS Code's JSON support validates it against the shipped schema
// (completion, hover docs, errors) before it is ever saved. Each document made here remembers the
// connection it was made on: "Submit to Policy…" sends it there, and a file from elsewhere (a cloned
// repository's) is never sent without a confirmation saying so.
import * as vscode from 'vscode';
import type { Connection } from '../../connections/connectionManager';
import { documentFileName, starterContent } from './model/scheduleDocument';

export const DOCUMENT_SUFFIX = '.schedules.platform.json';

/** Per connection (the key holds its id, so Sign Out clears it): the documents made on it. */
const madeKey = (connectionId: string) => `platformConsole.schedulesDocuments.${connectionId}`;
const MADE_MAX = 50;

export function isSchedulesDocument(doc: vscode.TextDocument): boolean {
  return doc.uri.path.endsWith(DOCUMENT_SUFFIX);
}

/** Which connection made which schedules document. */
export class MadeDocuments {
  /** This window's memory too: a document whose connection was signed out here is refused by name. */
  private readonly madeHere = new Map<string, { id: string; name: string }>();

  constructor(private readonly state: vscode.Memento) {}

  async remember(connection: Pick<Connection, 'id' | 'name'>, uri: vscode.Uri): Promise<void> {
    const key = uri.toString();
    this.madeHere.set(key, { id: connection.id, name: connection.name });
    const known = this.state.get<string[]>(madeKey(connection.id), []).filter((u) => u !== key);
    await this.state.update(madeKey(connection.id), [...known, key].slice(-MADE_MAX));
  }

  /** The connection the document was made on, among `connections`; `gone`: made here on one since signed out. */
  originOf(uri: vscode.Uri, connections: readonly Connection[]): { connection: Connection } | { gone: string } | undefined {
    const key = uri.toString();
    const stored = connections.find((c) => this.state.get<string[]>(madeKey(c.id), []).includes(key));
    if (stored) return { connection: stored };
    const here = this.madeHere.get(key);
    if (!here) return undefined;
    const same = connections.find((c) => c.id === here.id);
    return same ? { connection: same } : { gone: here.name };
  }
}

export async function openSchedulesDocument(
  location: { projectId: number; regionId: number; policyId: number },
  connection: Pick<Connection, 'id' | 'name'>,
  made: MadeDocuments,
): Promise<vscode.TextEditor> {
  const uri = vscode.Uri.from({ scheme: 'untitled', path: documentFileName(connection.name, location.policyId, DOCUMENT_SUFFIX) });
  await made.remember(connection, uri);
  const doc = await vscode.workspace.openTextDocument(uri);
  const editor = await vscode.window.showTextDocument(doc);
  if (doc.getText().trim() === '') {
    await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), starterContent(location, Intl.DateTimeFormat().resolvedOptions().timeZone)));
  }
  return editor;
}

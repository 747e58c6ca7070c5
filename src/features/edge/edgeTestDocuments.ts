// The answers of Send Test Request… as read-only text documents of their own scheme (nothing on
// disk, nothing the editor can change), shown alone or side by side (vscode.diff: app | local).
import * as vscode from 'vscode';
import { Disposable } from '../../ui/disposable';

export const TEST_ANSWER_SCHEME = 'platform-console-test';
const KEPT = 20;

export class EdgeTestDocuments extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly contents = new Map<string, string>();
  private readonly changed = this._register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;
  private serial = 0;

  constructor() {
    super();
    this._register(vscode.workspace.registerTextDocumentContentProvider(TEST_ANSWER_SCHEME, this));
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? 'This answer was shown before the window reloaded. Send the test request again.\n';
  }

  /** A new document for `text` (each request its own, so an older answer stays as it was). */
  add(name: string, text: string): vscode.Uri {
    const safe = name.replace(/[\\/:*?"<>|#%]/g, '-');
    const uri = vscode.Uri.from({ scheme: TEST_ANSWER_SCHEME, path: `/${++this.serial}/${safe}.txt` });
    this.contents.set(uri.toString(), text);
    // Answers are up to a MiB each: only the newest are kept in memory.
    for (const old of [...this.contents.keys()].slice(0, Math.max(0, this.contents.size - KEPT))) this.contents.delete(old);
    this.changed.fire(uri);
    return uri;
  }

  async show(uri: vscode.Uri): Promise<void> {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: true });
  }

  async diff(left: vscode.Uri, right: vscode.Uri, title: string): Promise<void> {
    await vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: true });
  }
}

// *Open Value*: one key of an edge store as a read-only document (nothing touches the disk, the
// editor cannot change it): a kv pair's value as text, or a hex dump of binary bytes, at most the
// published 1 MiB; a sorted set's or bloom filter's items one a line. What is shown is said in the
// document's last lines when it is not the whole value.
import * as vscode from 'vscode';
import type { EdgeKvEntry } from '../../schema/edgeKv';
import { Disposable } from '../../ui/disposable';
import { byteSize, showKvValue } from '../../ui/text/kvValue';

export const EDGE_KV_SCHEME = 'platform-console-kv';

const safe = (text: string) => text.replace(/[\\/:*?"<>|#%]/g, '-').trim() || '-';

/** The document's text for one key as read. */
export function kvDocumentText(entry: EdgeKvEntry): string {
  const payload = entry.payload;
  if (Array.isArray(payload)) {
    const lines = payload.map((item) => {
      const shown = showKvValue(item.value ?? '', item.encoding, 4096);
      const value = shown.kind === 'text' ? shown.text.replace(/\r?\n/g, '\\n') : `(${shown.kind}) ${shown.text.replace(/\n/g, ' ')}`;
      return item.score !== undefined && item.score !== null ? `${item.score}\t${value}` : value;
    });
    const count = entry.count ?? payload.length;
    const more = count > payload.length ? [`… ${count - payload.length} more items not shown`] : [];
    return [...lines, ...more].join('\n') + '\n';
  }
  if (!payload) return '(the platform returned no value for this key)\n';
  const shown = showKvValue(payload.value ?? '', payload.encoding);
  if (shown.kind === 'hash') return `(the platform gave only the value's SHA-256)\n${shown.text}\n`;
  const cut = shown.cut ? `\n… shown: the first ${byteSize(1_048_576)} of ${byteSize(shown.bytes)}` : '';
  return `${shown.text}${cut}${shown.kind === 'hex' || cut ? '\n' : ''}`;
}

export class EdgeKvValueDocuments extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly contents = new Map<string, string>();
  private readonly changed = this._register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;

  constructor() {
    super();
    this._register(vscode.workspace.registerTextDocumentContentProvider(EDGE_KV_SCHEME, this));
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '(read again with Open Value: this value was read before the window reloaded)\n';
  }

  /** Opens the key's value read-only; the same key opened again shows what was read now. */
  async show(connectionName: string, storeName: string, entry: EdgeKvEntry, key: string): Promise<vscode.TextDocument> {
    const binary = !Array.isArray(entry.payload) && entry.payload && showKvValue(entry.payload.value ?? '', entry.payload.encoding, 1).kind === 'hex';
    const uri = vscode.Uri.from({ scheme: EDGE_KV_SCHEME, path: `/${safe(connectionName)}/${safe(storeName)}/${safe(key)}${binary ? '.hex' : ''}` });
    this.contents.set(uri.toString(), kvDocumentText(entry));
    this.changed.fire(uri);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, { preview: true });
    return doc;
  }

  /** The text of an open value (the tests read what is shown). */
  text(uri: vscode.Uri): string | undefined {
    return this.contents.get(uri.toString());
  }
}

// A template's long description (Markdown) in VS Code's own Markdown preview, read-only: the
// text is a virtual document of our scheme, so it cannot be edited or saved, and the preview
// works wherever the built-in Markdown extension runs (desktop and code-server alike).
import * as vscode from 'vscode';
import { templatePreviewFileName, templatePreviewMarkdown } from './model/edgeDisplay';
import type { EdgeTemplate } from '../../schema/edge';
import type * as SafeMarkdown from './model/safeMarkdown';

/** markdown-it: its own bundle (dist/lazy/safeMarkdown.js, esbuild.mjs), read at the first preview. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const safeMarkdown = (source: string): string => (require('./model/safeMarkdown') as typeof SafeMarkdown).safeMarkdown(source);

/** The preview's text: the template's own Markdown, without images, raw HTML or links but http(s). */
const previewText = (template: EdgeTemplate, id: number) => safeMarkdown(templatePreviewMarkdown(template, id));

export const EDGE_PREVIEW_SCHEME = 'platform-console-edge';

/** Loads a template for a preview restored after a reload (or asked for before it was cached). */
export type TemplateLoader = (connectionId: string, id: number) => Promise<EdgeTemplate>;

export class EdgeTemplatePreview implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registration: vscode.Disposable;

  constructor(private readonly load: TemplateLoader) {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(EDGE_PREVIEW_SCHEME, this);
  }

  /** `platform-console-edge:/<connection id>/template/<id>/<Name>.md` */
  static uriFor(connectionId: string, id: number, template: EdgeTemplate): vscode.Uri {
    return vscode.Uri.from({ scheme: EDGE_PREVIEW_SCHEME, path: `/${connectionId}/template/${id}/${templatePreviewFileName(template, id)}` });
  }

  static parse(uri: vscode.Uri): { connectionId: string; id: number } | undefined {
    const m = /^\/([^/]+)\/template\/(\d+)\//.exec(uri.path);
    if (!m) return undefined;
    const id = Number(m[2]);
    return Number.isSafeInteger(id) && id > 0 ? { connectionId: m[1]!, id } : undefined;
  }

  /** Opens (or brings forward) the read-only preview of this template. */
  async show(connectionId: string, id: number, template: EdgeTemplate): Promise<vscode.Uri> {
    const uri = EdgeTemplatePreview.uriFor(connectionId, id, template);
    this.contents.set(uri.toString(), previewText(template, id));
    this.changed.fire(uri);
    try {
      // A locked preview keeps showing this template when another Markdown editor becomes active.
      await vscode.commands.executeCommand('markdown.showPreview', uri, [uri], { locked: true });
    } catch {
      // The Markdown extension is disabled: the read-only text is the next best thing.
      await vscode.window.showTextDocument(uri, { preview: true });
    }
    return uri;
  }

  /** A template was loaded again: an open preview of it shows the new text. */
  update(connectionId: string, id: number, template: EdgeTemplate): void {
    const prefix = `/${connectionId}/template/${id}/`;
    const text = previewText(template, id);
    for (const key of this.contents.keys()) {
      const uri = vscode.Uri.parse(key);
      if (uri.path.startsWith(prefix) && this.contents.get(key) !== text) {
        this.contents.set(key, text);
        this.changed.fire(uri);
      }
    }
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const known = this.contents.get(uri.toString());
    if (known !== undefined) return known;
    const target = EdgeTemplatePreview.parse(uri);
    if (!target) return '# Not an edge template\n';
    try {
      const template = await this.load(target.connectionId, target.id);
      const text = previewText(template, target.id);
      this.contents.set(uri.toString(), text);
      return text;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return safeMarkdown(`# Template ${target.id}\n\nCould not load the template: ${reason}\n`);
    }
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
  }
}

// The page every panel loads: a strict CSP with a fresh crypto-random nonce per load, the
// panel's own bundle, the shared theme CSS and the codicon font (both from dist/ and media/).
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

export function newNonce(): string {
  return randomBytes(18).toString('base64');
}

/** Only the built bundles and the media folder: nothing else of the extension (or the disk) is reachable. */
export function localResourceRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'dist'), vscode.Uri.joinPath(extensionUri, 'media')];
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `img-src ${cspSource} data:`,
    `font-src ${cspSource}`,
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface PageOptions {
  webview: vscode.Webview;
  extensionUri: vscode.Uri;
  /** dist/webview/<bundle>.js */
  bundle: string;
  title: string;
  /** The custom element the bundle defines, e.g. `price-preview-app`. */
  rootElement: string;
  /** The panel's own CSS files in media/, after the shared webview.css. */
  styles?: string[];
  nonce?: string;
}

export function webviewHtml(options: PageOptions): string {
  const { webview, extensionUri } = options;
  const nonce = options.nonce ?? newNonce();
  const uri = (...path: string[]) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, ...path)).toString();
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(webview.cspSource, nonce)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeHtml(options.title)}</title>
<link rel="stylesheet" href="${uri('dist', 'codicons', 'codicon.css')}" nonce="${nonce}" id="vscode-codicon-stylesheet">
<link rel="stylesheet" href="${uri('media', 'webview.css')}" nonce="${nonce}">
${(options.styles ?? []).map((file) => `<link rel="stylesheet" href="${uri('media', file)}" nonce="${nonce}">`).join('\n')}
</head>
<body>
<${options.rootElement}></${options.rootElement}>
<script type="module" nonce="${nonce}" src="${uri('dist', 'webview', `${options.bundle}.js`)}"></script>
</body>
</html>`;
}

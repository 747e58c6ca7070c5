// Every webview page the extension serves, read as HTML: a strict CSP, scripts only with that
// page's nonce and from a file, every resource from the webview's own origin, a new nonce per page.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';
import { until } from './support/until';

describe('webview security', function () {
  this.timeout(30_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: testKeys.simulator });
    connectionId = (await ext.connections.signIn('webviews', sim.url, testKeys.simulator)).id;
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('each panel: CSP default-src none, nonce-only scripts from files, no remote origin, a fresh nonce', async () => {
    await vscode.commands.executeCommand('platformConsole.previewPrices');
    ext.logs.open({ projectId: 1, regionId: 1, namespace: 'default', functionName: 'hello-world' });
    const pages = await until('two open panels', () => (ext.webviewPages().length >= 2 ? ext.webviewPages() : undefined));
    const nonces = new Set<string>();
    for (const { title, html } of pages) {
      const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
      assert.ok(csp, `${title}: no CSP`);
      const directives: Record<string, string[]> = Object.fromEntries(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
      assert.deepEqual(directives['default-src'], ["'none'"], `${title}: ${csp}`);
      assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\s\*(\s|;|$)|http:/, `${title}: ${csp}`);
      const scriptSrc = directives['script-src'] ?? [];
      assert.equal(scriptSrc.length, 1, `${title}: scripts only by nonce`);
      const nonce = /^'nonce-([A-Za-z0-9+/=]+)'$/.exec(scriptSrc[0] ?? '')?.[1];
      assert.ok(nonce && nonce.length >= 16, `${title}: nonce ${scriptSrc[0]}`);
      nonces.add(nonce);

      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      assert.ok(scripts.length > 0, `${title}: no script`);
      for (const [, attributes, body] of scripts) {
        assert.match(attributes!, new RegExp(`nonce="${nonce!.replace(/[+/=]/g, (c) => `\\${c}`)}"`), `${title}: a script without the page's nonce`);
        assert.match(attributes!, /\ssrc="/, `${title}: an inline script`);
        assert.equal(body!.trim(), '', `${title}: inline script content`);
      }
      assert.doesNotMatch(html, /\son[a-z]+="/i, `${title}: an inline event handler`);

      // The webview's own resource origins, as VS Code names them in the CSP (font-src <cspSource>).
      const own = (directives['font-src'] ?? []).filter((source) => /^https:\/\//.test(source));
      assert.ok(own.length > 0, `${title}: font-src names no origin: ${csp}`);
      const ownPatterns = own.map((source) => new RegExp(`^${source.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]+')}/`));
      const urls = [...html.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
      assert.ok(urls.length >= 2, `${title}: resources`);
      for (const url of urls)
        assert.ok(
          ownPatterns.some((p) => p.test(url)),
          `${title}: ${url} is not from the webview's own origin (${own.join(' ')})`,
        );
    }
    assert.equal(nonces.size, pages.length, 'every page has its own nonce');
  });
});

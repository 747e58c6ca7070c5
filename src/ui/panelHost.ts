// The extension side of a webview panel: it owns the panel, sets a fresh page (CSP + nonce) on
// every load, holds back every event until the webview says `ready`, checks every incoming
// message against the panel's schemas, and answers requests by id.
import { lazySchema } from '../schema/lazySchema';
import * as z from 'zod';
import * as vscode from 'vscode';
import type { Log } from './log';
import { issuePath } from '../schema/validate';
import { MAX_REQUEST_ID, type HostMessage, type RequestMap } from '../protocol/ipc';
import { localResourceRoots, webviewHtml } from './webviewHtml';

export type RequestSchemas<R extends RequestMap> = { [M in keyof R]: z.ZodType<R[M]['params']> };

/** What a panel does with the messages its webview sends (all already validated). */
export interface PanelHandler<N, R extends RequestMap> {
  /** The webview (re)loaded and listens: send it everything it shows. */
  onReady(): void;
  onNotify(message: N): void;
  onRequest<M extends keyof R & string>(method: M, params: R[M]['params']): Promise<R[M]['result']>;
}

export interface PanelHostOptions<N, R extends RequestMap> {
  extensionUri: vscode.Uri;
  bundle: string;
  rootElement: string;
  styles?: string[];
  title: string;
  log: Log;
  notificationSchema: z.ZodType<N>;
  requestSchemas: RequestSchemas<R>;
  /**
   * The panel was created with `retainContextWhenHidden`: its page lives on while hidden (it says
   * `ready` only once), so events keep flowing to it.
   */
  retainContextWhenHidden?: boolean;
  /** Told of the panel's pages and messages, if given. */
  watch?: PanelWatch;
}

/** Options for createWebviewPanel and for panels revived by a serializer: no retainContextWhenHidden. */
export function panelOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return { enableScripts: true, enableFindWidget: true, localResourceRoots: localResourceRoots(extensionUri) };
}

const envelope = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('ready') }),
    z.strictObject({ kind: z.literal('notify'), message: z.unknown() }),
    z.strictObject({ kind: z.literal('request'), id: z.number().int().min(0).max(MAX_REQUEST_ID), method: z.string().max(64), params: z.unknown() }),
  ]),
);

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${issuePath(i.path) || '(message)'}: ${i.message}`)
    .join('; ');
}

/** What went into a webview: a page's HTML or a message posted to it. */
export type WebviewTraffic = { title: string; html: string } | { title: string; message: unknown };

/**
 * Sees every page set and every message posted to the panels given it, and which are open: the
 * composition root makes one under the tests only (they watch it for API keys, read pages' CSP).
 */
export class PanelWatch implements vscode.Disposable {
  private readonly traffic = new vscode.EventEmitter<WebviewTraffic>();
  readonly onTraffic = this.traffic.event;
  private readonly open = new Set<{ panel: vscode.WebviewPanel }>();

  opened(host: { panel: vscode.WebviewPanel }): void {
    this.open.add(host);
  }

  closed(host: { panel: vscode.WebviewPanel }): void {
    this.open.delete(host);
  }

  saw(traffic: WebviewTraffic): void {
    this.traffic.fire(traffic);
  }

  /** The title and HTML of every open panel. */
  pages(): { title: string; html: string }[] {
    return [...this.open].map((h) => ({ title: h.panel.title, html: h.panel.webview.html }));
  }

  dispose(): void {
    this.traffic.dispose();
  }
}

export class PanelHost<N, R extends RequestMap, E> implements vscode.Disposable {
  private ready = false;
  private handler: PanelHandler<N, R> | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly disposed = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposed.event;
  private isDisposed = false;

  constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly options: PanelHostOptions<N, R>,
  ) {
    panel.webview.options = { enableScripts: true, localResourceRoots: localResourceRoots(options.extensionUri) };
    this.disposables.push(
      panel.webview.onDidReceiveMessage((raw: unknown) => void this.receive(raw)),
      // Without retainContextWhenHidden a hidden webview is destroyed; it loads again (and says ready) when shown.
      panel.onDidChangeViewState(() => {
        if (!panel.visible && options.retainContextWhenHidden !== true) this.ready = false;
      }),
      panel.onDidDispose(() => this.dispose()),
    );
    this.load();
    options.watch?.opened(this);
  }

  /** Connects the panel's logic; messages that arrive before are held back until it is set. */
  connect(handler: PanelHandler<N, R>): void {
    this.handler = handler;
    if (this.ready) handler.onReady();
  }

  /** A fresh page, with a new nonce. */
  load(): void {
    this.ready = false;
    const { extensionUri, bundle, title, rootElement, styles } = this.options;
    this.panel.webview.html = webviewHtml({ webview: this.panel.webview, extensionUri, bundle, title, rootElement, styles });
    this.options.watch?.saw({ title: this.panel.title, html: this.panel.webview.html });
  }

  /** Sends an event once the webview is ready; before that it is dropped (onReady sends everything). */
  post(event: E): void {
    this.send({ kind: 'event', event });
  }

  /**
   * Sends an event and waits until the webview took it (a stream of many: the sender keeps pace
   * with the page instead of queueing them all); false when it was not sent.
   */
  async postAndWait(event: E): Promise<boolean> {
    if (this.isDisposed || !this.ready) return false;
    const message: HostMessage<E> = { kind: 'event', event };
    this.options.watch?.saw({ title: this.panel.title, message });
    try {
      return await this.panel.webview.postMessage(message);
    } catch (error) {
      this.options.log.error(`${this.options.title}: could not post to the webview`, error);
      return false;
    }
  }

  get isReady(): boolean {
    return this.ready;
  }

  private send(message: HostMessage<E>): void {
    if (this.isDisposed) return;
    // Nothing goes out before `ready`: the page could not receive it. The handler's onReady sends the whole picture.
    if (!this.ready) return;
    this.options.watch?.saw({ title: this.panel.title, message });
    void this.panel.webview
      .postMessage(message)
      .then(undefined, (error: unknown) => this.options.log.error(`${this.options.title}: could not post to the webview`, error));
  }

  private refuse(what: string, detail: string): void {
    this.options.log.error(`${this.options.title}: ignored ${what} from the webview (${detail})`);
  }

  private async receive(raw: unknown): Promise<void> {
    const parsed = envelope.safeParse(raw);
    if (!parsed.success) return this.refuse('a malformed message', describeIssues(parsed.error));
    const message = parsed.data;
    const handler = this.handler;
    if (message.kind === 'ready') {
      this.ready = true;
      handler?.onReady();
      return;
    }
    if (message.kind === 'notify') {
      const checked = this.options.notificationSchema.safeParse(message.message);
      if (!checked.success) return this.refuse('a notification', describeIssues(checked.error));
      handler?.onNotify(checked.data);
      return;
    }
    const { id, method } = message;
    const schema = Object.hasOwn(this.options.requestSchemas, method) ? this.options.requestSchemas[method as keyof R] : undefined;
    if (!schema) {
      this.refuse(`a request for "${method}"`, 'no such method');
      return this.send({ kind: 'reply', id, ok: false, error: `Unknown request "${method}"` });
    }
    const params = schema.safeParse(message.params);
    if (!params.success) {
      this.refuse(`a "${method}" request`, describeIssues(params.error));
      return this.send({ kind: 'reply', id, ok: false, error: `Invalid "${method}" request` });
    }
    try {
      if (!handler) throw new Error('The panel is not connected yet');
      const result = await handler.onRequest(method, params.data);
      this.send({ kind: 'reply', id, ok: true, result });
    } catch (error) {
      this.options.log.error(`${this.options.title}: "${method}" failed`, error);
      this.send({ kind: 'reply', id, ok: false, error: this.options.log.scrub(error instanceof Error ? error.message : String(error)) });
    }
  }

  dispose(): void {
    this.options.watch?.closed(this);
    if (this.isDisposed) return;
    this.isDisposed = true;
    this.disposed.fire();
    this.disposed.dispose();
    vscode.Disposable.from(...this.disposables).dispose();
    this.panel.dispose();
  }
}

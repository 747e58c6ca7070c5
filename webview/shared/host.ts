// The webview's side of the protocol in src/protocol/ipc.ts: says `ready` once listening, sends
// notifications and requests (each answered by the reply with its id), hands events on.
import type { HostMessage, RequestMap, WebviewMessage } from '../../src/protocol/ipc';

interface VsCodeApi<S> {
  postMessage(message: unknown): void;
  getState(): S | undefined;
  setState(state: S): void;
}

declare function acquireVsCodeApi<S>(): VsCodeApi<S>;

const REQUEST_TIMEOUT_MS = 30_000;

export class HostConnection<N, R extends RequestMap, E, S> {
  private readonly api = acquireVsCodeApi<S>();
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void; timer: number }>();

  constructor(private readonly onEvent: (event: E) => void) {}

  /** Listens, then tells the extension it may send. */
  start(): void {
    window.addEventListener('message', (e: MessageEvent<unknown>) => this.receive(e.data));
    this.post({ kind: 'ready' });
  }

  /** What the page saved before a reload (or undefined on a first load). */
  savedState(): S | undefined {
    return this.api.getState();
  }

  saveState(state: S): void {
    this.api.setState(state);
  }

  notify(message: N): void {
    this.post({ kind: 'notify', message });
  }

  request<M extends keyof R & string>(method: M, params: R[M]['params']): Promise<R[M]['result']> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = window.setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`No answer to "${method}"`));
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      this.post({ kind: 'request', id, method, params } as WebviewMessage<N, R>);
    });
  }

  private post(message: WebviewMessage<N, R>): void {
    this.api.postMessage(message);
  }

  private receive(data: unknown): void {
    if (typeof data !== 'object' || data === null || !('kind' in data)) return;
    const message = data as HostMessage<E>;
    if (message.kind === 'event') return this.onEvent(message.event);
    if (message.kind !== 'reply') return;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    window.clearTimeout(waiting.timer);
    if (message.ok) waiting.resolve(message.result);
    else waiting.reject(new Error(message.error));
  }
}

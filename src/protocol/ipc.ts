// The envelope every panel speaks: the webview says `ready` first, then sends notifications and
// requests (answered by a reply with the same id); the extension sends events and replies.
// Types only: imported by both bundles, so no `vscode`, no DOM, no runtime dependency.

/** A panel's requests: method name -> its params and its result. */
export type RequestMap = Record<string, { params: unknown; result: unknown }>;

/** Webview -> extension. `N` is the union of the panel's notifications (`{type, ...}`). */
export type WebviewMessage<N, R extends RequestMap> =
  | { kind: 'ready' }
  | { kind: 'notify'; message: N }
  | { [M in keyof R & string]: { kind: 'request'; id: number; method: M; params: R[M]['params'] } }[keyof R & string];

/** Extension -> webview. `E` is the union of the panel's events (`{type, ...}`). */
export type HostMessage<E> =
  | { kind: 'event'; event: E }
  | { kind: 'reply'; id: number; ok: true; result: unknown }
  | { kind: 'reply'; id: number; ok: false; error: string };

/** The highest request id a webview may use (ids are counters; this bounds what we accept). */
export const MAX_REQUEST_ID = 2 ** 31 - 1;

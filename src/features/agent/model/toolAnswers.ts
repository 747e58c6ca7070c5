// Answers a model can use: short text with the ids it needs, a few KB at most, lists cut at 30
// with the total and how to narrow them, and errors as readable results that say what to do next.
// Never a stack, never a key (the host scrubs every answer before it leaves).
import { formatIssues, isPlatformError } from '../../../schema/errors';

/** The most an answer holds, in characters. */
export const ANSWER_MAX = 4000;
/** Items listed in one answer. */
export const LIST_MAX = 30;

/** Cuts text at `max` characters, saying so. */
export function bounded(text: string, max = ANSWER_MAX): string {
  if (text.length <= max) return text;
  const note = `\n… (answer cut at ${max.toLocaleString('en-US')} characters)`;
  return text.slice(0, max - note.length) + note;
}

/** A value as one compact line: `{"id":1,"name":"x"}`, long strings shortened. */
export function compact(value: unknown, maxString = 200): string {
  return JSON.stringify(value, (_, v: unknown) => (typeof v === 'string' && v.length > maxString ? `${v.slice(0, maxString)}… (${v.length} characters)` : v)) ?? 'null';
}

/** "Protection profiles on Production: 3 of 120 (newest first). …lines… Narrow: …". */
export function listAnswer<T>(a: { title: string; items: readonly T[]; total?: number; line: (item: T) => string; narrow: string; empty?: string }): string {
  if (a.items.length === 0) return `${a.title}: none.${a.empty ? ` ${a.empty}` : ''}`;
  const shown = a.items.slice(0, LIST_MAX);
  const total = a.total ?? a.items.length;
  const head = shown.length < total ? `${a.title}: ${shown.length} of ${total.toLocaleString('en-US')} shown.` : `${a.title}: ${total.toLocaleString('en-US')}.`;
  const more = shown.length < total ? `\nMore exist: ${a.narrow}` : '';
  return bounded(`${head}\n${shown.map((item) => `- ${a.line(item)}`).join('\n')}${more}`);
}

/** One object: a title line, then its fields as compact JSON. */
export function objectAnswer(title: string, value: unknown): string {
  return bounded(`${title}\n${compact(value)}`);
}

/** Why a call failed and what to do next, as an answer (nothing thrown at the model). */
export function errorAnswer(error: unknown, connectionName: string, write: boolean): string {
  if (!isPlatformError(error)) return `Failed on ${connectionName}: ${error instanceof Error ? error.message : String(error)}. Nothing more is known; show the person the Platform Console log.`;
  const status = error.status ? ` (HTTP ${error.status})` : '';
  const server = error.serverMessage ? ` The server said: ${error.serverMessage}` : '';
  const unknownOutcome = write ? ' The request was sent once and is not retried: check whether it took effect (read it back) before asking to try again.' : ' Reading again later may work.';
  switch (error.kind) {
    case 'validation':
      return error.isLocal
        ? `Refused before sending, nothing was sent: ${formatIssues(error.issues) || error.message}. Correct these fields and call again.`
        : `The platform refused the request${status}: ${formatIssues(error.issues) || error.message}.${server} Nothing was changed; correct the fields and call again.`;
    case 'unauthorized':
      return `The platform rejected the API key of connection "${connectionName}"${status}. Ask the person to sign in again (command "Platform Console: Sign In"); do not retry until then.`;
    case 'forbidden':
      return `Not allowed for this account on "${connectionName}"${status}.${server} Do not retry; the account lacks the permission.`;
    case 'notFound':
      return `Not found on "${connectionName}"${status}: ${error.method ?? ''} ${error.path ?? ''}`.trimEnd() + `.${server} Check the id (list the items first) and call again.`;
    case 'conflict':
      return `Conflict on "${connectionName}"${status}.${server} Read the current state before trying again.`;
    case 'rateLimited': {
      const wait = error.retryAfterMs !== undefined ? `${Math.ceil(error.retryAfterMs / 1000)} s` : 'a minute';
      return `Too many requests to "${connectionName}"${status}. Wait ${wait} before calling again.`;
    }
    case 'server':
    case 'network':
    case 'timeout':
    case 'badResponse':
      return `${error.message} on "${connectionName}"${status}.${server}${unknownOutcome}`;
    case 'signedOut':
    case 'cancelled':
      return `Stopped: ${error.message}. The connection "${connectionName}" was signed out or the call was cancelled; nothing more was sent.`;
  }
}

/** Whether the person must sign in first: no connection, or none by that name. */
export function noConnectionAnswer(named: string | undefined, known: readonly string[]): string {
  if (named) return `No signed-in connection named "${named}". Known connections: ${known.length ? known.join(', ') : 'none'}. Call list_connections, or leave "connection" out to use the active one.`;
  return 'Not signed in to any platform. Ask the person to run "Platform Console: Sign In" first.';
}

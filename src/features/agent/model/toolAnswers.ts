// Answers a model can use: short text with the ids it needs, a few KB at most, lists cut at 30
// with the total and how to narrow them, and errors as readable results that say what to do next.
// What the platform said sits in a <platform-data> block (platformText.ts): data, not
// instructions; our own words around it. Never a stack, never a key (the host scrubs every answer).
import { formatIssues, isPlatformError, kindTitle } from '../../../schema/errors';
import { dataBlock, escapeText, jsonLine, quoted } from './platformText';
import type { Unauthorized } from './toolKit';

/** The most an answer holds, in characters. */
export const ANSWER_MAX = 4000;
/** Kept free in every answer for the line that says the call ran on another connection than the active one (runTool adds it). */
export const NOTE_MAX = 300;
/** The most a tool's own answer holds, so that the note still fits. */
export const BODY_MAX = ANSWER_MAX - NOTE_MAX;
/** Items listed in one answer. */
export const LIST_MAX = 30;

/** Cuts text of our own at `max` characters, saying so. */
export function bounded(text: string, max = BODY_MAX): string {
  if (text.length <= max) return text;
  const note = `\n… (answer cut at ${max.toLocaleString('en-US')} characters)`;
  return text.slice(0, max - note.length) + note;
}

/** A connection's name (the person's own text) quoted in an answer: `"Production"`, escaped. */
/** A value from the platform as a confirmation's fact: "(not given)" when it is missing or empty. */
export const shown = (value: string | number | boolean | null | undefined) =>
  value === null || value === undefined || value === '' ? '(not given)' : String(value);

export function nameOf(connectionName: string): string {
  return quoted(connectionName);
}

/**
 * Our words, then the platform's data in its block, then our words again, within `max`: when the
 * data does not fit it is cut, its block still closed, and the cut is said after the block.
 */
export function withData(a: { head: string; source: string; data: readonly string[]; tail?: string; max?: number }): string {
  const max = a.max ?? BODY_MAX;
  const head = bounded(a.head, Math.floor(max / 4));
  const tail = a.tail ? `\n${bounded(a.tail, Math.floor(max / 4))}` : '';
  // As long as the longest note saying the data was cut (what it says is only known after the cut).
  const cutNote = '\n(The data above is cut at 00,000 of 000,000,000 characters.)';
  const whole = dataBlock(a.source, a.data);
  if (head.length + 1 + whole.text.length + tail.length <= max) return `${head}\n${whole.text}${tail}`;
  const block = dataBlock(a.source, a.data, max - head.length - 1 - tail.length - cutNote.length);
  const said = `\n(The data above is cut at ${block.shown.toLocaleString('en-US')} of ${block.total.toLocaleString('en-US')} characters.)`;
  return `${head}\n${block.text}${said}${tail}`;
}

/**
 * A write's answer: our sentence (ids, counts, the connection), then what the platform answered
 * (names, URLs, statuses, task ids) as one JSON line in its block, then our next step. Fields the
 * platform did not give are left out; none at all, and the answer is our words only.
 */
export function writeAnswer(a: { head: string; source: string; platform: Record<string, unknown>; tail?: string }): string {
  const given = Object.fromEntries(Object.entries(a.platform).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  if (Object.keys(given).length === 0) return bounded(a.tail ? `${a.head}\n${a.tail}` : a.head);
  return withData({ head: a.head, source: a.source, data: [jsonLine(given)], tail: a.tail });
}

/** "Protection profiles on "Production": 3 of 120 shown." Then the items in a block, then how to narrow. */
export function listAnswer<T>(a: {
  title: string;
  source: string;
  items: readonly T[];
  total?: number;
  line: (item: T) => string;
  narrow: string;
  empty?: string;
}): string {
  if (a.items.length === 0) return `${a.title}: none.${a.empty ? ` ${a.empty}` : ''}`;
  const shown = a.items.slice(0, LIST_MAX);
  const total = a.total ?? a.items.length;
  const head =
    shown.length < total ? `${a.title}: ${shown.length} of ${total.toLocaleString('en-US')} shown.` : `${a.title}: ${total.toLocaleString('en-US')}.`;
  const more = shown.length < total ? `More exist: ${a.narrow}` : undefined;
  return withData({ head, source: a.source, data: shown.map((item) => `- ${a.line(item)}`), tail: more });
}

/** One object: a title line, then its fields as compact JSON in a block. */
export function objectAnswer(title: string, source: string, value: unknown): string {
  return withData({ head: title, source, data: [jsonLine(value)] });
}

/**
 * What the platform (or the client reading its answer) reported about a failure, for the block;
 * none when the server said nothing of its own (a timeout, a bare 401).
 */
export function reported(error: unknown): string[] {
  if (!isPlatformError(error)) return [`error: ${escapeText(error instanceof Error ? error.message : String(error))}`];
  if (!error.serverMessage && !error.issues.length && !error.requestId && error.kind !== 'badResponse') return [];
  const lines = [`error: ${error.message}`];
  if (error.serverMessage && !error.message.includes(error.serverMessage)) lines.push(`server message: ${error.serverMessage}`);
  if (error.issues.length) lines.push(`fields: ${formatIssues(error.issues)}`);
  if (error.requestId && !error.message.includes(error.requestId)) lines.push(`request id: ${error.requestId}`);
  return lines.map(escapeText);
}

/**
 * Why a call failed and what to do next, as an answer (nothing thrown at the model). Our words
 * say the kind, the status, the call and what to do; what the server said is in the block.
 */
export function errorAnswer(error: unknown, on: { connectionName: string; write: boolean; source: string; unauthorized?: Unauthorized }): string {
  const conn = nameOf(on.connectionName);
  const data = reported(error);
  const said = (head: string, next: string) =>
    data.length ? withData({ head: `${head} What was reported:`, source: on.source, data, tail: next }) : bounded(`${head} ${next}`);
  if (!isPlatformError(error)) return said(`Failed on ${conn}.`, 'Nothing more is known; show the person the Platform Console log.');
  const status = error.status ? ` (HTTP ${error.status})` : '';
  const unknownOutcome = on.write
    ? 'The request was sent once and is not retried: check whether it took effect (read it back) before asking to try again.'
    : 'Reading again later may work.';
  switch (error.kind) {
    case 'validation':
      // Refused by our own rules: the fields are the model's input, not the platform's text.
      if (error.isLocal)
        return bounded(
          `Refused before sending, nothing was sent: ${escapeText(formatIssues(error.issues) || error.message)}. Correct these fields and call again.`,
        );
      return said(`The platform refused the request${status}.`, 'Nothing was changed; correct the fields and call again.');
    case 'unauthorized':
      if (on.unauthorized) return said(`The platform rejected ${on.unauthorized.rejected}${status}: ${on.unauthorized.why}`, on.unauthorized.next);
      return said(
        `The platform rejected the API key of connection ${conn}${status}.`,
        'Ask the person to sign in again (command "Platform Console: Sign In"); do not retry until then.',
      );
    case 'forbidden':
      return said(`Not allowed for this account on ${conn}${status}.`, 'Do not retry; the account lacks the permission.');
    case 'notFound':
      return said(
        `Not found on ${conn}${status}: ${escapeText(`${error.method ?? ''} ${error.path ?? ''}`.trim())}.`,
        'Check the id (list the items first) and call again.',
      );
    case 'conflict':
      return said(`Conflict on ${conn}${status}.`, 'Read the current state before trying again.');
    case 'rateLimited': {
      const wait = error.retryAfterMs !== undefined ? `${Math.ceil(error.retryAfterMs / 1000)} s` : 'a minute';
      return said(`Too many requests to ${conn}${status}.`, `Wait ${wait} before calling again.`);
    }
    case 'server':
    case 'network':
    case 'timeout':
    case 'badResponse':
      // The client's own message (a timeout, an unreachable host) when the server said nothing.
      return said(
        data.length ? `${kindTitle(error.kind)} on ${conn}${status}.` : `${escapeText(error.message.replace(/\.$/, ''))} (on ${conn}).`,
        unknownOutcome,
      );
    case 'signedOut':
    case 'cancelled': {
      const sent = on.write ? ' If the change had gone out already, check whether it took effect (read it back) before asking again.' : '';
      return bounded(`Stopped: ${escapeText(error.message)} The connection ${conn} was signed out or the call was cancelled; nothing more was sent.${sent}`);
    }
  }
}

/** Whether the person must sign in first: no connection, or none by that name. */
export function noConnectionAnswer(named: string | undefined, known: readonly string[]): string {
  if (named)
    return bounded(
      `No signed-in connection named ${quoted(named)}. Known connections: ${known.length ? known.map(nameOf).join(', ') : 'none'}. Call list_connections, or leave "connection" out to use the active one.`,
    );
  return 'Not signed in to any platform. Ask the person to run "Platform Console: Sign In" first.';
}

/** The first line of an answer from a connection that is not the active one. */
export function otherConnectionNote(used: string, active: string | undefined): string {
  const name = (n: string) => quoted(n.length > 60 ? `${n.slice(0, 60)}…` : n);
  return active === undefined
    ? `On connection ${name(used)} (no connection is active).`
    : `On connection ${name(used)} (not the active connection ${name(active)}).`;
}

// A catalog operation (src/operations) as an agent tool, for the chat agent and MCP alike: its
// class, input rules, target read, confirmation facts and request all come from the operation;
// the tool adds only what a model reads (names, descriptions) and the answer it gets back, and, for
// a tool that reads files the model names, how it reads them (only inside the allowed folders).
import { isDeepStrictEqual } from 'node:util';
import * as z from 'zod';
import { commandConfirmation } from '../../../operations/commandConfirmation';
import { sendOperation, sendWrite, targetOf, type Operation } from '../../../operations/operation';
import { FileChangedError } from '../../../platform/fileSeal';
import { PlatformError } from '../../../schema/errors';
import { neutralize } from './platformText';
import { nameOf } from './toolAnswers';
import { connectionField, defineTool, perCall, type AgentBinding, type AgentTool, type WriteRequest } from './toolKit';

/** What only the tool says: its names, what the model reads about it, and its answer. */
export interface ToolFace<S extends z.ZodObject, T = unknown> {
  readonly name: string;
  readonly referenceName: string;
  readonly userDescription: string;
  /** What it does, for the model (the class and what the person sees come from the operation). */
  readonly purpose: string;
  /** When to use it and where its ids come from. */
  readonly usage: string;
  /**
   * The answer after the send: `done` is its first words, the operation's (what happened, " on
   * "<connection>""), the same as the command's notification; the face adds what the model needs next.
   */
  readonly answer: (sent: unknown, bound: AgentBinding, input: z.output<S>, done: string) => string;
  /**
   * Set when the thing is files the model names (Deploy, Create TLS Secret): read this way, only
   * inside the folders the person allowed (agentFiles.ts), instead of the operation's `read` (the
   * command's: any file the person picked). What was read for the confirmation is what is sent (kept
   * for the call, never read again); a call nobody was asked about reads it when it is sent.
   */
  readonly readFiles?: (bound: AgentBinding, input: z.output<S>) => Promise<T>;
  /** The body as the confirmation shows it, when the request's own holds stand-ins for what is read from the files. */
  readonly shownBody?: (input: z.output<S>) => unknown;
}

/** What every send of an operation tool hands its answer: the thing as read for this call (undefined: not read), and what the send gave. */
const SENT = Symbol('sent');
interface Sent<T> {
  readonly [SENT]: true;
  readonly thing: T | undefined;
  readonly sent: unknown;
}
const sentWith = <T>(thing: T | undefined, sent: unknown): Sent<T> => ({ [SENT]: true, thing, sent });

/** What the send of a file tool gives its answer when the file changed after the confirmation (nothing was stored). */
export interface FileChanged {
  readonly changed: string;
}

/** What the send of an operation with `requestFor` gives the answer: the thing as read just before, and the platform's answer (absent: nothing was sent). */
export interface ReadAndSent<T> {
  readonly thing: T;
  readonly sent?: unknown;
  readonly nothingSent: boolean;
}

/** What the person confirms of an operation with `requestFor`: the request and the facts (an overwritten value as it was), compared again before sending. */
const confirmed = <S extends z.ZodObject, T>(op: Operation<S, T>, input: z.output<S>, thing: T) => ({
  call: op.requestFor!(input, thing)?.call ?? null,
  target: op.target(input, thing),
});

/** The send of an operation whose request is made from the thing (`requestFor`): read again, refused when not what was confirmed, else sent once. */
function sendFromThing<S extends z.ZodObject, T>(op: Operation<S, T>, input: z.output<S>): NonNullable<WriteRequest['send']> {
  return async (b, asked) => {
    const thing = await op.read(b.api, input, b.signal);
    const request = op.requestFor!(input, thing);
    if (asked.target && !isDeepStrictEqual(asked.target.expected, confirmed(op, input, thing))) {
      const field = Object.keys(op.fields().shape)[0] ?? 'input';
      const message = `${op.noun.toLowerCase()} changed since the change was confirmed; nothing was sent. Call again to confirm the change against it as it is now`;
      throw new PlatformError({ kind: 'validation', message, issues: [{ path: field, message }] });
    }
    const done: ReadAndSent<T> = request ? { thing, sent: await sendOperation(b.api, request, b.signal), nothingSent: false } : { thing, nothingSent: true };
    return done;
  };
}

/** The send of a file tool: the thing kept from the confirmation (or read now, when nobody was asked), sent by the operation once. */
function sendFromFiles<S extends z.ZodObject, T>(
  op: Operation<S, T>,
  input: z.output<S>,
  read: (b: AgentBinding, input: z.output<S>) => Promise<T>,
  confirmed: { value?: T },
) {
  return async (b: AgentBinding): Promise<Sent<T>> => {
    const thing = confirmed.value ?? (await read(b, input));
    try {
      return sentWith(thing, await sendWrite(b.api, op, input, thing, { signal: b.signal }));
    } catch (error) {
      if (error instanceof FileChangedError) return sentWith(thing, { changed: error.message } satisfies FileChanged);
      throw error;
    }
  };
}

/** The platform's answer inside what a send gave: a send made from the thing read again gives it inside `ReadAndSent`. */
const fromThingAnswer = <S extends z.ZodObject, T>(op: Operation<S, T>, readKept: unknown, sent: unknown): unknown =>
  op.requestFor && !readKept ? (sent as ReadAndSent<T> | undefined)?.sent : sent;

export function toolFromOperation<S extends z.ZodObject, T>(op: Operation<S, T>, face: ToolFace<S, T>): AgentTool {
  // What a file tool (or one whose operation sends more than a request) read for the confirmation, kept for the send of the same call.
  const kept = perCall<T>();
  const readKept = face.readFiles ?? (op.send ? (b: AgentBinding, input: z.output<S>) => op.read(b.api, input, b.signal) : undefined);
  const undo = op.kind === 'destructive' && !op.undoable ? ' It cannot be undone.' : '';
  return defineTool({
    name: face.name,
    referenceName: face.referenceName,
    displayName: op.title,
    userDescription: face.userDescription,
    // An operation that creates reads nothing first (its `readsNothing`, the one way to say so): the person confirms every value sent.
    modelDescription: `${face.purpose} ${op.readsNothing ? 'The person sees every value sent' : `${op.noun} is read first so the person sees which one`}, and confirms.${undo} ${face.usage}`,
    kind: op.kind,
    operation: op as unknown as Operation,
    ...(op.destructiveWhen ? { destructiveWhen: op.destructiveWhen } : {}),
    input: () => z.strictObject({ ...connectionField, ...op.fields().shape }),
    prepare: (input) => {
      const { check, ...request } = op.request(input as z.output<S>);
      // A request made from the thing is read again and compared before it is sent; a rule of the
      // connection's server is checked where the call is sent, also when no one was asked (MCP without elicitation).
      // Every send hands the answer the thing as read for this call (the confirmation's, kept), so its first words are the operation's.
      const slot = kept.begin(input);
      const fromThing = op.requestFor && sendFromThing(op, input as z.output<S>);
      const send: NonNullable<WriteRequest['send']> = readKept
        ? sendFromFiles(op, input as z.output<S>, readKept, slot)
        : fromThing
          ? async (b, asked) => {
              const done = (await fromThing(b, asked)) as ReadAndSent<T>;
              return sentWith(done.thing, done);
            }
          : async (b) => sentWith(slot.value, await sendOperation(b.api, { ...request, ...(check ? { check } : {}) }, b.signal));
      const shownBody = face.shownBody ? { shownBody: face.shownBody(input as z.output<S>) } : {};
      return { ...request, send, ...shownBody, operation: op.action(input as z.output<S>) };
    },
    readTarget: async (b, input) => {
      const thing = readKept ? await readKept(b, input as z.output<S>) : await op.read(b.api, input as z.output<S>, b.signal);
      kept.keep(input, thing);
      // What the send compares again (a request made from the thing read again: what the person confirms); a kept thing is sent as it is.
      const expected = op.requestFor && !readKept ? { expected: confirmed(op, input as z.output<S>, thing) } : {};
      // The name to type, when the operation asks for one: the command's own prompt, on this call's connection.
      const typed = commandConfirmation(op, input as z.output<S>, thing, { name: b.connectionName, baseUrl: b.baseUrl }).typed;
      return { ...targetOf(op, input as z.output<S>, thing), operation: op.action(input as z.output<S>, thing), ...expected, ...(typed ? { typed } : {}) };
    },
    answer: (out, b, input) => {
      // A send of this tool hands the thing read with what it gave; an answer asked of a bare value (a test) has no thing.
      const { thing, sent } = typeof out === 'object' && out !== null && SENT in out ? (out as Sent<T>) : { thing: undefined, sent: out };
      const platform = fromThingAnswer(op, readKept, sent);
      const done = `${neutralize(op.done(input as z.output<S>, thing, platform))} on ${nameOf(b.connectionName)}`;
      return face.answer(sent, b, input as z.output<S>, done);
    },
  });
}

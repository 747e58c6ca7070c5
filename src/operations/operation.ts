// One write the platform allows, described once (#54): its inputs and their rules, how its target
// is read and named, the facts the person confirms and what follows (undo or not), its class,
// whether the name must be typed, and the request. The command, the chat tool and the MCP tool
// read it, so what a person confirms reads the same on all three. No VS Code here.
import type * as z from 'zod';
import type { PlatformApi } from '../platform/api';
import type { Dialect } from '../schema/dialect';
import type { Endpoint } from '../schema/endpoint';
import { validateCall } from '../schema/validate';

/** Read, write, or destructive (removes, disables, overwrites without a way back, prunes: T4 1's rule). */
export type OperationClass = 'read' | 'write' | 'destructive';

/** The thing an operation acts on, as the person is shown it before anything is sent. */
export interface OperationTarget {
  /** Our words naming it: "The report task". */
  readonly noun: string;
  /** What the platform says of it: label (ours) and value (its text, shown as is). */
  readonly facts: readonly (readonly [label: string, value: string])[];
  /** Our words on what is lost, shown with the facts. */
  readonly consequence?: string;
  /** How a destructive change is undone, said instead of "This cannot be undone." */
  readonly undo?: string;
  /**
   * Set when this call of a `write` removes, disables, overwrites or prunes (its `destructiveWhen`):
   * what it does, in our words. The call is then destructive: said so, and refused where
   * destructive calls are not allowed (MCP without --allow-destructive).
   */
  readonly destructive?: string;
  /** The operation named by what was read ("Delete report task ResellerExpenses"): said instead of the words made from the input alone. */
  readonly operation?: string;
}

/** The request an operation sends: its endpoint and the call, checked by the client's own rules. */
export interface OperationRequest {
  readonly endpoint: Endpoint;
  readonly call: { params: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  /** A rule the connection's server decides (a v4 endpoint on a spec-dialect server): throws a validation PlatformError, checked again just before sending. */
  readonly check?: (dialect: Dialect) => void;
}

export interface Operation<S extends z.ZodObject = z.ZodObject, T = unknown> {
  /** camelCase, unique in the catalog: "deleteReportTask". */
  readonly name: string;
  /** Title case, the command's and the chat tool's name: "Delete Report Task". */
  readonly title: string;
  /** Our words naming its target: "The report task". */
  readonly noun: string;
  readonly kind: OperationClass;
  /** A `write` that is destructive for some inputs only: when, in words. */
  readonly destructiveWhen?: string;
  /** A destructive operation another one undoes (pause and resume): the tool does not say it cannot be undone. */
  readonly undoable?: boolean;
  /** The modal's button: "Delete", "Disable". */
  readonly button: string;
  /** The inputs and their rules (from src/schema), made on first use; each field described for people and models. */
  readonly fields: () => S;
  /** The request for checked input; throws a validation PlatformError naming the field and the rule. */
  readonly request: (input: z.output<S>) => OperationRequest;
  /**
   * Set when what is sent depends on the thing as read (a configuration merged into the app): the
   * request made from it (undefined: nothing to send). `request` then checks the input only; the
   * faces make this from the thing read again just before sending, and send nothing when it is not
   * the request the person confirmed.
   */
  readonly requestFor?: (input: z.output<S>, thing: T) => OperationRequest | undefined;
  /** "Delete report task ResellerExpenses": the operation in a few words, named by the thing when it is known. */
  readonly action: (input: z.output<S>, thing?: T) => string;
  /**
   * What happened, in words, once the platform took it ("Deleted report task 7f3e…"): from the input, the
   * thing as read (undefined when it was not) and the platform's answer. The command's notification
   * says it with " on <connection>."; the chat tool's and MCP's answer begin with it and " on
   * "<connection>"". Our words, the ids given and numbers only: no text the platform wrote (a
   * tool's answer keeps that in its data block), so the faces add names where they show them.
   */
  readonly done: (input: z.output<S>, thing: T | undefined, answer: unknown) => string;
  /** How the target is read from the platform before the person is asked (a failed read asks nothing). */
  readonly read: (api: PlatformApi, input: z.output<S>, signal?: AbortSignal) => Promise<T>;
  /** Set for a write that creates a thing: there is nothing to read first (`read` is `readNothing`), and no face says it reads. */
  readonly readsNothing?: true;
  /** How the target is named for the person; `thing` undefined: it could not be read (typed by id), said so. */
  readonly target: (input: z.output<S>, thing?: T) => Omit<OperationTarget, 'noun'>;
  /** The name a person must type to confirm, when this operation asks for one (absent or undefined: a modal is enough). */
  readonly typedName?: (input: z.output<S>, thing?: T) => string | undefined;
  /**
   * Set for a write of more than one request (Deploy: the upload, then the app pointed at the stored
   * binary): sends them for the thing as confirmed, each once, never retried. Every face calls it
   * (through `sendWrite`) instead of sending `request`, which then describes the first one.
   */
  readonly send?: (api: PlatformApi, input: z.output<S>, thing: T, options: SendOptions) => Promise<unknown>;
}

/** What a face hands an operation's own `send`: its cancellation, and where to say how far it got (a progress notification). */
export interface SendOptions {
  readonly signal?: AbortSignal;
  readonly report?: (words: string) => void;
}

/** An operation as written: `fields` made once, when first used (the extension's first use builds no schema it does not need). */
export function defineOperation<S extends z.ZodObject, T>(spec: Operation<S, T>): Operation<S, T> {
  let fields: S | undefined;
  return { ...spec, fields: () => (fields ??= spec.fields()) };
}

/** The target as every face shows it: the operation's noun, and the facts, consequence and undo for this input and thing. */
export function targetOf<S extends z.ZodObject, T>(op: Operation<S, T>, input: z.output<S>, thing: T | undefined): OperationTarget {
  return { noun: op.noun, ...op.target(input, thing) };
}

/** A call checked by the endpoint's own request rules (throws a validation PlatformError). */
export function checkedRequest(endpoint: Endpoint, call: OperationRequest['call']): OperationRequest {
  const checked = validateCall(endpoint, call);
  return {
    endpoint,
    call: { params: checked.params, ...(call.query ? { query: checked.query } : {}), ...(call.body === undefined ? {} : { body: checked.body }) },
  };
}

/** What the operation sends, once: the client never retries a non-GET. */
export async function sendOperation(api: PlatformApi, request: OperationRequest, signal?: AbortSignal): Promise<unknown> {
  request.check?.(api.http.dialect);
  return api.http.call(request.endpoint, request.call, signal ? { signal } : {});
}

/** What the operation sends for this input and the thing as confirmed, once: its own `send`, or its request (made from the thing when it says so; none: nothing sent, undefined). */
export async function sendWrite<S extends z.ZodObject, T>(
  api: PlatformApi,
  op: Operation<S, T>,
  input: z.output<S>,
  thing: T,
  options: SendOptions = {},
): Promise<unknown> {
  if (op.send) return op.send(api, input, thing, options);
  const request = op.requestFor ? op.requestFor(input, thing) : op.request(input);
  return request ? sendOperation(api, request, options.signal) : undefined;
}

/** The command's words after a write the platform took: the operation's `done`, on the connection it was sent to, then what the command adds (`more`). */
export function doneOn<S extends z.ZodObject, T>(
  op: Operation<S, T>,
  input: z.output<S>,
  thing: T | undefined,
  answer: unknown,
  connectionName: string,
  more?: string,
): string {
  return `${op.done(input, thing, answer)} on ${connectionName}${more ? `: ${more}` : ''}.`;
}

/** The id the platform gave a thing it made (a number), or "?" when its answer has none. */
export const idOf = (answer: unknown): string => {
  const id = (answer as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'number' ? String(id) : '?';
};

/** The `read` of an operation that creates (`readsNothing`): nothing on the platform yet, so nothing is asked of it. */
export const readNothing = (): Promise<undefined> => Promise.resolve(undefined);

/** A value the platform left out, in the facts. */
export const NOT_STATED = 'not stated';

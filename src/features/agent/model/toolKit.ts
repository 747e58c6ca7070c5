// What an agent tool is, once for the editor's chat agent and for the MCP server: its name, what
// the model reads about it, its input (composed from the request schemas the client checks with),
// whether it reads or writes, and its handler over the platform client. No VS Code here.
import * as z from 'zod';
import type { PlatformApi } from '../../../platform/api';
import type { PlatformLists } from '../../../platform/platformLists';
import type { Dialect } from '../../../schema/dialect';
import type { WatchReport } from '../../../platform/edgeWatchVerdict';
import type { Endpoint } from '../../../schema/endpoint';
import type { TypedNamePrompt } from '../../../operations/commandConfirmation';
import type { Operation, OperationClass, OperationTarget } from '../../../operations/operation';

/** The connection a tool call runs on, bound for the whole call (Sign Out aborts `signal`). */
export interface AgentBinding {
  readonly connectionName: string;
  readonly baseUrl: string;
  readonly dialect: Dialect;
  /** The web console the connection's resources open in (schema/consoleBase.ts); absent: it has none. */
  readonly consoleUrl?: string;
  /** The simulator this window runs (*Try the Simulator*): every confirmation says so. */
  readonly simulator?: true;
  readonly api: PlatformApi;
  /** The connection's memory of the lists its server lacks (shared with the views and pickers in the editor). */
  readonly lists: PlatformLists;
  readonly signal: AbortSignal;
  /**
   * Set when the call runs on a connection that is not the active one: the active one's name
   * (null when none is active). The answer then says so in its first line.
   */
  readonly activeConnectionName?: string | null;
  /** Folders a tool may read a file from (the editor's workspace folders, the MCP server's --file-root); absent or empty: no file is read. */
  readonly fileRoots?: readonly string[];
  /** The flag that gives `fileRoots` (the MCP server's `--file-root`), named by a refusal; absent: they are the workspace folders. */
  readonly fileRootsFlag?: string;
  /** What a 401 means on this binding, said instead of "sign in again" (the MCP server on an agent token: revoked or expired). */
  readonly unauthorized?: Unauthorized;
}

/** What a 401 means on a binding: "The platform rejected <rejected> (HTTP 401): <why>" and what to do next. */
export interface Unauthorized {
  readonly rejected: string;
  readonly why: string;
  readonly next: string;
}

/** A connection as a tool may name it (never its key). */
export interface AgentConnection {
  readonly name: string;
  readonly baseUrl: string;
  readonly dialect: Dialect;
  readonly active: boolean;
  readonly signedIn: boolean;
}

/** What the host (VS Code, or the MCP server) offers a tool besides the bound client. */
export interface AgentHost {
  connections(): Promise<AgentConnection[]>;
  /** The editor's deploy watches (running, or the last one per app); absent where none runs (the MCP server). */
  edgeWatches?(): readonly WatchReport[];
}

export type ToolKind = OperationClass;

/** A write, checked and ready to send: what the confirmation shows, and what is sent. */
export interface WriteRequest {
  readonly endpoint: Endpoint;
  readonly call: { params: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  /** "Update protection profile 12": the operation and its target, in a few words. */
  readonly operation: string;
  /** The body as the confirmation shows it (a secret's payload as its size and fingerprint). */
  readonly shownBody?: unknown;
  /**
   * A write that is more than one call (upload, then PATCH): sent by this instead of `endpoint`;
   * still once. `asked` is the request as the person confirmed it (its target included).
   */
  readonly send?: (bound: AgentBinding, asked: WriteRequest) => Promise<unknown>;
  /** The thing the write acts on, as read from the platform just before the person is asked. */
  readonly target?: WriteTarget;
}

/**
 * The thing a write acts on, read first so the person sees which one: its name, not only its id
 * (noun, facts, consequence, undo, destructive: src/operations).
 */
export interface WriteTarget extends OperationTarget {
  /** Every value the write adds, changes or removes, listed one a line with its values (a configuration's variables). */
  readonly changes?: readonly WriteChange[];
  /**
   * What the write sends as the person confirmed it, when it is computed from the thing as read
   * (a body merged into the app): the send computes it again and refuses when it differs.
   */
  readonly expected?: unknown;
  /**
   * Set when the operation asks for the thing's name typed (its `typedName`): the prompt the command
   * shows, made for this thing on this connection. Nothing is sent until the person types it.
   */
  readonly typed?: TypedNamePrompt;
}

/** One value a write changes: our words for what it is, its name, and its values before and after (absent: added or removed). */
export interface WriteChange {
  /** "variable", "response header", "secret reference". */
  readonly what: string;
  readonly name: string;
  readonly before?: string;
  readonly after?: string;
}

/**
 * What a write learns while its target is read (a file hashed, PEM texts checked) and must send as
 * the person confirmed it: kept for one call by that call's own input object (prepare and
 * readTarget are handed the same object), never by the input's content, and dropped with it.
 */
export function perCall<T>(): { begin(input: object): { value?: T }; keep(input: object, value: T): void } {
  const calls = new WeakMap<object, { value?: T }>();
  return {
    begin(input) {
      const slot: { value?: T } = {};
      calls.set(input, slot);
      return slot;
    },
    keep(input, value) {
      const slot = calls.get(input);
      if (slot) slot.value = value;
    },
  };
}

/** Every tool may name the connection it runs on; without it, the active one. */
export const connectionField = {
  connection: z
    .string()
    .max(100)
    .optional()
    .describe('Name of the Platform Console connection to use (see list_connections). Leave out to use the active connection.'),
};

export interface AgentTool<S extends z.ZodObject = z.ZodObject> {
  /** `{verb}_{noun}`, `^[\w-]+$`. */
  readonly name: string;
  /** What a person types after `#` in chat. */
  readonly referenceName: string;
  readonly displayName: string;
  /** One line for people (the tool picker). */
  readonly userDescription: string;
  /** What it returns, when to use it and when not, its limits. */
  readonly modelDescription: string;
  readonly kind: ToolKind;
  /** The catalog operation this tool is a face of (src/operations), when its family has moved there. */
  readonly operation?: Operation;
  /**
   * A `write` that is destructive for some inputs only: when, in words ("it removes or overwrites a
   * variable"). Its target is read before every call, and the target says whether this call is.
   */
  readonly destructiveWhen?: string;
  /** True for a tool that asks the platform nothing (list_connections): it runs signed out too, on no connection. */
  readonly offline?: boolean;
  readonly input: S;
  /** Reads: the answer for the model, short text with the ids it needs. */
  readonly run?: (bound: AgentBinding, input: z.output<S>, host: AgentHost) => Promise<string>;
  /** Writes: the request, checked by the client's own rules (throws a validation PlatformError); the catalog sends it once. */
  readonly prepare?: (input: z.output<S>) => WriteRequest;
  /**
   * Writes that remove a thing (or read a file): read it first, for the confirmation to name it (a
   * failed read sends nothing); `input` is the object `prepare` was given for this call. Undefined
   * when this input needs no read.
   */
  readonly readTarget?: (bound: AgentBinding, input: z.output<S>) => Promise<WriteTarget | undefined>;
  /** Writes: the answer from what the platform returned for the request sent. */
  readonly answer?: (sent: unknown, bound: AgentBinding, input: z.output<S>) => string;
}

/** The binding an offline tool runs with: no connection, and a client that refuses everything. */
export const NO_CONNECTION: AgentBinding = {
  connectionName: '',
  baseUrl: '',
  dialect: 'spec',
  api: new Proxy({} as PlatformApi, {
    get: () => {
      throw new Error('this tool asks the platform nothing');
    },
  }),
  lists: new Proxy({} as PlatformLists, {
    get: () => {
      throw new Error('this tool asks the platform nothing');
    },
  }),
  signal: new AbortController().signal,
};

/** A tool as written: its input schema made on first use (below). */
export type AgentToolSpec<S extends z.ZodObject> = Omit<AgentTool<S>, 'input'> & { readonly input: () => S };

/**
 * Keeps the tool's input type (`defineTool({...})` checks `prepare` and `run` against `input`), and
 * makes the input schema when a tool is first called or described, not as the extension loads
 * (the extension's first use should not build every tool's schema).
 */
export function defineTool<S extends z.ZodObject>(spec: AgentToolSpec<S>): AgentTool<S> {
  let input: S | undefined;
  return {
    ...spec,
    get input() {
      return (input ??= spec.input());
    },
  };
}

/** The input schema as JSON Schema (what the manifest and MCP publish): the request rules, as the client checks them. */
export function inputJsonSchema(tool: AgentTool): Record<string, unknown> {
  const schema = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete schema.$schema;
  return schema;
}

/** A target's `destructive` member when this call loses something (the reason in our words), else nothing. */
export const destructiveIf = (why: string | undefined): Pick<WriteTarget, 'destructive'> => (why ? { destructive: why } : {});

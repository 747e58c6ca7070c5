// An endpoint of the API described once: method, path, the shapes of its parts and its success
// status. The client sends with it and the simulator serves with it, so the two cannot drift.
import type * as z from 'zod';
import type { Dialect, DialectPaths, ProductArea } from './dialect';
import { ROUTES, type HttpMethod, type RouteName } from './routes';
import { valueText } from './valueText';

export type { HttpMethod } from './routes';

const MiB = 1024 * 1024;
/**
 * The most of an answer the client reads, unless the endpoint says otherwise: past it the request
 * is aborted and reported as a bad answer, never held in memory, never asked again. Well above
 * the largest page of any paged endpoint; unbounded lists have a limit of their own.
 */
export const DEFAULT_ANSWER_LIMIT_BYTES = 8 * MiB;

/** Which product answers the endpoint; products differ in their error bodies. */
export type ErrorShape = ProductArea;

export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | undefined = z.ZodType | undefined,
> {
  /** The function name, its key in the routes table: `createSecret`. */
  name: string;
  /** The group the typed API offers it under (`cloud`). */
  group: string;
  /** The spec's endpoint number, 1..18; 0 for the task endpoint the spec only mentions. */
  number: number;
  method: HttpMethod;
  /** Path template with `{param}` placeholders, in each dialect (the methods are the same). */
  paths: DialectPaths;
  /** The platform's own endpoint, not in the spec (routes.ts). */
  platformOnly?: true;
  /** The product area: its error body shape, and the base URL it may have of its own. */
  errorShape: ErrorShape;
  successStatus: number;
  params: P;
  query: Q;
  body: B;
  /** Undefined when the success response has no body. */
  response: R;
  /** Bytes of an answer read at most, where the default (8 MiB) is too small for what it returns. */
  answerLimitBytes?: number;
}

/** The most of this endpoint's answer the client reads. */
export function answerLimitOf(endpoint: Pick<Endpoint, 'answerLimitBytes'>): number {
  return endpoint.answerLimitBytes ?? DEFAULT_ANSWER_LIMIT_BYTES;
}

/** What a descriptor adds to its route: the shapes of its parts, its status and error body. */
type EndpointParts<P extends z.ZodType, Q extends z.ZodType | undefined, B extends z.ZodType | undefined, R extends z.ZodType | undefined> = Omit<
  Endpoint<P, Q, B, R>,
  'name' | 'group' | 'number' | 'method' | 'paths' | 'platformOnly'
>;

/** The endpoint named `name` in the routes table: its name, group and route from there, the rest from `parts`. */
export function defineEndpoint<
  N extends RouteName,
  P extends z.ZodType,
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  R extends z.ZodType | undefined,
>(name: N, parts: EndpointParts<P, Q, B, R>): Endpoint<P, Q, B, R> & (typeof ROUTES)[N] & { readonly name: N } {
  return { name, ...ROUTES[name], ...parts } as Endpoint<P, Q, B, R> & (typeof ROUTES)[N] & { readonly name: N };
}

type InputOf<T> = T extends z.ZodType ? z.input<T> : never;
type OutputOf<T> = T extends z.ZodType ? z.output<T> : void;

/** What a caller passes: path params, and query and body where the endpoint has them. */
export type CallInput<E extends Endpoint> = { params: InputOf<E['params']> } & (E['query'] extends z.ZodType ? { query?: InputOf<E['query']> } : unknown) &
  (E['body'] extends z.ZodType ? { body: InputOf<E['body']> } : unknown);

export type CallOutput<E extends Endpoint> = OutputOf<E['response']>;

/** The endpoint's path template in a dialect. */
export function pathIn(endpoint: Pick<Endpoint, 'paths'>, dialect: Dialect): string {
  return endpoint.paths[dialect];
}

/** Names of the `{placeholders}` in a path template. */
export function pathParamNames(template: string): string[] {
  return [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

/** Fills a path template; every value is URL-encoded so an id can never add a path segment. */
export function fillPath(template: string, params: Record<string, unknown>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(valueText(value));
  });
}

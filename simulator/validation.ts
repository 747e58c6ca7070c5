// Checks a request with the client's own `validateCall`, so the two cannot drift. Path and
// query values arrive as text: whole numbers become numbers first.
import * as z from 'zod';
import type { Endpoint } from '../src/schema/endpoint';
import { isPlatformError } from '../src/schema/errors';
import { validateCall } from '../src/schema/validate';
import { SimError, type IssueLocation, type LocatedIssue } from './errors';

const WHOLE_NUMBER = /^-?\d+$/;

export interface RawInput {
  params: Record<string, string>;
  /** A key's values, or its one value. */
  query: Record<string, string | string[]>;
  body: unknown;
}

export interface ValidInput {
  params: Record<string, unknown>;
  query: Record<string, unknown> | undefined;
  body: unknown;
}

/**
 * `"42"` -> `42`, except where the field takes text and refuses the number (a profile named
 * "2024"): then the text stays. `"true"`/`"false"` -> booleans where the field takes one. A key
 * given several times is a list where the field takes one (each value coerced so), else its last value.
 */
export function coerceNumbers(values: Record<string, string | string[]>, schema: z.ZodType | undefined): Record<string, unknown> {
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
  const out: Record<string, unknown> = {};
  for (const [key, given] of Object.entries(values)) {
    const texts = Array.isArray(given) ? given : [given];
    const field = shape[key];
    const list = field !== undefined ? listElement(field) : undefined;
    if (list) out[key] = texts.map((text) => coerceOne(text, list));
    else if (texts.length > 0) out[key] = coerceOne(texts[texts.length - 1]!, field);
  }
  return out;
}

/** What a list field's items must be (an optional list unwrapped); undefined for a field that is not a list. */
function listElement(field: z.ZodType): z.ZodType | undefined {
  let inner: z.ZodType = field;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) inner = inner.unwrap() as z.ZodType;
  return inner instanceof z.ZodArray ? (inner.element as z.ZodType) : undefined;
}

function coerceOne(text: string, field: z.ZodType | undefined): unknown {
  if ((text === 'true' || text === 'false') && field !== undefined && field.safeParse(text === 'true').success && !field.safeParse(text).success)
    return text === 'true';
  if (!WHOLE_NUMBER.test(text)) return text;
  const keepText = field !== undefined && field.safeParse(text).success && !field.safeParse(Number(text)).success;
  return keepText ? text : Number(text);
}

const anything = z.unknown();

/** Only one part of the endpoint checked, to tell where each refused value was. */
function partIssues(endpoint: Endpoint, location: IssueLocation, input: { params: unknown; query: unknown; body: unknown }): LocatedIssue[] {
  const only: Endpoint = {
    ...endpoint,
    params: location === 'path' ? endpoint.params : anything,
    query: location === 'query' ? endpoint.query : undefined,
    body: location === 'body' ? endpoint.body : undefined,
  };
  try {
    validateCall(only, input);
    return [];
  } catch (error) {
    if (!isPlatformError(error)) throw error;
    return error.issues.map((issue) => ({ location, ...issue }));
  }
}

/** The validated input, or a SimError listing every refused value with its location. */
export function validateRequest(endpoint: Endpoint, raw: RawInput): ValidInput {
  const input = {
    params: coerceNumbers(raw.params, endpoint.params),
    query: coerceNumbers(raw.query, endpoint.query),
    body: raw.body,
  };
  try {
    const valid = validateCall(endpoint, input);
    return { params: valid.params, query: valid.query, body: valid.body };
  } catch (error) {
    if (!isPlatformError(error)) throw error;
    const issues = (['path', 'query', 'body'] as const).flatMap((location) => partIssues(endpoint, location, input));
    throw new SimError({ kind: 'validation', issues: issues.length > 0 ? issues : error.issues.map((i) => ({ location: 'body', ...i })) });
  }
}

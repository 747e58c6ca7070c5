// Building blocks for the request and response shapes.
// Requests are strict: every rule of the spec, with a message that names the rule.
// Responses are lenient: unknown fields kept, nulls tolerated, numbers sent as text accepted,
// a display field of the wrong kind treated as absent. Only what the extension must send back
// (an id) is required.
import * as z from 'zod';

export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;

// ---------- requests ----------

/** A type message that still says "is required" when the value is missing altogether. */
export function typeError(message: string) {
  return { error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : message) };
}

/** A whole number in [min, max]. */
export function intIn(min: number, max: number) {
  return z.int(`must be a whole number between ${min} and ${max}`).min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);
}

/** The rule a whole number past 2^53-1 breaks: a JavaScript number holds no larger one exactly. */
export const TOO_LARGE = `must be at most ${Number.MAX_SAFE_INTEGER}`;

/** Ids the platform hands out: positive whole numbers a JavaScript number holds exactly. */
export const positiveId = () => z.int('must be a positive whole number').min(1, 'must be at least 1').max(Number.MAX_SAFE_INTEGER, TOO_LARGE);

export const nonNegativeInt = () => z.int(typeError('must be a whole number')).min(0, 'must be 0 or more');

/** A string of min..max characters. */
export function textOf(min: number, max?: number) {
  let s = z.string(typeError('must be text'));
  if (min > 0) s = s.min(min, min === 1 ? 'must not be empty' : `must be at least ${min} characters`);
  if (max !== undefined) s = s.max(max, `must be at most ${max} characters`);
  return s;
}

export const requiredText = () => textOf(1);

/** Names of functions and namespaces. */
export const FUNCTION_NAME_PATTERN = /^[a-z][-a-z0-9]{0,24}[a-z0-9]$/;
export const functionName = () =>
  z
    .string('must be text')
    .regex(
      FUNCTION_NAME_PATTERN,
      'must be 2 to 26 characters: lowercase letters, digits and "-", starting with a letter and not ending with "-" (^[a-z][-a-z0-9]{0,24}[a-z0-9]$)',
    );

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const uuid = () => z.string(typeError('must be text')).regex(UUID_PATTERN, 'must be a UUID (8-4-4-4-12 hexadecimal digits)');

export const EMAIL_MAX = 254;
export const email = () =>
  z.string(typeError('must be text')).max(EMAIL_MAX, `must be at most ${EMAIL_MAX} characters`).pipe(z.email('must be an email address like name@example.com'));

/** ISO 8601 date-time without a time zone: `2025-12-28T19:14:44` (seconds and fraction optional). */
export const LOCAL_DATETIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?$/;

export function isValidLocalDateTime(value: string): boolean {
  const m = LOCAL_DATETIME_PATTERN.exec(value);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
}

export const localDateTime = () =>
  z.string('must be text').refine(isValidLocalDateTime, 'must be an ISO 8601 date-time without time zone, like 2030-12-31T23:59:59');

// ---------- responses ----------

const NUMERIC_TEXT = /^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*$/;

/** A number, or a number sent as text ("1.02"); null kept; anything else treated as absent. */
export const lenientNumber = () =>
  z
    .union([z.number(), z.string().regex(NUMERIC_TEXT).transform(Number)])
    .nullish()
    .catch(undefined);

/** A whole number, or one sent as text; null kept; anything else treated as absent. */
export const lenientInt = () =>
  z
    .union([
      z.int(),
      z
        .string()
        .regex(/^\s*-?\d+\s*$/)
        .transform(Number),
    ])
    .nullish()
    .catch(undefined);

/** Text; a number becomes its text; null kept; anything else treated as absent. */
export const lenientText = () =>
  z
    .union([z.string(), z.number().transform(String), z.boolean().transform(String)])
    .nullish()
    .catch(undefined);

/** A boolean, or "true"/"false"; anything else treated as absent. */
export const lenientBool = () =>
  z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
    .nullish()
    .catch(undefined);

/** A map of text to text (env, headers); other values become text. */
export const lenientTextMap = () =>
  z
    .record(z.string(), z.unknown())
    .transform((m) => {
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(m)) out[k] = typeof v === 'string' ? v : JSON.stringify(v);
      return out;
    })
    .nullish()
    .catch(undefined);

/** An array of display items; a wrong kind of value is treated as absent, null kept. */
export function lenientArray<T extends z.ZodType>(item: T) {
  return z.array(item).nullish().catch(undefined);
}

/** An object of display fields, unknown members kept; a wrong kind of value is treated as absent. */
export function lenientObject<S extends z.ZodRawShape>(shape: S) {
  return z.looseObject(shape).nullish().catch(undefined);
}

/** An id the extension sends back later: required, a whole number (text accepted). */
export const requiredLenientInt = () =>
  z.union([
    z.int(),
    z
      .string()
      .regex(/^\s*-?\d+\s*$/)
      .transform(Number),
  ]);

/** An id the extension sends back later: required, non-empty text. */
export const requiredNonEmptyText = () => z.string().min(1);

// The spec's rules for one field, as a message for an input box: "Bit length: must be greater
// than 0". The same schemas the client enforces before sending, so a flow never accepts a value
// the request would refuse.
import type * as z from 'zod';
import { TOO_LARGE } from '../schema/schemaKit';
import { toFieldIssues } from '../schema/validate';

export function fieldProblem(schema: z.ZodType, value: unknown, label: string): string | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  const issue = toFieldIssues(result.error.issues)[0];
  return issue ? `${label}: ${issue.message}` : `${label}: invalid`;
}

/** A whole number typed in a box: the number, or undefined when the text is not one. */
export function parseWholeNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : undefined;
}

/**
 * Problem of a typed whole number against `schema`; text that is not a number says so. A number
 * too large for JavaScript to hold exactly still names the bound it breaks ("must be at most
 * 9007199254740991"), not just "must be a whole number".
 */
export function wholeNumberProblem(schema: z.ZodType, text: string, label: string): string | undefined {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return `${label}: must be a whole number`;
  const value = parseWholeNumber(trimmed);
  if (value !== undefined) return fieldProblem(schema, value, label);
  // Past the safe range: the bound the nearest safe value breaks, else the safe range's own.
  const nearest = trimmed.startsWith('-') ? -Number.MAX_SAFE_INTEGER : Number.MAX_SAFE_INTEGER;
  return fieldProblem(schema, nearest, label) ?? `${label}: must be ${nearest > 0 ? 'at most' : 'at least'} ${nearest}`;
}

/**
 * A typed count of at least `min` (snapshots to keep, hours, days): the rule it breaks, or
 * undefined. Text that is not such a number says "must be a whole number, <min> or more"; a
 * number past 2^53-1 names that bound.
 */
export function countProblem(text: string, min: number, label: string): string | undefined {
  const n = parseWholeNumber(text);
  if (n === undefined && /^\d+$/.test(text.trim())) return `${label}: ${TOO_LARGE}`;
  return n === undefined || n < min ? `${label}: must be a whole number, ${min} or more` : undefined;
}

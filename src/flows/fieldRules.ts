// The spec's rules for one field, as a message for an input box: "Bit length: must be greater
// than 0". The same schemas the client enforces before sending, so a flow never accepts a value
// the request would refuse.
import type * as z from 'zod';
import { toFieldIssues } from '../platform/validate';

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

/** Problem of a typed whole number against `schema`; text that is not a number says so. */
export function wholeNumberProblem(schema: z.ZodType, text: string, label: string): string | undefined {
  const value = parseWholeNumber(text);
  if (value === undefined) return `${label}: must be a whole number`;
  return fieldProblem(schema, value, label);
}

// Turns schema failures into PlatformErrors that name the field and the rule.
import type * as z from 'zod';
import { PlatformError, formatIssues, type FieldIssue } from './errors';
import type { Endpoint } from './endpoint';

type Issue = z.core.$ZodIssue;

export function issuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : acc ? `${acc}.${String(p)}` : String(p)), '');
}

function describe(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      // Zod's own wording ("Invalid input: expected int, received undefined") becomes a rule.
      if (!issue.message.startsWith('Invalid input')) return issue.message;
      if (issue.message.endsWith('received undefined')) return 'is required';
      return `must be ${issue.expected === 'int' ? 'a whole number' : `of type ${issue.expected}`}`;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    case 'invalid_union':
      if ('options' in issue && Array.isArray(issue.options)) {
        return `must be one of ${issue.options.map((o: unknown) => `"${String(o)}"`).join(', ')}`;
      }
      return issue.message.startsWith('Invalid input') ? 'does not match any allowed form' : issue.message;
    case 'invalid_value':
      return issue.message.startsWith('Invalid') ? `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}` : issue.message;
    default:
      return issue.message;
  }
}

export function toFieldIssues(issues: readonly Issue[], prefix = ''): FieldIssue[] {
  return issues.map((issue) => {
    const inner = issuePath(issue.path);
    const path = prefix && inner ? `${prefix}.${inner}` : prefix || inner;
    return { path, message: describe(issue) };
  });
}

/** Parses a request part; on failure throws a `validation` PlatformError and nothing is sent. */
export function validateRequest<T extends z.ZodType>(schema: T, value: unknown, prefix = ''): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = toFieldIssues(result.error.issues, prefix);
  return throwValidation(issues);
}

export function throwValidation(issues: FieldIssue[]): never {
  throw new PlatformError({ kind: 'validation', message: formatIssues(issues), issues });
}

/**
 * Checks path params, query and body together, so one refusal lists every bad value.
 * Used by the client before sending and by the simulator on receipt.
 */
export function validateCall(
  endpoint: Endpoint,
  input: { params: unknown; query?: unknown; body?: unknown },
): { params: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown } {
  const issues: FieldIssue[] = [];
  const part = (schema: z.ZodType | undefined, value: unknown): unknown => {
    if (!schema) return undefined;
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    issues.push(...toFieldIssues(result.error.issues));
    return undefined;
  };
  const params = part(endpoint.params, input.params) as Record<string, unknown>;
  const query = part(endpoint.query, input.query ?? {}) as Record<string, unknown> | undefined;
  const body = part(endpoint.body, input.body);
  if (issues.length > 0) throwValidation(issues);
  return { params, query, body };
}

// Reading what a server answered when it refused: each product's error body, a status's kind,
// a text snippet of anything else. The errors themselves are the schema's (PlatformError).
// Whatever is shortened here is redacted first (redactedCut): a cut never leaves part of a key.
import { formatIssues, type FieldIssue, type PlatformErrorKind } from '../schema/errors';
import { redact, redactedCut } from './redact';
import { valueText } from '../schema/valueText';

/** HTTP status -> kind. 400 and 422 are the server refusing the request's content. */
export function kindForStatus(status: number): PlatformErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404 || status === 410) return 'notFound';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rateLimited';
  if (status === 408) return 'timeout';
  if (status >= 500) return 'server';
  return 'validation';
}

export const SNIPPET_LIMIT = 200;

/**
 * Plain text from a body that is not a known error shape: tags stripped, at most `max` (200)
 * characters, the secrets redacted before anything is stripped or cut (a key holding `<` could
 * otherwise lose its end to the tag stripping and leave its start behind).
 */
export function textSnippet(text: string, secrets: readonly (string | undefined)[], max = SNIPPET_LIMIT): string {
  const redacted = redact(text, secrets);
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(redacted)?.[1];
  const plain = (title ?? redacted)
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return redactedCut(plain, max, secrets);
}

export interface ErrorBodySummary {
  message?: string;
  requestId?: string;
  issues: FieldIssue[];
  /** A cloud error's `traceback`: the log's, never a notification's. */
  traceback?: string;
}

const TRACEBACK_LIMIT = 8000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldMapIssues(map: Record<string, unknown>): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const [field, value] of Object.entries(map)) {
    const messages = Array.isArray(value) ? value : [value];
    for (const m of messages) {
      issues.push({ path: field === 'non_field_errors' || field === '__all__' ? '' : field, message: String(m) });
    }
  }
  return issues;
}

const KNOWN_KEYS = new Set(['message', 'error', 'errors', 'detail', 'request_id', 'exception_class', 'invalid_fields', 'info', 'code']);

/** Django REST style `{field: ["message", ...]}` (the billing API): every value a list of text. */
function isFieldMap(body: Record<string, unknown>): boolean {
  const entries = Object.entries(body);
  return entries.length > 0 && entries.every(([k, v]) => !KNOWN_KEYS.has(k) && Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === 'string'));
}

/** FastAPI `loc` is `['body', 'name']` or `['query', 'client_id']`: drop the location word. */
function locPath(loc: unknown): string {
  if (!Array.isArray(loc)) return '';
  const parts = loc[0] === 'body' || loc[0] === 'query' || loc[0] === 'path' ? loc.slice(1) : loc;
  return parts.reduce<string>((acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : acc ? `${acc}.${String(p)}` : String(p)), '');
}

/**
 * Reads the error bodies of every product of the platform (`secrets`: redacted from the
 * traceback before it is shortened; the rest is redacted by the caller, uncut):
 * cloud `{exception_class, message, request_id, invalid_fields}`, edge and storage `{error}`,
 * identity `{errors: {field: [..]}}` or `{message}`, protection profiles `{detail: [{loc, msg}]}`,
 * billing (Django REST) `{field: [..]}` or `{detail}`.
 */
export function summarizeErrorBody(body: unknown, secrets: readonly (string | undefined)[]): ErrorBodySummary {
  if (!isRecord(body)) return { issues: [] };
  const requestId = typeof body.request_id === 'string' ? body.request_id : undefined;
  let issues: FieldIssue[] = [];
  let message: string | undefined;

  if (isRecord(body.invalid_fields)) issues = fieldMapIssues(body.invalid_fields);
  if (isRecord(body.errors)) issues = fieldMapIssues(body.errors);
  if (issues.length === 0 && isFieldMap(body)) issues = fieldMapIssues(body);
  if (Array.isArray(body.detail)) {
    issues = body.detail.filter(isRecord).map((d) => ({ path: locPath(d.loc), message: valueText(d.msg ?? d.message ?? 'invalid') }));
  }

  if (typeof body.message === 'string' && body.message.trim()) message = body.message.trim();
  else if (typeof body.error === 'string' && body.error.trim()) message = body.error.trim();
  else if (isRecord(body.error) && typeof body.error.message === 'string') message = body.error.message;
  else if (typeof body.detail === 'string') message = body.detail;
  else if (issues.length > 0) message = formatIssues(issues);

  // Cloud messages repeat the fields as a Python dict; the structured issues say it better.
  if (issues.length > 0 && message && /^Validation Error: \{/.test(message)) message = formatIssues(issues);
  // A general message ("Invalid input") plus the fields: say both, so the field is named.
  else if (issues.length > 0 && message && !issues.every((i) => message!.includes(i.message))) message = `${message}: ${formatIssues(issues)}`;
  const traceback = typeof body.traceback === 'string' && body.traceback.trim() ? redactedCut(body.traceback.trim(), TRACEBACK_LIMIT, secrets) : undefined;
  return { message, requestId, issues, traceback };
}

// A test request to an edge app's own URL (Send Test Request…, send_edge_test_request): its rules,
// once for the wizard and the agent tool. The request goes to the app, never to the platform's API,
// so these are our rules, not the spec's: a path on the app's origin, headers a server accepts,
// bounded sizes. A value that breaks one is refused with the field and the rule; nothing is sent.
import * as z from 'zod';

export const TEST_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export type TestMethod = (typeof TEST_METHODS)[number];
/** The methods whose request carries a body here (a DELETE or OPTIONS body is rare enough to leave out). */
export const BODY_METHODS: readonly TestMethod[] = ['POST', 'PUT', 'PATCH'];
/** Methods that only read by HTTP's own definition (safe): the agent tool sends only these. */
export const SAFE_METHODS: readonly TestMethod[] = ['GET', 'HEAD'];

export const TEST_LIMITS = {
  pathChars: 2048,
  headers: 32,
  headerNameChars: 128,
  headerValueChars: 4096,
  bodyBytes: 64 * 1024,
} as const;

/**
 * Headers that describe the connection or the message framing: fetch sets them itself (or refuses
 * them), so a typed one would be dropped or break the request. Refused by name.
 */
const FRAMING = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'te', 'trailer', 'expect']);

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// Tab is allowed inside a value; every other control character (CR and LF above all) is not.
const CONTROL = /[^\P{Cc}\t]/u;

export interface TestHeader {
  name: string;
  value: string;
}

export interface TestRequest {
  method: TestMethod;
  path: string;
  headers: TestHeader[];
  /** Sent for BODY_METHODS only; '' for none. */
  body: string;
}

/** The path's problem in words, or undefined: starts with `/`, no spaces or control characters, bounded. */
export function pathProblem(path: string): string | undefined {
  if (!path.startsWith('/')) return 'Path: must start with / (a path on the app, like /api/hello?q=1)';
  if (path.startsWith('//')) return 'Path: must not start with // (that would name another host)';
  if (path.length > TEST_LIMITS.pathChars) return `Path: must be at most ${TEST_LIMITS.pathChars} characters`;
  if (/\s/.test(path)) return 'Path: must not contain spaces (write a space as %20)';
  if (/\/\.{1,2}(\/|$|\?|#)/.test(path) || /%2e/i.test(path.split('?')[0] ?? '')) return 'Path: must not contain . or .. segments (it stays on the app)';
  if (/[\p{Cc}\p{Cf}]/u.test(path)) return 'Path: must not contain control or invisible characters';
  return undefined;
}

/** One header's problem in words, or undefined. */
export function headerProblem(header: TestHeader): string | undefined {
  const { name, value } = header;
  if (!name) return 'Header: needs a name before the colon (Name: value)';
  if (name.length > TEST_LIMITS.headerNameChars) return `Header name: must be at most ${TEST_LIMITS.headerNameChars} characters`;
  if (!HEADER_NAME.test(name)) return `Header name "${name.slice(0, 40)}": letters, digits and - only (an HTTP token: no spaces, colons or quotes)`;
  if (FRAMING.has(name.toLowerCase())) return `Header ${name}: set by the connection itself; it cannot be sent by hand`;
  if (value.length > TEST_LIMITS.headerValueChars) return `Header ${name}: its value must be at most ${TEST_LIMITS.headerValueChars} characters`;
  if (CONTROL.test(value)) return `Header ${name}: its value must not contain line breaks or control characters`;
  return undefined;
}

/** `Name: value` as typed: the header, or the problem in words. */
export function parseTypedHeader(text: string): TestHeader | { problem: string } {
  const colon = text.indexOf(':');
  if (colon < 0) return { problem: 'Header: write it as Name: value (a colon after the name)' };
  const header = { name: text.slice(0, colon).trim(), value: text.slice(colon + 1).trim() };
  const problem = headerProblem(header);
  return problem ? { problem } : header;
}

/** The body's problem in words, or undefined. */
export function bodyProblem(body: string, method: TestMethod): string | undefined {
  if (body !== '' && !BODY_METHODS.includes(method)) return `Body: only ${BODY_METHODS.join(', ')} send a body; ${method} sends none`;
  if (new TextEncoder().encode(body).length > TEST_LIMITS.bodyBytes) return `Body: must be at most ${TEST_LIMITS.bodyBytes / 1024} KB`;
  return undefined;
}

/** Every problem of a whole request (the tool's input, a remembered request), each naming its field and rule. */
export function testRequestProblems(request: TestRequest): string[] {
  const problems: string[] = [];
  if (!TEST_METHODS.includes(request.method)) problems.push(`Method: one of ${TEST_METHODS.join(', ')}`);
  const path = pathProblem(request.path);
  if (path) problems.push(path);
  if (request.headers.length > TEST_LIMITS.headers) problems.push(`Headers: at most ${TEST_LIMITS.headers}`);
  for (const header of request.headers) {
    const problem = headerProblem(header);
    if (problem) problems.push(problem);
  }
  const body = bodyProblem(request.body, request.method);
  if (body) problems.push(body);
  return problems;
}

/** The fields as a zod shape (the agent tool's input): each refines with the rule above, so the message names it. */
export const testRequestShape = (methods: readonly TestMethod[] = TEST_METHODS) => ({
  method: z
    .enum(methods as [TestMethod, ...TestMethod[]])
    .default('GET')
    .describe(`HTTP method: ${methods.join(' or ')}`)
    .meta({ title: 'Method' }),
  path: z
    .string()
    .max(TEST_LIMITS.pathChars)
    .superRefine((path, ctx) => {
      const problem = pathProblem(path);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.replace(/^Path: /, '') });
    })
    .describe('Path on the app, with its query: starts with /, no spaces')
    .meta({ title: 'Path' }),
  headers: z
    .record(z.string().max(TEST_LIMITS.headerNameChars), z.string().max(TEST_LIMITS.headerValueChars))
    .default({})
    .superRefine((headers, ctx) => {
      const entries = Object.entries(headers);
      if (entries.length > TEST_LIMITS.headers) ctx.addIssue({ code: 'custom', message: `at most ${TEST_LIMITS.headers} headers` });
      for (const [name, value] of entries) {
        const problem = headerProblem({ name, value });
        if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [name] });
      }
    })
    .describe('Request headers, name to value')
    .meta({ title: 'Headers' }),
});

// How an uploaded binary "runs" in the simulator: its first section, when it is a custom section
// named `platform-console-sim` ending within the first 64 KB, holds JSON saying how the app's URL
// answers (test/support/simWasm.ts writes one). Checked at upload, so a bad one is refused then.
import * as z from 'zod';

export const SIM_SECTION_NAME = 'platform-console-sim';
/** The section must end within the upload's first bytes: the stream keeps only these. */
export const SIM_SECTION_WINDOW_BYTES = 64 * 1024;
export const SIM_BODY_MAX_BYTES = 64 * 1024;
export const SIM_DURATION_MAX_MS = 60_000;

/** What a call to an app running this binary answers; a missing part takes the default answer's. */
export interface EdgeBehaviour {
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  durationMs?: number;
}

// A header the binary names must be one Node can write, and none that changes the answer's framing.
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const FRAMING = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'trailer']);
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** Whether the simulator may write this header on an app's answer (the app's configured ones are checked here too). */
export const headerAllowed = (name: string, value: string): boolean => HEADER_NAME.test(name) && !FRAMING.has(name.toLowerCase()) && HEADER_VALUE.test(value);

const behaviourSchema = z.strictObject({
  status: z.int('must be a whole number from 100 to 599').min(100, 'must be from 100 to 599').max(599, 'must be from 100 to 599').optional(),
  body: z
    .string('must be text')
    .refine((s) => Buffer.byteLength(s) <= SIM_BODY_MAX_BYTES, `must be at most ${SIM_BODY_MAX_BYTES} bytes (UTF-8)`)
    .optional(),
  headers: z
    .record(
      z
        .string()
        .regex(HEADER_NAME, "must be an HTTP header name (letters, digits and !#$%&'*+.^_`|~-)")
        .refine((name) => !FRAMING.has(name.toLowerCase()), 'is set by the simulator (framing headers cannot be given)'),
      z.string('must be text').regex(HEADER_VALUE, 'must be a header value without control characters'),
      'must be an object of header names to text values',
    )
    .optional(),
  durationMs: z
    .number('must be a number of milliseconds')
    .min(0, `must be from 0 to ${SIM_DURATION_MAX_MS}`)
    .max(SIM_DURATION_MAX_MS, `must be from 0 to ${SIM_DURATION_MAX_MS}`)
    .optional(),
});

/** The binary's behaviour, none (an ordinary binary), or why its section is refused (`field` under the section's name). */
export type SectionRead = { behaviour?: EdgeBehaviour } | { problem: { field: string; message: string } };

/** An unsigned LEB128 at `pos`, or undefined when it runs past `bytes` or past 32 bits. */
function leb128(bytes: Uint8Array, pos: number): { value: number; next: number } | undefined {
  let value = 0;
  for (let shift = 0, i = pos; i < bytes.length && shift < 35; shift += 7, i++) {
    const byte = bytes[i]!;
    value += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) return { value, next: i + 1 };
  }
  return undefined;
}

const problem = (field: string, message: string): SectionRead => ({ problem: { field: field ? `${SIM_SECTION_NAME}.${field}` : SIM_SECTION_NAME, message } });

/** Reads `head`, the upload's first bytes (at most SIM_SECTION_WINDOW_BYTES), after the 8-byte module header. */
export function readSimSection(head: Uint8Array): SectionRead {
  // Section id 0 (custom), its size, the name's length and the name.
  if (head.length < 9 || head[8] !== 0) return {};
  const size = leb128(head, 9);
  const nameLength = size && leb128(head, size.next);
  if (!size || !nameLength) return {};
  const nameEnd = nameLength.next + nameLength.value;
  if (nameEnd > head.length || new TextDecoder().decode(head.subarray(nameLength.next, nameEnd)) !== SIM_SECTION_NAME) return {};
  const end = size.next + size.value;
  if (end > head.length || end > SIM_SECTION_WINDOW_BYTES) return problem('', `must end within the binary's first ${SIM_SECTION_WINDOW_BYTES} bytes`);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(nameEnd, end)));
  } catch {
    return problem('', 'must hold a JSON object (UTF-8)');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return problem('', 'must hold a JSON object (UTF-8)');
  const parsed = behaviourSchema.safeParse(json);
  if (parsed.success) return { behaviour: parsed.data };
  const issue = parsed.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') return problem(issue.keys[0] ?? '', 'is not a known field (status, body, headers, durationMs)');
  // A header name's own rule, not the record's.
  if (issue.code === 'invalid_key') return problem(issue.path.map(String).join('.'), issue.issues[0]?.message ?? issue.message);
  return problem(issue.path.map(String).join('.'), issue.message);
}

// A test request's answer as a read-only text document (one per side of the diff: app | local):
// what was sent, the status, the time, the headers and the body as text, or as a hex dump when it
// is not UTF-8 text. Plain text, nothing rendered; every character that could break, hide or
// reorder a line (controls, bidi overrides, invisible ones) is shown as its escape, as in every
// other document of text the platform or an app wrote.
import type { TestAnswer } from '../../../platform/edgeTestSend';
import type { TestRequest } from '../../../schema/edgeTestRequest';
import { showHidden } from '../../../ui/text/hiddenCharacters';

/** The most of a binary body shown as hex (the rest is said in bytes). */
export const HEX_BYTES = 64 * 1024;

const PRINTABLE_CONTROL = /[\n\r\t]/;

/** The body as text when it is valid UTF-8 without control characters other than newlines and tabs; undefined otherwise. */
export function bodyText(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  for (const ch of text) if (/\p{Cc}/u.test(ch) && !PRINTABLE_CONTROL.test(ch)) return undefined;
  return text;
}

/** `00000000  48 65 6c 6c 6f 0a …  |Hello.|`, 16 bytes a line, up to `max` bytes. */
export function hexDump(bytes: Uint8Array, max = HEX_BYTES): string {
  const lines: string[] = [];
  const end = Math.min(bytes.length, max);
  for (let at = 0; at < end; at += 16) {
    const row = bytes.subarray(at, Math.min(at + 16, end));
    const hex = [...row].map((b) => b.toString(16).padStart(2, '0')).join(' ');
    const ascii = [...row].map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');
    lines.push(`${at.toString(16).padStart(8, '0')}  ${hex.padEnd(47)}  |${ascii}|`);
  }
  if (bytes.length > end) lines.push(`… ${bytes.length - end} more bytes not shown`);
  return lines.join('\n');
}

/** Every line of text with its hidden characters escaped; the line breaks themselves kept. */
const visibleLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => showHidden(line))
    .join('\n');

/** Where the answer came from, in our words: "App https://…" or "Local run (the FastEdge Launcher's debugger on port 5179)". */
export interface AnswerSource {
  label: string;
  url: string;
}

/** The whole document: source and request, status line, time, headers sorted by name (a diff lines them up), body. */
export function answerText(answer: TestAnswer, request: TestRequest, source: AnswerSource, maxBytesNote: number): string {
  const headers = [...answer.headers].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => showHidden(`${k}: ${v}`));
  const text = bodyText(answer.body);
  const size = `${answer.body.length} bytes${answer.cut ? ` shown, cut at ${maxBytesNote / 1024} KB (the rest was not read)` : ''}`;
  const body = answer.body.length === 0 ? '(no body)' : text !== undefined ? visibleLines(text) : `(not UTF-8 text: hex dump)\n${hexDump(answer.body)}`;
  return [
    `# ${showHidden(source.label)}`,
    `# ${request.method} ${showHidden(source.url)}`,
    '',
    `${answer.status} ${showHidden(answer.statusText)}`.trim(),
    `time: ${answer.ms} ms · body: ${size}`,
    ...(answer.status >= 300 && answer.status < 400 ? ['(a redirect: shown, not followed)'] : []),
    '',
    ...headers,
    '',
    body,
    '',
  ].join('\n');
}

/** The document for a side that got no answer: the reason in words. */
export function failedText(reason: string, request: TestRequest, source: AnswerSource): string {
  return [`# ${showHidden(source.label)}`, `# ${request.method} ${showHidden(source.url)}`, '', `No answer: ${showHidden(reason)}`, ''].join('\n');
}

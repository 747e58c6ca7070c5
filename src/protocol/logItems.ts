// What a function log holds, line by line: the extension merges these and the page shows them.

export interface RawLogEntry {
  Message?: string | null;
  Pod?: string | null;
  Time?: string | null;
}

export interface LogLine {
  kind: 'line';
  /** Nanoseconds since the epoch; lines without a parseable Time sort first (0). */
  time: bigint;
  timeText: string;
  pod: string;
  message: string;
}

export interface LogMarker {
  kind: 'marker';
  /** Sorts with the lines: a gap marker sits right after the last line before the gap. */
  time: bigint;
  /** gap: lines may be missing here; dropped: older lines went to keep the bound. */
  reason: 'gap' | 'dropped';
  text: string;
}

export type LogItem = LogLine | LogMarker;

/**
 * Characters of a message kept on intake; the rest is cut and the line marked (cutMessage). Holds
 * a long stack trace, and bounds what one line can cost the filter and the memory budget.
 */
export const LINE_CHARS_MAX = 16 * 1024;

const CUT_MARK = /… \[([\d,]+) more characters\]$/;

/** The message, or its first LINE_CHARS_MAX characters marked `… [48,210 more characters]`. */
export function cutMessage(message: string): string {
  if (message.length <= LINE_CHARS_MAX) return message;
  // Never between the two halves of a surrogate pair.
  const end = LINE_CHARS_MAX - (/[\uD800-\uDBFF]/.test(message[LINE_CHARS_MAX - 1]!) ? 1 : 0);
  return `${message.slice(0, end)}… [${(message.length - end).toLocaleString('en-US')} more characters]`;
}

/** What a cut message kept and how many characters it left out; undefined for a whole one. */
export function cutOf(message: string): { kept: string; more: number } | undefined {
  if (message.length <= LINE_CHARS_MAX) return undefined;
  const mark = CUT_MARK.exec(message);
  if (!mark || mark.index > LINE_CHARS_MAX) return undefined;
  return { kept: message.slice(0, mark.index), more: Number(mark[1]!.replace(/,/g, '')) };
}

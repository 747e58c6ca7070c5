// "Show Full Line": a line held cut (longer than 16 KB, logItems.ts) is read again from the
// platform, whose one logs endpoint returns only the newest `limit` lines: asked with the panel's
// limit, then twice as many, up to the largest, until the answer reaches back to the line's time.
// No `vscode` here (unit-tested with a fake platform).
import { parseTimeNanos } from '../../../protocol/logTime';
import type { RawLogEntry } from '../../../protocol/logItems';

export interface CutLine {
  /** Time exactly as the platform sent it. */
  time: string;
  pod: string;
  /** What the held line kept, and how many characters were left out. */
  kept: string;
  more: number;
}

export type FullLine = { found: true; message: string; reads: number } | { found: false; reason: string; reads: number };

/** The message of `line` as the platform has it now, or why it has it no more. */
export async function readFullLine(
  line: CutLine,
  fetch: (limit: number) => Promise<readonly RawLogEntry[]>,
  limit: number,
  maxLimit: number,
): Promise<FullLine> {
  const at = parseTimeNanos(line.time);
  let current = Math.max(1, Math.min(limit, maxLimit));
  for (let reads = 1; ; reads++) {
    const batch = await fetch(current);
    const match = batch.find(
      (e) =>
        e.Time === line.time &&
        e.Pod === line.pod &&
        typeof e.Message === 'string' &&
        e.Message.length === line.kept.length + line.more &&
        e.Message.startsWith(line.kept),
    );
    if (match) return { found: true, message: match.Message!, reads };
    // The answer is the newest lines: all it keeps, or reaching back past the line, a larger one finds nothing more.
    const all = batch.length < current;
    const past =
      at !== undefined &&
      batch.some((e) => {
        const t = parseTimeNanos(e.Time ?? '');
        return t !== undefined && t < at;
      });
    if (all || past || current >= maxLimit) {
      const why = all
        ? 'it returned all it keeps, and this line is not among them'
        : past
          ? 'its answer reaches back past this line without it'
          : `the newest ${current.toLocaleString('en-US')} lines it returns do not reach back to it`;
      return { found: false, reason: `The platform no longer has this line (${line.time}, ${line.pod}): ${why}.`, reads };
    }
    current = Math.min(maxLimit, current * 2);
  }
}

// How a log row saves width without losing what it says: a pod as the shortest tail of its name
// that still tells it apart from the other pods, and a message's own leading timestamp recognised
// when it only repeats the line's time. No DOM, no vscode: the page and the unit tests share it.
import { parseTimeNanos } from './logTime';

/**
 * For each pod name, the shortest run of its last "-" segments that no other name ends with
 * (`hello-world-d415368f6c-d6646` -> `d6646`; `…-7b9c-d6646` beside `…-8f21-d6646` -> `7b9c-d6646`).
 * A tail of only one to three digits says too little on its own (an edge `ed-lon-01` -> `lon-01`, not
 * `01`). A name with no such tail (one is the tail of another) is shown whole.
 */
export function podChips(names: readonly string[]): string[] {
  return names.map((name) => {
    const parts = name.split('-');
    for (let take = 1; take < parts.length; take++) {
      const tail = parts.slice(-take).join('-');
      if (/^\d{1,3}$/.test(tail)) continue;
      if (tail.length > 0 && !names.some((other) => other !== name && (other === tail || other.endsWith(`-${tail}`)))) return tail;
    }
    return name;
  });
}

/** `2026/05/23 05:07:31`, `2026-05-23T05:07:31.123Z`, `2026-05-23 05:07:31,123 +02:00`… at the start, after blanks. */
const LEADING_STAMP = /^(\s*)(\d{4})[-/](\d{2})[-/](\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:[.,](\d{1,9}))?(?: ?(Z|[+-]\d{2}:?\d{2}))?(?=\s|$)/;

/** Allowed between a message's stamp and the line's time: the writer's clock and the collector's differ a little. */
const SLACK_NS = 1_000_000_000n;

/**
 * The length of the message's leading timestamp (with the blanks around it) when it repeats the
 * line's time, else 0. A stamp with no zone is read as UTC (as the platform's runtimes write it).
 */
export function repeatedStampLength(message: string, lineTime: string): number {
  const m = LEADING_STAMP.exec(message);
  if (!m) return 0;
  const line = parseTimeNanos(lineTime);
  if (line === undefined) return 0;
  const zone = m[9] === undefined || m[9] === 'Z' ? 'Z' : m[9].includes(':') ? m[9] : `${m[9].slice(0, 3)}:${m[9].slice(3)}`;
  const stamp = parseTimeNanos(`${m[2]}-${m[3]}-${m[4]}T${m[5]}:${m[6]}:${m[7]}${m[8] ? `.${m[8]}` : ''}${zone}`);
  if (stamp === undefined) return 0;
  // A stamp cut to whole seconds (or milliseconds) is at most one unit of its precision before the line.
  const unit = 10n ** BigInt(9 - (m[8]?.length ?? 0));
  const diff = line - stamp;
  if (diff < -SLACK_NS || diff >= unit + SLACK_NS) return 0;
  const blanks = /^\s*/.exec(message.slice(m[0].length))![0].length;
  return m[0].length + blanks;
}

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

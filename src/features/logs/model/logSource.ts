// Where a log panel's lines come from: a value the panel is given, not a kind of panel. Every
// source reads its newest lines (the follower polls them); a source that pages on the server (an
// edge app) also reads back through its range, a page at a time.
import type { RawLogEntry } from '../../../protocol/logItems';
import type { OlderStatus } from '../../../protocol/logs';
import type { HeldView } from './heldLines';

export interface LogSource {
  /** The newest `limit` lines, in any order. */
  newest(limit: number, signal: AbortSignal): Promise<readonly RawLogEntry[]>;
  /** Reads back through the range (undefined: the source cannot page). */
  readonly older?: OlderPager;
}

export interface OlderPager {
  /** How far it has read back, for the page's status. */
  status(): OlderStatus;
  /**
   * The next older page of `limit` lines, read up to `oldestHeld` (the oldest held line's time as
   * sent, undefined when none is held) the first time and from the same instant after that.
   */
  next(oldestHeld: string | undefined, limit: number, signal: AbortSignal): Promise<readonly RawLogEntry[]>;
}

/** The oldest held line's time as it was sent (markers skipped); undefined when no line is held. */
export function oldestLineTime(view: Pick<HeldView, 'length' | 'at'>): string | undefined {
  for (let k = 0; k < view.length; k++) {
    const item = view.at(k);
    if (item.kind === 'line') return item.timeText;
  }
  return undefined;
}

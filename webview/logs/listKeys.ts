// The log list by keyboard: which row a key makes the active one (positions among the shown
// rows), the scroll that brings it into view, and what a screen reader hears of the page's state.
import type { FollowStatus } from '../../src/protocol/logs';

/** Keys the list takes: arrows, Page Up/Down, Home/End. */
export type ListKey = 'ArrowDown' | 'ArrowUp' | 'PageDown' | 'PageUp' | 'Home' | 'End';

/**
 * The position `key` moves the active row to, from `current` in a list of `count` shown rows with
 * `pageRows` in view; undefined for a key the list does not take or an empty list.
 */
export function keyTarget(key: string, current: number, count: number, pageRows: number): number | undefined {
  if (count === 0) return undefined;
  const last = count - 1;
  const clamp = (p: number) => Math.max(0, Math.min(last, p));
  const page = Math.max(1, pageRows - 1);
  switch (key as ListKey) {
    case 'ArrowDown':
      return clamp(current + 1);
    case 'ArrowUp':
      return clamp(current - 1);
    case 'PageDown':
      return clamp(current + page);
    case 'PageUp':
      return clamp(current - page);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return undefined;
  }
}

export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** A row the keyboard goes to: selected alone, or the selection extended to it (Shift), or toggled (Space). */
export interface ListAction {
  position: number;
  extend: boolean;
  toggle: boolean;
}

/**
 * What a key pressed in the list does, given the active row's position (undefined before the first
 * key), the first row in view and how many are in view. The first key lands on the row in view
 * (Home and End go to the ends at once). Ctrl+End is left to the page: it goes to the newest line and follows.
 */
export function listKeyAction(e: KeyPress, active: number | undefined, top: number, count: number, pageRows: number): ListAction | undefined {
  if (count === 0 || e.altKey) return undefined;
  if (e.key === ' ') return active === undefined ? undefined : { position: active, extend: false, toggle: true };
  if ((e.ctrlKey || e.metaKey) && e.key !== 'Home') return undefined;
  const current = active ?? Math.min(top, count - 1);
  const moved = keyTarget(e.key, current, count, pageRows);
  if (moved === undefined) return undefined;
  return { position: active === undefined && e.key !== 'Home' && e.key !== 'End' ? current : moved, extend: e.shiftKey, toggle: false };
}

/** The page's own keys: Ctrl+F the filter (from anywhere), and outside a text field Ctrl+C, Ctrl+A, Escape, Ctrl+End. */
export type PageCommand = 'filter' | 'copy' | 'selectAll' | 'escape' | 'newest';

export function pageKeyCommand(e: KeyPress, inField: boolean): PageCommand | undefined {
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();
  if (mod && key === 'f') return 'filter';
  if (inField) return undefined;
  if (mod && key === 'c') return 'copy';
  if (mod && key === 'a') return 'selectAll';
  if (e.key === 'Escape') return 'escape';
  if (mod && e.key === 'End') return 'newest';
  return undefined;
}

/** The scroll offset that shows the row at `position` whole, moving as little as possible; undefined when it is in view. */
export function scrollToShow(position: number, rowHeight: number, scrollTop: number, viewHeight: number): number | undefined {
  const top = position * rowHeight;
  const bottom = top + rowHeight;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewHeight) return Math.max(0, bottom - viewHeight);
  return undefined;
}

/**
 * What the page's polite live region says: the follow state when it changes, and the new lines
 * waiting below while the person reads older ones (said when they start to wait, not per line).
 */
export function spokenStatus(status: FollowStatus | undefined, unseen: number): string {
  if (unseen > 0) return `${unseen.toLocaleString('en-US')} new ${unseen === 1 ? 'line' : 'lines'} below. Ctrl+End goes to the newest.`;
  switch (status?.state) {
    case 'following':
      return 'Following: new lines appear at the bottom.';
    case 'paused':
      return `Paused${status.reason ? `: ${status.reason}` : ''}.`;
    case 'retrying':
      return 'Could not read the logs; retrying.';
    case 'stopped':
      return 'Stopped reading the logs.';
    default:
      return '';
  }
}

/** The row at the top of a view scrolled to `scrollTop` (an index in the rows, from `shown`) and how far it is scrolled past. */
export function topRowOf(scrollTop: number, shown: readonly number[], rowHeight: number): { row: number; within: number } | undefined {
  const position = Math.floor(scrollTop / rowHeight);
  const row = shown[position];
  return row === undefined ? undefined : { row, within: scrollTop - position * rowHeight };
}

// Which log rows are selected (by uid, so a selection survives rows dropped or inserted above),
// clicks with Shift and Ctrl as in a list, and the text a copy puts on the clipboard.
import { logTextLine } from '../../src/protocol/logExport';
import type { Row, RowStore } from './rowStore';

export class RowSelection {
  readonly selected = new Set<number>();
  private anchor: number | undefined;
  /** The row the keyboard is on or was last clicked (by uid): the list's active descendant. */
  activeUid: number | undefined;

  constructor(private readonly store: RowStore) {}

  get size(): number {
    return this.selected.size;
  }

  has(uid: number): boolean {
    return this.selected.has(uid);
  }

  clear(): void {
    this.selected.clear();
  }

  /** A new list (a reset): nothing selected, no anchor. */
  reset(): void {
    this.selected.clear();
    this.anchor = undefined;
    this.activeUid = undefined;
  }

  /** Where the active row is among the shown rows (undefined: none, or filtered out). */
  activePosition(): number | undefined {
    return this.activeUid === undefined ? undefined : this.positionOf(this.activeUid);
  }

  activeRow(): Row | undefined {
    const position = this.activePosition();
    return position === undefined ? undefined : this.store.rows[this.store.shown[position]!];
  }

  /** A click on the row shown at `position`: alone, Shift for a range, Ctrl (Cmd) to add or remove one. */
  click(position: number, keys: { shift: boolean; toggle: boolean }): boolean {
    const row = this.store.rows[this.store.shown[position] ?? -1];
    if (!row) return false;
    this.activeUid = row.uid;
    if (keys.shift && this.anchor !== undefined) {
      const from = this.positionOf(this.anchor);
      if (!keys.toggle) this.selected.clear();
      if (from !== undefined) {
        const [a, b] = from <= position ? [from, position] : [position, from];
        for (let p = a; p <= b; p++) this.selected.add(this.store.rows[this.store.shown[p]!]!.uid);
      }
    } else if (keys.toggle) {
      if (this.selected.has(row.uid)) this.selected.delete(row.uid);
      else this.selected.add(row.uid);
      this.anchor = row.uid;
    } else {
      this.selected.clear();
      this.selected.add(row.uid);
      this.anchor = row.uid;
    }
    return true;
  }

  selectAllShown(): void {
    for (const index of this.store.shown) this.selected.add(this.store.rows[index]!.uid);
  }

  /** Where the row `uid` is among the shown rows (undefined when filtered out or dropped). */
  positionOf(uid: number): number | undefined {
    const shown = this.store.shown;
    const rows = this.store.rows;
    for (let p = 0; p < shown.length; p++) if (rows[shown[p]!]!.uid === uid) return p;
    return undefined;
  }

  /** Selected rows that are shown, in order. */
  rows(): Row[] {
    if (this.selected.size === 0) return [];
    const out: Row[] = [];
    for (const index of this.store.shown) {
      const row = this.store.rows[index]!;
      if (this.selected.has(row.uid)) out.push(row);
    }
    return out;
  }

  /** The rows as the log file has them, one per line. */
  text(rows: readonly Row[]): string {
    return rows
      .map((row) =>
        row.marker
          ? logTextLine({ kind: 'marker', reason: row.marker, time: 0n, text: row.message })
          : logTextLine({ kind: 'line', time: 0n, timeText: row.time, pod: this.store.pods[row.pod] ?? '', message: row.message }),
      )
      .join('\n');
  }
}

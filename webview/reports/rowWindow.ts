// Which rows of the report table to draw, and where to scroll so a row shows, for rows that all
// have one height: arithmetic on the scroll offset, the same cost for 50 rows or 500,000 (the
// virtualizer it replaces measured every row again each time the row count grew). No DOM here.

/** The grid's geometry: rows of `rowHeight` start `top` px into the scrolled content (under a sticky header of that height). */
export interface RowGeometry {
  rowHeight: number;
  /** The sticky header's height: the rows begin below it and it covers the top of the view. */
  top: number;
  /** Rows drawn beyond the view on each side, so a fast scroll shows no gap. */
  overscan: number;
}

/** What the grid shows now. */
export interface RowViewport {
  scrollTop: number;
  /** The grid's inner height. */
  height: number;
}

/** The positions [start, end) to draw for `count` rows. */
export function rowWindow(g: RowGeometry, v: RowViewport, count: number): { start: number; end: number } {
  if (count <= 0 || v.height <= 0) return { start: 0, end: Math.min(count, g.overscan) };
  const first = Math.floor((v.scrollTop - g.top) / g.rowHeight);
  const last = Math.ceil((v.scrollTop + v.height - g.top) / g.rowHeight);
  const start = Math.max(0, Math.min(count, first - g.overscan));
  return { start, end: Math.max(start, Math.min(count, last + g.overscan)) };
}

/**
 * How far to scroll so a row (its top and bottom, in the page's pixels as drawn) shows whole in the
 * band between the sticky header and the totals row: as little as it can, 0 when it shows already.
 * Measured rects, not the row height times the position: fractional heights and borders add up.
 */
export function scrollToShow(row: { top: number; bottom: number }, band: { top: number; bottom: number }): number {
  if (row.top < band.top) return -Math.ceil(band.top - row.top);
  if (row.bottom > band.bottom) return Math.ceil(row.bottom - band.bottom);
  return 0;
}

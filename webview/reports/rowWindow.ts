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
  /** What covers the bottom of the view (the sticky totals row), in px. */
  bottom: number;
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
 * The scroll offset that shows row `position` whole between the sticky header and what covers the
 * bottom, moving as little as it can; the offset unchanged when it shows already.
 */
export function scrollToShow(g: RowGeometry, v: RowViewport, position: number): number {
  const rowTop = g.top + position * g.rowHeight;
  const rowBottom = rowTop + g.rowHeight;
  if (rowTop < v.scrollTop + g.top) return Math.max(0, rowTop - g.top);
  if (rowBottom > v.scrollTop + v.height - v.bottom) return Math.max(0, rowBottom - v.height + v.bottom);
  return v.scrollTop;
}

// The report table's rows in view by arithmetic (rowWindow.ts): the rows drawn for an offset, and
// the scroll that shows a row the keyboard moved to whole, between the sticky header and totals.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rowWindow, scrollToShow, type RowGeometry } from '../../webview/reports/rowWindow';

const g: RowGeometry = { rowHeight: 22, top: 26, overscan: 12 };

describe('report table row window', () => {
  it('draws the rows in view and the overscan, clamped to the rows there are', () => {
    // 440 px of rows below a 26 px header: rows 0..19 are in view at the top, 12 more below.
    assert.deepEqual(rowWindow(g, { scrollTop: 0, height: 466, bottom: 0 }, 500_000), { start: 0, end: 32 });
    // 22,000 px down: rows 998 (under the header) to 1,019 are in view, 12 more each side.
    assert.deepEqual(rowWindow(g, { scrollTop: 22_000, height: 466, bottom: 0 }, 500_000), { start: 986, end: 1032 });
    assert.deepEqual(rowWindow(g, { scrollTop: 0, height: 466, bottom: 0 }, 5), { start: 0, end: 5 });
    assert.deepEqual(rowWindow(g, { scrollTop: 0, height: 466, bottom: 0 }, 0), { start: 0, end: 0 });
  });

  it('costs the same for 500,000 rows as for 50: nothing is computed per row', () => {
    const few = rowWindow(g, { scrollTop: 110, height: 466, bottom: 0 }, 50);
    const many = rowWindow(g, { scrollTop: 110, height: 466, bottom: 0 }, 500_000);
    assert.deepEqual(few, many);
  });

  it('scrolls a row hidden above into view just below the sticky header, not under it', () => {
    // Row 100 is at content 2,226..2,248; at offset 3,000 it is above the view.
    const to = scrollToShow(g, { scrollTop: 3000, height: 466, bottom: 23 }, 100);
    assert.equal(to, 2200);
    assert.equal(26 + 100 * 22 - to, 26, 'its top at the header\u2019s bottom edge');
    // Half under the header (its top 10 px below the offset): moved down too.
    assert.equal(scrollToShow(g, { scrollTop: 2216, height: 466, bottom: 23 }, 100), 2200);
  });

  it('scrolls a row hidden below into view just above the sticky totals row, not under it', () => {
    // View 0..466, totals over its last 23 px: rows show whole down to 443 (row 18 ends at 444).
    assert.equal(scrollToShow(g, { scrollTop: 0, height: 466, bottom: 23 }, 17), 0);
    const to = scrollToShow(g, { scrollTop: 0, height: 466, bottom: 23 }, 18);
    assert.equal(to, 1);
    assert.equal(26 + 19 * 22 - to, 466 - 23, 'its bottom at the totals\u2019 top edge');
  });

  it('leaves the offset alone when the row shows whole', () => {
    assert.equal(scrollToShow(g, { scrollTop: 500, height: 466, bottom: 23 }, 25), 500);
  });
});

// The report table's rows in view by arithmetic (rowWindow.ts): the rows drawn for an offset, and
// the scroll that shows a row the keyboard moved to whole, between the sticky header and totals.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rowWindow, scrollToShow, type RowGeometry } from '../../webview/reports/rowWindow';

const g: RowGeometry = { rowHeight: 22, top: 26, overscan: 12 };

describe('report table row window', () => {
  it('draws the rows in view and the overscan, clamped to the rows there are', () => {
    // 440 px of rows below a 26 px header: rows 0..19 are in view at the top, 12 more below.
    assert.deepEqual(rowWindow(g, { scrollTop: 0, height: 466 }, 500_000), { start: 0, end: 32 });
    // 22,000 px down: rows 998 (under the header) to 1,019 are in view, 12 more each side.
    assert.deepEqual(rowWindow(g, { scrollTop: 22_000, height: 466 }, 500_000), { start: 986, end: 1032 });
    assert.deepEqual(rowWindow(g, { scrollTop: 0, height: 466 }, 5), { start: 0, end: 5 });
    assert.deepEqual(rowWindow(g, { scrollTop: 0, height: 466 }, 0), { start: 0, end: 0 });
  });

  it('costs the same for 500,000 rows as for 50: nothing is computed per row', () => {
    const few = rowWindow(g, { scrollTop: 110, height: 466 }, 50);
    const many = rowWindow(g, { scrollTop: 110, height: 466 }, 500_000);
    assert.deepEqual(few, many);
  });

  it('scrolls a row hidden above into view just below the sticky header, one below just above the totals row', () => {
    const band = { top: 126, bottom: 720.7 };
    // Under the header by 10 px: up by 10. Under the totals by 1.3 px (fractional heights): down by 2, never less.
    assert.equal(scrollToShow({ top: 116, bottom: 138 }, band), -10);
    assert.equal(scrollToShow({ top: 700, bottom: 722 }, band), 2);
    assert.ok(722 - 2 <= band.bottom, 'whole above the totals after it');
  });

  it('leaves the offset alone when the row shows whole', () => {
    assert.equal(scrollToShow({ top: 126, bottom: 148 }, { top: 126, bottom: 720.7 }), 0);
    assert.equal(scrollToShow({ top: 698, bottom: 720 }, { top: 126, bottom: 720.7 }), 0);
  });
});

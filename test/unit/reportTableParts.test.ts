// The report table's column widths: from the headers and first rows, widened where a total
// (summed over every row, so wider than any one cell) or the totals row's label would not fit.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TableModel } from '../../webview/reports/tableModel';
import { columnTemplate, columnWidths } from '../../webview/reports/tableParts';

describe('report table columns', () => {
  it('sizes each column from its header and first rows, then widens one whose total would be cut off', () => {
    const m = new TableModel();
    m.reset(['id', 'amount', 'currency']);
    m.append(Array.from({ length: 5000 }, (_, i) => [i, 999.99, 'EUR']));
    const widths = columnWidths(m);
    assert.deepEqual(widths, [7, 11, 13]);
    const totals = m.totals();
    const footer = totals.map((t, c) => (t !== undefined ? m.totalText(c, t) : c === 0 ? 'Total (shown rows)' : ''));
    assert.equal(footer[1], '4,999,950.00');
    assert.equal(columnTemplate(widths, footer), '20ch 14ch 13ch');
    assert.equal(columnTemplate(widths, []), '7ch 11ch 13ch', 'no totals row: the widths as they were');
  });
});

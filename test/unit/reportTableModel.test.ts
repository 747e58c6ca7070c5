// The report table's model: filter (plain text, any case, across cells), sort (numbers as
// numbers, empty cells last, ties in the report's order), totals over the shown rows, copy text.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { TableModel, cellNumber } from '../../webview/reports/tableModel';
import type { ReportRowCell } from '../../src/protocol/reportTable';

const shown = (m: TableModel) => Array.from({ length: m.shownCount }, (_, p) => m.rowAt(p)!);

function model(rows: ReportRowCell[][], headers = ['client', 'amount', 'note']): TableModel {
  const m = new TableModel();
  m.reset(headers);
  m.append(rows);
  return m;
}

const ROWS: ReportRowCell[][] = [
  ['Acme', 10, 'b'],
  ['beta', 9.5, null],
  ['Gamma', '100.25', 'A (x)'],
  ['acme ltd', null, 'a'],
];

describe('TableModel', () => {
  it('finds numeric columns (numbers or numeric text, empty cells allowed)', () => {
    const m = model(ROWS);
    assert.deepEqual([m.isNumeric(0), m.isNumeric(1), m.isNumeric(2)], [false, true, false]);
    assert.ok(Number.isNaN(cellNumber('1.2.3')));
  });

  it('sorts numbers as numbers, both ways, empty cells last, then back to the report order', () => {
    const m = model(ROWS);
    m.setSort({ column: 1, direction: 'asc' });
    assert.deepEqual(
      shown(m).map((r) => r[1]),
      [9.5, 10, '100.25', null],
    );
    m.setSort({ column: 1, direction: 'desc' });
    assert.deepEqual(
      shown(m).map((r) => r[1]),
      ['100.25', 10, 9.5, null],
    );
    m.setSort(undefined);
    assert.deepEqual(shown(m), ROWS);
  });

  it('sorts -0 and 0 as one value (ties in the report order), negatives below positives', () => {
    const m = model([
      ['a', 0, ''],
      ['b', -0, ''],
      ['c', -1.5, ''],
      ['d', '0', ''],
      ['e', 2e-300, ''],
    ]);
    m.setSort({ column: 1, direction: 'asc' });
    assert.deepEqual(
      shown(m).map((r) => r[0]),
      ['c', 'a', 'b', 'd', 'e'],
    );
    m.setSort({ column: 1, direction: 'desc' });
    assert.deepEqual(
      shown(m).map((r) => r[0]),
      ['e', 'a', 'b', 'd', 'c'],
    );
  });

  it('sorts text without regard to case, ties in the report order', () => {
    const m = model([...ROWS, ['ACME', 1, 'z']]);
    m.setSort({ column: 0, direction: 'asc' });
    assert.deepEqual(
      shown(m).map((r) => r[0]),
      ['Acme', 'ACME', 'acme ltd', 'beta', 'Gamma'],
    );
  });

  it('cycles a header click: ascending, descending, the report order', () => {
    const m = model(ROWS);
    assert.deepEqual(m.nextSort(1), { column: 1, direction: 'asc' });
    m.setSort({ column: 1, direction: 'asc' });
    assert.deepEqual(m.nextSort(1), { column: 1, direction: 'desc' });
    m.setSort({ column: 1, direction: 'desc' });
    assert.equal(m.nextSort(1), undefined);
  });

  it('filters as plain text (pattern characters mean themselves), any case, across cells', () => {
    const m = model(ROWS);
    m.setFilter('ACME');
    assert.deepEqual(
      shown(m).map((r) => r[0]),
      ['Acme', 'acme ltd'],
    );
    m.setFilter('(x)');
    assert.deepEqual(
      shown(m).map((r) => r[0]),
      ['Gamma'],
    );
    m.setFilter('.*');
    assert.equal(m.shownCount, 0);
    m.setFilter('');
    assert.equal(m.shownCount, 4);
  });

  it('totals the numeric columns over the shown rows, with their decimals', () => {
    const m = model(ROWS);
    assert.deepEqual(m.totals(), [undefined, 119.75, undefined]);
    m.setFilter('acme');
    assert.deepEqual(m.totals(), [undefined, 10, undefined]);
    assert.equal(m.totalText(1, 1234.5), '1,234.50');
  });

  it("shows a numeric column's cells with its decimals and separators, other cells as they are", () => {
    const m = model([
      ['Acme', 4989.2, 'x'],
      ['b', '4374', 1.5],
      ['c', 1234567.891, null],
    ]);
    assert.deepEqual(
      [0, 1, 2].map((r) => m.cellDisplay(1, m.rows[r]![1]!)),
      ['4,989.200', '4,374.000', '1,234,567.891'],
    );
    assert.equal(m.cellDisplay(0, 'Acme'), 'Acme');
    assert.equal(m.cellDisplay(2, 1.5), '1.5', 'a number in a text column as written');
    assert.equal(m.cellDisplay(1, null), '');
  });

  it('totals no id column (its sum means nothing), though it is numeric', () => {
    const m = model(
      [
        [7, 'a', 1.5],
        [9, 'b', 2],
      ],
      ['client_id', 'name', 'amount'],
    );
    assert.equal(m.isNumeric(0), true);
    assert.deepEqual(m.totals(), [undefined, undefined, 3.5]);
  });

  it('keeps rows arriving after a sort at the end until sorted again, filtered as they come', () => {
    const m = model(ROWS);
    m.setFilter('a');
    m.setSort({ column: 1, direction: 'desc' });
    m.append([
      ['delta', 500, 'q'],
      ['zzz', 1, 'q'],
    ]);
    assert.equal(m.needsSort, true);
    assert.deepEqual(
      shown(m)
        .map((r) => r[0])
        .slice(-1),
      ['delta'],
    );
    m.setSort(m.sort);
    assert.equal(shown(m)[0]![0], 'delta');
  });

  it('copies the shown rows as tab-separated text under the header, tabs and newlines in cells made spaces', () => {
    const m = model([
      ['a\tb', 1, 'line\nbreak'],
      ['c', 2, null],
    ]);
    assert.equal(m.copyText(0, 5), 'client\tamount\tnote\na b\t1\tline break\nc\t2\t\n');
    const none = model([['x', 'y', 'z', 'extra']], []);
    assert.equal(none.copyText(0, 0), 'Column 1\tColumn 2\tColumn 3\tColumn 4\nx\ty\tz\textra\n');
  });

  it('copies a formula-like cell with a leading quote so a spreadsheet pastes it as text; numbers stay numbers', () => {
    const m = model(
      [
        ['=HYPERLINK("http://x","y")', -5, '+3.2'],
        ['@SUM(A1)', '-1e5', '-cmd'],
        ['\t=1+1', 7, '\r=2'],
      ],
      ['=head', 'amount', 'note'],
    );
    assert.equal(m.copyText(0, 5), "'=head\tamount\tnote\n'=HYPERLINK(\"http://x\",\"y\")\t-5\t+3.2\n'@SUM(A1)\t-1e5\t'-cmd\n' =1+1\t7\t' =2\n");
  });

  it('shows what a fresh filter and sort over all rows would, however rows and filters came (property)', () => {
    const cell = fc.oneof(fc.constantFrom('a', 'B', 'ab', 'c', ''), fc.integer({ min: -5, max: 5 }), fc.constant(null));
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.array(cell, { minLength: 2, maxLength: 2 }), { maxLength: 6 }), { maxLength: 4 }),
        fc.array(fc.constantFrom('', 'a', 'ab', 'b', '1', '-'), { maxLength: 4 }),
        fc.option(fc.record({ column: fc.constantFrom(0, 1), direction: fc.constantFrom('asc' as const, 'desc' as const) }), { nil: undefined }),
        (batches, filters, sort) => {
          const m = new TableModel();
          m.reset(['x', 'y']);
          m.setSort(sort);
          batches.forEach((b, i) => {
            m.append(b);
            m.setFilter(filters[i] ?? m.filter);
          });
          m.setSort(sort);
          const fresh = new TableModel();
          fresh.reset(['x', 'y']);
          fresh.append(batches.flat());
          fresh.setFilter(m.filter);
          fresh.setSort(sort);
          assert.deepEqual(shown(m), shown(fresh));
          const all = batches.flat().filter(
            (r) =>
              !m.filter ||
              r.some((c) =>
                String(c ?? '')
                  .toLowerCase()
                  .includes(m.filter.toLowerCase()),
              ),
          );
          assert.equal(m.shownCount, all.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('sorts as a comparator sort would: numbers by value (negatives, -0, exponents, numeric text), text by its lower case, ties and empty cells in the report order (property)', () => {
    const number = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer({ min: -3, max: 3 }),
      fc.constantFrom(-0, 0.1, 1e21, -1e-7, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE),
      fc.constantFrom('12.50', '-3', '.5', '1e3', ' 7 '),
    );
    const text = fc.oneof(fc.string({ maxLength: 3 }), fc.constantFrom('a', 'A', 'b', 'B', 'é', 'É', '10', '9'));
    const empty = fc.constantFrom(null, '');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.oneof(number, empty), fc.oneof(text, empty)), { maxLength: 40 }),
        fc.constantFrom(0, 1),
        fc.constantFrom('asc' as const, 'desc' as const),
        (pairs, column, direction) => {
          const rows: ReportRowCell[][] = pairs.map(([n, t]) => [n, t]);
          const m = model(rows, ['n', 't']);
          m.setSort({ column, direction });
          const numeric = m.isNumeric(column);
          const key = (cell: ReportRowCell) => (numeric ? cellNumber(cell) : cell === null || cell === '' ? NaN : String(cell).toLowerCase());
          const sign = direction === 'asc' ? 1 : -1;
          const expected = rows
            .map((row, i) => ({ row, i, k: key(row[column] ?? null) }))
            .sort((a, b) => {
              const aEmpty = typeof a.k === 'number' && Number.isNaN(a.k);
              const bEmpty = typeof b.k === 'number' && Number.isNaN(b.k);
              if (aEmpty || bEmpty) return aEmpty === bEmpty ? a.i - b.i : aEmpty ? 1 : -1;
              const order = a.k < b.k ? -1 : a.k > b.k ? 1 : 0;
              return order === 0 ? a.i - b.i : sign * order;
            })
            .map((e) => e.row);
          assert.deepEqual(shown(m), expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('totals again only when the shown rows change (a render that scrolls sums nothing)', () => {
    const m = model(ROWS);
    const first = m.totals();
    assert.equal(m.totals(), first, 'the same answer, not summed again');
    m.setFilter('acme');
    assert.notEqual(m.totals(), first);
    assert.deepEqual(m.totals(), [undefined, 10, undefined]);
    m.append([['acme 3', '2.25', 'x']]);
    assert.deepEqual(m.totals(), [undefined, 12.25, undefined]);
  });

  it('adds a batch appended at the end to the kept totals, without summing the rows before it again', () => {
    const rows: ReportRowCell[][] = Array.from({ length: 1000 }, (_, i) => [`c${i}`, i % 7, 'x']);
    const m = model(rows);
    m.totals();
    m.append([
      ['late', 0.5, 'y'],
      ['later', '1.25', 'z'],
    ]);
    // Count the shown-row positions the next totals() reads.
    let reads = 0;
    const view = m.view;
    m.view = new Proxy(view, {
      get: (target, key) => {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const totals = m.totals();
    m.view = view;
    assert.ok(reads <= 2, `${reads} shown rows read for 2 new ones`);
    assert.deepEqual(totals, model([...rows, ['late', 0.5, 'y'], ['later', '1.25', 'z']]).totals());
  });

  it('keeps its totals equal to a fresh sum through any mix of batches, filters and sorts', () => {
    const row = fc.tuple(
      fc.constantFrom('a', 'b', 'ab', ''),
      fc.oneof(fc.integer({ min: -50, max: 50 }), fc.constant(null), fc.constant('2.5')),
      fc.constantFrom('x', 'n/a'),
    );
    const step = fc.oneof(
      fc.record({ batch: fc.array(row, { maxLength: 6 }) }),
      fc.record({ filter: fc.constantFrom('', 'a', 'ab', 'b') }),
      fc.record({
        sort: fc.option(fc.record({ column: fc.constantFrom(0, 1), direction: fc.constantFrom('asc' as const, 'desc' as const) }), { nil: undefined }),
      }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), (steps) => {
        const m = model([]);
        const all: ReportRowCell[][] = [];
        for (const s of steps) {
          if ('batch' in s) {
            m.append(s.batch);
            all.push(...s.batch);
          } else if ('filter' in s) m.setFilter(s.filter);
          else m.setSort(s.sort);
          const fresh = model(all);
          fresh.setFilter(m.filter);
          if (m.sort && !m.needsSort) fresh.setSort(m.sort);
          assert.deepEqual(m.totals(), fresh.totals());
        }
      }),
      { numRuns: 300 },
    );
  });

  it("sorts and filters 500,000 rows (their timings are the bench's: bench/reportTable.webview.bench.mjs)", () => {
    const rows: ReportRowCell[][] = Array.from({ length: 500_000 }, (_, i) => [`client-${(i * 7919) % 100_003}`, (i * 31) % 9973, i % 2 ? 'odd' : 'even']);
    const m = model(rows);
    m.setSort({ column: 1, direction: 'desc' });
    const numbers = shown(m).map((r) => r[1] as number);
    assert.ok(
      numbers.every((n, i) => i === 0 || numbers[i - 1]! >= n),
      'descending as numbers',
    );
    m.setSort({ column: 0, direction: 'asc' });
    const texts = shown(m).map((r) => r[0] as string);
    assert.ok(
      texts.every((t, i) => i === 0 || texts[i - 1]! <= t),
      'ascending as text',
    );
    m.setFilter('CLIENT-99');
    assert.equal(m.shownCount, rows.filter((r) => (r[0] as string).includes('client-99')).length);
    const filtered = shown(m).map((r) => r[0] as string);
    assert.ok(
      filtered.every((t, i) => i === 0 || filtered[i - 1]! <= t),
      'the filter keeps the sort',
    );
  });
});

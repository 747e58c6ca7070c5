// The page's pass of a regular expression over its rows (webview/logs/rowFilter.ts), a batch of
// one chunk's rows at a time: it shows exactly what filterIndices shows (the extension's Export
// runs that), markers and pods included, and keeps the 1 s budget's behaviour.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { EMPTY_FILTER, FilterTooSlow, compileFilter, filterIndices, type LogFilterSpec } from '../../src/protocol/logFilter';
import { filterRows, type FilterableRow } from '../../webview/logs/rowFilter';

const regex = (text: string, more: Partial<LogFilterSpec> = {}): LogFilterSpec => ({ ...EMPTY_FILTER, text, regex: true, ...more });

/** Rows as the store holds them: each a slice of its chunk's text, markers among them. */
function rowsOf(chunks: readonly (readonly { pod: number; message: string }[])[]): FilterableRow[] {
  const rows: FilterableRow[] = [];
  for (const chunk of chunks) {
    let source = '';
    const ats: number[] = [];
    for (const item of chunk) {
      source += 'T';
      ats.push(source.length);
      source += item.message;
    }
    chunk.forEach((item, k) => rows.push({ pod: item.pod, message: item.message, source, at: ats[k]! }));
  }
  return rows;
}
const PODS = ['p', 'q', ''];
const read = (row: FilterableRow) => (row.pod < 0 ? { message: row.message } : { pod: PODS[row.pod] ?? '', message: row.message });

describe("the page's filter pass (rowFilter.ts)", () => {
  it('shows what filterIndices shows: any rows, chunks, markers, pods (one outside the table), from any start, after what `into` held (property)', () => {
    const message = fc.string({ unit: fc.constantFrom('a', 'b', 'A', ' ', '!', '_', 'é', '😀', '\n'), maxLength: 12 });
    const item = fc.record({ pod: fc.constantFrom(-1, 0, 1, 2, 5), message });
    fc.assert(
      fc.property(
        fc.constantFrom('a', 'ab|b', String.raw`(\w+\s?)+$`, String.raw`^\w+!`, String.raw`\bb\b`, '^$', 'é|😀', String.raw`(\w{1,3}){1,3}!`),
        fc.boolean(),
        fc.subarray(['p', 'q', '', 'r']),
        fc.array(fc.array(item, { maxLength: 12 }), { maxLength: 5 }),
        fc.nat(),
        (pattern, caseSensitive, pods, chunks, startPick) => {
          const rows = rowsOf(chunks);
          const filter = compileFilter(regex(pattern, { caseSensitive, pods }));
          const start = startPick % (rows.length + 1);
          const expected = filterIndices(rows, filter, read, start, [-1]);
          assert.deepEqual(
            filterRows(rows, PODS, filter, start, [-1], 1_000),
            expected,
            `${pattern} over ${JSON.stringify(rows.map((r) => [r.pod, r.message]))} from ${start}`,
          );
        },
      ),
      { numRuns: 1_500 },
    );
  });

  it('crosses its batches: 5,000 rows of one chunk, long lines among short ones, every third a match', () => {
    const chunk = Array.from({ length: 5_000 }, (_, i) => ({
      pod: i % 7 === 0 ? -1 : 0,
      message: `${i % 3 === 0 ? 'x!' : 'x'}${i % 100 === 0 ? ' '.repeat(20_000) : ''}`,
    }));
    const rows = rowsOf([chunk]);
    const filter = compileFilter(regex('!'));
    const shown = filterRows(rows, PODS, filter, 0, [], 60_000);
    assert.deepEqual(shown, filterIndices(rows, filter, read));
    assert.equal(shown.length, chunk.filter((r, i) => r.pod < 0 || i % 3 === 0).length);
  });

  it('stops at the budget as filterIndices does: FilterTooSlow says how far it got, and `into` is left as it was', () => {
    const message = `${'a'.repeat(16_384)}@b.com`;
    const rows = rowsOf([Array.from({ length: 4_000 }, () => ({ pod: 0, message }))]);
    const into = [7];
    assert.throws(
      () => filterRows(rows, PODS, compileFilter(regex(String.raw`\w+@\w+\.com`)), 0, into, 20),
      (e: unknown) => e instanceof FilterTooSlow && e.checked > 0 && e.checked < rows.length && e.total === rows.length && e.budgetMs === 20,
    );
    assert.deepEqual(into, [7]);
  });

  it('refuses a filter without a regular expression (the store runs filterIndices for those)', () => {
    assert.throws(() => filterRows([], PODS, compileFilter({ ...EMPTY_FILTER, text: 'a' }), 0, [], 1_000), /no regular expression/);
  });
});

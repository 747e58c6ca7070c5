// The formula-like cell rule (OWASP CSV injection) shared by Copy Rows and Save Report As…: what
// is prefixed, what stays a number, and the streaming count over a CSV split anywhere.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { CsvFormulaScan, neutralizedCell, startsLikeFormula } from '../../src/protocol/spreadsheetCells';
import { countingFormulaCells, formulaCellsNote } from '../../src/features/reports/model/reportFormulaCells';

const countOf = (chunks: string[]) => {
  const scan = new CsvFormulaScan();
  for (const c of chunks) scan.push(new TextEncoder().encode(c));
  return scan.end();
};

describe('spreadsheet cells', () => {
  it('prefixes a cell starting with =, +, -, @, tab or CR that is no number; numbers and the rest unchanged', () => {
    for (const text of ['=1+1', '+cmd', '-cmd|x', '@SUM(A1)', '\t=1', '\r=1', '-', '+', '=', '-5%', '- 5', '--5', '-1,234'])
      assert.equal(neutralizedCell(text), `'${text}`, JSON.stringify(text));
    for (const text of ['-5', '+3.2', '-1e5', '+1E-3', '-.5', '-5.', 'abc', '', ' =1', "'=1", 'a=b', '5-3'])
      assert.equal(neutralizedCell(text), text, JSON.stringify(text));
    assert.equal(startsLikeFormula('-1e5'), false);
    assert.equal(startsLikeFormula('-1e5x'), true);
  });

  it('counts formula-like cells in a CSV, quoted or not, numbers left out', () => {
    const csv = 'name,amount,note\r\n"=cmd",-5,+3.2\r\n@x,"-1e5","a,=b"\r\n"he said ""=1""",-x,"\r=1"\n+1,2,"=multi\nline"\n';
    // "=cmd", @x, -x, "\r=1", "=multi…"; not: -5, +3.2, "-1e5", "a,=b", "he said…", +1
    assert.equal(countOf([csv]), 5);
    assert.equal(countOf(['=a']), 1, 'the last cell without a line end');
    assert.equal(countOf([`-${'1'.repeat(200)}x,1\n`]), 1, 'a long cell is judged without being held');
    assert.equal(countOf([`-${'1'.repeat(200)},1\n`]), 0, 'a long number stays a number');
  });

  it('counts the same however the bytes are split (property)', () => {
    const cell = fc.oneof(fc.constantFrom('=1', '-5', '+3.2', '@a', 'x', '', '-x', '"=q"', '"a,""b"""', '"\n=z"', '-1e5'));
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (rows, cuts) => {
          const text = rows.map((r) => r.join(',')).join('\r\n') + '\r\n';
          const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
          const chunks: string[] = [];
          let at = 0;
          for (const p of points) {
            chunks.push(text.slice(at, p));
            at = p;
          }
          chunks.push(text.slice(at));
          assert.equal(countOf(chunks), countOf([text]));
          const expected = rows.flat().filter((c) => ['=1', '@a', '-x', '"=q"'].includes(c)).length;
          assert.equal(countOf([text]), expected);
        },
      ),
    );
  });

  it('a saved CSV passes through unchanged, chunk by chunk, and is counted at its end', async () => {
    const chunks = ['a,"=b', '",-5\r\n@c,', 'd\r\n'].map((c) => new TextEncoder().encode(c));
    let count: number | undefined;
    const out: Uint8Array[] = [];
    for await (const chunk of countingFormulaCells(
      (async function* () {
        yield* chunks;
      })(),
      (n) => (count = n),
    )) {
      assert.equal(count, undefined, 'counted only once the body ended');
      out.push(chunk);
    }
    assert.deepEqual(out, chunks);
    assert.equal(count, 2);
    assert.equal(formulaCellsNote(0), undefined);
    assert.equal(formulaCellsNote(1), '1 cell begins with =, +, - or @ and may run as formulas if opened in a spreadsheet.');
    assert.match(formulaCellsNote(3) ?? '', /^3 cells begin/);
  });
});

// readReportRows: the report's JSON result read as it arrives, whatever the chunk boundaries,
// with the headers first, then the rows in order, and a clear failure (never a hang) on a body
// that is not `{headers, rows}`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { readReportRows, ReportRowsError, type ReportRowCell } from '../../src/platform/reportRows';

const encoder = new TextEncoder();

/** `text` as UTF-8 cut at the given byte offsets. */
function chunksOf(text: string, cuts: number[] = []): Uint8Array[] {
  const bytes = encoder.encode(text);
  const at = [...new Set(cuts.map((c) => Math.min(bytes.length, Math.max(0, c))))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const cut of [...at, bytes.length]) {
    if (cut > from) out.push(bytes.subarray(from, cut));
    from = Math.max(from, cut);
  }
  return out;
}

interface Body extends AsyncIterable<Uint8Array> {
  pulled: number;
  closed: boolean;
}

function bodyOf(chunks: Uint8Array[]): Body {
  const body: Body = {
    pulled: 0,
    closed: false,
    async *[Symbol.asyncIterator]() {
      try {
        for (const chunk of chunks) {
          body.pulled++;
          yield chunk;
        }
      } finally {
        body.closed = true;
      }
    },
  };
  return body;
}

async function readAll(chunks: Uint8Array[], options: Parameters<typeof readReportRows>[2] = {}) {
  const events: string[] = [];
  let headers: string[] | undefined;
  const rows: ReportRowCell[][] = [];
  const batches: number[] = [];
  const result = await readReportRows(
    bodyOf(chunks),
    {
      onHeaders: (h) => {
        events.push('headers');
        headers = h;
      },
      onRows: (batch) => {
        events.push('rows');
        batches.push(batch.length);
        rows.push(...batch);
      },
    },
    options,
  );
  return { result, headers, rows, events, batches };
}

const cell = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);

describe('readReportRows', () => {
  it('hands over the headers and then every row, whatever the chunk boundaries (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 5 }),
        fc.array(fc.array(cell, { maxLength: 6 }), { maxLength: 30 }),
        fc.boolean(),
        fc.boolean(),
        fc.array(fc.nat(4000), { maxLength: 40 }),
        fc.integer({ min: 1, max: 7 }),
        async (headers, rows, rowsFirst, spaced, cuts, batchRows) => {
          const value = rowsFirst ? { extra: { a: [1, '}]'] }, rows, headers } : { headers, note: 'x"]', rows };
          const text = spaced ? JSON.stringify(value, null, 2) : JSON.stringify(value);
          const read = await readAll(chunksOf(text, cuts), { batchRows });
          assert.deepEqual(read.headers, headers);
          assert.deepEqual(read.rows, rows);
          assert.equal(read.events[0], 'headers');
          assert.ok(read.batches.every((n) => n >= 1 && n <= batchRows));
          assert.deepEqual(read.result, { headers, rowCount: rows.length, bytes: encoder.encode(text).length, complete: true });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('splits a multi-byte character, an escape and a number across chunks', async () => {
    const text = '{"headers":["Größe","n"],"rows":[["a\\"b\\\\\\u00e9€😀",12345.5],["x",-7e2]]}';
    const bytes = encoder.encode(text);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const read = await readAll(chunksOf(text, [cut]));
      assert.deepEqual(read.headers, ['Größe', 'n']);
      assert.deepEqual(read.rows, [
        ['a"b\\é€😀', 12345.5],
        ['x', -700],
      ]);
    }
    // One byte at a time.
    const single = await readAll(chunksOf(text, [...bytes.keys()]));
    assert.equal(single.rows.length, 2);
  });

  it('shows other cells as their JSON text and headers that are not strings as text', async () => {
    const read = await readAll(chunksOf('{"headers":["a",null,3],"rows":[[{"k":[1]},[2,"3"],true,null]]}'));
    assert.deepEqual(read.headers, ['a', '', '3']);
    assert.deepEqual(read.rows, [['{"k":[1]}', '[2,"3"]', true, null]]);
  });

  it('reads keys written with escapes, split anywhere', async () => {
    const text = '{"he\\u0061ders":["a"],"r\\u006fws":[[1]],"o\\"k":2}';
    for (let cut = 0; cut <= text.length; cut++) assert.deepEqual((await readAll(chunksOf(text, [cut]))).rows, [[1]]);
  });

  it('holds rows sent before the headers and hands them over after them', async () => {
    const read = await readAll(chunksOf('{"rows":[[1],[2]],"headers":["n"]}', [5, 12]));
    assert.deepEqual(read.events[0], 'headers');
    assert.deepEqual(read.rows, [[1], [2]]);
  });

  it('reads a result without headers as one with no header names, and one without rows as empty', async () => {
    assert.deepEqual((await readAll(chunksOf('{"rows":[[1]]}'))).headers, []);
    const empty = await readAll(chunksOf('{"headers":["a"],"rows":[]}'));
    assert.deepEqual([empty.headers, empty.rows, empty.result.rowCount], [['a'], [], 0]);
    assert.deepEqual((await readAll(chunksOf('{"headers":["a"]}'))).rows, []);
  });

  for (const [name, text, pattern] of [
    ['an error object', '{"error":"Failed to render report: boom"}', /neither headers nor rows/],
    ['a list', '[["a"]]', /does not begin with an object/],
    ['CSV', 'a,b\n1,2\n', /does not begin with an object/],
    ['rows that are not a list', '{"headers":[],"rows":{"a":1}}', /rows are not a list/],
    ['a row that is not a list', '{"headers":["a"],"rows":[[1],2]}', /row 2/],
    ['headers that are not a list', '{"headers":"a,b","rows":[]}', /headers that are not a list/],
    ['a cut-off body', '{"headers":["a"],"rows":[[1],[2', /ended early/],
    ['an empty body', '', /ended early/],
    ['text after the result', '{"rows":[]} {}', /more text after/],
    ['a broken row', '{"headers":["a"],"rows":[[1,]]}', /row that is not JSON/],
    ['a missing colon', '{"headers" ["a"]}', /“:” was expected/],
  ] as const) {
    it(`fails clearly on ${name}`, async () => {
      await assert.rejects(readAll(chunksOf(text, [3])), (error: unknown) => error instanceof ReportRowsError && pattern.test(error.message));
    });
  }

  it('fails on bytes that are not UTF-8', async () => {
    const bad = Uint8Array.from([...encoder.encode('{"headers":["'), 0xff, 0xfe, ...encoder.encode('"],"rows":[]}')]);
    await assert.rejects(readAll([bad]), (error: unknown) => error instanceof ReportRowsError && /UTF-8/.test(error.message));
  });

  it('fails at the first wrong character without reading the rest of the body', async () => {
    const chunks = [encoder.encode('<html>'), ...Array.from({ length: 100 }, () => encoder.encode('x'.repeat(1000)))];
    const body = bodyOf(chunks);
    await assert.rejects(readReportRows(body, { onHeaders: () => undefined, onRows: () => undefined }), ReportRowsError);
    assert.equal(body.pulled, 1);
    assert.equal(body.closed, true);
  });

  it('skips a large value under another key without holding it', async () => {
    const text = `{"blob":"${'z'.repeat(20 * 1024 * 1024)}","headers":["a"],"rows":[[1]]}`;
    const read = await readAll(chunksOf(text, [1000, 9_000_000]));
    assert.deepEqual(read.rows, [[1]]);
  });

  it('stops at maxBytes, says so and closes the body', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => [i, `row ${i}`]);
    const text = JSON.stringify({ headers: ['n', 's'], rows });
    const cuts = Array.from({ length: 20 }, (_, i) => (i + 1) * 1000);
    const body = bodyOf(chunksOf(text, cuts));
    const seen: number[] = [];
    const result = await readReportRows(
      body,
      { onHeaders: () => undefined, onRows: (b) => void seen.push(...b.map((r) => r[0] as number)) },
      { maxBytes: 5500 },
    );
    assert.equal(result.complete, false);
    assert.equal(result.stoppedBy, 'maxBytes');
    assert.equal(result.bytes, 5000);
    assert.ok(result.rowCount > 100 && result.rowCount < 1000);
    assert.deepEqual(
      seen,
      Array.from({ length: result.rowCount }, (_, i) => i),
    );
    assert.equal(body.closed, true);
  });

  it('stops when the sink returns false and closes the body', async () => {
    const text = JSON.stringify({ headers: ['n'], rows: Array.from({ length: 100 }, (_, i) => [i]) });
    const body = bodyOf(
      chunksOf(
        text,
        Array.from({ length: 50 }, (_, i) => i * 10),
      ),
    );
    let batches = 0;
    const result = await readReportRows(body, { onHeaders: () => undefined, onRows: () => ++batches < 2 }, { batchRows: 5 });
    assert.equal(batches, 2);
    assert.equal(result.stoppedBy, 'consumer');
    assert.equal(result.complete, false);
    assert.equal(body.closed, true);
    assert.ok(body.pulled < 50);
  });

  it('waits for a slow sink before reading on (back-pressure)', async () => {
    const text = JSON.stringify({ headers: ['n'], rows: Array.from({ length: 10 }, (_, i) => [i]) });
    const body = bodyOf(chunksOf(text, [20, 30, 40, 50]));
    let busy = false;
    await readReportRows(body, {
      onHeaders: () => undefined,
      onRows: async () => {
        assert.equal(busy, false);
        busy = true;
        await new Promise((resolve) => setTimeout(resolve, 2));
        busy = false;
      },
    });
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { EMPTY_FILTER, compileFilter, filterIndices, levelOf, type LogFilterSpec } from '../../src/protocol/logFilter';
import { exportCounts, exportText, jsonLine, logTextLine } from '../../src/protocol/logExport';
import { toLogLine } from '../../src/features/logs/model/logTail';
import type { LogItem } from '../../src/protocol/logItems';

interface Row {
  pod?: string;
  message: string;
}
const rows: Row[] = [
  { pod: 'a', message: ' 2026/05/23 05:07:31 INFO GET /health 200' },
  { pod: 'b', message: ' 2026/05/23 05:07:31 ERROR upstream timeout (a.b)' },
  { message: 'Lines may be missing between …' },
  { pod: 'a', message: ' 2026/05/23 05:07:32 WARN slow request: 1.2 s' },
  { pod: 'c', message: ' 2026/05/23 05:07:33 info lower-case Error word' },
];
const shown = (spec: Partial<LogFilterSpec>) => filterIndices(rows, compileFilter({ ...EMPTY_FILTER, ...spec }), (r) => r);

describe('log filter', () => {
  it('no text and no pod: everything, and the filter says it is inactive', () => {
    const f = compileFilter(EMPTY_FILTER);
    assert.equal(f.active, false);
    assert.deepEqual(shown({}), [0, 1, 2, 3, 4]);
  });

  it('text is a plain substring, case-insensitive unless asked; markers stay', () => {
    assert.deepEqual(shown({ text: 'error' }), [1, 2, 4]);
    assert.deepEqual(shown({ text: 'ERROR', caseSensitive: true }), [1, 2]);
    assert.deepEqual(shown({ text: '(a.b)' }), [1, 2], 'regex characters are literal in text mode');
    assert.deepEqual(shown({ text: '1.2 s' }), [2, 3]);
  });

  it('regex mode, with the case toggle; an invalid one is reported and not applied', () => {
    assert.deepEqual(shown({ text: '(WARN|ERROR) ', regex: true, caseSensitive: true }), [1, 2, 3]);
    assert.deepEqual(shown({ text: '\\d\\.\\d s$', regex: true }), [2, 3]);
    const bad = compileFilter({ ...EMPTY_FILTER, text: '(unclosed', regex: true });
    assert.match(bad.error ?? '', /^Invalid regular expression: /);
    assert.equal(bad.active, false);
    assert.deepEqual(shown({ text: '(unclosed', regex: true }), [0, 1, 2, 3, 4]);
    assert.deepEqual(shown({ text: '(unclosed', regex: true, pods: ['b'] }), [1, 2], 'the pod part still applies');
  });

  it('pods: only the chosen ones, combined with the text', () => {
    assert.deepEqual(shown({ pods: ['a', 'c'] }), [0, 2, 3, 4]);
    assert.deepEqual(shown({ pods: ['a'], text: 'slow' }), [2, 3]);
  });

  it('a regex with flags-like state never carries from one line to the next', () => {
    // The same line twice must match twice (a `g` flag would fail the second test()).
    const f = compileFilter({ ...EMPTY_FILTER, text: 'x', regex: true });
    assert.deepEqual(
      filterIndices(
        [
          { pod: 'p', message: 'x' },
          { pod: 'p', message: 'x' },
        ],
        f,
        (r: Row) => r,
      ),
      [0, 1],
    );
  });

  it('from `start` on, appending to what was already found (the webview filters appended rows only)', () => {
    const f = compileFilter({ ...EMPTY_FILTER, pods: ['a'] });
    const first = filterIndices(rows.slice(0, 2), f, (r) => r);
    assert.deepEqual(
      filterIndices(rows, f, (r) => r, 2, first),
      [0, 2, 3],
    );
  });

  it('agrees with a plain loop for any text and pods (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ pod: fc.constantFrom('p1', 'p2', 'p3'), message: fc.string({ maxLength: 12 }) }), { maxLength: 40 }),
        fc.string({ maxLength: 3 }),
        fc.boolean(),
        fc.subarray(['p1', 'p2', 'p3']),
        (items, text, caseSensitive, pods) => {
          const got = filterIndices(items, compileFilter({ text, regex: false, caseSensitive, pods }), (r) => r);
          const want = items.flatMap((r, i) => {
            const hay = caseSensitive ? r.message : r.message.toLowerCase();
            const needle = caseSensitive ? text : text.toLowerCase();
            return (pods.length === 0 || pods.includes(r.pod)) && hay.includes(needle) ? [i] : [];
          });
          assert.deepEqual(got, want);
        },
      ),
    );
  });

  it('levels: upper-case level words, ERROR over WARN', () => {
    assert.equal(levelOf(' 2026/05/23 05:07:31 ERROR boom'), 'error');
    assert.equal(levelOf('FATAL: out of memory'), 'error');
    assert.equal(levelOf(' WARN disk 91%'), 'warn');
    assert.equal(levelOf('WARNING and ERROR'), 'error');
    assert.equal(levelOf('an error, lower-case'), undefined);
    assert.equal(levelOf('TERRORIST'), undefined, 'whole words only');
    assert.equal(levelOf(' INFO ok'), undefined);
  });
});

describe('log export', () => {
  const items: LogItem[] = [
    toLogLine({ Time: '2026-05-23T05:07:31.123456789Z', Pod: 'hello-1', Message: ' 2026/05/23 05:07:31 INFO ok' }),
    { kind: 'marker', reason: 'gap', time: 0n, text: 'Lines may be missing between A and B.' },
    toLogLine({ Time: '2026-05-23T07:07:31.5+02:00', Pod: 'hello-2', Message: 'two\nlines "quoted"' }),
  ];

  it('.log: Time as sent, [pod], message; markers as # lines; newlines in a message escaped', () => {
    assert.equal(
      exportText(items, 'log'),
      '2026-05-23T05:07:31.123456789Z [hello-1] 2026/05/23 05:07:31 INFO ok\n# Lines may be missing between A and B.\n2026-05-23T07:07:31.5+02:00 [hello-2] two\\nlines "quoted"\n',
    );
    assert.equal(logTextLine(items[0]!), '2026-05-23T05:07:31.123456789Z [hello-1] 2026/05/23 05:07:31 INFO ok');
  });

  it('.jsonl: each entry as the platform sent it, round-trips through JSON.parse', () => {
    const lines = exportText(items, 'jsonl').trimEnd().split('\n');
    assert.equal(lines.length, 3);
    assert.deepEqual(JSON.parse(lines[0]!), { Time: '2026-05-23T05:07:31.123456789Z', Pod: 'hello-1', Message: ' 2026/05/23 05:07:31 INFO ok' });
    assert.deepEqual(JSON.parse(lines[1]!), { marker: 'gap', text: 'Lines may be missing between A and B.' });
    assert.deepEqual(JSON.parse(jsonLine(items[2]!)), { Time: '2026-05-23T07:07:31.5+02:00', Pod: 'hello-2', Message: 'two\nlines "quoted"' });
  });

  it('nothing to export is an empty file; counts split lines and markers', () => {
    assert.equal(exportText([], 'log'), '');
    assert.deepEqual(exportCounts(items), { lines: 2, markers: 1 });
  });
});

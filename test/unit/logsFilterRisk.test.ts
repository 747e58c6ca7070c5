// #37 item 3: the log filter cannot freeze anything. A regular expression that can backtrack
// catastrophically is refused with a message naming the part and the rule (the page and the
// extension share compileFilter); ordinary patterns pass; a pattern that is accepted but slow on
// the lines held stops at the filter's time budget instead of running on.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { EMPTY_FILTER, FilterTooSlow, compileFilter, filterIndices, type LogFilterSpec } from '../../src/protocol/logFilter';
import { assessRegex } from '../../src/protocol/regexRisk';
import { RowStore } from '../../webview/logs/rowStore';
import { shownItems } from '../../src/features/logs/model/shownItems';
import { HeldLines, type HeldView } from '../../src/features/logs/model/heldLines';
import { toLogLine } from '../../src/features/logs/model/logTail';
import { packItems, type PackedItems } from '../../src/protocol/packedItems';
import type { LogItem } from '../../src/protocol/logItems';

/** `count` copies of one line, packed as a reset carries them (built without a string per line). */
function packedCopies(count: number, time: string, message: string): PackedItems {
  const one = time.length + message.length;
  const bounds = new Uint32Array(2 * count + 1);
  for (let i = 0; i < count; i++) {
    bounds[2 * i] = i * one;
    bounds[2 * i + 1] = i * one + time.length;
  }
  bounds[2 * count] = count * one;
  return { packed: true, count, text: new TextEncoder().encode((time + message).repeat(count)), bounds, pods: new Int32Array(count) };
}

/** A held list of `count` copies of one line (the extension's view of it, without a million objects). */
const heldCopies = (count: number, item: LogItem): HeldView => ({
  length: count,
  at: () => item,
  slice: (from = 0, to = count) => Array.from({ length: Math.max(0, Math.min(count, to) - from) }, () => item),
  packed: () => assert.fail('not read'),
});

const regex = (text: string, more: Partial<LogFilterSpec> = {}): LogFilterSpec => ({ ...EMPTY_FILTER, text, regex: true, ...more });

/** Patterns that take seconds to minutes on one short line in V8 (or are O(n^3) and worse on a long one). */
const CATASTROPHIC: [pattern: string, names: RegExp][] = [
  [String.raw`(\w+\s?)+$`, /`\(\\w\+\\s\?\)\+` nests a repetition inside a repetition/],
  [String.raw`(a+)+$`, /`\(a\+\)\+` nests a repetition inside a repetition/],
  [String.raw`(a|a)*$`, /`\(a\|a\)\*` repeats alternatives that can match the same text/],
  [String.raw`(a|aa)+$`, /repeats alternatives that can match the same text \(`a` and `aa`\)/],
  [String.raw`(.*a){12}`, /`\(\.\*a\)\{12\}` nests a repetition inside a repetition .* n\^12/],
  [String.raw`(\w|\d)+$`, /repeats alternatives/],
  [String.raw`(a|b|ab)*c`, /repeats alternatives/],
  [String.raw`(\d+|\d+\.)+x`, /nests a repetition/],
  [String.raw`(.*)*x`, /nests a repetition/],
  [String.raw`([\w.-]+)+@`, /nests a repetition/],
  [String.raw`(\s*\w+)*$`, /nests a repetition/],
  [String.raw`^(\w+\s?)*$`, /nests a repetition/],
  [String.raw`(?=(a+)+$)x`, /nests a repetition/],
  // Not text alone (`\d`): assessed, and refused. Text alone joined by .* is searched piece by piece (logsFilterChain.test.ts).
  [String.raw`a.*b.*c\d`, /`\.\*b\.\*` has unbounded parts in a row .* cubic .* `\[\^b\]\*`/],
  [String.raw`\d+.*ms`, /unbounded parts in a row/],
];

/** What people type into a log filter: none may be refused. */
const ORDINARY = [
  'error|warn',
  String.raw`user \d+`,
  'timeout.*ms',
  String.raw`^\[ERROR\]`,
  '.*foo.*',
  String.raw`(GET|POST) /api/\w+`,
  String.raw`\bpod-[a-z0-9]+\b`,
  String.raw`(WARN|ERROR) .*req=[0-9a-f]{4}`,
  String.raw`\d\.\d s$`,
  String.raw`status=(4|5)\d\d`,
  String.raw`^\S+ \S+ ERROR`,
  String.raw`\d{4}-\d{2}-\d{2}`,
  String.raw`(?<!foo)bar`,
  String.raw`user (\w+) logged in`,
  String.raw`latency=\d+(\.\d+)?ms`,
  String.raw`id=[0-9a-f-]{36}`,
  String.raw`(\w+)=(\w+)`,
  String.raw`\s+$`,
  '"[^"]*"',
  '.*',
  String.raw`\w+@\w+\.com`,
  '(error|fail(ed|ure)?)',
  String.raw`\[(INFO|WARN|ERROR)\]`,
  String.raw`\b(\w+) \1\b`,
  '^.*(timeout|refused).*$',
  String.raw`(\d+\.){3}\d+`,
  String.raw`([0-9]{1,3}\.){3}[0-9]{1,3}`,
  String.raw`(\w+\.)+com`,
  String.raw`(/\w+)+`,
  String.raw`took (\d+(\.\d+)?) ?(ms|s)`,
  String.raw`(foo|bar)+`,
  String.raw`\w+ (\w+ )*done`,
  String.raw`[a-z]+(-[a-z]+)*`,
  String.raw`(\s+\w+)*`,
  String.raw`user \d+.*failed`,
  'user.*login',
  'user.*login.*failed',
  'a.*b.*c',
  String.raw`^\s*(\w+)\s*=\s*(\w+)\s*;$`,
];

describe('log filter: patterns that could freeze the page are refused', () => {
  for (const [pattern, names] of CATASTROPHIC) {
    it(`refuses ${pattern}, naming the part and the rule; not applied, the pods still are`, () => {
      const refused = compileFilter(regex(pattern));
      assert.match(refused.error ?? '', /^Regular expression refused: /);
      assert.match(refused.error ?? '', names);
      assert.equal(refused.active, false, 'the text part is not applied');
      const lines = [{ pod: 'a', message: 'aaaa' }, { pod: 'b', message: 'bbbb' }];
      assert.deepEqual(filterIndices(lines, compileFilter(regex(pattern, { pods: ['b'] })), (r) => r), [1]);
    });
  }

  it('accepts what people ordinarily type, and filters with it as the engine would', () => {
    const sample = [' 2026/05/23 05:07:31 ERROR upstream timed out after 30s req=0a1b2c3d', 'user 42 logged in foo bar', 'GET /api/items 200 took 1.5 ms', 'status=503 timeout after 30 ms', ''];
    for (const pattern of ORDINARY) {
      const compiled = compileFilter(regex(pattern));
      assert.equal(compiled.error, undefined, `${pattern}: ${compiled.error}`);
      const engine = new RegExp(pattern, 'i');
      for (const line of sample) assert.equal(compiled.matches('p', line), engine.test(line), `${pattern} on ${JSON.stringify(line)}`);
    }
  });

  it('text mode is never refused: the text is matched literally', () => {
    const f = compileFilter({ ...EMPTY_FILTER, text: String.raw`(\w+\s?)+$` });
    assert.equal(f.error, undefined);
    assert.equal(f.matches('p', String.raw`x (\w+\s?)+$ y`), true);
  });

  it("the issue's case: (\\w+\\s?)+$ over 1,000,000 lines answers with the refusal, every line shown, in the page's store and the extension's export", () => {
    const spec = regex(String.raw`(\w+\s?)+$`);
    assert.match(compileFilter(spec).error ?? '', /^Regular expression refused/);
    const message = `user logged in ${'a'.repeat(20)}!`;
    const count = 1_000_000;
    // The page: its store gets the lines as a reset, then the filter as typed.
    const store = new RowStore(EMPTY_FILTER);
    const time = '2026-05-23T05:07:31.123456789Z';
    store.reset({ type: 'reset', generation: 1, target: undefined as never, maxLines: count, maxMemoryMB: 256, pods: ['pod-a'], items: packedCopies(count, time, message), pending: 0, status: undefined as never, sentAt: 0 });
    store.setFilter(spec);
    assert.match(store.filterError ?? '', /^Regular expression refused/);
    assert.equal(store.shownLineCount, count);
    // The extension: "Export… shown lines" and Open in Editor read the held lines through the same filter.
    const line = toLogLine({ Time: time, Pod: 'pod-a', Message: message });
    assert.equal(shownItems(heldCopies(count, line), spec).length, count);
  });
});

describe('log filter: a pass over the held lines has a time budget', () => {
  it('an accepted pattern that is slow on these lines stops at the budget: FilterTooSlow says how far it got', () => {
    // Quadratic on a line of word characters without "@": about 0.2 s per 16 KB line here.
    const lines = Array.from({ length: 20 }, () => ({ pod: 'p', message: 'a'.repeat(16_384) }));
    const filter = compileFilter(regex(String.raw`\w+@\w+\.com`));
    assert.equal(filter.error, undefined);
    const started = Date.now();
    assert.throws(
      () => filterIndices(lines, filter, (r) => r, 0, [], 100),
      (e: unknown) => e instanceof FilterTooSlow && e.checked > 0 && e.checked < lines.length && e.total === lines.length,
    );
    // Generous: one line's cost past the budget, on a shared machine.
    assert.ok(Date.now() - started < 5_000, `${Date.now() - started} ms`);
  });

  it('the page reports it like a refusal and shows every line', () => {
    const store = new RowStore(EMPTY_FILTER, 100);
    const packed = packItems(Array.from({ length: 20 }, (_, i) => [`2026-05-23T05:07:31.${String(i).padStart(9, '0')}Z`, 0, 'a'.repeat(16_384)]));
    store.reset({ type: 'reset', generation: 1, target: undefined as never, maxLines: 1000, maxMemoryMB: 256, pods: ['p'], items: packed, pending: 0, status: undefined as never, sentAt: 0 });
    store.setFilter(regex(String.raw`\w+@\w+\.com`));
    assert.match(store.filterError ?? '', /^Regular expression stopped: it took more than 0\.1 s on the lines held \(\d+ of 20 checked\)/);
    assert.equal(store.shownLineCount, 20);
  });

  it('the extension refuses to export through it, saying why', () => {
    const held = new HeldLines();
    held.push(Array.from({ length: 20 }, (_, i) => toLogLine({ Time: `2026-05-23T05:07:31.${String(i).padStart(9, '0')}Z`, Pod: 'p', Message: 'a'.repeat(16_384) })));
    assert.throws(() => shownItems(held, regex(String.raw`\w+@\w+\.com`), 100), /Regular expression stopped: it took more than 0\.1 s/);
  });
});

describe('regexRisk: what is compiled', () => {
  it('drops a .* at either end (test() answers the same), keeps everything else as typed', () => {
    assert.equal(assessRegex('.*foo.*').source, 'foo');
    assert.equal(assessRegex('.*?foo.*').source, 'foo');
    assert.equal(assessRegex('.*').source, '');
    assert.equal(assessRegex('^.*foo').source, '^.*foo', 'anchored: the first line only, unchanged');
    assert.equal(assessRegex('foo|.*bar').source, 'foo|.*bar', 'alternatives: unchanged');
    assert.equal(assessRegex(String.raw`(\w+)=\1.*`).source, String.raw`(\w+)=\1`, 'group numbers unchanged');
  });

  it('the dropped .* changes no answer (property, messages with line breaks too)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', '\n', ' ', 'x'), maxLength: 30 }), fc.constantFrom('a', 'ab', 'b\\s?a', '(a|b)x', '\\bx'), (line, core) => {
        const typed = `.*${core}.*`;
        assert.equal(compileFilter(regex(typed, { caseSensitive: true })).matches('p', line), new RegExp(typed).test(line));
      }),
    );
  });
});

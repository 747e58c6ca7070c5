// #52 item 5: the log filter's regular expressions run on a linear-time engine (RE2, re2js), in the
// page and in the extension (both through compileFilter): no pattern is refused for speed, what
// RE2 cannot express is refused naming it, and the answers are those of JavaScript's engine.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { EMPTY_FILTER, compileFilter, filterIndices, type LogFilterSpec } from '../../src/protocol/logFilter';
import { RowStore } from '../../webview/logs/rowStore';
import { packItems } from '../../src/protocol/packedItems';

const regex = (text: string, more: Partial<LogFilterSpec> = {}): LogFilterSpec => ({ ...EMPTY_FILTER, text, regex: true, ...more });
/** What the filter shows of `lines` (one pod). */
const shown = (spec: LogFilterSpec, lines: readonly string[]) => filterIndices(lines, compileFilter(spec), (message) => ({ pod: 'p', message }));

describe('log filter: a linear-time engine', () => {
  it('(\\w{1,31}){1,31}! is accepted and answers at once on a 40-character word (V8 backtracks for hours)', () => {
    const spec = regex(String.raw`(\w{1,31}){1,31}!`);
    assert.equal(compileFilter(spec).error, undefined);
    const word = 'a'.repeat(40);
    // Without "!" V8 tries every way to cut the word before failing: 72.8 s at 32 characters, doubling per character.
    assert.deepEqual(shown(spec, [`user ${word}`, `user ${word}!`, 'no', '!']), [1]);
  });

  it('(a|ab)+ and the other harmless patterns once refused are accepted, and match as JavaScript does', () => {
    const sample = ['ab', 'aab', 'b', 'user logged in aaaa!', 'x.com a@b.com', 'a\nb c', 'GET /a/b/c', 'xyz', ''];
    for (const pattern of [
      '(a|ab)+',
      '(a|ab)+$',
      String.raw`(\w+\s?)+$`,
      String.raw`(\w|\d)+$`,
      String.raw`(.*a){12}`,
      'a.*b.*c',
      String.raw`\d+.*ms`,
      String.raw`([\w.-]+)+@`,
      String.raw`(/\w+)+$`,
      'user.*login.*failed',
    ]) {
      for (const caseSensitive of [false, true]) {
        const compiled = compileFilter(regex(pattern, { caseSensitive }));
        assert.equal(compiled.error, undefined, `${pattern}: ${compiled.error}`);
        const js = new RegExp(pattern, caseSensitive ? '' : 'i');
        for (const line of sample) assert.equal(compiled.matches('p', line), js.test(line), `${pattern} (case ${caseSensitive}) on ${JSON.stringify(line)}`);
      }
    }
  });

  it('(.*)\\1x is refused naming the backreference and the engine; not applied, the pods still are', () => {
    const refused = compileFilter(regex(String.raw`(.*)\1x`));
    assert.equal(
      refused.error,
      'Regular expression refused: backreference \\1 is not supported: the filter uses a linear-time engine (RE2), so that no pattern can freeze the window',
    );
    assert.equal(refused.active, false);
    assert.deepEqual(shown(regex(String.raw`(.*)\1x`, { pods: ['q'] }), ['a']), []);
    assert.deepEqual(
      filterIndices(
        [
          { pod: 'a', message: 'x' },
          { pod: 'b', message: 'y' },
        ],
        compileFilter(regex(String.raw`(.*)\1x`, { pods: ['b'] })),
        (r) => r,
      ),
      [1],
    );
  });

  it('lookaround and named backreferences are refused by name', () => {
    assert.match(
      compileFilter(regex('foo(?=bar)')).error ?? '',
      /^Regular expression refused: lookahead \(\?=…\) is not supported: the filter uses a linear-time engine/,
    );
    assert.match(compileFilter(regex('foo(?!bar)')).error ?? '', /^Regular expression refused: negative lookahead \(\?!…\) is not supported/);
    assert.match(compileFilter(regex(String.raw`(?<w>\w+) \k<w>`)).error ?? '', /^Regular expression refused: backreference \\k<w> is not supported/);
    assert.match(compileFilter(regex('(?<!foo)bar')).error ?? '', /^Regular expression refused: negative lookbehind \(\?<!…\) is not supported/);
    assert.match(compileFilter(regex('(?<=foo)bar')).error ?? '', /^Regular expression refused: lookbehind \(\?<=…\) is not supported/);
    assert.deepEqual(shown(regex('(?<name>foo)bar'), ['foobar', 'bar']), [0], 'a named group is not a lookbehind');
    // What else RE2 does not read is named from its own words.
    assert.match(compileFilter(regex('x{1001}')).error ?? '', /^Regular expression refused: `\{1001\}` is not supported \(RE2: invalid repeat count\)/);
  });

  it("an invalid pattern is named as JavaScript's parser names it", () => {
    assert.match(compileFilter(regex('(')).error ?? '', /^Invalid regular expression: \/\(\/: Unterminated group$/);
  });

  it("keeps JavaScript's meaning where RE2 differs: `.` and \\s at every line terminator and space, identity escapes, \\p without u", () => {
    assert.deepEqual(shown(regex('a.c'), ['a\rc', 'a\u2028c', 'abc']), [2]);
    assert.deepEqual(shown(regex(String.raw`a\sc`), ['a\u00a0c', 'a\vc', 'a\u3000c', 'abc']), [0, 1, 2]);
    assert.deepEqual(shown(regex(String.raw`a[\s,]c`), ['a\u00a0c', 'a,c', 'abc']), [0, 1]);
    assert.deepEqual(shown(regex(String.raw`a\Sc`), ['a\u00a0c', 'abc']), [1]);
    assert.deepEqual(shown(regex(String.raw`\e\z\Q`, { caseSensitive: true }), ['ezQ', 'e']), [0]);
    assert.deepEqual(shown(regex(String.raw`\p{L}`), ['p{L}', 'x']), [0]);
    assert.deepEqual(shown(regex('[[:alpha:]]x'), [':]x', 'b]x']), [0], 'a class of [ : a l p h, then ]x');
    assert.deepEqual(shown(regex(String.raw`\u0041\x42`, { caseSensitive: true }), ['AB', 'ab']), [0]);
  });

  it('the page: (\\w{1,31}){1,31}! over 100,000 held lines filters every line, nothing refused', () => {
    const count = 100_000;
    // The answer, not the speed (bench/logs.filter.bench.mjs): a budget a loaded machine cannot reach.
    const store = new RowStore(EMPTY_FILTER, 60_000);
    const items = packItems(
      Array.from({ length: count }, (_, i) => [
        `2026-05-23T05:07:31.${String(i).padStart(9, '0')}Z`,
        0,
        i % 2 ? `user logged in ${'a'.repeat(40)}` : `user ${'a'.repeat(40)}!`,
      ]),
    );
    store.reset({
      type: 'reset',
      generation: 1,
      target: undefined as never,
      maxLines: count,
      maxMemoryMB: 256,
      pods: ['p'],
      items,
      pending: 0,
      status: undefined as never,
      sentAt: 0,
    });
    store.setFilter(regex(String.raw`(\w{1,31}){1,31}!`));
    assert.equal(store.filterError, undefined);
    assert.equal(store.shownLineCount, count / 2);
  });
  it("the page's store, reading packed lines in their decoded chunk, shows what the browser's RegExp shows of each message (property)", () => {
    const unit = fc.constantFrom('a', 'b', 'A', 'B', ' ', '!', '_', '1', 'é', 'É', 'ß', 'Ω', 'ω', '😀', '\ud800', '\udc00', '\t', 'K', '\u212a');
    const line = fc.string({ unit, maxLength: 30 });
    const patterns = [
      'a',
      'ab|b',
      '(a|ab)+$',
      String.raw`^\w+ b$`,
      String.raw`\bb\b`,
      String.raw`(\w{1,3}){1,3}!`,
      'a.*b',
      String.raw`\s+$`,
      '^$',
      'é+',
      'Ω',
      'k',
      String.raw`(\w+\s?)+$`,
      '[^a]b',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...patterns), fc.boolean(), fc.array(line, { minLength: 1, maxLength: 40 }), (pattern, caseSensitive, lines) => {
        const store = new RowStore(EMPTY_FILTER);
        const items = packItems(lines.map((message, i) => [`t${i}`, i % 2, message]));
        store.reset({
          type: 'reset',
          generation: 1,
          target: undefined as never,
          maxLines: 100,
          maxMemoryMB: 256,
          pods: ['p', 'q'],
          items,
          pending: 0,
          status: undefined as never,
          sentAt: 0,
        });
        store.setFilter(regex(pattern, { caseSensitive }));
        assert.equal(store.filterError, undefined);
        // What the page holds (a lone surrogate crossed as U+FFFD), matched one message at a time:
        // by the same filter on the message as a string (the extension's export), and by JavaScript.
        const said = `${pattern} (case ${caseSensitive}) on ${JSON.stringify(store.rows.map((r) => r.message))}`;
        const compiled = compileFilter(regex(pattern, { caseSensitive }));
        assert.deepEqual(
          store.shown,
          store.rows.flatMap((row, i) => (compiled.matches(store.pods[row.pod]!, row.message) ? [i] : [])),
          said,
        );
        // RE2 folds the Kelvin sign to k (Unicode's simple folding), JavaScript without `u` does not: a difference of the engines, not of the paths.
        const js = new RegExp(pattern, caseSensitive ? '' : 'i');
        const kelvin = (i: number) => store.rows[i]!.message.includes('\u212a');
        assert.deepEqual(
          store.shown.filter((i) => !kelvin(i)),
          store.rows.flatMap((row, i) => (!kelvin(i) && js.test(row.message) ? [i] : [])),
          said,
        );
      }),
      { numRuns: 1_000 },
    );
  });
});

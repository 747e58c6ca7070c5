// The linear-time engine (src/schema/linearRegex.ts): its own loop over re2js's DFA answers as
// re2js's test() does, and the pinned re2js still has the DFA that loop reads (an upgrade that
// changes it fails here instead of quietly halving the log filter's speed).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { compileLinear, dfaOf } from '../../src/schema/linearRegex';

const PATTERNS = [
  'a',
  'ab|b',
  '(a|ab)+$',
  String.raw`^\w+ b$`,
  String.raw`\bb\b`,
  String.raw`(\w{1,3}){1,3}!`,
  'a.*b',
  '[^a]\n',
  String.raw`\s+$`,
  '^$',
  'é|😀',
  String.raw`\Bb`,
];
const text = fc.string({ unit: fc.constantFrom('a', 'b', 'A', ' ', '!', '\n', '\r', 'é', '😀', '\ud800', '_'), maxLength: 24 });

describe('linearRegex: the DFA loop', () => {
  it('re2js 2.10.0 has the DFA it reads', () => {
    assert.ok(dfaOf(RE2JS.compile('(a|ab)+')), 'the DFA of re2js, as linearRegex.ts reads it');
    assert.ok(dfaOf(RE2JS.compile(String.raw`(\w{1,31}){1,31}!`, RE2JS.CASE_INSENSITIVE)), 'case-insensitive too');
  });

  it("answers as re2js's test() does (property: both cases, line breaks, astral and lone surrogates)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...PATTERNS), fc.boolean(), fc.array(text, { minLength: 1, maxLength: 6 }), (pattern, ignoreCase, lines) => {
        const ours = compileLinear(pattern, { ignoreCase });
        assert.ok('regex' in ours, pattern);
        // The same RE2 program through re2js's own entry point (no pattern here differs between the syntaxes but `.`).
        const theirs = RE2JS.compile(pattern.replace('.', String.raw`[^\n\r\x{2028}\x{2029}]`), ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
        for (const line of lines) assert.equal(ours.regex.test(line), theirs.test(line), `${pattern} on ${JSON.stringify(line)}`);
      }),
      { numRuns: 2_000 },
    );
  });

  it('testIn(text, from, to) answers as test() on that substring: edges read as the start and end of the text (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PATTERNS, String.raw`^\w`, String.raw`\w$`, String.raw`\b\w+\b`),
        fc.boolean(),
        text,
        text,
        text,
        (pattern, ignoreCase, before, line, after) => {
          const ours = compileLinear(pattern, { ignoreCase });
          assert.ok('regex' in ours, pattern);
          // A surrogate pair cut at an edge reads as lone halves, as in the substring.
          const source = before + line + after;
          const from = before.length;
          assert.equal(
            ours.regex.testIn(source, from, from + line.length),
            ours.regex.test(line),
            `${pattern} on ${JSON.stringify(line)} in ${JSON.stringify(source)}`,
          );
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it('testRanges answers as testIn on each of its ranges, in one call (property: ranges anywhere in one text, empty ones, a result array reused)', () => {
    const out = new Uint8Array(8).fill(7);
    fc.assert(
      fc.property(
        fc.constantFrom(...PATTERNS, String.raw`^\w`, String.raw`\w$`, String.raw`(\w+\s?)+$`),
        fc.boolean(),
        text,
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 8 }),
        (pattern, ignoreCase, source, picks) => {
          const ours = compileLinear(pattern, { ignoreCase });
          assert.ok('regex' in ours, pattern);
          const ranges = new Int32Array(2 * picks.length);
          picks.forEach(([a, b], k) => {
            const [from, to] = [a % (source.length + 1), b % (source.length + 1)].sort((x, y) => x - y);
            ranges[2 * k] = from!;
            ranges[2 * k + 1] = to!;
          });
          ours.regex.testRanges(source, ranges, picks.length, out);
          picks.forEach((_, k) =>
            assert.equal(
              out[k],
              ours.regex.testIn(source, ranges[2 * k]!, ranges[2 * k + 1]!) ? 1 : 0,
              `${pattern} on ${JSON.stringify(source)} [${ranges[2 * k]}, ${ranges[2 * k + 1]})`,
            ),
          );
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('testIn reads only its range: ^, $ and \\b at its edges, a pair cut by them, an empty range', () => {
    const at = (pattern: string, source: string, from: number, to: number, ignoreCase = false) => {
      const ours = compileLinear(pattern, { ignoreCase });
      assert.ok('regex' in ours, pattern);
      return ours.regex.testIn(source, from, to);
    };
    assert.equal(at('^ab$', 'xaby', 1, 3), true);
    assert.equal(at(String.raw`\bab\b`, 'xaby', 1, 3), true);
    assert.equal(at('y', 'xaby', 1, 3), false, 'nothing past `to` is read');
    assert.equal(at('x', 'xaby', 1, 3), false, 'nothing before `from` is read');
    assert.equal(at('^$', 'ab', 1, 1), true);
    assert.equal(at('😀', 'a😀b', 1, 3), true);
    assert.equal(at('😀', 'a😀b', 1, 2), false, 'the high half alone');
    assert.equal(at('[\ud800-\udbff]', 'a😀b', 1, 2), true, 'read as a lone high surrogate');
    assert.equal(at('É+!', 'xée!', 1, 4, true), false);
    assert.equal(at('É+!', 'xéé!', 1, 4, true), true, 'case folding past ASCII');
  });

  it('answers as JavaScript does on what both engines read alike (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PATTERNS.filter((p) => p !== 'é|😀')), fc.boolean(), text, (pattern, ignoreCase, line) => {
        const ours = compileLinear(pattern, { ignoreCase });
        assert.ok('regex' in ours, pattern);
        assert.equal(ours.regex.test(line), new RegExp(pattern, ignoreCase ? 'i' : '').test(line), `${pattern} on ${JSON.stringify(line)}`);
      }),
      { numRuns: 2_000 },
    );
  });
});

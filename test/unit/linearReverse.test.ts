// A pattern whose every match ends at the end of the text is tested backwards from the end
// (src/schema/linearReverse.ts, RE2's reversed program): the answers are those of re2js's own
// forward search and of JavaScript's engine, on random patterns and texts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { compileLinear } from '../../src/schema/linearRegex';
import { reverseTest } from '../../src/schema/linearReverse';

const ATOMS = [
  'a',
  'b',
  'ab',
  String.raw`\w`,
  String.raw`\s`,
  String.raw`\d`,
  '[ab]',
  '[^a]',
  String.raw`\b`,
  String.raw`\B`,
  '!',
  'é',
  '(a|ab)',
  String.raw`(\w+\s?)`,
  '^',
];
const QUANTIFIERS = ['', '', '*', '+', '?', '{1,3}', '{2}', '+?'];
const piece = fc
  .tuple(fc.constantFrom(...ATOMS), fc.constantFrom(...QUANTIFIERS))
  .map(([atom, q]) => (atom === '^' || atom.startsWith(String.raw`\b`) || atom.startsWith(String.raw`\B`) ? atom : atom + q));
/** Patterns anchored at their end, ending with one character, and some neither (which must keep to the forward search). */
const pattern = fc
  .tuple(
    fc.array(piece, { minLength: 1, maxLength: 5 }),
    fc.constantFrom('$', '$', String.raw`\b$`, '!$', '(a$|b$)', '', '|b$', '!', '!', '(a!|b!)', '!+', 'b', '!\\b', '!?'),
  )
  .map(([pieces, end]) => pieces.join('') + end);
const text = fc.string({ unit: fc.constantFrom('a', 'b', 'A', ' ', '!', '1', '_', '\n', 'é', 'É', '😀', '\ud800', '\udc00'), maxLength: 16 });
/** JavaScript's `.`-free patterns read alike in both engines on text without astral characters or lone surrogates. */
const plainText = fc.string({ unit: fc.constantFrom('a', 'b', 'A', ' ', '!', '1', '_', '\n', 'é', 'É'), maxLength: 16 });

/** Characters read by the engine: a String whose charCodeAt counts its calls. */
let read = 0;
class Counted extends String {
  override charCodeAt(i: number): number {
    read++;
    return super.charCodeAt(i);
  }
}

describe('linearReverse: backwards from the end', () => {
  it('is used for patterns every match of which ends at the end of the text or with one character, and only for those', () => {
    const reverse = (p: string, flags = RE2JS.CASE_INSENSITIVE) => reverseTest(RE2JS.compile(p, flags), () => false) !== undefined;
    for (const p of [String.raw`(\w+\s?)+$`, 'a$', '^ab$', String.raw`logged in a+!$`, '(a|b)$', String.raw`b\b$`]) assert.ok(reverse(p), p);
    for (const p of [String.raw`(\w{1,31}){1,31}!`, 'a!|b!', 'x+!+', '.*😀']) assert.ok(reverse(p), p);
    assert.ok(reverse('ab', 0), 'a letter, case-sensitive');
    // A letter when case folds (k is also the Kelvin sign), an anchor after the character, an empty match, half a surrogate pair.
    for (const p of ['ab', 'a', 'a$|b', '!\\b', 'x|y$', '!*', '(?m)a$', String.raw`\x{D800}`]) assert.ok(!reverse(p), p);
  });

  it("answers as re2js's own search on any range of a text (property: both cases, RE2's multi-line mode, line breaks, word edges, astral and lone surrogates)", () => {
    fc.assert(
      fc.property(
        pattern,
        fc.boolean(),
        fc.boolean(),
        text,
        text,
        text,
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 4 }),
        (p, ignoreCase, multiline, before, line, after, picks) => {
          // RE2's (?m) too (the filter's JavaScript syntax has no flag for it): ^ at line breaks, \\z the text's end.
          const re = RE2JS.compile(multiline ? `(?m)${p.replace(/\$$/, String.raw`\z`)}` : p, ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
          const forward = (t: string, from: number, to: number) => re.test(t.substring(from, to));
          const reverse = reverseTest(re, forward);
          if (!reverse) return;
          const source = before + line + after;
          assert.equal(
            reverse(source, before.length, before.length + line.length),
            re.test(line),
            `${p} on ${JSON.stringify(line)} in ${JSON.stringify(source)}`,
          );
          // More ranges of the same text through the same test, in any order (it remembers where it last searched).
          for (const [a, b] of picks) {
            const [from, to] = [a % (source.length + 1), b % (source.length + 1)].sort((x, y) => x - y) as [number, number];
            assert.equal(reverse(source, from, to), re.test(source.substring(from, to)), `${p} on [${from}, ${to}) of ${JSON.stringify(source)}`);
          }
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it('compileLinear answers as JavaScript does, reversed or not (property)', () => {
    fc.assert(
      fc.property(pattern, fc.boolean(), plainText, (p, ignoreCase, line) => {
        const ours = compileLinear(p, { ignoreCase });
        assert.ok('regex' in ours, p);
        assert.equal(ours.regex.test(line), new RegExp(p, ignoreCase ? 'i' : '').test(line), `${p} on ${JSON.stringify(line)}`);
      }),
      { numRuns: 3_000 },
    );
  });

  it('reads no more of a line than a match needs: (\\w+\\s?)+$ over a line ending in "!" stops at once', () => {
    const re = RE2JS.compile(String.raw`(\w+\s?)+$`, RE2JS.CASE_INSENSITIVE);
    read = 0;
    const reverse = reverseTest(re, () => assert.fail('the forward search'))!;
    const line = `user logged in ${'a'.repeat(1_000)}!`;
    // Once to learn the moves (a move learned reads its character again).
    reverse(line, 0, line.length);
    reverse(line, 0, line.length - 1);
    assert.equal(reverse(new Counted(line) as unknown as string, 0, line.length), false);
    assert.ok(read <= 2, `${read} characters read`);
    read = 0;
    assert.equal(reverse(new Counted(line.slice(0, -1)) as unknown as string, 0, line.length - 1), true);
    assert.ok(read <= 2, `${read} characters read`);
  });

  it('(\\w{1,31}){1,31}! reads back from each "!" (found by indexOf) only as far as a match needs; nothing of a line without one', () => {
    const re = RE2JS.compile(String.raw`(\w{1,31}){1,31}!`, RE2JS.CASE_INSENSITIVE);
    read = 0;
    const reverse = reverseTest(re, () => assert.fail('the forward search'))!;
    const line = `user logged in ${'a'.repeat(1_000)}!`;
    reverse(line, 0, line.length);
    const counted = new Counted(`${line}${line.slice(0, -1)}`) as unknown as string;
    assert.equal(reverse(counted, 0, line.length), true);
    assert.ok(read <= 3, `${read} characters read`);
    read = 0;
    assert.equal(reverse(counted, line.length, 2 * line.length - 1), false);
    assert.equal(read, 0);
    // Places tried one after the other never read a character twice: past the last one tried, the forward search answers.
    let forward = 0;
    const guarded = reverseTest(RE2JS.compile('x[^x]*!'), () => (forward++, true))!;
    assert.equal(guarded('x!', 0, 2), true);
    assert.equal(guarded('ab!c!', 0, 5), true, 'said by the forward search');
    assert.equal(forward, 1);
  });
});

// Text joined by `.*` (the grep habit: `user.*login.*failed`) is matched piece by piece in linear
// time instead of refused as unbounded parts in a row (which it is, as a backtracking regex).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileFilter } from '../../src/protocol/logFilter';
import { literalChain, literalChainTest } from '../../src/protocol/literalChain';

const filter = (text: string, caseSensitive = false) => compileFilter({ text, regex: true, caseSensitive, pods: [] });

describe('log filter: text joined by .*', () => {
  it('user.*login.*failed is accepted and matches as the regular expression would', () => {
    const f = filter('user.*login.*failed');
    assert.equal(f.error, undefined);
    assert.equal(f.matches('p', 'user bob: login failed (bad password)'), true);
    assert.equal(f.matches('p', 'USER bob LOGIN FAILED'), true, 'case ignored unless asked');
    assert.equal(f.matches('p', 'user bob failed to login'), false, 'in order');
    assert.equal(f.matches('p', 'user bob login\nfailed'), false, '.* does not cross a line break');
    assert.equal(f.matches('p', 'noise\nuser bob login then failed\nmore'), true, 'on any line of the message');
    assert.equal(filter('user.*login.*failed', true).matches('p', 'USER bob LOGIN FAILED'), false, 'case kept when asked');
  });

  it('only text joined by .* takes this path; anything else is assessed as before', () => {
    assert.deepEqual(literalChain('user.*login.*failed'), ['user', 'login', 'failed']);
    assert.deepEqual(literalChain(String.raw`a\.b.*c`), ['a.b', 'c']);
    assert.deepEqual(literalChain('user.*login'), ['user', 'login']);
    assert.equal(literalChain(String.raw`\d+.*ms`), undefined);
    assert.equal(literalChain('a.*b|c'), undefined);
    assert.equal(literalChain(String.raw`a\n.*b`), undefined, 'a piece holding a line break');
    assert.equal(literalChain('plain'), undefined, 'no .* at all: a plain regular expression');
    assert.match(filter(String.raw`\d+.*ms.*x`).error ?? '', /unbounded parts in a row/);
  });

  it('answers exactly as the regular expression does (5,000 seeded cases, both case modes, line breaks)', () => {
    let seed = 7;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
    const word = (alphabet: string, max: number) => Array.from({ length: 1 + next(max) }, () => alphabet[next(alphabet.length)]).join('');
    for (let n = 0; n < 5_000; n++) {
      const pieces = Array.from({ length: 2 + next(3) }, () => word('abA', 3));
      const message = Array.from({ length: next(40) }, () => 'abAB\n\r'[next(6)]).join('');
      for (const caseSensitive of [false, true]) {
        const expected = new RegExp(pieces.join('.*'), caseSensitive ? '' : 'i').test(message);
        assert.equal(literalChainTest(pieces, caseSensitive)(message), expected, JSON.stringify({ pieces, message, caseSensitive }));
      }
    }
  });

  it('a long line made to make the regular expression crawl is answered in one read', () => {
    const hostile = `${'user'.repeat(2_000)}${'login'.repeat(1_600)}`;
    const f = filter('user.*login.*failed');
    assert.equal(f.matches('p', hostile), false);
    assert.equal(f.matches('p', `${hostile}failed`), true);
  });
});

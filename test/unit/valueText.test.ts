import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { valueText } from '../../src/schema/valueText';

describe('a value as text', () => {
  it('writes a scalar as String() does', () => {
    assert.equal(valueText('a b'), 'a b');
    assert.equal(valueText(12.5), '12.5');
    assert.equal(valueText(true), 'true');
    assert.equal(valueText(10n), '10');
    assert.equal(valueText(null), 'null');
    assert.equal(valueText(undefined), 'undefined');
  });

  it('writes an error as String() does: its name and message', () => {
    assert.equal(valueText(new TypeError('bad input')), 'TypeError: bad input');
  });

  it('writes an object or a list as its JSON, never "[object Object]"', () => {
    assert.equal(valueText({ msg: 'too long', ctx: { max: 3 } }), '{"msg":"too long","ctx":{"max":3}}');
    assert.equal(valueText([1, 'two']), '[1,"two"]');
  });

  it('names the kind of what JSON cannot write, without throwing', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    assert.equal(valueText(cycle), 'object');
    assert.equal(valueText({ big: 1n }), 'object');
    assert.equal(
      valueText(() => 1),
      'function',
    );
    assert.equal(valueText(Symbol('s')), 'symbol');
  });
});

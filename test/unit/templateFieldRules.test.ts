// A template field's validation_schema read as a rule: each kind the platform's schemas use,
// checked as a person types it and as a JSON value (the simulator checks creates with the same).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fieldRule, parseTyped, ruleText, typedText, valueProblem } from '../../src/schema/templateFieldRules';

const problemOf = (schema: unknown, text: string) => {
  const r = parseTyped(fieldRule(schema), text);
  return 'problem' in r ? r.problem : undefined;
};
const valueOf = (schema: unknown, text: string) => {
  const r = parseTyped(fieldRule(schema), text);
  assert.ok('value' in r, `"${text}" accepted`);
  return r.value;
};

describe('template field rules', () => {
  it('integer with minimum and maximum: whole numbers in range, typed as numbers', () => {
    const schema = { type: 'integer', minimum: 1, maximum: 100000 };
    assert.equal(valueOf(schema, ' 2500 '), 2500);
    assert.equal(problemOf(schema, '0'), 'must be at least 1');
    assert.equal(problemOf(schema, '100001'), 'must be at most 100000');
    assert.equal(problemOf(schema, '12.5'), 'must be a whole number');
    assert.equal(problemOf(schema, 'lots'), 'must be a whole number');
    assert.equal(problemOf(schema, ''), 'is required');
    assert.equal(ruleText(fieldRule(schema)), 'whole number 1 to 100000');
  });

  it('number: decimals in range', () => {
    const schema = { type: ['number', 'null'], minimum: 0, maximum: 1, default: 0.8 };
    assert.equal(valueOf(schema, '0.25'), 0.25);
    assert.equal(problemOf(schema, '1.5'), 'must be at most 1');
    assert.equal(fieldRule(schema).default, 0.8);
  });

  it('string with length and pattern', () => {
    const schema = { type: 'string', minLength: 3, maxLength: 32, pattern: '^[a-z][a-z0-9-]*$' };
    assert.equal(valueOf(schema, 'shop-api'), 'shop-api');
    assert.equal(problemOf(schema, 'ab'), 'must be at least 3 characters');
    assert.equal(problemOf(schema, 'a'.repeat(33)), 'must be at most 32 characters');
    assert.equal(problemOf(schema, 'Shop'), 'must match ^[a-z][a-z0-9-]*$');
  });

  it('a pattern runs in linear time (#52): ^(a+)+$ answers at once on 10,000 characters, checked per keystroke', () => {
    const schema = { type: 'string', pattern: '^(a+)+$' };
    // V8 backtracks through 2^10000 ways to cut the a's before it says no.
    assert.equal(problemOf(schema, `${'a'.repeat(10_000)}!`), 'must match ^(a+)+$');
    assert.equal(valueOf(schema, 'a'.repeat(10_000)), 'a'.repeat(10_000));
    assert.equal(problemOf({ type: 'string', pattern: '^\\p{Lu}' }, 'shop'), 'must match ^\\p{Lu}', 'the u flag, as JSON Schema reads it');
  });

  it('a pattern from the platform that cannot be checked here: the other rules still are, the prompt says why, nothing throws', () => {
    const backreference = { type: 'string', maxLength: 4, pattern: '^(a)\\1$' };
    assert.equal(problemOf(backreference, 'ab'), undefined);
    assert.equal(problemOf(backreference, 'abcde'), 'must be at most 4 characters');
    assert.equal(
      ruleText(fieldRule(backreference)),
      'text of at most 4 characters matching ^(a)\\1$ (the pattern from the platform cannot be checked here: backreference \\1 is not supported)',
    );
    const invalid = { type: 'string', pattern: '(' };
    assert.equal(problemOf(invalid, 'x'), undefined);
    assert.equal(
      ruleText(fieldRule(invalid)),
      'text matching ( (the pattern from the platform cannot be checked here: invalid pattern: /(/u: Unterminated group)',
    );
  });

  it('boolean: true/false (yes/no) only', () => {
    assert.equal(valueOf({ type: 'boolean' }, 'TRUE'), true);
    assert.equal(valueOf({ type: 'boolean' }, 'no'), false);
    assert.equal(problemOf({ type: 'boolean' }, 'maybe'), 'must be true or false');
  });

  it('enum: one of the choices, exactly', () => {
    const schema = { type: 'string', enum: ['block', 'challenge', 'log'], default: 'challenge' };
    assert.equal(valueOf(schema, 'log'), 'log');
    assert.equal(problemOf(schema, 'drop'), 'must be one of block, challenge, log');
    assert.equal(fieldRule(schema).kind, 'enum');
  });

  it('arrays: comma-separated items, each checked by the item rule, with count limits', () => {
    const ports = { type: 'array', items: { type: 'integer', minimum: 1, maximum: 65535 }, minItems: 1, default: [80, 443] };
    assert.deepEqual(valueOf(ports, '80, 443'), [80, 443]);
    assert.equal(problemOf(ports, '80, 70000'), 'item 2 (70000) must be at most 65535');
    assert.equal(problemOf(ports, '80,,443'), 'has an empty item: separate items with single commas');
    assert.equal(typedText(fieldRule(ports).default), '80, 443');
    const addresses = { type: ['array', 'null'], items: { type: 'string', format: 'ipv4' }, maxItems: 2 };
    assert.deepEqual(valueOf(addresses, '203.0.113.7,198.51.100.1'), ['203.0.113.7', '198.51.100.1']);
    assert.equal(problemOf(addresses, '203.0.113.7, 300.1.1.1'), 'item 2 ("300.1.1.1") must be an IPv4 address, e.g. 203.0.113.7');
    assert.equal(problemOf(addresses, '1.1.1.1,2.2.2.2,3.3.3.3'), 'must have at most 2 items');
    const networks = { type: 'array', items: { type: 'string', format: 'ipvanynetwork' } };
    assert.deepEqual(valueOf(networks, '203.0.113.0/24, 2001:db8::/32'), ['203.0.113.0/24', '2001:db8::/32']);
    assert.match(problemOf(networks, '203.0.113.0/33') ?? '', /prefix must be at most 32/);
    assert.match(problemOf(networks, '2001:db8::') ?? '', /CIDR/);
  });

  it('required-ness: a schema allowing null (type list or pydantic anyOf) may be left empty; others may not', () => {
    assert.equal(fieldRule({ type: 'integer' }).required, true);
    assert.equal(fieldRule({ type: ['integer', 'null'] }).required, false);
    const pydantic = fieldRule({ anyOf: [{ type: 'integer', minimum: 5 }, { type: 'null' }], default: null });
    assert.equal(pydantic.required, false);
    assert.equal(pydantic.kind, 'integer');
    assert.equal(pydantic.minimum, 5);
    assert.equal(pydantic.default, undefined);
    assert.deepEqual(parseTyped(pydantic, ''), { value: undefined });
  });

  it('JSON values as the simulator checks them', () => {
    const rule = fieldRule({ type: 'integer', minimum: 1 });
    assert.equal(valueProblem(rule, '5'), 'must be a whole number');
    assert.equal(valueProblem(rule, undefined), 'is required');
    assert.equal(
      valueProblem(fieldRule({ type: 'array', items: { type: 'string', format: 'ipv6' } }), ['2001:db8::1', 'x']),
      'item 2 ("x") must be an IPv6 address, e.g. 2001:db8::1',
    );
    assert.equal(valueProblem(fieldRule({}), { any: 'thing' }), undefined);
  });
});

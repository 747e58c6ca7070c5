// #56 item 1: what a person chooses when minting an agent token (expiry choices and the product's
// 30-day cap, the typed date-time, the default name, the roles least powerful first with the
// platform's words, none read-only) and how an expiry reads in the list.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  DEFAULT_EXPIRY_MS,
  EXPIRY_CHOICES,
  MAX_TOKEN_LIFETIME_MS,
  ROLES_SCOPE,
  ROLE_CHOICES,
  defaultTokenName,
  expiryRelative,
  soonestExpiry,
  typedExpiry,
  utcSeconds,
} from '../../src/features/agent/model/agentTokenRules';
import { TOKEN_ROLES_LEAST_FIRST, createAgentToken } from '../../src/operations/agentTokens';
import { TOKEN_NAME_MAX, TOKEN_ROLE_NAMES } from '../../src/schema/iamTokens';

const NOW = Date.parse('2026-11-29T09:30:00Z');
const HOUR = 3_600_000;

describe('agent token rules', () => {
  it('offers 1 hour, 8 hours (the default), 24 hours and 7 days; every choice is within the 30-day cap', () => {
    assert.deepEqual(
      EXPIRY_CHOICES.map((c) => c.label),
      ['1 hour', '8 hours', '24 hours', '7 days'],
    );
    assert.equal(DEFAULT_EXPIRY_MS, 8 * HOUR);
    assert.equal(MAX_TOKEN_LIFETIME_MS, 30 * 24 * HOUR);
    for (const c of EXPIRY_CHOICES) assert.ok(c.ms > 0 && c.ms <= MAX_TOKEN_LIFETIME_MS, c.label);
  });

  it('a typed expiry: UTC or an offset; in the past, now, past the cap or not a date is refused naming the field and the rule', () => {
    assert.deepEqual(typedExpiry('2026-12-01 18:00', NOW), { ms: Date.parse('2026-12-01T18:00:00Z') });
    assert.deepEqual(typedExpiry('2026-12-01T18:00Z', NOW), { ms: Date.parse('2026-12-01T18:00:00Z') });
    assert.deepEqual(typedExpiry('2026-12-01 18:00 UTC', NOW), { ms: Date.parse('2026-12-01T18:00:00Z') });
    assert.deepEqual(typedExpiry('2026-12-01T18:00+01:00', NOW), { ms: Date.parse('2026-12-01T17:00:00Z') });
    assert.deepEqual(typedExpiry('2026-11-29 09:30', NOW), { problem: 'Expires: must be in the future' });
    assert.deepEqual(typedExpiry('2026-11-28 09:30', NOW), { problem: 'Expires: must be in the future' });
    // The cap: exactly 30 days accepted, a minute more refused.
    assert.deepEqual(typedExpiry('2026-12-29 09:30', NOW), { ms: NOW + MAX_TOKEN_LIFETIME_MS });
    const over = typedExpiry('2026-12-29 09:31', NOW);
    assert.ok('problem' in over && /^Expires: at most 30 days from now/.test(over.problem), JSON.stringify(over));
    for (const bad of ['', 'tomorrow', '2026-13-01 10:00', '2026-12-01', '2026-12-01 25:00', '2026-12-01T18:00+1'])
      assert.match((typedExpiry(bad, NOW) as { problem: string }).problem, /^Expires: must be a date and time, /, bad);
  });

  it('sends the expiry as RFC 3339 in UTC, which the operation accepts (never null)', () => {
    assert.equal(utcSeconds(NOW + DEFAULT_EXPIRY_MS), '2026-11-29T17:30:00Z');
    const input = { name: 'n', role: 'Users', exp_date: utcSeconds(NOW + HOUR), clientId: 7 };
    assert.deepEqual((createAgentToken.request(createAgentToken.fields().parse(input)).call.body as { exp_date: unknown }).exp_date, '2026-11-29T10:30:00Z');
    assert.throws(() => createAgentToken.fields().parse({ ...input, exp_date: null }), /exp_date/);
  });

  it('the default name names the product, the connection and the minute, and always fits the platform limit', () => {
    assert.equal(defaultTokenName('Prod', NOW), 'Platform Console agent · Prod · 2026-11-29 09:30');
    const long = defaultTokenName('x'.repeat(400), NOW);
    assert.equal(long.length, TOKEN_NAME_MAX);
    assert.ok(long.endsWith('… · 2026-11-29 09:30'));
    assert.doesNotThrow(() => createAgentToken.fields().shape.name.parse(long));
  });

  it("offers every platform role once, the least powerful first, each in the platform's words, and none called read-only", () => {
    assert.deepEqual(
      ROLE_CHOICES.map((r) => r.name),
      [...TOKEN_ROLES_LEAST_FIRST],
    );
    assert.deepEqual(
      ROLE_CHOICES.map((r) => r.name),
      ['Purge and Prefetch only (API)', 'Purge and Prefetch only (API+Web)', 'Users', 'Engineers', 'Administrators'],
    );
    assert.deepEqual([...ROLE_CHOICES.map((r) => r.name)].sort(), [...TOKEN_ROLE_NAMES].sort());
    for (const r of ROLE_CHOICES) {
      assert.match(r.governs, /^"/, `${r.name}: quoted from the platform`);
      assert.doesNotMatch(r.governs, /read-only|read only/i, r.name);
    }
    assert.match(ROLES_SCOPE, /CDN and streaming/);
    assert.match(ROLES_SCOPE, /DNS, storage and protection ignore them/);
    assert.match(ROLES_SCOPE, /Cloud has per-project roles/);
    assert.match(ROLES_SCOPE, /No role makes a token read-only/);
  });

  it('an expiry reads relative, and expired says so; the soonest expiry sets the one timer', () => {
    assert.equal(expiryRelative(NOW + 8 * HOUR, NOW), 'expires in 8 h 0 min');
    assert.equal(expiryRelative(NOW + 3 * 24 * HOUR + 2 * HOUR, NOW), 'expires in 3 d 2 h');
    assert.equal(expiryRelative(NOW + 30_000, NOW), 'expires in less than a minute');
    assert.equal(expiryRelative(NOW - 5 * 60_000, NOW), 'expired 5 min ago');
    assert.equal(expiryRelative(NOW, NOW), 'expired less than a minute ago');
    assert.equal(soonestExpiry([]), undefined);
    assert.equal(soonestExpiry([{ expiresAt: '2026-12-01T00:00:00Z' }, { expiresAt: '2026-11-30T00:00:00Z' }]), Date.parse('2026-11-30T00:00:00Z'));
  });
});

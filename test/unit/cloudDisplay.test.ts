import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { functionState, lastPickedFirst, policyDescription, scheduleRow, secretDescription, secretExpiry } from '../../src/features/cloud/model/cloudDisplay';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const DAY = 86_400_000;
const at = (days: number) => new Date(NOW + days * DAY).toISOString();

describe("Cloud view: a secret's expiry", () => {
  it('expired, within 30 days, later, never: each said and marked', () => {
    assert.deepEqual(secretExpiry(at(-3), NOW), { state: 'expired', text: 'expired 3 days ago' });
    assert.deepEqual(secretExpiry(at(-0.5), NOW), { state: 'expired', text: 'expired today' });
    assert.deepEqual(secretExpiry(at(12.5), NOW), { state: 'expiring', text: 'expires in 12 days' });
    assert.deepEqual(secretExpiry(at(1.2), NOW), { state: 'expiring', text: 'expires in 1 day' });
    assert.equal(secretExpiry(at(30), NOW).state, 'expiring', 'the 30th day is still within 30 days');
    assert.deepEqual(secretExpiry(at(31), NOW), { state: 'valid', text: 'expires 2026-12-28' });
    assert.deepEqual(secretExpiry(null, NOW), { state: 'never', text: 'no expiration' });
    assert.deepEqual(secretExpiry('soon', NOW), { state: 'never', text: 'expires soon' }, 'text that is no date is shown as it came');
  });
  it('the row says type, status and expiry', () => {
    assert.equal(
      secretDescription({ id: 'a', secret_type: 'certificate', status: 'ACTIVE', expiration: at(12.5) }, NOW),
      'certificate · ACTIVE · expires in 12 days',
    );
    assert.equal(secretDescription({ id: 'a' }, NOW), 'no expiration');
  });
});

describe('Cloud view: functions, policies and schedules', () => {
  it("a function's state from its status or its disabled flag", () => {
    assert.equal(functionState({ status: 'ACTIVE' }), 'active');
    assert.equal(functionState({ status: 'ACTIVE', disabled: true }), 'disabled');
    assert.equal(functionState({ status: 'deploying' }), 'deploying');
    assert.equal(functionState({ status: 'ERROR' }), 'failed');
    assert.equal(functionState({ status: 'SOMETHING' }), 'unknown');
    assert.equal(functionState({}), 'unknown');
  });
  it('a policy counts its schedules and volumes, singular and plural', () => {
    assert.equal(policyDescription({ id: 1, status: 'ACTIVE', schedules: [{}], volumes: [] }), 'active · 1 schedule · 0 volumes');
    assert.equal(policyDescription({ id: 1, status: 'PAUSED', schedules: [{}, {}], volumes: [{}] }), 'paused · 2 schedules · 1 volume');
  });
  it("a cron schedule in words with its next runs in the person's zone; an interval as its span", () => {
    const now = new Date('2026-11-27T10:00:00Z'); // a Friday
    const weekly = scheduleRow(
      { type: 'cron', minute: '0', hour: '3', day_of_week: 'mon', timezone: 'Europe/Luxembourg', retention_time: { weeks: 2 }, max_quantity: 10 },
      now,
      'America/New_York',
    );
    assert.equal(weekly.label, 'At 03:00, only on Monday (Europe/Luxembourg)');
    // 03:00 in Luxembourg (CET) is 02:00 UTC, 21:00 the evening before in New York (GMT-5).
    assert.deepEqual(weekly.runs, ['Sun 2026-11-29 21:00 GMT-5', 'Sun 2026-12-06 21:00 GMT-5', 'Sun 2026-12-13 21:00 GMT-5']);
    assert.equal(weekly.description, 'next Sun 2026-11-29 21:00 GMT-5 · keeps 2 weeks · at most 10 snapshots');
    const interval = scheduleRow({ type: 'interval', days: 1, hours: 12, max_quantity: 1 }, now, 'UTC');
    assert.deepEqual(interval, { label: 'Every 1 day 12 hours', description: 'at most 1 snapshot', runs: [] });
    assert.deepEqual(scheduleRow({ type: 'interval' }, now, 'UTC'), { label: 'interval schedule', description: '', runs: [] });
  });
  it('the last project or region picked comes first; the rest keep their order', () => {
    const items = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
    assert.deepEqual(
      lastPickedFirst(items, 3).map((i) => i.id),
      [3, 1, 2, 4],
    );
    assert.deepEqual(
      lastPickedFirst(items, 1).map((i) => i.id),
      [1, 2, 3, 4],
    );
    assert.deepEqual(
      lastPickedFirst(items, 9).map((i) => i.id),
      [1, 2, 3, 4],
    );
    assert.deepEqual(
      lastPickedFirst(items, undefined).map((i) => i.id),
      [1, 2, 3, 4],
    );
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cronOf, scheduleInWords, scheduleKeeps, scheduleName, scheduleNextRuns, schedulePrunes } from '../../src/ui/text/scheduleText';

describe('schedule text', () => {
  const nightly = { type: 'cron', minute: '30', hour: '2', day_of_week: 'mon,wed', timezone: 'Europe/Berlin' };

  it('a cron schedule: its expression, its name, in words with its zone', () => {
    assert.equal(cronOf(nightly), '30 2 * * mon,wed');
    assert.equal(cronOf({ type: 'cron', minute: '0', hour: null, day: '1', month: '' }), '0 * 1 * *');
    assert.equal(scheduleName(nightly), 'cron 30 2 * * mon,wed (Europe/Berlin)');
    assert.equal(scheduleInWords(nightly), 'At 02:30, only on Monday and Wednesday (Europe/Berlin)');
    assert.equal(scheduleInWords({ type: 'cron', minute: '0', hour: '3', day: '1' }), 'At 03:00, on day 1 of the month (UTC)', 'no zone reads as UTC');
    assert.equal(scheduleInWords({ ...nightly, week: '2' }), 'At 02:30, only on Monday and Wednesday, ISO week 2 (Europe/Berlin)');
  });

  it('a cron the libraries refuse is shown as it came, with no runs', () => {
    const odd = { type: 'cron', minute: '61', hour: '2' };
    assert.equal(scheduleInWords(odd), 'cron 61 2 * * * (UTC)');
    assert.deepEqual(scheduleNextRuns(odd, new Date('2026-11-27T00:00:00Z'), 3), []);
  });

  it("next runs in the schedule's own zone; none for an interval or a week the cron cannot say", () => {
    const runs = scheduleNextRuns(nightly, new Date('2026-11-27T00:00:00Z'), 2);
    assert.deepEqual(
      runs.map((d) => d.toISOString()),
      ['2026-11-30T01:30:00.000Z', '2026-12-02T01:30:00.000Z'],
    );
    assert.deepEqual(scheduleNextRuns({ type: 'interval', hours: 6 }, new Date(), 3), []);
    assert.deepEqual(scheduleNextRuns({ ...nightly, week: '2' }, new Date(), 3), []);
  });

  it('an interval as its span; what a schedule keeps', () => {
    assert.equal(scheduleName({ type: 'interval', weeks: 1, minutes: 30 }), 'every 1 week 30 minutes');
    assert.equal(scheduleInWords({ type: 'interval', hours: 6 }), 'Every 6 hours');
    assert.equal(scheduleInWords({ type: 'interval' }), 'interval schedule');
    assert.equal(scheduleKeeps({ retention_time: { weeks: 2, days: 1 }, max_quantity: 10 }), 'keeps 2 weeks 1 day · at most 10 snapshots');
    assert.equal(scheduleKeeps({ max_quantity: 1 }), 'at most 1 snapshot');
    assert.equal(scheduleKeeps({}), '');
  });
});

describe('what a schedule change prunes (#52: lowering what is kept is destructive)', () => {
  const week = { weeks: 1, days: 0, hours: 0, minutes: 0 };
  const kept = { type: 'cron', max_quantity: 7, retention_time: week };
  it('fewer snapshots kept: the platform deletes the oldest beyond the new count', () => {
    assert.equal(
      schedulePrunes(kept, { max_quantity: 3 }),
      "the platform deletes this schedule's oldest snapshots beyond the newest 3 (it keeps up to 7 now). Deleted snapshots cannot be brought back",
    );
  });
  it('a count where there was none: the oldest beyond it are deleted', () => {
    assert.match(
      schedulePrunes({ type: 'cron', max_quantity: null, retention_time: week }, { max_quantity: 5 })!,
      /beyond the newest 5 \(it keeps them without a limit by count now\)/,
    );
  });
  it('a shorter retention, or one where there was none: older snapshots are deleted', () => {
    assert.match(schedulePrunes(kept, { retention_time: { weeks: 0, days: 2, hours: 0, minutes: 0 } })!, /older than 2 days \(it keeps them 1 week now\)/);
    assert.match(
      schedulePrunes({ max_quantity: 24, retention_time: null }, { retention_time: { weeks: 0, days: 0, hours: 6, minutes: 0 } })!,
      /older than 6 hours \(it keeps them without a time limit now\)/,
    );
  });
  it('keeping as much or more, or not touching either field, prunes nothing', () => {
    assert.equal(schedulePrunes(kept, { max_quantity: 7 }), undefined);
    assert.equal(schedulePrunes(kept, { max_quantity: 9, retention_time: { weeks: 0, days: 8, hours: 0, minutes: 0 } }), undefined);
    assert.equal(schedulePrunes(kept, {}), undefined);
    assert.equal(schedulePrunes(kept, { retention_time: null }), undefined, 'no retention: kept until the count rotates them out');
  });
});

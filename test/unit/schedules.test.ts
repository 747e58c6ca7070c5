import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatInZone } from '../../src/ui/text/scheduleText';
import {
  describeSchedule,
  nextRuns,
  parseNumberList,
  previewName,
  timeZones,
  toScheduleRequest,
  type CronDraft,
} from '../../src/features/schedules/model/schedules';
import { endpoints } from '../../src/schema/endpoints';
import { validateCall } from '../../src/schema/validate';

const cron = (over: Partial<CronDraft> = {}): CronDraft => ({
  type: 'cron',
  days: ['mon', 'wed'],
  hours: [2],
  minutes: [30],
  timezone: 'Europe/Berlin',
  maxQuantity: 7,
  ...over,
});

describe('schedules', () => {
  it('next runs across the spring DST change keep the local time', () => {
    // 2026-03-29 is the switch to summer time in Berlin: 02:00 -> 03:00.
    const runs = nextRuns(cron({ days: '*', hours: [1], minutes: [30] }), new Date('2026-03-27T12:00:00Z'), 4);
    assert.deepEqual(
      runs.map((d) => d.toISOString()),
      ['2026-03-28T00:30:00.000Z', '2026-03-29T00:30:00.000Z', '2026-03-29T23:30:00.000Z', '2026-03-30T23:30:00.000Z'],
    );
    assert.deepEqual(
      runs.map((d) => formatInZone(d, 'Europe/Berlin').slice(15, 20)),
      ['01:30', '01:30', '01:30', '01:30'],
    );
  });

  it('a run in the hour the spring change skips happens an hour later that day', () => {
    const runs = nextRuns(cron({ days: '*', hours: [2], minutes: [30] }), new Date('2026-03-28T12:00:00Z'), 3);
    assert.deepEqual(
      runs.map((d) => formatInZone(d, 'Europe/Berlin')),
      ['Sun 2026-03-29 03:30 CEST', 'Mon 2026-03-30 02:30 CEST', 'Tue 2026-03-31 02:30 CEST'],
    );
  });

  it('next runs across the autumn DST change keep the local time', () => {
    const runs = nextRuns(cron({ days: '*', hours: [12], minutes: [0] }), new Date('2026-10-24T00:00:00Z'), 3);
    assert.deepEqual(
      runs.map((d) => d.toISOString()),
      ['2026-10-24T10:00:00.000Z', '2026-10-25T11:00:00.000Z', '2026-10-26T11:00:00.000Z'],
    );
  });

  it('weekday lists and the * wildcard', () => {
    const from = new Date('2026-11-22T12:00:00Z'); // a Sunday
    const weekdays = nextRuns(cron({ timezone: 'UTC' }), from, 5).map((d) => d.toISOString().slice(0, 16));
    assert.deepEqual(weekdays, ['2026-11-23T02:30', '2026-11-25T02:30', '2026-11-30T02:30', '2026-12-02T02:30', '2026-12-07T02:30']);
    const every = nextRuns(cron({ timezone: 'UTC', days: '*', hours: [0, 12], minutes: [0] }), from, 3).map((d) => d.toISOString().slice(0, 16));
    assert.deepEqual(every, ['2026-11-23T00:00', '2026-11-23T12:00', '2026-11-24T00:00']);
  });

  it('intervals run from now, every interval', () => {
    const from = new Date('2026-01-01T00:00:00Z');
    const runs = nextRuns({ type: 'interval', weeks: 0, days: 1, hours: 2, minutes: 0, maxQuantity: 3 }, from, 2);
    assert.deepEqual(
      runs.map((d) => d.toISOString()),
      ['2026-01-02T02:00:00.000Z', '2026-01-03T04:00:00.000Z'],
    );
  });

  it('describes in plain language', () => {
    assert.equal(describeSchedule(cron()), 'At 02:30, only on Monday and Wednesday (Europe/Berlin); keeps 7 snapshots');
    assert.equal(
      describeSchedule({ type: 'interval', weeks: 1, days: 0, hours: 12, minutes: 0, maxQuantity: 1, retention: { days: 30 } }),
      'Every 1 week 12 hours; keeps 1 snapshot, each deleted after 30 days',
    );
  });

  it('previews a name template; unknown placeholders are listed, not refused', () => {
    const now = new Date('2026-11-22T10:15:00Z');
    const p = previewName('snap-{volume_id}-{datetime_utc}-{oops}', now, 'UTC');
    assert.equal(p.example, 'snap-726ecfcc-7fd0-4e30-a86e-7892524aa483-2026-11-22T10-15-00-{oops}');
    assert.deepEqual(p.unknown, ['{oops}']);
    assert.deepEqual(previewName('{lifecycle_policy_id}/{schedule_id}/{local_datetime}', now, 'Asia/Tokyo').unknown, []);
    assert.match(previewName('{local_datetime}', now, 'Asia/Tokyo').example, /^2026-11-22T19-15$/);
  });

  it('refuses number lists outside their range, naming the value', () => {
    assert.deepEqual(parseNumberList('20, 0,5,5', 0, 23, 'Hours'), [0, 5, 20]);
    assert.equal(parseNumberList('24', 0, 23, 'Hours'), 'Hours: 24 is outside 0..23');
    assert.equal(parseNumberList('-1', 0, 59, 'Minutes'), 'Minutes: "-1" is not a whole number from 0 to 59');
    assert.match(parseNumberList('1,,2', 0, 59, 'Minutes') as string, /^Minutes: a comma-separated list/);
    assert.equal(parseNumberList('60', 0, 59, 'Minutes'), 'Minutes: 60 is outside 0..59');
  });

  it('the wire form is what the client accepts: lowercase days, lists without spaces', () => {
    const body = {
      schedules: [
        toScheduleRequest(cron({ retention: { weeks: 1 } })),
        toScheduleRequest({ type: 'interval', weeks: 0, days: 0, hours: 6, minutes: 0, maxQuantity: 4, nameTemplate: 'x-{volume_id}' }),
      ],
    };
    assert.deepEqual(body.schedules[0], {
      type: 'cron',
      day_of_week: 'mon,wed',
      hour: '2',
      minute: '30',
      timezone: 'Europe/Berlin',
      max_quantity: 7,
      retention_time: { weeks: 1, days: 0 },
    });
    validateCall(endpoints.addSchedules, { params: { project_id: 1, region_id: 1, policy_id: 10 }, body });
  });

  it('lists the machine zone first', () => {
    const zones = timeZones();
    assert.equal(zones[0], Intl.DateTimeFormat().resolvedOptions().timeZone);
    assert.ok(zones.includes('Europe/Berlin'));
  });

  it("offers UTC first after the machine's own zone, even where Intl leaves it out", () => {
    assert.deepEqual(timeZones('Europe/Berlin').slice(0, 2), ['Europe/Berlin', 'UTC']);
    assert.equal(timeZones('UTC').filter((z) => z === 'UTC').length, 1, 'listed once on a machine set to UTC');
  });
});

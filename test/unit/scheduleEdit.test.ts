// Edit Schedule's model in plain Node: a schedule as the platform answers it becomes the wizard's
// draft (cron lists and days parsed, interval fields, retention), one the wizard cannot offer is
// refused; the PATCH body holds only what changed, retention removed is sent as zeros, and a
// type switch sends every field of the new type.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { draftOfSchedule, schedulePatchOf } from '../../src/features/schedules/model/scheduleEdit';
import type { ScheduleDraft } from '../../src/features/schedules/model/schedules';

const NIGHTLY = {
  type: 'cron',
  day_of_week: 'mon,wed',
  hour: '2',
  minute: '0,30',
  timezone: 'Europe/Luxembourg',
  max_quantity: 7,
  resource_name_template: 'nightly {volume_id}',
  retention_time: { weeks: 1, days: 0, hours: 0, minutes: 0 },
};

describe('schedule edit', () => {
  it('a cron schedule read back into the draft, and an interval one', () => {
    assert.deepEqual(draftOfSchedule(NIGHTLY), {
      type: 'cron',
      days: ['mon', 'wed'],
      hours: [2],
      minutes: [0, 30],
      timezone: 'Europe/Luxembourg',
      maxQuantity: 7,
      retention: { weeks: 1, days: 0 },
      nameTemplate: 'nightly {volume_id}',
    });
    assert.deepEqual(draftOfSchedule({ type: 'interval', days: 2, max_quantity: 3 }), {
      type: 'interval',
      weeks: 0,
      days: 2,
      hours: 0,
      minutes: 0,
      maxQuantity: 3,
      retention: { weeks: 0, days: 0 },
      nameTemplate: undefined,
    });
    assert.equal(draftOfSchedule({ ...NIGHTLY, hour: '*/2' }), undefined, 'a step the wizard does not offer');
    assert.equal(draftOfSchedule({ ...NIGHTLY, day_of_week: 'monday' }), undefined);
    assert.equal(draftOfSchedule({ type: 'weekly' }), undefined);
    for (const other of [{ day: '15' }, { month: '1,7' }, { week: '2' }])
      assert.equal(draftOfSchedule({ ...NIGHTLY, ...other }), undefined, `a ${Object.keys(other)[0]} the wizard does not offer`);
    assert.notEqual(draftOfSchedule({ ...NIGHTLY, day: '*', month: null, week: '' }), undefined, 'every day, month and week is what the wizard makes');
  });

  it('only what changed; the same schedule sends nothing', () => {
    const before = draftOfSchedule(NIGHTLY)!;
    assert.deepEqual(schedulePatchOf(before, before), {});
    assert.deepEqual(schedulePatchOf(before, { ...before, maxQuantity: 9 }), { max_quantity: 9 });
    assert.deepEqual(schedulePatchOf(before, { ...before, hours: [3, 4] } as ScheduleDraft), { hour: '3,4' });
    assert.deepEqual(
      schedulePatchOf(before, { ...before, retention: { weeks: 0, days: 0 } }),
      { retention_time: { weeks: 0, days: 0, hours: 0, minutes: 0 } },
      'retention removed is sent as zeros',
    );
  });

  it('a type switch sends the type and every field of the new type', () => {
    const before = draftOfSchedule(NIGHTLY)!;
    const after: ScheduleDraft = {
      type: 'interval',
      weeks: 0,
      days: 1,
      hours: 0,
      minutes: 0,
      maxQuantity: 7,
      retention: { weeks: 1, days: 0 },
      nameTemplate: 'nightly {volume_id}',
    };
    assert.deepEqual(schedulePatchOf(before, after), {
      type: 'interval',
      weeks: 0,
      days: 1,
      hours: 0,
      minutes: 0,
      max_quantity: 7,
      resource_name_template: 'nightly {volume_id}',
      retention_time: { weeks: 1, days: 0 },
    });
  });
});

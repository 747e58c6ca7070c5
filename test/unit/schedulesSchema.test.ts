// The JSON schema shipped for schedule documents and the client's rules agree: what one
// refuses, the other refuses too (so the editor's squiggles and "Submit" never disagree).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Ajv from 'ajv';
import { endpoints } from '../../src/schema/endpoints';
import { validateCall } from '../../src/schema/validate';
import { starterContent } from '../../src/features/schedules/model/scheduleDocument';

const schema = JSON.parse(readFileSync(join(__dirname, '..', '..', 'media', 'schedules.schema.json'), 'utf8')) as object;
const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);

function zodAccepts(doc: Record<string, unknown>): boolean {
  try {
    validateCall(endpoints.addSchedules, {
      params: { project_id: doc.project_id, region_id: doc.region_id, policy_id: doc.policy_id },
      body: { schedules: doc.schedules },
    });
    return true;
  } catch {
    return false;
  }
}

const base = { project_id: 1, region_id: 1, policy_id: 10 };
const cron = { type: 'cron', day_of_week: 'mon,wed', hour: '0,23', minute: '0,59', timezone: 'UTC', max_quantity: 1 };
const interval = { type: 'interval', weeks: 0, days: 1, hours: 0, minutes: 0, max_quantity: 2, retention_time: { weeks: 1, days: 0 } };

const cases: [string, Record<string, unknown>][] = [
  ['cron at the bounds', { ...base, schedules: [cron] }],
  ['interval', { ...base, schedules: [interval] }],
  ['every day', { ...base, schedules: [{ ...cron, day_of_week: '*' }] }],
  ['hour 24', { ...base, schedules: [{ ...cron, hour: '24' }] }],
  ['minute 60', { ...base, schedules: [{ ...cron, minute: '60' }] }],
  ['day name in full', { ...base, schedules: [{ ...cron, day_of_week: 'monday' }] }],
  ['max_quantity 0', { ...base, schedules: [{ ...cron, max_quantity: 0 }] }],
  ['negative interval', { ...base, schedules: [{ ...interval, days: -1 }] }],
  ['unknown type', { ...base, schedules: [{ type: 'weekly' }] }],
  ['unknown field', { ...base, schedules: [{ ...cron, colour: 'red' }] }],
  ['interval field on cron', { ...base, schedules: [{ ...cron, weeks: 1 }] }],
  ['no schedules', { ...base, schedules: [] }],
  ['policy 0', { ...base, policy_id: 0, schedules: [cron] }],
  ['negative retention', { ...base, schedules: [{ ...interval, retention_time: { weeks: -1 } }] }],
  ['policy past 2^53-1', { ...base, policy_id: 9007199254740992, schedules: [cron] }],
  ['policy at 2^53-1', { ...base, policy_id: 9007199254740991, schedules: [cron] }],
  ['max_quantity past 2^53-1', { ...base, schedules: [{ ...cron, max_quantity: 9007199254740992 }] }],
  ['interval days past 2^53-1', { ...base, schedules: [{ ...interval, days: 9007199254740992 }] }],
  ['retention days past 2^53-1', { ...base, schedules: [{ ...interval, retention_time: { days: 9007199254740992 } }] }],
];

describe('schedules JSON schema', () => {
  for (const [name, doc] of cases) {
    it(`${name}: schema and client agree`, () => {
      assert.equal(validate(doc), zodAccepts(doc), JSON.stringify(validate.errors));
    });
  }
  it('the starter document is valid', () => {
    const doc = JSON.parse(starterContent({ projectId: 1, regionId: 2, policyId: 3 }, 'Europe/Berlin')) as Record<string, unknown>;
    assert.equal(validate(doc), true, JSON.stringify(validate.errors));
    assert.equal(zodAccepts(doc), true);
  });
});

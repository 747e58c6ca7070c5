// The real platform's example payloads go through the client's response shapes: what is there
// is shown, what is missing is absent, numbers sent as text are numbers.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { endpoints } from '../../src/schema/endpoints';
import { taskState } from '../../src/schema/cloud';

// Copies of the real platform's published examples (the project's own fixtures).
const dir = join(__dirname, '..', 'fixtures', 'realPlatform');
function example(file: string): unknown {
  return (JSON.parse(readFileSync(join(dir, file), 'utf8')) as { response_example: unknown }).response_example;
}
function parse<T>(schema: { safeParse(v: unknown): { success: boolean; data?: T; error?: unknown } }, value: unknown): T {
  const r = schema.safeParse(value);
  assert.ok(r.success, JSON.stringify(r.error));
  return r.data as T;
}

describe('real payloads', () => {
  it('e01 secret creation: task ids', () => {
    const r = parse(endpoints.createSecret.response, example('e01-secret-create.json'));
    assert.deepEqual(r.tasks, ['d478ae29-dedc-4869-82f0-96104425f565']);
  });

  it('e01b task: `state` instead of `status`, unknown fields kept', () => {
    const task = parse(endpoints.getTask.response, example('e01b-task-get.json'));
    assert.equal(taskState(task), 'NEW');
    assert.equal(task.task_type, 'create_vm');
    assert.equal((task as Record<string, unknown>).project_id, 444);
    assert.equal(taskState(parse(endpoints.getTask.response, { id: 't', status: 'finished' })), 'FINISHED');
  });

  it('e02 lifecycle policy: volumes null, cron with numeric day, interval durations', () => {
    const policy = parse(endpoints.addSchedules.response, example('e02-lifecycle-add-schedules.json'));
    assert.equal(policy.id, 113);
    assert.equal(policy.volumes, null);
    assert.equal(policy.schedules?.length, 3);
    assert.equal(policy.schedules?.[2]?.day_of_week, 'mon,sun,3');
    assert.equal(policy.schedules?.[0]?.hours, 60);
    assert.equal(policy.schedules?.[1]?.retention_time, undefined);
  });

  it('e03 and e14 protection profiles: list items without fields', () => {
    const one = parse(endpoints.updateProtectionProfile.response, example('e03-protection-profile-patch.json'));
    assert.equal(one.fields?.[0]?.value, '100');
    const list = parse(endpoints.listProtectionProfiles.response, example('e14-protection-profiles-all.json'));
    assert.equal(list[0]?.template?.name, 'DDoS Protection Standard');
    assert.equal(list[0]?.fields, undefined);
  });

  it('e04 instance price: the example predates four required fields; numbers as text accepted', () => {
    const price = parse(endpoints.previewInstancePrice.response, example('e04-instance-price.json'));
    assert.equal(price.total_price_per_month, 734.4);
    assert.equal(price.discount_percent, undefined);
    assert.equal(price.tax_percent, undefined);
    assert.equal(price.per_month?.volumes?.ssd_hiiops, 20);
    const messy = parse(endpoints.previewInstancePrice.response, {
      ...(example('e04-instance-price.json') as object),
      total_price_per_hour: '1.02',
      total_price_per_month: '734.4',
      discount_percent: '10.50',
      price_without_discount_per_month: '800.00',
      tax_percent: 'n/a',
    });
    assert.equal(messy.total_price_per_hour, 1.02);
    assert.equal(messy.price_without_discount_per_month, 800);
    assert.equal(messy.discount_percent, '10.50');
    assert.equal(messy.tax_percent, undefined, 'a display field of the wrong kind is absent, not fatal');
  });

  it('e05 load balancer price: discount_percent is a number (or null)', () => {
    const price = parse(endpoints.previewLoadBalancerPrice.response, example('e05-loadbalancer-price.json'));
    assert.equal(price.discount_percent, 0.16);
    assert.equal(parse(endpoints.previewLoadBalancerPrice.response, { discount_percent: null }).discount_percent, null);
  });

  it('e11 function logs', () => {
    const logs = parse(endpoints.getFunctionLogs.response, example('e11-faas-function-logs.json'));
    assert.equal(logs.logs.length, 2);
    assert.equal(logs.logs[0]?.Time, '2022-03-02T15:04:03.208677349Z');
  });

  it('edge app: unknown status kept, maps of env and headers', () => {
    const app = parse(endpoints.getEdgeApp.response, { id: 7, name: 'x', status: 4, env: { A: '1', B: 2 }, client_id: '12' });
    assert.equal(app.status, 4);
    assert.deepEqual(app.env, { A: '1', B: '2' });
    assert.equal(app.client_id, 12);
  });

  it('trial: remaining_duration null, is_trial_skipped text', () => {
    const t = parse(endpoints.getTrial.response, { id: 1, remaining_duration: null, is_trial_skipped: false });
    assert.equal(t.remaining_duration, null);
    assert.equal(t.is_trial_skipped, 'false');
  });

  it('what the extension must act on is required: a body without it is refused', () => {
    assert.equal(endpoints.createSecret.response.safeParse({}).success, false);
    assert.equal(endpoints.getReport.response.safeParse({ status: 'Pending' }).success, false);
    assert.equal(endpoints.listProtectionProfiles.response.safeParse({ results: [] }).success, false);
    assert.equal(endpoints.updateNotificationSetting.response.safeParse({ email: 'a@b.co' }).success, false);
  });
});

// The Cloud view's tools in plain Node, against the simulator: list_cloud_secrets and
// list_snapshot_policies read; delete_cloud_secret shows the secret and sends one DELETE (answering
// the task ids), declined sends nothing; pause/resume/delete a policy and disable/enable a function
// each read their target first and send one request.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { agentSim } from '../support/agentSim';

const PR = { project_id: 1, region_id: 1 };

describe('cloud manage tools', { timeout: 60_000 }, () => {
  const t = agentSim('agent-cloud-manage-key-9d20');
  const run = (name: string, input: object, answer?: () => string | undefined) =>
    t.run(name, input, answer).then(({ said, asked }) => ({ said, asked: asked.map((a) => a.message) }));
  const writes = () => t.writes();

  it('reads: the secrets and the policies of a region', async () => {
    const secrets = (await run('list_cloud_secrets', PR)).said;
    assert.match(secrets, /^Secrets in project 1, region 1 on "Sim": 4\./);
    assert.match(secrets, /"api-gateway-cert" · certificate · ACTIVE/);
    const policies = (await run('list_snapshot_policies', PR)).said;
    assert.match(
      policies,
      /id 10: "nightly-snapshots" · active · "cron 30 2 \* \* \* \(Europe\/Luxembourg\): At 02:30 \(Europe\/Luxembourg\)" keeps 7 \(schedule "3f0e2a1c-[^"]+"\)/,
    );
    assert.match(policies, /volumes "db-data", "web-root"/);
  });

  it('delete_cloud_secret: declined sends nothing; accepted, one DELETE and the task ids answered', async () => {
    const input = { ...PR, secret_id: '5b3a4f2e-0c1d-4e8f-9a7b-1c2d3e4f5a02' };
    const declined = await run('delete_cloud_secret', input, () => 'Not sent: declined.');
    assert.match(declined.asked[0]!, /api-gateway-cert[\s\S]*lose their certificate/);
    assert.deepEqual(writes(), []);
    const { said } = await run('delete_cloud_secret', input);
    assert.deepEqual(writes(), ['DELETE deleteSecret 1']);
    assert.match(
      said,
      /^Deletion of secret "5b3a4f2e-[^"]+" sent on "Sim"; the platform works on it in the task\(s\) it gave:\n<platform-data [^\n]+>\n\{"tasks":\["[0-9a-f-]{36}"\]\}\n<\/platform-data>\nlist_cloud_secrets shows it as DELETING/,
    );
  });

  it('policies paused, resumed and deleted; a function disabled and enabled: one request each, the target read first', async () => {
    const policy = { ...PR, policy_id: 10 };
    assert.match((await run('pause_snapshot_policy', policy)).asked[0]!, /nightly-snapshots[\s\S]*db-data/);
    await run('resume_snapshot_policy', policy);
    assert.deepEqual(writes(), ['PATCH patchLifecyclePolicy 2']);
    await run('delete_snapshot_policy', policy);
    assert.equal(
      (await t.bound.api.cloud.listLifecyclePolicies({ params: PR })).results.some((p) => p.id === 10),
      false,
    );
    const fn = { ...PR, namespace_name: 'default', function_name: 'hello-world' };
    const off = await run('disable_function', fn);
    assert.match(off.asked[0]!, /hello-world[\s\S]*ACTIVE/);
    assert.match(off.said, /^Disabling function "hello-world" on "Sim"; the platform's task\(s\):\n<platform-data [^\n]+>\n\{"tasks":\["/);
    await run('enable_function', fn);
    assert.equal(t.sim.requestCounts()['PATCH patchFunction'], 2);
  });

  it('one schedule changed (only the fields given) and removed, the policy renamed: the schedule shown first, one request each', async () => {
    const at = { ...PR, policy_id: 10, schedule_id: '3f0e2a1c-5b7d-4e8f-9a0b-1c2d3e4f5a60' };
    const declined = await run('edit_snapshot_schedule', { ...at, change: { hour: '4', max_quantity: 9 } }, () => 'Not sent: declined.');
    assert.match(declined.asked[0]!, /nightly-snapshots[\s\S]*At 02:30 \(Europe\/Luxembourg\)[\s\S]*Fields sent `\{"hour":"4","max_quantity":9\}`/);
    assert.deepEqual(writes(), []);
    const edited = await run('edit_snapshot_schedule', { ...at, change: { hour: '4', max_quantity: 9 } });
    assert.deepEqual(writes(), ['PATCH patchSchedule 1']);
    assert.deepEqual(t.sim.lastRequests('patchSchedule')['PATCH patchSchedule']?.body, { hour: '4', max_quantity: 9 }, 'only the fields given');
    assert.match(edited.said, /\{"schedule":"cron 30 4 \* \* \* \(Europe\/Luxembourg\): At 04:30 \(Europe\/Luxembourg\)","max_quantity":"9"\}/);
    assert.match((await run('edit_snapshot_schedule', { ...at, change: { hour: '25' } })).said, /^Refused before sending, nothing was sent: .*hour/);
    assert.match((await run('edit_snapshot_schedule', { ...at, change: {} })).said, /^Refused before sending[\s\S]*at least one field/);
    assert.deepEqual(writes(), ['PATCH patchSchedule 1'], 'nothing more sent');
    await run('rename_snapshot_policy', { ...PR, policy_id: 10, name: 'nightly-2' });
    const removed = await run('remove_snapshot_schedule', at);
    assert.match(removed.asked[0]!, /At 04:30[\s\S]*stop being made/);
    assert.match(removed.said, /^Removed schedule "3f0e2a1c-[^"]+" from snapshot policy 10 on "Sim"; 0 schedule\(s\) remain\.$/);
    assert.deepEqual(writes().sort(), ['PATCH patchLifecyclePolicy 1', 'PATCH patchSchedule 1', 'POST removeSchedules 1']);
    const policy = (await t.bound.api.cloud.listLifecyclePolicies({ params: PR })).results.find((p) => p.id === 10)!;
    assert.equal(policy.name, 'nightly-2');
    assert.deepEqual(policy.schedules, []);
  });
});

// The snapshot policy and function changes of the operation catalog (src/operations/
// snapshotPolicies.ts, cloudFunctions.ts) as the command shows them: the action, the connection,
// what follows, every fact, undo or not, the button, the typed name of Delete; a bad input refused
// naming the field; the read of a missing target fails, so nothing is asked. (The chat tool and
// MCP: operationParity.test.ts.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { disableFunction, enableFunction } from '../../src/operations/cloudFunctions';
import { commandConfirmation } from '../../src/operations/commandConfirmation';
import { deleteSnapshotPolicy, pauseSnapshotPolicy, renameSnapshotPolicy, resumeSnapshotPolicy } from '../../src/operations/snapshotPolicies';
import { writeConfirmationText } from '../../src/ui/text/writeConfirmation';
import { typedConfirmationPrompt } from '../../src/ui/typedConfirmation';
import { NIGHTLY_FACTS, NIGHTLY_POLICY as policy } from '../support/policyFixture';
import { modal, operationSim, PROD as conn, refused } from '../support/operationSim';

const at = { project_id: 1, region_id: 2, policy_id: 10 };
const facts = (change: string) => ['Connection: Prod (https://api.example)', ...NIGHTLY_FACTS, `Change: ${change}`].join('\n');

describe('snapshot policy and function changes as the command confirms them', () => {
  it('Pause is destructive and says how to undo it; Resume is a plain write', () => {
    const pause = modal(commandConfirmation(pauseSnapshotPolicy, at, policy, conn));
    assert.equal(pause.message, 'Pause snapshot policy nightly on Prod?');
    assert.equal(pause.button, 'Pause');
    assert.equal(
      pause.detail,
      `No snapshots are made until it is resumed.\n\n${facts('status active -> paused')}\n\nResume Snapshot Policy starts it again (resume_snapshot_policy for an agent). Sent once; never retried automatically.`,
    );
    const resume = modal(commandConfirmation(resumeSnapshotPolicy, at, { ...policy, status: 'paused' }, conn));
    assert.equal(resume.message, 'Resume snapshot policy nightly on Prod?');
    assert.equal(resume.button, 'Resume');
    assert.match(
      resume.detail,
      /^Its schedules make snapshots again\.\n\n[\s\S]*\nStatus now: paused\n[\s\S]*\nChange: status paused -> active\n\nSent once when you choose Resume/,
    );
    assert.equal(resume.detail.includes('cannot be undone'), false);
  });

  it('Rename names the old and the new name; only the name changes', () => {
    const rename = modal(commandConfirmation(renameSnapshotPolicy, { ...at, name: 'nightly-2' }, policy, conn));
    assert.equal(rename.message, 'Rename snapshot policy nightly on Prod?');
    assert.equal(rename.button, 'Rename');
    assert.match(rename.detail, /^Only its name changes\.\n\n[\s\S]*\nChange: name nightly -> nightly-2\n\n/);
  });

  it('Delete asks for the name typed (the id when the policy has none), with the facts and what follows', () => {
    const asked = commandConfirmation(deleteSnapshotPolicy, at, policy, conn);
    assert.equal(asked.typed?.name, 'nightly');
    const prompt = typedConfirmationPrompt(asked.typed!);
    assert.equal(
      prompt.prompt,
      'The snapshot policy nightly (Policy nightly (ID 10), Project / region 1 / 2, Status now active, Schedules cron 0 3 * * * (UTC): At 03:00 (UTC); every 6 hours, Volumes db-data, Change deleted) on Prod (https://api.example) is sent: Delete snapshot policy nightly. Its schedules stop making snapshots; those already made are kept; this cannot be undone. Type its name, nightly, to confirm.',
    );
    assert.equal(prompt.problem('nightly-2'), 'Confirmation: type nightly exactly');
    assert.equal(commandConfirmation(deleteSnapshotPolicy, at, { id: 10 }, conn).typed?.name, '10', 'a server without the list: the id typed');
    assert.match(
      writeConfirmationText(commandConfirmation(deleteSnapshotPolicy, at, { id: 10 }, conn).summary).detail,
      /Status now: not stated\nSchedules: not stated\nVolumes: not stated/,
    );
  });

  it('Disable Function is destructive, says how to undo it, and shows status and endpoint; Enable is a plain write', () => {
    const fn = { project_id: 1, region_id: 2, namespace_name: 'default', function_name: 'image-resize' };
    const off = modal(commandConfirmation(disableFunction, fn, { name: 'image-resize', status: 'ACTIVE', endpoint: 'https://fn.example/image-resize' }, conn));
    assert.equal(off.message, 'Disable function image-resize (namespace default) on Prod?');
    assert.equal(off.button, 'Disable');
    assert.equal(
      off.detail,
      [
        'The function stops answering at its endpoint until it is enabled again.',
        '',
        'Connection: Prod (https://api.example)',
        'Function: image-resize',
        'Namespace: default',
        'Project / region: 1 / 2',
        'Status now: ACTIVE',
        'Endpoint: https://fn.example/image-resize',
        '',
        'Enable Function switches it on again (enable_function for an agent). Sent once; never retried automatically.',
      ].join('\n'),
    );
    const on = modal(commandConfirmation(enableFunction, fn, { name: 'image-resize' }, conn));
    assert.equal(on.message, 'Enable function image-resize (namespace default) on Prod?');
    assert.match(
      on.detail,
      /^The function answers at its endpoint again\.\n[\s\S]*\nStatus now: not stated\nEndpoint: not stated\n\nSent once when you choose Enable/,
    );
  });

  it('a refused input names the field and the rule: the request is never built', () => {
    refused(() => renameSnapshotPolicy.request({ ...at, name: 'ab' }), /name/);
    refused(() => pauseSnapshotPolicy.request({ ...at, policy_id: 0 }), /policy_id/);
    refused(() => deleteSnapshotPolicy.request({ ...at, project_id: -1 }), /project_id/);
    refused(() => disableFunction.request({ project_id: 1, region_id: 1, namespace_name: '', function_name: 'fn' }), /namespace_name/);
    assert.deepEqual(pauseSnapshotPolicy.request(at).call, { params: at, body: { status: 'paused' } });
    assert.deepEqual(enableFunction.request({ project_id: 1, region_id: 1, namespace_name: 'default', function_name: 'fn' }).call.body, { disabled: false });
  });
});

describe('the target read of the cloud changes, against the simulator', { timeout: 60_000 }, () => {
  const t = operationSim('operation-cloud-key-41c7');

  it('a policy or a function not in its list is a notFound: nothing is asked, nothing sent', async () => {
    const found = await pauseSnapshotPolicy.read(t.bound.api, { project_id: 1, region_id: 1, policy_id: 10 });
    assert.equal(found.name, 'nightly-snapshots');
    await assert.rejects(
      pauseSnapshotPolicy.read(t.bound.api, { project_id: 1, region_id: 1, policy_id: 999 }),
      (e: Error & { kind?: string }) => e.kind === 'notFound' && /No snapshot policy 999/.test(e.message),
    );
    const fn = { project_id: 1, region_id: 1, namespace_name: 'default', function_name: 'no-such-function' };
    await assert.rejects(
      disableFunction.read(t.bound.api, fn),
      (e: Error & { kind?: string }) => e.kind === 'notFound' && /No function no-such-function in namespace default/.test(e.message),
    );
    assert.deepEqual(t.writes(), []);
  });

  it('the chat tool of a policy not in its list answers that it could not read it and sends nothing', async () => {
    const { said, asked } = await t.run('pause_snapshot_policy', { project_id: 1, region_id: 1, policy_id: 999 });
    assert.deepEqual(asked, []);
    assert.match(said, /999/);
    assert.deepEqual(t.writes(), []);
  });
});

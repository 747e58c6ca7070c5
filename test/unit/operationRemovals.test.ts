// The removals of the operation catalog (src/operations/removals.ts) as the command's modal shows
// them: the action, the connection, what is lost, every fact, undo or not, the button. (What the
// chat tool and MCP show of the same operations: operationParity.test.ts.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commandConfirmation } from '../../src/operations/commandConfirmation';
import { deleteNotificationSetting, deleteReportTask, disableFreeFeature } from '../../src/operations/removals';
import { fieldTitle } from '../../src/ui/operationSteps';
import { modal } from '../support/operationSim';

const conn = { name: 'prod', baseUrl: 'https://api.example.com' };

describe('the removals as the command confirms them', () => {
  it('Delete Notification Setting: connection, reseller, setting, type, email, enabled; a typed id says what is not known', () => {
    const input = { resellerId: 701, notificationSettingsId: 801 };
    const known = modal(
      commandConfirmation(deleteNotificationSetting, input, { notification_type: 'failed_login', email: 'ops@example.com', enabled: true }, conn),
    );
    assert.equal(known.message, 'Delete notification setting 801 of reseller 701 on prod?');
    assert.equal(known.button, 'Delete');
    assert.match(
      known.detail,
      /^ops@example\.com stops getting failed_login notifications for this reseller\.\n\nConnection: prod \(https:\/\/api\.example\.com\)\nReseller: 701\nSetting: 801\nType: failed_login\nEmail: ops@example\.com\nEnabled: yes\n\nThis cannot be undone\./,
    );
    const typed = modal(commandConfirmation(deleteNotificationSetting, { resellerId: 701, notificationSettingsId: 999 }, undefined, conn));
    assert.match(
      typed.detail,
      /^Its address stops getting this notification for this reseller\.\n\nConnection: prod .*\nReseller: 701\nSetting: 999\nType: not known \(the setting was typed by id\)\nEmail: not known \(the setting was typed by id\)\nEnabled: not known/,
    );
  });

  it('Disable Free Feature: feature, service, client, activation time and id, and what the account loses', () => {
    const feature = {
      client_id: 501,
      feature_id: 31,
      feature: { id: 31, name: 'Origin shielding', service: 'CDN', is_free: true },
      created_date: '2026-05-07T12:00:00Z',
    };
    const { message, detail, button } = modal(commandConfirmation(disableFreeFeature, { activatedFeatureId: 601 }, feature, conn));
    assert.equal(message, 'Disable the free feature Origin shielding on prod?');
    assert.equal(button, 'Disable');
    assert.equal(
      detail,
      [
        'Origin shielding (CDN) stops working for client 501: the account loses this free feature until it is activated again.',
        '',
        'Connection: prod (https://api.example.com)',
        'Feature: Origin shielding (feature 31)',
        'Service: CDN',
        'Client: 501',
        'Activated: 2026-05-07 12:00:00 UTC',
        'Activation id: 601',
        '',
        'This cannot be undone. Sent once; never retried automatically.',
      ].join('\n'),
    );
    const bare = modal(
      commandConfirmation(disableFreeFeature, { activatedFeatureId: 601 }, { feature: null, feature_id: null, client_id: null, created_date: null }, conn),
    );
    assert.match(
      bare.detail,
      /^activated feature 601 \(not stated\) stops working for its client: .*\n\n.*\nFeature: activated feature 601\nService: not stated\nClient: not stated\nActivated: not stated\nActivation id: 601\n/,
    );
  });

  it('Delete Report Task: template (ours when known), created, status, period, uuid; its result goes with it', () => {
    const id = '6b1f0c9e-0003-4000-8000-000000000003';
    const task = {
      uuid: id,
      created_at: '2026-04-02T08:00:00Z',
      status: 'completed',
      task_type: 'Report',
      parameters: { type: 'ResellerPlans' },
      processing_notes: { period: '2026-03' },
    };
    const { message, detail } = modal(commandConfirmation(deleteReportTask, { id }, { task }, conn));
    assert.equal(message, 'Delete report task ResellerPlans on prod?');
    assert.match(
      detail,
      /^Its result is deleted with it\.\n\nConnection: prod .*\nTemplate: ResellerPlans\nCreated: 2026-04-02 08:00:00 UTC\nStatus: Completed\nPeriod: 2026-03\nUUID: 6b1f0c9e-0003-4000-8000-000000000003\n\nThis cannot be undone\./,
    );
    const ours = modal(commandConfirmation(deleteReportTask, { id }, { task: { uuid: id, status: 'Weird' }, templateCode: 'ResellerStats' }, conn));
    assert.match(ours.detail, /\nTemplate: ResellerStats\nCreated: not stated\nStatus: Weird \(unknown status\)\nUUID: /);
  });

  it("every input has a title for people: the command's step and the tool's schema name it so", () => {
    const titles = (op: { fields: () => { shape: object } }) =>
      Object.fromEntries(Object.entries(op.fields().shape).map(([name, schema]) => [name, fieldTitle(schema, name)]));
    assert.deepEqual(titles(deleteReportTask), { id: 'Report task UUID' });
    assert.deepEqual(titles(disableFreeFeature), { activatedFeatureId: 'Activated feature ID' });
    assert.deepEqual(titles(deleteNotificationSetting), { resellerId: 'Reseller ID', notificationSettingsId: 'Notification setting ID' });
  });

  it('a refused input names the field and the rule: the request is never built', () => {
    assert.throws(
      () => deleteReportTask.request({ id: 'not-a-uuid' }),
      (e: Error & { kind?: string }) => e.kind === 'validation' && /id/.test(e.message),
    );
    assert.throws(
      () => disableFreeFeature.request({ activatedFeatureId: 0 }),
      (e: Error & { kind?: string }) => e.kind === 'validation' && /activatedFeatureId/.test(e.message),
    );
  });

  it('an operation that asks for a typed name gets the typed prompt instead of the modal, with the same facts and undo', () => {
    const typed = { ...deleteReportTask, typedName: (_input: { id: string }, thing?: { templateCode?: string }) => thing?.templateCode };
    const id = '6b1f0c9e-0003-4000-8000-000000000003';
    const asked = commandConfirmation(typed, { id }, { task: { uuid: id, status: 'Completed' }, templateCode: 'ResellerPlans' }, conn);
    assert.equal(asked.typed?.name, 'ResellerPlans');
    assert.match(
      asked.typed?.thing ?? '',
      /^The report task ResellerPlans \(Template ResellerPlans, Created not stated, Status Completed, UUID 6b1f0c9e-0003-4000-8000-000000000003\)$/,
    );
    assert.match(asked.typed?.consequence ?? '', /Its result is deleted with it$/);
    assert.equal(commandConfirmation(typed, { id }, { task: { uuid: id } }, conn).typed, undefined, 'no name known: the modal');
  });
});

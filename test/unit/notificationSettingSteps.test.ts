// The notification setting wizards are made from their operations' inputs (#54 item 2): each step
// fills one field, named by its title and checked by its rule, in the operation's order; the setting
// picked or typed is declared with the field it fills. (The review: notificationSettingReview.test.ts.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createNotificationSetting, updateNotificationSetting } from '../../src/operations/notificationSettings';
import { deleteNotificationSetting } from '../../src/operations/removals';
import { deleteSettingSteps, notificationSettingSteps } from '../../src/features/identity/notificationSettingFlow';
import { fieldTitle, operationInput } from '../../src/ui/operationSteps';
import { runWizard, stepIndex } from '../../src/ui/wizard';
import { ScriptedUi } from '../support/scriptedUi';

const conn = { name: 'Prod', baseUrl: 'https://api.example' };
const source = { lookup: () => undefined, logError: () => undefined };

/** Each input's title, as the operation declares it. */
const titles = (op: { fields: () => { shape: object } }) =>
  Object.fromEntries(Object.entries(op.fields().shape).map(([name, schema]) => [name, fieldTitle(schema, name)]));

describe('notification setting wizards: the operations inputs as steps', () => {
  it('every input of create, update and delete has a title for people', () => {
    const ids = { resellerId: 'Reseller ID', notificationSettingsId: 'Notification setting ID' };
    const values = { notification_type: 'Notification type', email: 'Email address to notify', enabled: 'Enabled' };
    assert.deepEqual(titles(createNotificationSetting), { resellerId: ids.resellerId, ...values });
    assert.deepEqual(titles(updateNotificationSetting), { ...ids, ...values });
    assert.deepEqual(titles(deleteNotificationSetting), ids);
  });

  it("Update asks each input of updateNotificationSetting in its order, by its title and rule; the state is the operation's input", async () => {
    const ui = new ScriptedUi(['701', '0', '802', 'failed_login', 'ops@example', 'ops@example.com', 'Disabled']);
    const steps = notificationSettingSteps('update', source, conn);
    const done = await runWizard({}, { title: 'Update', ui, steps });
    assert.deepEqual(
      ui.prompts.map((p) => [p.kind, p.prompt, p.refusals]),
      [
        ['input', 'Reseller ID (a positive whole number)', []],
        ['input', 'Notification setting ID (a positive whole number)', ['Notification setting ID: must be at least 1']],
        ['pick', 'Notification type', []],
        ['input', 'Email address to notify (at most 254 characters)', ['Email address to notify: must be an email address like name@example.com']],
        ['pick', 'Enabled', []],
      ],
    );
    assert.deepEqual(ui.prompts[4]!.items, ['Enabled', 'Disabled']);
    const input = { resellerId: 701, notificationSettingsId: 802, notification_type: 'failed_login', email: 'ops@example.com', enabled: false };
    assert.deepEqual({ ...done, before: undefined }, { ...input, before: undefined });
    assert.deepEqual(operationInput(updateNotificationSetting, input), input);
    // Retry reopens the last step by its field's name.
    assert.equal(stepIndex(steps, 'enabled'), 4);
  });

  it('Delete asks the reseller and the setting, by the titles of deleteNotificationSetting', async () => {
    const ui = new ScriptedUi(['0', '701', '802']);
    const done = await runWizard({}, { title: 'Delete', ui, steps: deleteSettingSteps(source) });
    assert.equal(done?.resellerId, 701);
    assert.equal(done?.notificationSettingsId, 802);
    assert.deepEqual(
      ui.prompts.map((p) => [p.prompt, p.refusals]),
      [
        ['Reseller ID (a positive whole number)', ['Reseller ID: must be at least 1']],
        ['Notification setting ID (a positive whole number)', []],
      ],
    );
  });
});

// "Add Reseller Notification Setting…" ends on a review that is createNotificationSetting's own
// confirmation (src/operations/notificationSettings.ts), one line an item; Back from it reaches the
// values. (The operation on every face: operationParity.test.ts.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commandConfirmation } from '../../src/operations/commandConfirmation';
import { createNotificationSetting } from '../../src/operations/notificationSettings';
import { notificationSettingSteps } from '../../src/features/identity/notificationSettingFlow';
import { writeConfirmationText } from '../../src/ui/text/writeConfirmation';
import { runWizard } from '../../src/ui/wizard';
import { PRESS_BACK, ScriptedUi } from '../support/scriptedUi';

const conn = { name: 'Prod', baseUrl: 'https://api.example' };
const source = { lookup: () => undefined, logError: () => undefined };
const SUBMIT = '$(check) Create';

describe('Add Reseller Notification Setting: the review', () => {
  it("the review step's lines are the operation's confirmation; Back reaches the values", async () => {
    const ui = new ScriptedUi(['702', 'failed_login', 'ops@example.com', 'Disabled', PRESS_BACK, 'Enabled', SUBMIT]);
    const done = await runWizard({}, { title: 'Add', ui, steps: notificationSettingSteps('create', source, conn) });
    assert.deepEqual({ ...done }, { resellerId: 702, notification_type: 'failed_login', email: 'ops@example.com', enabled: true });
    const input = { resellerId: 702, notification_type: 'failed_login' as const, email: 'ops@example.com', enabled: true };
    const modal = writeConfirmationText(commandConfirmation(createNotificationSetting, input, undefined, conn).summary);
    const reviews = ui.prompts.filter((p) => p.items?.[0] === SUBMIT);
    assert.equal(reviews.length, 2, 'reviewed, Back to Enabled, reviewed again');
    assert.equal(reviews[1]!.prompt, `${modal.message} Review the values`);
    assert.deepEqual(reviews[1]!.items, [SUBMIT, ...modal.detail.split('\n').filter((l) => l !== '')]);
    assert.ok(reviews[0]!.items?.includes('Enabled: no') && reviews[1]!.items?.includes('Enabled: yes'));
    assert.equal(ui.remainingAnswers, 0);
  });
});

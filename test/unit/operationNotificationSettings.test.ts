// The notification setting writes of the operation catalog (src/operations/notificationSettings.ts)
// as the command shows them: every value sent in the facts, an update's values before and after,
// the class of this call (switched off, another type or address, or values not known: destructive);
// a bad input refused naming the field and the rule; the read of a setting not there fails, so
// nothing is asked. (The chat tool and MCP: operationParity.test.ts.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commandConfirmation } from '../../src/operations/commandConfirmation';
import { createNotificationSetting, updateNotificationSetting } from '../../src/operations/notificationSettings';
import { writeConfirmationText } from '../../src/ui/text/writeConfirmation';
import { operationSim, PROD as conn, refused } from '../support/operationSim';

const setting = { resellerId: 701, notificationSettingsId: 801 };
const now = { notification_type: 'deletion_request' as const, email: 'ops@example.com', enabled: true };
const text = (c: ReturnType<typeof commandConfirmation>) => writeConfirmationText(c.summary);

describe('notification setting writes as the command confirms them', () => {
  it('Create shows every value it sends and where the notifications go; a plain write', () => {
    const asked = commandConfirmation(
      createNotificationSetting,
      { resellerId: 701, notification_type: 'failed_login', email: 'a@example.com' },
      undefined,
      conn,
    );
    assert.equal(asked.summary.destructive, false);
    const shown = text(asked);
    assert.equal(shown.message, 'Create a failed_login notification setting for reseller 701 on Prod?');
    assert.equal(shown.button, 'Create');
    assert.match(
      shown.detail,
      /^a@example\.com gets failed_login notifications for this reseller\.\n\nConnection: Prod \(https:\/\/api\.example\)\nReseller: 701\nType: failed_login\nEmail: a@example\.com\nEnabled: not sent \(on: the platform's default\)\n\nSent once when you choose Create/,
    );
    const off = text(
      commandConfirmation(
        createNotificationSetting,
        { resellerId: 701, notification_type: 'failed_login', email: 'a@example.com', enabled: false },
        undefined,
        conn,
      ),
    );
    assert.match(off.detail, /^It is kept, but nothing is sent to a@example\.com until it is enabled\.\n[\s\S]*\nEnabled: no\n/);
  });

  it('Update shows each value before and after; one that loses nothing is a plain write', () => {
    const same = commandConfirmation(updateNotificationSetting, { ...setting, ...now, email: 'OPS@example.com' }, now, conn);
    assert.equal(same.summary.destructive, false, 'the same address in other capitals');
    const shown = text(same);
    assert.equal(shown.message, 'Update notification setting 801 of reseller 701 on Prod?');
    assert.equal(shown.button, 'Update');
    assert.match(
      shown.detail,
      /\nReseller: 701\nSetting: 801\nType: deletion_request -> deletion_request\nEmail: ops@example\.com -> OPS@example\.com\nEnabled: yes -> yes\n/,
    );
    const kept = text(
      commandConfirmation(updateNotificationSetting, { ...setting, notification_type: 'deletion_request', email: 'ops@example.com' }, now, conn),
    );
    assert.match(kept.detail, /\nEnabled: yes -> not sent \(kept as it is\)\n/);
  });

  it('Update that switches off, changes the type or the address, or whose values are not known, is destructive and says why', () => {
    const off = commandConfirmation(
      updateNotificationSetting,
      { ...setting, notification_type: 'failed_login', email: 'x@example.com', enabled: false },
      now,
      conn,
    );
    assert.equal(off.summary.destructive, true);
    assert.match(
      text(off).detail,
      /^Destructive: it switches the notification off: nothing is sent until it is enabled again; it changes which notification this is: the address stops getting the current one; it sends the notifications to another address: the current one stops getting them\. The setting takes the values after each arrow\.\n[\s\S]*\n\nThis cannot be undone\./,
    );
    const unknown = commandConfirmation(updateNotificationSetting, { ...setting, ...now }, undefined, conn);
    assert.equal(unknown.summary.destructive, true);
    assert.match(
      text(unknown).detail,
      /^Destructive: its current values could not be read[\s\S]*\nType: not known -> deletion_request\nEmail: not known -> ops@example\.com\nEnabled: not known -> yes\n/,
    );
  });

  it('a refused input names the field and the rule: the request is never built', () => {
    refused(() => createNotificationSetting.request({ resellerId: 701, notification_type: 'failed_login', email: 'not-an-address' }), /email/);
    refused(() => createNotificationSetting.request({ resellerId: 0, notification_type: 'failed_login', email: 'a@example.com' }), /resellerId/);
    refused(
      () => updateNotificationSetting.request({ ...setting, notification_type: 'sometimes' as 'failed_login', email: 'a@example.com' }),
      /notification_type/,
    );
    refused(() => updateNotificationSetting.request({ ...setting, notificationSettingsId: -1, ...now }), /notificationSettingsId/);
    assert.deepEqual(updateNotificationSetting.request({ ...setting, ...now }).call, { params: setting, body: now });
    assert.deepEqual(createNotificationSetting.request({ resellerId: 701, notification_type: 'failed_login', email: 'a@example.com' }).call, {
      params: { resellerId: 701 },
      body: { notification_type: 'failed_login', email: 'a@example.com' },
    });
  });
});

describe('the target read of a notification setting update, against the simulator', { timeout: 60_000 }, () => {
  const t = operationSim('operation-notification-key-3c9e');

  it("the setting is read from its reseller's list; one not there is a notFound: nothing is asked, nothing sent", async () => {
    const found = await updateNotificationSetting.read(t.bound.api, { ...setting, ...now });
    assert.equal(found?.email, 'ops@reseller-one.example');
    await assert.rejects(
      updateNotificationSetting.read(t.bound.api, { ...setting, notificationSettingsId: 899, ...now }),
      (e: Error & { kind?: string }) => e.kind === 'notFound' && /No notification setting 899 of reseller 701/.test(e.message),
    );
    const { said, asked } = await t.run('update_notification_setting', { ...setting, notificationSettingsId: 899, ...now });
    assert.deepEqual(asked, []);
    assert.match(said, /899[\s\S]*Nothing was asked or sent\.$/);
    assert.deepEqual(t.writes(), []);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deleteNotificationSettingSummary, notificationSettingPickText } from '../../src/features/identity/model/notificationSettingText';
import { writeConfirmationText } from '../../src/ui/text/writeConfirmation';

describe('a notification setting as a pick item, and deleting it', () => {
  it('type and email in the label, enabled or not and the id beside', () => {
    assert.deepEqual(notificationSettingPickText({ id: 801, reseller: 701, notification_type: 'failed_login', email: 'ops@example.com', enabled: true }), {
      label: '$(bell) failed_login → ops@example.com',
      description: 'enabled · setting 801',
    });
    assert.deepEqual(notificationSettingPickText({ id: 802, enabled: false }), { label: '$(bell-slash) type not stated → email not stated', description: 'disabled · setting 802' });
  });

  it('the confirmation names the connection, reseller, type and email; a typed id says what is not known', () => {
    const conn = { name: 'prod', baseUrl: 'https://api.example.com' };
    const known = writeConfirmationText(deleteNotificationSettingSummary(701, { id: 801, notification_type: 'failed_login', email: 'ops@example.com', enabled: true }, conn));
    assert.equal(known.message, 'Delete notification setting 801 of reseller 701 on prod?');
    assert.equal(known.button, 'Delete');
    assert.match(known.detail, /^ops@example\.com stops getting failed_login emails for this reseller\.\n\nConnection: prod \(https:\/\/api\.example\.com\)\nReseller: 701\nSetting: 801\nType: failed_login\nEmail: ops@example\.com\nEnabled: yes\n\nThis cannot be undone\./);
    const typed = writeConfirmationText(deleteNotificationSettingSummary(701, { id: 999 }, conn));
    assert.match(typed.detail, /^Connection: prod .*\nReseller: 701\nSetting: 999\nType: not known \(the setting was typed by id\)\nEmail: not known \(the setting was typed by id\)/);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { notificationSettingPickText } from '../../src/features/identity/model/notificationSettingText';

describe('a notification setting as a pick item', () => {
  it('type and email in the label, enabled or not and the id beside', () => {
    assert.deepEqual(notificationSettingPickText({ id: 801, reseller: 701, notification_type: 'failed_login', email: 'ops@example.com', enabled: true }), {
      label: '$(bell) failed_login → ops@example.com',
      description: 'enabled · setting 801',
    });
    assert.deepEqual(notificationSettingPickText({ id: 802, enabled: false }), {
      label: '$(bell-slash) type not stated → email not stated',
      description: 'disabled · setting 802',
    });
  });
});

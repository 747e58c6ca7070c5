// #52 item 3: the rules that make a change that is not a deletion destructive, one for every face
// (the command's modal, the chat tool's confirmation, MCP's refusal without --allow-destructive).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { configLoss, notificationSettingLoss, profileTemplateLoss } from '../../src/ui/text/destructiveChanges';

describe('what a change loses', () => {
  const on = { notification_type: 'deletion_request', email: 'ops@example.com', enabled: true };
  it('a notification setting: switched off, turned into another notification, or sent elsewhere', () => {
    assert.match(notificationSettingLoss(on, { ...on, enabled: false })!, /switches the notification off/);
    assert.match(notificationSettingLoss(on, { ...on, notification_type: 'failed_login' })!, /changes which notification this is/);
    assert.match(notificationSettingLoss(on, { ...on, email: 'attacker@evil.example' })!, /another address/);
    assert.match(notificationSettingLoss(undefined, on)!, /could not be read/);
  });
  it('a notification setting kept, switched on, or the same address in other case: nothing lost', () => {
    assert.equal(notificationSettingLoss(on, on), undefined);
    assert.equal(notificationSettingLoss({ ...on, enabled: false }, on), undefined);
    assert.equal(notificationSettingLoss(on, { ...on, email: ' OPS@example.com ' }), undefined);
    assert.equal(notificationSettingLoss(on, { email: on.email }), undefined, 'fields not sent change nothing');
  });
  it('a profile moved to another template loses its field values; the same template, or none given, nothing', () => {
    assert.match(profileTemplateLoss(2, 3)!, /field values are dropped/);
    assert.equal(profileTemplateLoss(2, 2), undefined);
    assert.equal(profileTemplateLoss(2, undefined), undefined);
    assert.equal(profileTemplateLoss(2, null), undefined);
  });
  it('a configuration change that removes or overwrites says how many', () => {
    assert.equal(configLoss(0, 0), undefined);
    assert.match(configLoss(1, 0)!, /^it removes 1 of the app's values/);
    assert.match(configLoss(2, 3)!, /^it removes 2 and overwrites 3 of the app's values/);
  });
});

// A reseller's notification setting created or replaced, described once (its deletion: removals.ts).
// An update that switches the setting off, changes which notification it is or sends it to another
// address is destructive (the current address stops getting it), and so is one whose current
// values could not be read: every face says so, and MCP refuses it without --allow-destructive.
import * as z from 'zod';
import { endpoints } from '../schema/endpoints';
import { notificationSettingLoss } from '../ui/text/destructiveChanges';
import { checkedRequest, defineOperation, idOf, readNothing } from './operation';
import { findSetting, settingKey, type NotificationSettingThing } from './removals';

const create = () => endpoints.createNotificationSetting;
const update = () => endpoints.updateNotificationSetting;
const values = () => ({
  notification_type: create().body.shape.notification_type.describe('deletion_request or failed_login').meta({ title: 'Notification type' }),
  email: create().body.shape.email.describe('Where the notification goes').meta({ title: 'Email address to notify' }),
  enabled: create().body.shape.enabled.describe('On or off (default on)').meta({ title: 'Enabled' }),
});
type Values = { notification_type: string; email: string; enabled?: boolean | undefined };

const yesNo = (v: boolean | null | undefined) => (v === undefined || v === null ? 'not known' : v ? 'yes' : 'no');
const body = ({ notification_type, email, enabled }: Values) => ({ notification_type, email, ...(enabled === undefined ? {} : { enabled }) });

export const createNotificationSetting = defineOperation({
  name: 'createNotificationSetting',
  title: 'Create Notification Setting',
  noun: 'The new notification setting',
  kind: 'write',
  button: 'Create',
  done: (_input, _none, made) => `Created notification setting ${idOf(made)}`,
  fields: () => z.strictObject({ resellerId: settingKey.resellerId(create().params.shape.resellerId), ...values() }),
  request: ({ resellerId, ...v }) => checkedRequest(create(), { params: { resellerId }, body: body(v) }),
  action: ({ resellerId, notification_type }) => `Create a ${notification_type} notification setting for reseller ${resellerId}`,
  // Nothing to read: it does not exist yet (a reseller the platform does not know is its 404).
  read: readNothing,
  readsNothing: true,
  target: ({ resellerId, notification_type, email, enabled }) => ({
    facts: [
      ['Reseller', String(resellerId)],
      ['Type', notification_type],
      ['Email', email],
      ['Enabled', enabled === undefined ? "not sent (on: the platform's default)" : yesNo(enabled)],
    ],
    consequence:
      enabled === false
        ? `It is kept, but nothing is sent to ${email} until it is enabled.`
        : `${email} gets ${notification_type} notifications for this reseller.`,
  }),
});

export const updateNotificationSetting = defineOperation({
  name: 'updateNotificationSetting',
  title: 'Update Notification Setting',
  noun: 'The notification setting',
  kind: 'write',
  destructiveWhen: 'it switches the setting off, changes which notification it is, or sends it to another address (the current address stops getting it)',
  button: 'Update',
  done: ({ notificationSettingsId }) => `Updated notification setting ${notificationSettingsId}`,
  fields: () =>
    z.strictObject({
      resellerId: settingKey.resellerId(update().params.shape.resellerId),
      notificationSettingsId: settingKey.notificationSettingsId(update().params.shape.notificationSettingsId),
      ...values(),
    }),
  request: ({ resellerId, notificationSettingsId, ...v }) => checkedRequest(update(), { params: { resellerId, notificationSettingsId }, body: body(v) }),
  action: ({ resellerId, notificationSettingsId }) => `Update notification setting ${notificationSettingsId} of reseller ${resellerId}`,
  // A spec-dialect server has no list to read one setting from: its values are then not known, and the change put as destructive.
  read: (api, { resellerId, notificationSettingsId }, signal): Promise<NotificationSettingThing | undefined> =>
    api.http.dialect === 'spec' ? Promise.resolve(undefined) : findSetting(api, resellerId, notificationSettingsId, signal),
  target: ({ resellerId, notificationSettingsId, notification_type, email, enabled }, before) => {
    const was = (v: string | null | undefined) => v || 'not known';
    const loss = notificationSettingLoss(before, { notification_type, email, enabled });
    return {
      facts: [
        ['Reseller', String(resellerId)],
        ['Setting', String(notificationSettingsId)],
        ['Type', `${was(before?.notification_type)} -> ${notification_type}`],
        ['Email', `${was(before?.email)} -> ${email}`],
        ['Enabled', `${yesNo(before?.enabled)} -> ${enabled === undefined ? 'not sent (kept as it is)' : yesNo(enabled)}`],
      ],
      consequence: 'The setting takes the values after each arrow.',
      ...(loss ? { destructive: loss } : {}),
    };
  },
});

// A reseller's notification setting as a quick pick item, and what deleting one is told before it
// is sent. Plain text (the feature adds the values): tested in Node.
import type { WriteSummary } from '../../../ui/text/writeConfirmation';

export interface SettingFacts {
  id: number;
  reseller?: number | null;
  notification_type?: string | null;
  email?: string | null;
  enabled?: boolean | null;
}

const enabledText = (enabled: boolean | null | undefined) => (enabled === true ? 'enabled' : enabled === false ? 'disabled' : 'enabled or not: not stated');

/** "failed_login → ops@example.com", with enabled or not and the id beside it. */
export function notificationSettingPickText(setting: SettingFacts): { label: string; description: string } {
  return {
    label: `${setting.enabled === false ? '$(bell-slash)' : '$(bell)'} ${setting.notification_type ?? 'type not stated'} → ${setting.email ?? 'email not stated'}`,
    description: `${enabledText(setting.enabled)} · setting ${setting.id}`,
  };
}

/** The modal before "Delete Notification Setting": the connection, reseller, type and email. */
export function deleteNotificationSettingSummary(resellerId: number, setting: SettingFacts, connection: { name: string; baseUrl: string }): WriteSummary {
  const unknown = 'not known (the setting was typed by id)';
  return {
    action: `Delete notification setting ${setting.id} of reseller ${resellerId}`,
    connection,
    warning: setting.email ? `${setting.email} stops getting ${setting.notification_type ?? ''} emails for this reseller.`.replace('  ', ' ') : undefined,
    facts: [
      ['Reseller', String(resellerId)],
      ['Setting', String(setting.id)],
      ['Type', setting.notification_type ?? unknown],
      ['Email', setting.email ?? unknown],
      ['Enabled', setting.enabled === true ? 'yes' : setting.enabled === false ? 'no' : unknown],
    ],
    destructive: true,
    button: 'Delete',
  };
}

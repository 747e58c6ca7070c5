// A reseller's notification setting as a quick pick item (what deleting one is told before it is
// sent is the catalog operation's: src/operations/removals.ts). Plain text: tested in Node.
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
  const icon = setting.enabled === false ? '$(bell-slash)' : '$(bell)';
  return {
    label: `${icon} ${setting.notification_type ?? 'type not stated'} → ${setting.email ?? 'email not stated'}`,
    description: `${enabledText(setting.enabled)} · setting ${setting.id}`,
  };
}

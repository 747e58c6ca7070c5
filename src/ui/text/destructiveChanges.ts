// When a change that is not a deletion still loses something (it disables, redirects, or replaces
// without a way back), in our words: the same rule and sentence for the command, the chat tool and
// MCP. Undefined means the change is an ordinary write. (A schedule's pruning: scheduleText.ts.)

interface NotificationSettingValues {
  notification_type?: string | null;
  email?: string | null;
  enabled?: boolean | null;
}

/** A notification setting switched off, turned into another notification, or sent to another address (the old one stops getting it). */
export function notificationSettingLoss(before: NotificationSettingValues | undefined, after: NotificationSettingValues): string | undefined {
  if (!before) return 'its current values could not be read, so this may switch it off or send its notifications to another address';
  const said: string[] = [];
  if (before.enabled !== false && after.enabled === false) said.push('it switches the notification off: nothing is sent until it is enabled again');
  if (before.notification_type && after.notification_type && before.notification_type !== after.notification_type)
    said.push('it changes which notification this is: the address stops getting the current one');
  if (before.email && after.email !== undefined && after.email !== null && before.email.trim().toLowerCase() !== after.email.trim().toLowerCase()) {
    said.push('it sends the notifications to another address: the current one stops getting them');
  }
  return said.length ? said.join('; ') : undefined;
}

/** A protection profile moved to another template: its field values belong to the old one. */
export function profileTemplateLoss(beforeTemplateId: number | null | undefined, afterTemplateId: number | null | undefined): string | undefined {
  if (afterTemplateId === undefined || afterTemplateId === null || beforeTemplateId === afterTemplateId) return undefined;
  return "it moves the profile to another template: the old template's field values are dropped, and changing back does not bring them back";
}

/** An edge app's configuration change that removes or overwrites values: "it removes 1 and overwrites 2 of the app's values …". */
export function configLoss(removed: number, overwritten: number): string | undefined {
  const parts = [removed && `removes ${removed}`, overwritten && `overwrites ${overwritten}`].filter(Boolean);
  return parts.length ? `it ${parts.join(' and ')} of the app's values (listed above); the old values are not kept anywhere` : undefined;
}

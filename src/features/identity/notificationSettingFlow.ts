// The steps of "Add / Update / Delete Reseller Notification Setting…", made from the operation's
// inputs (#54 item 2): reseller, (setting,) type, email, enabled, each named by its field's title and
// checked by its own rule. The setting is picked from the reseller's list (typed where the server has
// none), its values prefilling the next steps.
import { NOTIFICATION_TYPES, type NotificationSetting } from '../../schema/iam';
import type { ListPages } from '../../platform/listPages';
import { commandConfirmation } from '../../operations/commandConfirmation';
import { createNotificationSetting, updateNotificationSetting } from '../../operations/notificationSettings';
import { deleteNotificationSetting } from '../../operations/removals';
import { operationReview } from '../../ui/operationReview';
import { pickFromList } from '../../ui/listPick';
import { askField, operationSteps } from '../../ui/operationSteps';
import type { WizardStep } from '../../ui/wizard';
import { notificationSettingPickText } from './model/notificationSettingText';
import type { KnownSetting } from './notificationSettingStore';

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Named as the operations' inputs, so each step fills its field. */
export interface NotificationSettingState {
  resellerId?: number;
  notificationSettingsId?: number;
  notification_type?: NotificationType;
  email?: string;
  enabled?: boolean;
  /** The setting's values before this update, as the platform listed them or this connection last saw them; absent: not known. */
  before?: { notification_type?: string | null; email?: string | null; enabled?: boolean | null };
}

export const NOTIFICATION_TYPE_MEANINGS: Record<NotificationType, string> = {
  deletion_request: 'an email when someone asks to delete an account of this reseller',
  failed_login: 'an email when a sign-in to an account of this reseller fails',
};

/** Where the setting step finds what it offers and prefills. */
export interface SettingSource {
  /** What this connection last saw of a setting (created or saved here). */
  lookup: (reseller: number, id: number) => KnownSetting | undefined;
  /** The reseller's settings a page at a time; without it the id is typed. */
  pages?: (resellerId: number) => ListPages<NotificationSetting>;
  logError: (error: unknown) => void;
}

const asType = (text: string | null | undefined): NotificationType | undefined =>
  (NOTIFICATION_TYPES as readonly string[]).includes(text ?? '') ? (text as NotificationType) : undefined;

/** Delete's steps: the reseller (prefilled, the last one used), then the setting picked from its list. */
export function deleteSettingSteps(source: SettingSource): WizardStep<NotificationSettingState>[] {
  return operationSteps<ReturnType<typeof deleteNotificationSetting.fields>, NotificationSettingState>(deleteNotificationSetting, {
    notificationSettingsId: settingStep(source, deleteNotificationSetting),
  });
}

/** The setting, picked from the reseller's list or typed; what is known of it prefills the fields. */
export function settingStep(
  source: SettingSource,
  op: typeof deleteNotificationSetting | typeof updateNotificationSetting,
): WizardStep<NotificationSettingState> {
  return {
    id: 'notificationSettingsId',
    prompt: async (s, ctx) => {
      const resellerId = s.resellerId!;
      const listed = new Map<number, NotificationSetting>();
      const pages = source.pages?.(resellerId);
      // The typed box is the operation's field (the same in update and delete); the pick also prefills the values.
      const typed = () => askField(ctx, op as typeof deleteNotificationSetting, 'notificationSettingsId', s.notificationSettingsId);
      s.notificationSettingsId = pages
        ? await pickFromList<NotificationSetting, number>(ctx, {
            noun: `notification setting of reseller ${resellerId}`,
            load: () => pages.first(),
            missing: () => false,
            more: { has: () => pages.hasMore(), load: () => pages.more(), describe: () => pages.shown() },
            logError: source.logError,
            item: (setting) => (listed.set(setting.id, setting), { ...notificationSettingPickText(setting), value: setting.id }),
            emptyDetail: `Reseller ${resellerId} has no notification settings`,
            current: s.notificationSettingsId,
            typed,
          })
        : await typed();
      // The platform's own values first; else what this connection last saw of that setting.
      const picked = listed.get(s.notificationSettingsId);
      s.before = picked ?? source.lookup(resellerId, s.notificationSettingsId);
      if (picked) {
        s.notification_type = asType(picked.notification_type) ?? s.notification_type;
        s.email = picked.email ?? s.email;
        s.enabled = picked.enabled ?? s.enabled;
        return;
      }
      const known = source.lookup(resellerId, s.notificationSettingsId);
      if (known) {
        s.notification_type ??= asType(known.notification_type);
        s.email ??= known.email ?? undefined;
        s.enabled ??= known.enabled ?? undefined;
      }
    },
  };
}

export const REVIEW_STEP = 'review';
export const SUBMIT_SETTING = '$(check) Create';

/** Add's last step: createNotificationSetting's confirmation (src/operations/notificationSettings.ts), one line an item. */
export function settingReview(s: NotificationSettingState, connection: { name: string; baseUrl: string }) {
  const input = { resellerId: s.resellerId!, notification_type: s.notification_type!, email: s.email!, enabled: s.enabled };
  const { summary } = commandConfirmation(createNotificationSetting, input, undefined, connection);
  return operationReview<'submit' | 'info'>(summary, { label: SUBMIT_SETTING, value: 'submit' }, 'info');
}

/** How the values are asked beyond their fields: the type's and enabled's choices in words, the email's example. */
const VALUE_ASKS = {
  notification_type: { choices: NOTIFICATION_TYPES.map((t) => ({ value: t, label: t, description: NOTIFICATION_TYPE_MEANINGS[t] })) },
  email: { placeholder: 'ops@example.com' },
  enabled: {
    choices: [
      { value: true, label: 'Enabled', description: 'notifications are sent' },
      { value: false, label: 'Disabled', description: 'kept, but nothing is sent' },
    ],
  },
};

/** The steps, one an input of the operation; Add ends on the review (the confirmation), Update on Enabled (a loss is asked in a modal). */
export function notificationSettingSteps(
  mode: 'create' | 'update',
  source: SettingSource,
  connection: { name: string; baseUrl: string },
): WizardStep<NotificationSettingState>[] {
  if (mode === 'update')
    return operationSteps<ReturnType<typeof updateNotificationSetting.fields>, NotificationSettingState>(updateNotificationSetting, {
      ...VALUE_ASKS,
      notificationSettingsId: settingStep(source, updateNotificationSetting),
    });
  return [
    ...operationSteps<ReturnType<typeof createNotificationSetting.fields>, NotificationSettingState>(createNotificationSetting, VALUE_ASKS),
    {
      id: REVIEW_STEP,
      prompt: async (s, ctx) => {
        const review = settingReview(s, connection);
        for (;;) if ((await ctx.pick(review)) === 'submit') return;
      },
    },
  ];
}

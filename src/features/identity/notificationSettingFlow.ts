// The steps of "Add / Update / Delete Reseller Notification Setting…": reseller, (setting,) type,
// email, enabled. The setting picked from the reseller's list (typed where the server has none),
// its values prefilling the next steps; every field checked as typed against the spec.
import {
  NOTIFICATION_TYPES,
  createNotificationSettingEndpoint,
  notificationSettingRequest,
  updateNotificationSettingEndpoint,
  type NotificationSetting,
} from '../../schema/iam';
import type { ListPages } from '../../platform/listPages';
import { commandConfirmation } from '../../operations/commandConfirmation';
import { createNotificationSetting } from '../../operations/notificationSettings';
import { operationReview } from '../../ui/operationReview';
import { fieldProblem, parseWholeNumber, wholeNumberProblem } from '../../ui/fieldRules';
import { pickFromList } from '../../ui/listPick';
import type { StepContext, WizardStep } from '../../ui/wizard';
import { notificationSettingPickText } from './model/notificationSettingText';
import type { KnownSetting } from './notificationSettingStore';

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface NotificationSettingState {
  resellerId?: number;
  settingId?: number;
  notificationType?: NotificationType;
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

async function typedSettingId(ctx: StepContext, current: number | undefined): Promise<number> {
  const idSchema = updateNotificationSettingEndpoint.params.shape.notificationSettingsId;
  const text = await ctx.input({
    prompt: 'Notification setting ID',
    value: current === undefined ? '' : String(current),
    validate: (v) => wholeNumberProblem(idSchema, v, 'Setting ID'),
  });
  return parseWholeNumber(text)!;
}

/** The reseller, prefilled (the last one used); for "Delete…" and, with the setting step, "Update…". */
export function resellerStep(): WizardStep<NotificationSettingState> {
  const params = createNotificationSettingEndpoint.params.shape;
  return {
    prompt: async (s, ctx) => {
      const text = await ctx.input({
        prompt: 'Reseller ID',
        value: s.resellerId === undefined ? '' : String(s.resellerId),
        validate: (v) => wholeNumberProblem(params.resellerId, v, 'Reseller ID'),
      });
      s.resellerId = parseWholeNumber(text);
    },
  };
}

/** The setting, picked from the reseller's list or typed; what is known of it prefills the fields. */
export function settingStep(source: SettingSource): WizardStep<NotificationSettingState> {
  return {
    prompt: async (s, ctx) => {
      const resellerId = s.resellerId!;
      const listed = new Map<number, NotificationSetting>();
      const pages = source.pages?.(resellerId);
      const typed = () => typedSettingId(ctx, s.settingId);
      s.settingId = pages
        ? await pickFromList<NotificationSetting, number>(ctx, {
            noun: `notification setting of reseller ${resellerId}`,
            load: () => pages.first(),
            missing: () => false,
            more: { has: () => pages.hasMore(), load: () => pages.more(), describe: () => pages.shown() },
            logError: source.logError,
            item: (setting) => (listed.set(setting.id, setting), { ...notificationSettingPickText(setting), value: setting.id }),
            emptyDetail: `Reseller ${resellerId} has no notification settings`,
            current: s.settingId,
            typed,
          })
        : await typed();
      // The platform's own values first; else what this connection last saw of that setting.
      const picked = listed.get(s.settingId);
      s.before = picked ?? source.lookup(resellerId, s.settingId);
      if (picked) {
        s.notificationType = asType(picked.notification_type) ?? s.notificationType;
        s.email = picked.email ?? s.email;
        s.enabled = picked.enabled ?? s.enabled;
        return;
      }
      const known = source.lookup(resellerId, s.settingId);
      if (known) {
        s.notificationType ??= asType(known.notification_type);
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
  const input = { resellerId: s.resellerId!, notification_type: s.notificationType!, email: s.email!, enabled: s.enabled };
  const { summary } = commandConfirmation(createNotificationSetting, input, undefined, connection);
  return operationReview<'submit' | 'info'>(summary, { label: SUBMIT_SETTING, value: 'submit' }, 'info');
}

/** The steps; Add ends on the review (the confirmation), Update on Enabled (a loss is asked in a modal). */
export function notificationSettingSteps(
  mode: 'create' | 'update',
  source: SettingSource,
  connection: { name: string; baseUrl: string },
): WizardStep<NotificationSettingState>[] {
  const body = notificationSettingRequest.shape;
  const steps: WizardStep<NotificationSettingState>[] = [resellerStep()];
  if (mode === 'update') steps.push(settingStep(source));
  steps.push(
    {
      prompt: async (s, ctx) => {
        s.notificationType = await ctx.pick({
          placeholder: 'Notification type',
          items: NOTIFICATION_TYPES.map((t) => ({ label: t, description: NOTIFICATION_TYPE_MEANINGS[t], value: t })),
          activeValue: s.notificationType,
        });
      },
    },
    {
      prompt: async (s, ctx) => {
        s.email = (
          await ctx.input({
            prompt: 'Email address to notify (at most 254 characters)',
            value: s.email ?? '',
            placeholder: 'ops@example.com',
            validate: (v) => fieldProblem(body.email, v.trim(), 'Email'),
          })
        ).trim();
      },
    },
    {
      id: 'enabled',
      prompt: async (s, ctx) => {
        s.enabled = await ctx.pick({
          placeholder: `Send ${s.notificationType} notifications to ${s.email}?`,
          items: [
            { label: 'Enabled', description: 'notifications are sent', value: true },
            { label: 'Disabled', description: 'kept, but nothing is sent', value: false },
          ],
          activeValue: s.enabled ?? true,
        });
      },
    },
  );
  if (mode === 'create')
    steps.push({
      id: REVIEW_STEP,
      prompt: async (s, ctx) => {
        const review = settingReview(s, connection);
        for (;;) if ((await ctx.pick(review)) === 'submit') return;
      },
    });
  return steps;
}

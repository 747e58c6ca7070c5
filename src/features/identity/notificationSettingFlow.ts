// The steps of "Add / Update Reseller Notification Setting…": reseller, (setting,) type, email,
// enabled. Prefilled from what is known; every field checked as typed against the spec.
import { NOTIFICATION_TYPES, createNotificationSettingEndpoint, notificationSettingRequest, updateNotificationSettingEndpoint } from '../../schema/iam';
import { fieldProblem, parseWholeNumber, wholeNumberProblem } from '../../ui/fieldRules';
import type { WizardStep } from '../../ui/wizard';
import type { KnownSetting } from './notificationSettingStore';

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface NotificationSettingState {
  resellerId?: number;
  settingId?: number;
  notificationType?: NotificationType;
  email?: string;
  enabled?: boolean;
}

export const NOTIFICATION_TYPE_MEANINGS: Record<NotificationType, string> = {
  deletion_request: 'an email when someone asks to delete an account of this reseller',
  failed_login: 'an email when a sign-in to an account of this reseller fails',
};

export function notificationSettingSteps(
  mode: 'create' | 'update',
  lookup: (reseller: number, id: number) => KnownSetting | undefined,
): WizardStep<NotificationSettingState>[] {
  const params = (mode === 'create' ? createNotificationSettingEndpoint : updateNotificationSettingEndpoint).params.shape;
  const body = notificationSettingRequest.shape;
  const steps: WizardStep<NotificationSettingState>[] = [
    {
      prompt: async (s, ctx) => {
        const text = await ctx.input({
          prompt: 'Reseller ID',
          value: s.resellerId === undefined ? '' : String(s.resellerId),
          validate: (v) => wholeNumberProblem(params.resellerId, v, 'Reseller ID'),
        });
        s.resellerId = parseWholeNumber(text);
      },
    },
  ];
  if (mode === 'update') {
    steps.push({
      prompt: async (s, ctx) => {
        const idSchema = updateNotificationSettingEndpoint.params.shape.notificationSettingsId;
        const text = await ctx.input({
          prompt: 'Notification setting ID',
          value: s.settingId === undefined ? '' : String(s.settingId),
          validate: (v) => wholeNumberProblem(idSchema, v, 'Setting ID'),
        });
        s.settingId = parseWholeNumber(text);
        // Prefill the fields with what this connection last saw of that setting.
        const known = lookup(s.resellerId!, s.settingId!);
        if (known) {
          if (s.notificationType === undefined && (NOTIFICATION_TYPES as readonly string[]).includes(known.notification_type ?? '')) {
            s.notificationType = known.notification_type as NotificationType;
          }
          s.email ??= known.email ?? undefined;
          s.enabled ??= known.enabled ?? undefined;
        }
      },
    });
  }
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
  return steps;
}

// Identity: activated free features (endpoint 16), reseller notification settings (17, 18).
import { lazySchema } from './lazySchema';
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import { email, positiveId, lenientBool, lenientInt, lenientObject, requiredLenientInt, lenientText, typeError } from './schemaKit';

export const activatedFeature = lazySchema(() =>
  z.looseObject({
    id: lenientInt(),
    client_id: lenientInt(),
    feature_id: lenientInt(),
    feature: lenientObject({ id: lenientInt(), name: lenientText(), service: lenientText(), is_free: lenientBool() }),
    created_date: lenientText(),
  }),
);
export type ActivatedFeature = z.output<typeof activatedFeature>;

export const getFreeFeatureEndpoint = defineEndpoint('getActivatedFreeFeature', {
  errorShape: 'iam',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({ activatedFeatureId: positiveId() })),
  query: undefined,
  body: undefined,
  response: activatedFeature,
});

export const NOTIFICATION_TYPES = ['deletion_request', 'failed_login'] as const;

export const notificationSettingRequest = lazySchema(() =>
  z.strictObject({
    notification_type: z.enum(NOTIFICATION_TYPES, typeError(`must be one of ${NOTIFICATION_TYPES.join(', ')}`)),
    email: email(),
    enabled: z.boolean(typeError('must be true or false')).optional(),
  }),
);
export type NotificationSettingRequest = z.input<typeof notificationSettingRequest>;

export const notificationSetting = lazySchema(() =>
  z.looseObject({
    id: requiredLenientInt(),
    reseller: lenientInt(),
    notification_type: lenientText(),
    email: lenientText(),
    enabled: lenientBool(),
  }),
);
export type NotificationSetting = z.output<typeof notificationSetting>;

export const createNotificationSettingEndpoint = defineEndpoint('createNotificationSetting', {
  errorShape: 'iam',
  successStatus: 201,
  params: lazySchema(() => z.strictObject({ resellerId: positiveId() })),
  query: undefined,
  body: notificationSettingRequest,
  response: notificationSetting,
});

export const updateNotificationSettingEndpoint = defineEndpoint('updateNotificationSetting', {
  errorShape: 'iam',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({ resellerId: positiveId(), notificationSettingsId: positiveId() })),
  query: undefined,
  body: notificationSettingRequest,
  response: notificationSetting,
});

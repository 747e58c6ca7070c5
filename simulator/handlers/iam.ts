// Identity: activated free features (16, the list, disabling one), reseller notification settings
// (17, 18, the list, removing one).
import type { endpoints } from '../../src/schema/endpoints';
import { notFound, refused } from '../errors';
import type { SimState } from '../state/seed';
import type { NotificationSetting } from '../state/types';
import { paged } from './lists';
import type { Handler } from './types';

export const getActivatedFreeFeature: Handler<typeof endpoints.getActivatedFreeFeature> = ({ params }, { state }) => {
  const feature = state.freeFeatures.get(params.activatedFeatureId);
  if (!feature) throw notFound(`activated feature ${params.activatedFeatureId}`);
  return structuredClone(feature);
};

/** One setting per reseller, type and address: the server refuses a second, naming email. */
function refuseDuplicate(state: SimState, candidate: Omit<NotificationSetting, 'id' | 'enabled'>, exceptId?: number): void {
  for (const s of state.notificationSettings.values()) {
    if (
      s.id !== exceptId &&
      s.reseller === candidate.reseller &&
      s.notification_type === candidate.notification_type &&
      s.email.toLowerCase() === candidate.email.toLowerCase()
    ) {
      throw refused('body', 'email', `A ${candidate.notification_type} notification for this email already exists.`);
    }
  }
}

export const createNotificationSetting: Handler<typeof endpoints.createNotificationSetting> = ({ params, body }, { state }) => {
  if (!state.resellers.has(params.resellerId)) throw notFound(`reseller ${params.resellerId}`);
  const candidate = { reseller: params.resellerId, notification_type: body.notification_type, email: body.email };
  refuseDuplicate(state, candidate);
  const id = Math.max(800, ...state.notificationSettings.keys()) + 1;
  const setting: NotificationSetting = { id, ...candidate, enabled: body.enabled ?? true };
  state.notificationSettings.set(id, setting);
  return { ...setting };
};

export const updateNotificationSetting: Handler<typeof endpoints.updateNotificationSetting> = ({ params, body }, { state }) => {
  const setting = settingOf(state, params.resellerId, params.notificationSettingsId);
  refuseDuplicate(state, { reseller: setting.reseller, notification_type: body.notification_type, email: body.email }, setting.id);
  setting.notification_type = body.notification_type;
  setting.email = body.email;
  if (body.enabled !== undefined) setting.enabled = body.enabled;
  return { ...setting };
};

export const listFreeFeatures: Handler<typeof endpoints.listFreeFeatures> = (_input, { state }) =>
  [...state.freeFeatures.values()].sort((a, b) => a.id - b.id).map((f) => structuredClone(f));

export const disableFreeFeature: Handler<typeof endpoints.disableFreeFeature> = ({ params }, { state }) => {
  if (!state.freeFeatures.delete(params.activatedFeatureId)) throw notFound(`activated feature ${params.activatedFeatureId}`);
  return undefined;
};

function settingOf(state: SimState, resellerId: number, settingId: number): NotificationSetting {
  const setting = state.notificationSettings.get(settingId);
  if (!state.resellers.has(resellerId) || !setting || setting.reseller !== resellerId) {
    throw notFound(`notification setting ${settingId} of reseller ${resellerId}`);
  }
  return setting;
}

export const listNotificationSettings: Handler<typeof endpoints.listNotificationSettings> = ({ params, query }, { state }) => {
  if (!state.resellers.has(params.resellerId)) throw notFound(`reseller ${params.resellerId}`);
  const ordering = query?.ordering ?? 'id';
  const key = ordering.replace(/^-/, '') as keyof NotificationSetting;
  const sign = ordering.startsWith('-') ? -1 : 1;
  const all = [...state.notificationSettings.values()]
    .filter((s) => s.reseller === params.resellerId)
    .sort((a, b) => {
      const x = a[key] ?? a.id;
      const y = b[key] ?? b.id;
      return sign * (x < y ? -1 : x > y ? 1 : a.id - b.id);
    })
    .map((s) => ({ ...s }));
  return paged(`/iam/reselling/resellers/${params.resellerId}/notification_settings`, all, query, 10);
};

export const deleteNotificationSetting: Handler<typeof endpoints.deleteNotificationSetting> = ({ params }, { state }) => {
  const setting = settingOf(state, params.resellerId, params.notificationSettingsId);
  state.notificationSettings.delete(setting.id);
  return undefined;
};

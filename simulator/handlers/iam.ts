// Identity: activated free features (16), reseller notification settings (17, 18).
import type { endpoints } from '../../src/schema/endpoints';
import { notFound, refused } from '../errors';
import type { SimState } from '../state/seed';
import type { NotificationSetting } from '../state/types';
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
  const setting = state.notificationSettings.get(params.notificationSettingsId);
  if (!state.resellers.has(params.resellerId) || !setting || setting.reseller !== params.resellerId) {
    throw notFound(`notification setting ${params.notificationSettingsId} of reseller ${params.resellerId}`);
  }
  refuseDuplicate(state, { reseller: setting.reseller, notification_type: body.notification_type, email: body.email }, setting.id);
  setting.notification_type = body.notification_type;
  setting.email = body.email;
  if (body.enabled !== undefined) setting.enabled = body.enabled;
  return { ...setting };
};

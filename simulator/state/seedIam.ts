// Identity: activated free features, resellers and their notification settings.
import { DAY_MS, isoMillis } from '../timeFormat';
import type { ActivatedFeature, NotificationSetting } from './types';

export function seedFreeFeatures(referenceMs: number): ActivatedFeature[] {
  return [
    { id: 601, client_id: 501, feature_id: 31, feature: { id: 31, name: 'Origin shielding', service: 'CDN', is_free: true }, created_date: isoMillis(referenceMs - 20 * DAY_MS) },
    { id: 602, client_id: 501, feature_id: 32, feature: { id: 32, name: 'DNS health checks', service: 'DNS', is_free: true }, created_date: isoMillis(referenceMs - 90 * DAY_MS) },
    { id: 603, client_id: 502, feature_id: 33, feature: { id: 33, name: 'Basic DDoS protection', service: 'DDOS', is_free: true }, created_date: isoMillis(referenceMs - 200 * DAY_MS) },
  ];
}

export const SEEDED_RESELLERS = [701, 702] as const;

export function seedNotificationSettings(): NotificationSetting[] {
  return [
    { id: 801, reseller: 701, notification_type: 'deletion_request', email: 'ops@reseller-one.example', enabled: true },
    { id: 802, reseller: 701, notification_type: 'failed_login', email: 'security@reseller-one.example', enabled: false },
  ];
}

// Identity: activated free features, resellers and their notification settings.
import { DAY_MS, isoMillis } from '../timeFormat';
import type { ActivatedFeature, NotificationSetting } from './types';

export function seedFreeFeatures(referenceMs: number): ActivatedFeature[] {
  return [
    {
      id: 601,
      client_id: 501,
      feature_id: 31,
      feature: { id: 31, name: 'Origin shielding', service: 'CDN', is_free: true },
      created_date: isoMillis(referenceMs - 20 * DAY_MS),
    },
    {
      id: 602,
      client_id: 501,
      feature_id: 32,
      feature: { id: 32, name: 'DNS health checks', service: 'DNS', is_free: true },
      created_date: isoMillis(referenceMs - 90 * DAY_MS),
    },
    {
      id: 603,
      client_id: 502,
      feature_id: 33,
      feature: { id: 33, name: 'Basic DDoS protection', service: 'DDOS', is_free: true },
      created_date: isoMillis(referenceMs - 200 * DAY_MS),
    },
    {
      id: 604,
      client_id: 503,
      feature_id: 34,
      feature: { id: 34, name: 'Streaming player', service: 'STREAMING', is_free: true },
      created_date: isoMillis(referenceMs - 15 * DAY_MS),
    },
    {
      id: 605,
      client_id: 504,
      feature_id: 35,
      feature: { id: 35, name: 'Object lifecycle rules', service: 'STORAGE', is_free: true },
      created_date: isoMillis(referenceMs - 45 * DAY_MS),
    },
    {
      id: 606,
      client_id: 505,
      feature_id: 36,
      feature: { id: 36, name: 'Volume snapshots', service: 'CLOUD', is_free: true },
      created_date: isoMillis(referenceMs - 5 * DAY_MS),
    },
    {
      id: 607,
      client_id: 501,
      feature_id: 37,
      feature: { id: 37, name: 'CDN raw logs', service: 'CDN', is_free: true },
      created_date: isoMillis(referenceMs - 2 * DAY_MS),
    },
  ];
}

export const SEEDED_RESELLERS = [701, 702] as const;

export function seedNotificationSettings(): NotificationSetting[] {
  return [
    { id: 801, reseller: 701, notification_type: 'deletion_request', email: 'ops@reseller-one.example', enabled: true },
    { id: 802, reseller: 701, notification_type: 'failed_login', email: 'security@reseller-one.example', enabled: false },
    { id: 803, reseller: 701, notification_type: 'deletion_request', email: 'billing@reseller-one.example', enabled: true },
    { id: 804, reseller: 701, notification_type: 'failed_login', email: 'ops@reseller-one.example', enabled: true },
    { id: 805, reseller: 701, notification_type: 'deletion_request', email: 'legal@reseller-one.example', enabled: false },
    { id: 806, reseller: 702, notification_type: 'deletion_request', email: 'admin@reseller-two.example', enabled: true },
    { id: 807, reseller: 702, notification_type: 'failed_login', email: 'soc@reseller-two.example', enabled: true },
    { id: 808, reseller: 702, notification_type: 'failed_login', email: 'admin@reseller-two.example', enabled: false },
  ];
}

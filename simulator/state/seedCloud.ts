// Cloud: lifecycle policies per (project, region) with volumes, and the functions whose logs flow.
import type { FunctionRef } from '../logs';
import type { LifecyclePolicy } from './types';

export function seedPolicies(userId: number): LifecyclePolicy[] {
  const base = { action: 'volume_snapshot', user_id: userId };
  return [
    {
      ...base,
      id: 10,
      name: 'nightly-snapshots',
      project_id: 1,
      region_id: 1,
      status: 'active',
      schedules: [
        {
          id: '3f0e2a1c-5b7d-4e8f-9a0b-1c2d3e4f5a60',
          type: 'cron',
          owner: 'lifecycle_policy',
          owner_id: 10,
          user_id: userId,
          max_quantity: 7,
          resource_name_template: 'nightly {volume_id} {datetime_utc}',
          retention_time: { weeks: 1, days: 0, hours: 0, minutes: 0 },
          timezone: 'Europe/Luxembourg',
          day_of_week: '*',
          hour: '2',
          minute: '30',
        },
      ],
      volumes: [
        { volume_id: '726ecfcc-7fd0-4e30-a86e-7892524aa483', volume_name: 'db-data' },
        { volume_id: '1b9f4c2e-3a5d-4f6b-8c7d-9e0f1a2b3c4d', volume_name: 'web-root' },
      ],
    },
    { ...base, id: 11, name: 'weekly-archive', project_id: 1, region_id: 1, status: 'paused', schedules: [], volumes: [] },
    {
      ...base,
      id: 12,
      name: 'hourly-hot-data',
      project_id: 1,
      region_id: 2,
      status: 'active',
      schedules: [
        {
          id: '8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a',
          type: 'interval',
          owner: 'lifecycle_policy',
          owner_id: 12,
          user_id: userId,
          max_quantity: 24,
          resource_name_template: 'Snapshot of volume {volume_id} created by policy {lifecycle_policy_id}',
          retention_time: null,
          weeks: 0,
          days: 0,
          hours: 1,
          minutes: 0,
        },
      ],
      volumes: [{ volume_id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', volume_name: 'cache-ssd' }],
    },
    {
      ...base,
      id: 20,
      name: 'team-b-backups',
      project_id: 2,
      region_id: 1,
      status: 'active',
      schedules: [],
      volumes: [{ volume_id: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d', volume_name: 'team-b-data' }],
    },
  ];
}

export const SEEDED_FUNCTIONS: readonly FunctionRef[] = [
  { projectId: 1, regionId: 1, namespace: 'default', name: 'hello-world' },
  { projectId: 1, regionId: 1, namespace: 'default', name: 'image-resize' },
  { projectId: 1, regionId: 1, namespace: 'default', name: 'billing-export' },
  { projectId: 1, regionId: 1, namespace: 'staging', name: 'hello-world' },
  { projectId: 2, regionId: 1, namespace: 'default', name: 'webhook-relay' },
];

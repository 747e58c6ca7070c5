// One snapshot policy as the platform lists it (a cron and an interval schedule, one volume), for
// the unit tests of what its changes say (policyActions, operationCloud).
export const NIGHTLY_POLICY = {
  id: 10,
  name: 'nightly',
  status: 'active',
  schedules: [
    { id: 's1', type: 'cron', minute: '0', hour: '3', day_of_week: '*', timezone: 'UTC' },
    { id: 's2', type: 'interval', hours: 6 },
  ],
  volumes: [{ volume_id: 'v1', volume_name: 'db-data' }],
};

/** Its facts in a confirmation at project 1, region 2, after the connection's line (operationCloud, operationSchedules). */
export const NIGHTLY_FACTS = [
  'Policy: nightly (ID 10)',
  'Project / region: 1 / 2',
  'Status now: active',
  'Schedules: cron 0 3 * * * (UTC): At 03:00 (UTC); every 6 hours',
  'Volumes: db-data',
];

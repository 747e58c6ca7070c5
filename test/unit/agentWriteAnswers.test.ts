// Every write tool's answer keeps what the platform answered (names, URLs, statuses, task ids) as
// data: each write answers a platform reply whose every string is hostile, and the hostile text
// appears only inside the tool's <platform-data> block, our words outside and free of it, as the
// reads already do. A new write tool must be added to the table (the test lists them all).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AGENT_TOOLS } from '../../src/features/agent/model/toolCatalog';
import type { AgentBinding } from '../../src/features/agent/model/toolKit';
import { HOSTILE, MARK, assertDataOnly } from '../support/platformData';

const H = HOSTILE;
const app = { id: 101, name: `app ${H}`, url: `https://${H}.example`, status: 1, debug_until: `2026-01-01 ${H}`, comment: H };
const tasks = { tasks: [`task ${H}`, `t2 ${H}`] };
const policy = { id: 10, name: `policy ${H}`, status: H, schedules: [{ id: `s ${H}`, type: 'interval', max_quantity: 2 }] };
const schedule = {
  id: `s ${H}`,
  type: 'cron',
  timezone: H,
  month: H,
  week: H,
  day: H,
  hour: H,
  minute: H,
  day_of_week: H,
  max_quantity: 3,
  retention_time: null,
};
const setting = { id: 801, notification_type: `failed_login ${H}`, email: `${H}@example.com`, enabled: true, reseller: 701 };
const profile = {
  id: 1,
  name: `profile ${H}`,
  client_id: 3,
  template: { id: 1, name: H },
  fields: [{ template_field_id: 1, value: H }],
  created_at: H,
  modified_at: null,
  networks: [H],
};
const PR = { project_id: 1, region_id: 1 };

/** Each write: the input its answer reads, the platform's (hostile) reply, and whether the answer must show platform data. */
const WRITES: Record<string, { input: Record<string, unknown>; sent: unknown; echoes: boolean }> = {
  add_schedules: { input: { ...PR, policy_id: 10, schedules: [{}] }, sent: policy, echoes: true },
  create_edge_app: { input: { name: 'my-app' }, sent: app, echoes: true },
  create_notification_setting: { input: { resellerId: 701 }, sent: setting, echoes: true },
  create_protection_profile: { input: {}, sent: profile, echoes: true },
  create_report: { input: {}, sent: { uuid: `u ${H}`, status: H }, echoes: true },
  create_secret: { input: { ...PR, name: 's' }, sent: tasks, echoes: true },
  create_tls_secret: { input: { ...PR, name: 'tls' }, sent: tasks, echoes: true },
  delete_cloud_secret: { input: { ...PR, secret_id: 'abc' }, sent: tasks, echoes: true },
  delete_edge_app: { input: { app_id: 101 }, sent: app, echoes: false },
  delete_edge_binary: { input: { binary_id: 5 }, sent: { name: H }, echoes: false },
  delete_edge_secret: { input: { secret_id: 7 }, sent: { name: H }, echoes: false },
  delete_edge_kv_key: { input: { store_id: 127, key: 'k' }, sent: { store_size: 1, revision: 2 }, echoes: false },
  delete_notification_setting: { input: { resellerId: 701, notificationSettingsId: 801 }, sent: setting, echoes: false },
  delete_protection_profile: { input: { protection_profile_id: 1 }, sent: profile, echoes: false },
  delete_report_task: { input: { id: 'u' }, sent: { uuid: H }, echoes: false },
  delete_snapshot_policy: { input: { ...PR, policy_id: 10 }, sent: policy, echoes: false },
  delete_storage: { input: { storage_id: 2101, type: 'object' }, sent: { name: H }, echoes: false },
  deploy_edge_app: {
    input: { app_id: 101, file: '/work/app.wasm' },
    sent: { app: { id: 101, name: `app ${H}` }, previous: 3, binary: 4, bytes: 8 },
    echoes: true,
  },
  disable_edge_app: { input: { app_id: 101 }, sent: app, echoes: true },
  disable_free_feature: { input: { activatedFeatureId: 603 }, sent: { name: H }, echoes: false },
  disable_function: { input: { ...PR, function_name: 'fn' }, sent: tasks, echoes: true },
  edit_snapshot_schedule: { input: { ...PR, policy_id: 10, schedule_id: 's1' }, sent: schedule, echoes: true },
  enable_edge_app: { input: { app_id: 101 }, sent: app, echoes: true },
  enable_function: { input: { ...PR, function_name: 'fn' }, sent: tasks, echoes: true },
  pause_snapshot_policy: { input: { ...PR, policy_id: 10 }, sent: policy, echoes: false },
  put_edge_kv_key: { input: { store_id: 127, key: 'k', value: 'v' }, sent: { store_size: 1, revision: 2 }, echoes: false },
  remove_snapshot_schedule: { input: { ...PR, policy_id: 10, schedule_id: 's1' }, sent: policy, echoes: false },
  rename_snapshot_policy: { input: { ...PR, policy_id: 10, name: 'new' }, sent: policy, echoes: true },
  restore_storage: { input: { storage_id: 2101 }, sent: { name: H }, echoes: false },
  roll_back_edge_app: { input: { app_id: 101, from_binary: 5, binary: 4 }, sent: app, echoes: false },
  resume_snapshot_policy: { input: { ...PR, policy_id: 10 }, sent: policy, echoes: false },
  set_edge_app_config: {
    input: { app_id: 101, env: { set: { NEW: '1' } }, rsp_headers: { remove: [H] } },
    sent: { thing: { app: { name: `app ${H}`, env: {}, rsp_headers: { [H]: 'x' } }, secretNames: new Map() }, sent: {}, nothingSent: false },
    echoes: true,
  },
  start_edge_app_debug: { input: { app_id: 101 }, sent: app, echoes: true },
  update_notification_setting: { input: { resellerId: 701, notificationSettingsId: 801 }, sent: setting, echoes: true },
  update_protection_profile: { input: { protection_profile_id: 1 }, sent: profile, echoes: true },
};

const bound = { connectionName: 'Sim' } as AgentBinding;

describe("write answers keep the platform's text as data", () => {
  it('the table holds every write tool', () => {
    assert.deepEqual(
      Object.keys(WRITES).sort(),
      AGENT_TOOLS.filter((t) => t.kind !== 'read')
        .map((t) => t.name)
        .sort(),
    );
  });

  it('every write: hostile names, URLs, statuses and task ids only inside its block; our words outside and free of them', () => {
    const failures: string[] = [];
    for (const tool of AGENT_TOOLS.filter((t) => t.kind !== 'read')) {
      const { input, sent, echoes } = WRITES[tool.name]!;
      const answer = tool.answer!(sent, bound, input);
      try {
        const parts = assertDataOnly(answer, tool.name, { expectData: echoes });
        assert.ok(parts.ours[0]?.includes('"Sim"'), 'our first words name the connection');
        if (!echoes) assert.equal(answer.includes(MARK), false, 'nothing of the platform');
      } catch (error) {
        failures.push(`${tool.name}: ${(error as Error).message}\n${answer}`);
      }
    }
    assert.deepEqual(failures, []);
  });
});

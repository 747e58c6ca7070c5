// One input per read tool of the agent catalog, against the simulator's seed: the integration
// test (inside VS Code) and the MCP server test (over stdio) call every read tool with these.
// check_edge_build reads a file: each test puts the .wasm inside the folder it allows (placeReadWasm).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const AGENT_READ_INPUTS: Record<string, Record<string, unknown>> = {
  list_connections: {},
  list_protection_profiles: { name: 'web' },
  get_protection_profile: { protection_profile_id: 1 },
  list_protection_templates: {},
  list_edge_apps: { status: 1 },
  get_edge_app: { app_id: 101 },
  list_edge_templates: {},
  list_edge_binaries: {},
  list_edge_secrets: {},
  list_edge_stores: {},
  list_edge_store_keys: { store_id: 127, prefix: 'country/', limit: 3 },
  read_edge_store_value: { store_id: 127, key: 'session/7f3a' },
  list_cloud_secrets: { project_id: 1, region_id: 1 },
  list_snapshot_policies: { project_id: 1, region_id: 1 },
  list_storages: {},
  list_ddos_attacks: { alert_type: 'ddos_alert', limit: 5 },
  get_edge_template: { template_id: 301 },
  get_edge_client: { client_id: 201 },
  list_report_tasks: { status: 'Completed' },
  get_report_task: { id: '6b1f0c9e-0003-4a6e-9c1d-000000000003' },
  read_report: { id: '6b1f0c9e-0003-4a6e-9c1d-000000000003', rows: 5 },
  list_trials: { product_name: '' },
  get_trial: { id: 401 },
  get_trial_start_data: { client_id: 503, product_id: 3 },
  list_free_features: {},
  get_free_feature: { activatedFeatureId: 601 },
  list_notification_settings: { resellerId: 701 },
  read_function_logs: { project_id: 1, region_id: 1, namespace_name: 'default', function_name: 'image-resize', limit: 100 },
  read_edge_app_logs: { app_id: 101, since: '15m', limit: 50 },
  read_edge_app_stats: { app_id: 101 },
  send_edge_test_request: { app_id: 101, path: '/' },
  // No watch runs over MCP or in a fresh editor: the comparison read now, since ten minutes ago.
  get_edge_deploy_watch: { app_id: 101, since: new Date(Date.now() - 600_000).toISOString() },
  list_cloud_locations: {},
  preview_instance_price: { project_id: 1, region_id: 1, request: { flavor: 'g1-standard-2-4', interfaces: [{ type: 'external' }], names: ['web-1'] } },
  preview_load_balancer_price: { project_id: 1, region_id: 1, request: { flavor: 'lb1-1-2' } },
  check_edge_build: { app_id: 101, file: '(placeReadWasm first)' },
};

/** The read tools that read files the model names: their input for a folder the caller allowed (it holds what they read, or nothing). */
export const AGENT_FILE_READ_INPUTS: Record<string, (folder: string) => Record<string, unknown>> = {
  compare_edge_app_config: (folder) => ({ app_id: 101, folder }),
};

/** Writes a small .wasm in `dir` (a folder the tool may read) and points check_edge_build's input at it. */
export function placeReadWasm(dir: string): string {
  const file = join(dir, 'read-inputs.wasm');
  writeFileSync(file, Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]));
  AGENT_READ_INPUTS.check_edge_build = { app_id: 101, file };
  return file;
}

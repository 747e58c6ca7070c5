// Every agent tool's group (toolGroups.ts names the groups): a plain table, so a tool added without
// a group fails its unit test (toolSelection.test.ts) instead of falling out of every selection. It
// holds every tool's name, so only the MCP server, the catalog's bundle and the docs import it.
import type { ToolIndex } from './toolSelection';
import type { ToolGroup } from './toolGroups';

const group = (name: ToolGroup, tools: readonly string[]) => tools.map((tool): [string, ToolGroup] => [tool, name]);

/** Tool name -> its one group. */
export const TOOL_GROUP_OF: Readonly<Record<string, ToolGroup>> = Object.fromEntries([
  ...group('connections', ['list_connections']),
  ...group('edge', [
    'list_edge_apps',
    'get_edge_app',
    'list_edge_templates',
    'get_edge_template',
    'list_edge_binaries',
    'list_edge_secrets',
    'list_edge_stores',
    'list_edge_store_keys',
    'read_edge_store_value',
    'get_edge_client',
    'read_edge_app_logs',
    'compare_edge_app_config',
    'read_edge_app_stats',
    'send_edge_test_request',
    'check_edge_build',
    'get_edge_deploy_watch',
    'enable_edge_app',
    'disable_edge_app',
    'start_edge_app_debug',
    'delete_edge_app',
    'deploy_edge_app',
    'roll_back_edge_app',
    'set_edge_app_config',
    'delete_edge_binary',
    'create_edge_app',
    'delete_edge_secret',
    'put_edge_kv_key',
    'delete_edge_kv_key',
  ]),
  ...group('cloud', [
    'list_cloud_locations',
    'list_cloud_secrets',
    'list_snapshot_policies',
    'read_function_logs',
    'add_schedules',
    'create_secret',
    'create_tls_secret',
    'delete_cloud_secret',
    'pause_snapshot_policy',
    'resume_snapshot_policy',
    'rename_snapshot_policy',
    'edit_snapshot_schedule',
    'remove_snapshot_schedule',
    'delete_snapshot_policy',
    'disable_function',
    'enable_function',
  ]),
  ...group('protection', [
    'list_protection_profiles',
    'get_protection_profile',
    'list_protection_templates',
    'list_ddos_attacks',
    'update_protection_profile',
    'create_protection_profile',
    'delete_protection_profile',
  ]),
  ...group('storage', ['list_storages', 'delete_storage', 'restore_storage']),
  ...group('reports', [
    'list_report_tasks',
    'get_report_task',
    'read_report',
    'create_report',
    'delete_report_task',
    'list_trials',
    'get_trial',
    'get_trial_start_data',
  ]),
  ...group('identity', [
    'list_free_features',
    'get_free_feature',
    'disable_free_feature',
    'list_notification_settings',
    'create_notification_setting',
    'update_notification_setting',
    'delete_notification_setting',
  ]),
  ...group('pricing', ['preview_instance_price', 'preview_load_balancer_price']),
]);

/** The catalog's tools as `--tools` reads them. */
export const CATALOG_INDEX: ToolIndex = { names: Object.keys(TOOL_GROUP_OF), groupOf: (name) => TOOL_GROUP_OF[name] };

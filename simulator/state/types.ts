// The simulator's data: wire-shaped records, as the products send them.
import type { EdgeBehaviour } from '../edgeBehaviour';

export interface ProfileField {
  template_field_id: number;
  /** Text as the seeded profiles and edits send it; any JSON value from a create, as its field's schema says. */
  value: unknown;
}

export interface ProtectionProfile {
  id: number;
  client_id: number | null;
  name: string;
  template: { id: number; name: string };
  fields: ProfileField[];
  created_at: string;
  modified_at: string | null;
  networks: string[];
}

export interface ProfileTemplate {
  id: number;
  name: string;
  /** The template_field_id values a profile of this template may set. */
  fieldIds: number[];
}

export type ScheduleRecord = Record<string, unknown> & { id: string; type: 'cron' | 'interval' };

export interface LifecyclePolicy {
  id: number;
  name: string;
  action: string;
  project_id: number;
  region_id: number;
  status: 'active' | 'paused';
  user_id: number;
  schedules: ScheduleRecord[];
  volumes: { volume_id: string; volume_name: string }[];
}

export interface SecretTask {
  id: string;
  createdMs: number;
  projectId: number;
  regionId: number;
  requestId: string;
  data: Record<string, unknown>;
  secretId: string;
  /** Why the task ends in ERROR; undefined when it finishes. */
  failure?: string;
  /** What the task does (the published `task_type`); a secret's creation when absent. */
  taskType?: 'create_secret' | 'delete_secret' | 'update_faas_function';
}

export interface ReportRecord {
  uuid: string;
  createdMs: number;
  userId: number;
  clientId: number;
  taskType: 'ClosingPeriod' | 'ImportData' | 'Report' | 'StopSubscriptions';
  templateCode: string;
  parameters: Record<string, unknown>;
  /** Seeded tasks keep this status; created ones move with time. */
  fixedStatus?: 'Pending' | 'InProgress' | 'Completed' | 'Failed' | 'Cancelled';
  /** Why the report fails; undefined when it completes. */
  failure?: string;
  /** A Completed task whose result cannot be rendered: why its download answers 400. */
  renderFailure?: string;
  recordsToProcess: number;
  workerGroupId: string;
}

export interface EdgeApp {
  id: number;
  client_id: number;
  name: string;
  url: string;
  binary: number;
  template: number;
  template_name: string;
  status: number;
  plan_id: number;
  plan: string;
  env: Record<string, string>;
  rsp_headers: Record<string, string>;
  log: 'kafka' | 'none' | null;
  debug_until: string;
  comment: string;
  api_type: string;
  networks: string[];
  secrets: Record<string, { id: number; name?: string; comment?: string }>;
  stores: Record<string, { id: number; name: string; comment?: string }>;
}

/** A stored binary: what the platform says of it, never its bytes. */
export interface EdgeBinary {
  id: number;
  status: number;
  api_type: string;
  /** MD5 of the bytes (the published `checksum`). */
  checksum: string;
  source: number;
  bytes: number;
  /** Since when no app uses it (the published `unref_since`); absent while one does. */
  unref_since?: string;
  /** How an app running it answers (its `platform-console-sim` section); absent: the default answer. */
  behaviour?: EdgeBehaviour;
}

export interface EdgeTemplate {
  id: number;
  binary_id: number;
  name: string;
  api_type: string;
  owned: boolean;
  params: { name: string; data_type: string; mandatory: boolean; descr: string; metadata: string }[];
  short_descr: string;
  long_descr: string;
}

export interface EdgeClient {
  id: number;
  status: number;
  hourly_consumption: number;
  daily_consumption: number;
  monthly_consumption: number;
  app_count: number;
  networks: { name: string; is_default: boolean }[];
  plan_id: number;
  reseller_id: number;
  plan: string;
}

export interface Product {
  id: number;
  name: string;
  internal_name: string;
  plan: { id: number; name: string };
  daysLimit: number;
  options: TrialOption[];
}

export interface TrialOption {
  internal_name: string;
  name: string;
  description: string;
  unit: { id: number; name: string; internal_name: string };
  value: number;
  used_value: number;
  remaining_value: number;
  is_limit: boolean;
  feature: { id: number; name: string };
}

export interface TrialRecord {
  id: number;
  clientId: number;
  companyName: string;
  productId: number;
  createdMs: number;
  /** Absent: not started. */
  range?: { startMs: number; endMs: number };
  skipped: boolean;
  options: TrialOption[];
}

export interface ActivatedFeature {
  id: number;
  client_id: number;
  feature_id: number;
  feature: { id: number; name: string; service: string; is_free: boolean };
  created_date: string;
}

export interface NotificationSetting {
  id: number;
  reseller: number;
  notification_type: 'deletion_request' | 'failed_login';
  email: string;
  enabled: boolean;
}

export interface Storage {
  id: number;
  name: string;
}

/** Whose key the simulator's single API key is. */
export interface Account {
  userId: number;
  clientId: number;
}

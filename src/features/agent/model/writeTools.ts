// The tools that change a profile, start a report, add schedules, set notifications or create a
// secret: each is a face of its catalog operation (src/operations), which gives its input rules,
// class, target and facts; sent once by the catalog's runTool. Each turns the answer into words.
import type * as z from 'zod';
import { endpoints } from '../../../schema/endpoints';
import { createSecret as createSecretOp } from '../../../operations/cloudSecrets';
import { createNotificationSetting as createSettingOp, updateNotificationSetting as updateSettingOp } from '../../../operations/notificationSettings';
import { updateProtectionProfile as updateProfileOp } from '../../../operations/protectionProfiles';
import { createReport as createReportOp } from '../../../operations/reports';
import { addSchedules as addSchedulesOp } from '../../../operations/snapshotSchedules';
import { toolFromOperation } from './operationTool';
import { objectAnswer, withData } from './toolAnswers';
import { jsonLine } from './platformText';

export const updateProtectionProfile = toolFromOperation(updateProfileOp, {
  name: 'update_protection_profile',
  referenceName: 'platformUpdateProfile',
  userDescription: "Change a protection profile's name, template or field values",
  purpose:
    "Changes a DDoS protection profile: its name (1..100 characters), its template_id, or field values (fields: [{template_field_id, value}]: the platform replaces the profile's whole field list with it, so include every field to keep). Give only what changes; a call that drops or replaces field values, or changes the template, is destructive.",
  usage: 'Returns the profile as saved. Read it first with get_protection_profile to know the field ids and current values.',
  answer: (sent, _b, _input, done) =>
    objectAnswer(`${done}. As saved:`, 'update_protection_profile', sent as z.output<typeof endpoints.updateProtectionProfile.response>),
});

// Starting a report is a catalog operation (src/operations/reports.ts).
export const createReport = toolFromOperation(createReportOp, {
  name: 'create_report',
  referenceName: 'platformCreateReport',
  userDescription: 'Start a billing report task from a template',
  purpose: 'Starts a billing report task from a report template code (e.g. "ResellerExpenses") with its parameters (e.g. {"period":"2026-10"}).',
  usage: "Returns the new task's uuid and status; reports take minutes, so check later with get_report_task.",
  answer: (sent, _b, _input, done) => {
    const task = sent as z.output<typeof endpoints.createReport.response>;
    return withData({
      head: `${done}; its uuid and status as the platform gave them:`,
      source: 'create_report',
      data: [jsonLine({ uuid: task.uuid, status: task.status ?? null })],
      tail: 'It runs for a while: call get_report_task with this uuid later.',
    });
  },
});

// Adding schedules is a catalog operation (src/operations/snapshotSchedules.ts).
export const addSchedules = toolFromOperation(addSchedulesOp, {
  name: 'add_schedules',
  referenceName: 'platformAddSchedules',
  userDescription: 'Add schedules to a snapshot lifecycle policy',
  purpose:
    'Adds schedules to a snapshot lifecycle policy: each {"type":"cron", minute, hour, day, month, day_of_week, week, timezone, max_quantity, retention_time} or {"type":"interval", weeks, days, hours, minutes, max_quantity, retention_time}, as the platform defines them.',
  usage: 'list_snapshot_policies finds the policy id. Returns the policy with all its schedules.',
  answer: (sent, _b, _input, done) => {
    const policy = sent as z.output<typeof endpoints.addSchedules.response>;
    const ids = (policy.schedules ?? []).map((s) => s.id).filter(Boolean);
    return withData({
      head: `${done}. It now has ${ids.length} schedule(s); the policy as the platform gave it:`,
      source: 'add_schedules',
      data: [jsonLine({ id: policy.id, name: policy.name ?? null, schedule_ids: ids })],
    });
  },
});

// The notification setting writes are catalog operations (src/operations/notificationSettings.ts).
const settingAnswer = (done: string, source: string, s: z.output<typeof endpoints.createNotificationSetting.response>) =>
  objectAnswer(`${done}:`, source, {
    notification_type: s.notification_type,
    email: s.email,
    enabled: s.enabled,
    reseller: s.reseller,
  });

export const createNotificationSetting = toolFromOperation(createSettingOp, {
  name: 'create_notification_setting',
  referenceName: 'platformCreateNotification',
  userDescription: "Send a reseller's deletion-request or failed-login notifications to an address",
  purpose: 'Creates a notification setting of a reseller: which notification (deletion_request or failed_login) goes to which email, enabled or not.',
  usage: 'Returns the new setting with its id (update it with update_notification_setting).',
  answer: (sent, _b, _input, done) => settingAnswer(done, 'create_notification_setting', sent as z.output<typeof endpoints.createNotificationSetting.response>),
});

export const updateNotificationSetting = toolFromOperation(updateSettingOp, {
  name: 'update_notification_setting',
  referenceName: 'platformUpdateNotification',
  userDescription: "Change a reseller's notification setting",
  purpose: 'Replaces a notification setting of a reseller (notification_type and email given; enabled kept when left out).',
  usage: 'list_notification_settings finds the setting id. Returns the setting as saved.',
  answer: (sent, _b, _input, done) => settingAnswer(done, 'update_notification_setting', sent as z.output<typeof endpoints.updateNotificationSetting.response>),
});

export const createSecret = toolFromOperation(createSecretOp, {
  name: 'create_secret',
  referenceName: 'platformCreateSecret',
  userDescription: 'Store a secret (key, certificate, passphrase) in the cloud secret store',
  purpose:
    'Creates a secret in a project and region: name, payload (base64 of the bytes), payload_content_type (e.g. application/octet-stream; not text/plain), secret_type (symmetric, public, private, passphrase, certificate, opaque), optional algorithm, bit_length, mode, expiration (local time, 2027-01-01T00:00:00). The confirmation shows the payload as size and SHA-256 only. The platform creates it in the background: returns the task id(s).',
  usage:
    'Never echo the payload back to the person. For a TLS certificate on a platform connection use create_tls_secret instead (PEM files, the current endpoint; this one is deprecated there).',
  answer: (sent, _b, input, done) => {
    const answer = sent as z.output<typeof endpoints.createSecret.response>;
    return withData({
      head: `${done} (project ${input.project_id}, region ${input.region_id}); the platform's task id${answer.tasks.length === 1 ? '' : 's'}:`,
      source: 'create_secret',
      data: [jsonLine(answer.tasks)],
    });
  },
});

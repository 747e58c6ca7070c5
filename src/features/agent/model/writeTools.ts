// The tools that change something. Each builds its request with the client's own rules
// (`prepare`: a refused input names the field and the rule, and nothing is sent), is confirmed by
// the person with the exact request (toolCatalog.ts confirmation()), and is sent once by the
// catalog's runTool: never retried. Each turns what the platform returned into the answer.
import * as z from 'zod';
import { endpoints } from '../../../schema/endpoints';
import { validateCall } from '../../../schema/validate';
import { connectionField, defineTool, type AgentBinding, type WriteRequest, type WriteTarget } from './toolKit';
import { notificationSettingLoss } from '../../../ui/text/destructiveChanges';
import { findSetting } from '../../../operations/removals';
import { createSecret as createSecretOp } from '../../../operations/cloudSecrets';
import { updateProtectionProfile as updateProfileOp } from '../../../operations/protectionProfiles';
import { toolFromOperation } from './operationTool';

import { nameOf, objectAnswer, shown, withData } from './toolAnswers';
import { jsonLine, quoted as q } from './platformText';

/** The request as the client will send it: every part checked by the endpoint's schemas (one refusal lists every bad value). */
export function request(endpoint: WriteRequest['endpoint'], call: WriteRequest['call'], operation: string, shownBody?: unknown): WriteRequest {
  const checked = validateCall(endpoint, call);
  return { endpoint, call: { params: checked.params, query: checked.query, body: checked.body }, operation, shownBody: shownBody ?? checked.body };
}

export const updateProtectionProfile = toolFromOperation(updateProfileOp, {
  name: 'update_protection_profile',
  referenceName: 'platformUpdateProfile',
  userDescription: "Change a protection profile's name, template or field values",
  purpose:
    "Changes a DDoS protection profile: its name (1..100 characters), its template_id, or field values (fields: [{template_field_id, value}]: the platform replaces the profile's whole field list with it, so include every field to keep). Give only what changes; a call that drops or replaces field values, or changes the template, is destructive.",
  usage: 'Returns the profile as saved. Read it first with get_protection_profile to know the field ids and current values.',
  answer: (sent, b) => {
    const saved = sent as z.output<typeof endpoints.updateProtectionProfile.response>;
    return objectAnswer(`Updated protection profile ${saved.id} on ${nameOf(b.connectionName)}. As saved:`, 'update_protection_profile', saved);
  },
});

const report = endpoints.createReport;
export const createReport = defineTool({
  name: 'create_report',
  referenceName: 'platformCreateReport',
  displayName: 'Create Billing Report',
  userDescription: 'Start a billing report task from a template',
  modelDescription:
    'Starts a billing report task from a report template code (e.g. "ResellerExpenses") with its parameters (e.g. {"period":"2026-10"}). The person confirms first. Returns the new task\'s uuid and status; reports take minutes, so check later with get_report_task.',
  kind: 'write',
  input: () =>
    z.strictObject({
      ...connectionField,
      template_code: report.body.shape.template_code.describe('The report template code'),
      parameters: report.body.shape.parameters.describe("The template's parameters, as an object"),
    }),
  prepare: ({ template_code, parameters }) =>
    request(
      report,
      { params: {}, body: { template_code, ...(parameters === undefined ? {} : { parameters }) } },
      `Create a ${JSON.stringify(template_code)} report`,
    ),
  answer: (sent, b) => {
    const task = sent as z.output<typeof report.response>;
    return withData({
      head: `Started a report task on ${nameOf(b.connectionName)}; its uuid and status as the platform gave them:`,
      source: 'create_report',
      data: [jsonLine({ uuid: task.uuid, status: task.status ?? null })],
      tail: 'It runs for a while: call get_report_task with this uuid later.',
    });
  },
});

const schedules = endpoints.addSchedules;
export const addSchedules = defineTool({
  name: 'add_schedules',
  referenceName: 'platformAddSchedules',
  displayName: 'Add Snapshot Schedules',
  userDescription: 'Add schedules to a snapshot lifecycle policy',
  modelDescription:
    'Adds schedules to a snapshot lifecycle policy: each {"type":"cron", minute, hour, day, month, day_of_week, week, timezone, max_quantity, retention_time} or {"type":"interval", weeks, days, hours, minutes, max_quantity, retention_time}, as the platform defines them. The person confirms first. Returns the policy with all its schedules.',
  kind: 'write',
  input: () =>
    z.strictObject({
      ...connectionField,
      project_id: schedules.params.shape.project_id.describe('The project id'),
      region_id: schedules.params.shape.region_id.describe('The region id'),
      policy_id: schedules.params.shape.policy_id.describe('The lifecycle policy id'),
      schedules: schedules.body.shape.schedules.describe('The schedules to add (at least one)'),
    }),
  prepare: ({ project_id, region_id, policy_id, schedules: list }) =>
    request(
      schedules,
      { params: { project_id, region_id, policy_id }, body: { schedules: list } },
      `Add ${list.length} schedule${list.length === 1 ? '' : 's'} to lifecycle policy ${policy_id}`,
    ),
  answer: (sent, b, input) => {
    const policy = sent as z.output<typeof schedules.response>;
    const ids = (policy.schedules ?? []).map((s) => s.id).filter(Boolean);
    return withData({
      head: `Added ${input.schedules.length} schedule(s) to lifecycle policy ${input.policy_id} on ${nameOf(b.connectionName)}. It now has ${ids.length} schedule(s); the policy as the platform gave it:`,
      source: 'add_schedules',
      data: [jsonLine({ id: policy.id, name: policy.name ?? null, schedule_ids: ids })],
    });
  },
});

const createSetting = endpoints.createNotificationSetting;
const updateSetting = endpoints.updateNotificationSetting;
const settingFields = () => ({
  notification_type: createSetting.body.shape.notification_type.describe('deletion_request or failed_login'),
  email: createSetting.body.shape.email.describe('Where the notification goes'),
  enabled: createSetting.body.shape.enabled.describe('On or off (default on)'),
});
const settingAnswer = (verb: string, source: string, s: z.output<typeof createSetting.response>, b: AgentBinding) =>
  objectAnswer(`${verb} notification setting ${s.id} on ${nameOf(b.connectionName)}:`, source, {
    notification_type: s.notification_type,
    email: s.email,
    enabled: s.enabled,
    reseller: s.reseller,
  });

export const createNotificationSetting = defineTool({
  name: 'create_notification_setting',
  referenceName: 'platformCreateNotification',
  displayName: 'Create Notification Setting',
  userDescription: "Send a reseller's deletion-request or failed-login notifications to an address",
  modelDescription:
    'Creates a notification setting of a reseller: which notification (deletion_request or failed_login) goes to which email, enabled or not. The person confirms first. Returns the new setting with its id (update it with update_notification_setting).',
  kind: 'write',
  input: () => z.strictObject({ ...connectionField, resellerId: createSetting.params.shape.resellerId.describe('The reseller id'), ...settingFields() }),
  prepare: ({ resellerId, connection: _c, ...body }) =>
    request(createSetting, { params: { resellerId }, body }, `Create a ${body.notification_type} notification setting for reseller ${resellerId}`),
  answer: (sent, b) => settingAnswer('Created', 'create_notification_setting', sent as z.output<typeof createSetting.response>, b),
});

export const updateNotificationSetting = defineTool({
  name: 'update_notification_setting',
  referenceName: 'platformUpdateNotification',
  displayName: 'Update Notification Setting',
  userDescription: "Change a reseller's notification setting",
  modelDescription:
    'Replaces a notification setting of a reseller (notification_type, email and enabled, all given). The person confirms first. Returns the setting as saved.',
  kind: 'write',
  destructiveWhen: 'it switches the setting off or sends it to another address (the current address stops getting it)',
  input: () =>
    z.strictObject({
      ...connectionField,
      resellerId: updateSetting.params.shape.resellerId.describe('The reseller id'),
      notificationSettingsId: updateSetting.params.shape.notificationSettingsId.describe('The setting id'),
      ...settingFields(),
    }),
  prepare: ({ resellerId, notificationSettingsId, connection: _c, ...body }) =>
    request(
      updateSetting,
      { params: { resellerId, notificationSettingsId }, body },
      `Update notification setting ${notificationSettingsId} of reseller ${resellerId}`,
    ),
  readTarget: async (b, { resellerId, notificationSettingsId, notification_type, email, enabled }): Promise<WriteTarget> => {
    // A spec-dialect server has no list to read one setting from: the change is then put as destructive.
    const before = b.dialect === 'spec' ? undefined : await findSetting(b.api, resellerId, notificationSettingsId, b.signal);
    const loss = notificationSettingLoss(before, { notification_type, email, enabled });
    return {
      noun: 'The notification setting',
      facts: before
        ? [
            ['type', shown(before.notification_type)],
            ['email', shown(before.email)],
            ['enabled', shown(before.enabled)],
          ]
        : [['now', 'not readable on this server (it lists no settings)']],
      ...(loss ? { destructive: loss } : {}),
    };
  },
  answer: (sent, b) => settingAnswer('Updated', 'update_notification_setting', sent as z.output<typeof updateSetting.response>, b),
});

export const createSecret = toolFromOperation(createSecretOp, {
  name: 'create_secret',
  referenceName: 'platformCreateSecret',
  userDescription: 'Store a secret (key, certificate, passphrase) in the cloud secret store',
  purpose:
    'Creates a secret in a project and region: name, payload (base64 of the bytes), payload_content_type (e.g. application/octet-stream; not text/plain), secret_type (symmetric, public, private, passphrase, certificate, opaque), optional algorithm, bit_length, mode, expiration (local time, 2027-01-01T00:00:00). The confirmation shows the payload as size and SHA-256 only. The platform creates it in the background: returns the task id(s).',
  usage:
    'Never echo the payload back to the person. For a TLS certificate on a platform connection use create_tls_secret instead (PEM files, the current endpoint; this one is deprecated there).',
  answer: (sent, b, input) => {
    const answer = sent as z.output<typeof endpoints.createSecret.response>;
    return withData({
      head: `Secret ${q(input.name)} is being created on ${nameOf(b.connectionName)} (project ${input.project_id}, region ${input.region_id}); the platform's task id${answer.tasks.length === 1 ? '' : 's'}:`,
      source: 'create_secret',
      data: [jsonLine(answer.tasks)],
    });
  },
});

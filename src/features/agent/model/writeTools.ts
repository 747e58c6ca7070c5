// The tools that change something. Each builds its request with the client's own rules
// (`prepare`: a refused input names the field and the rule, and nothing is sent), is confirmed by
// the person with the exact request (toolCatalog.ts confirmation()), and is sent once by the
// catalog's runTool: never retried. Each turns what the platform returned into the answer.
import { createHash } from 'node:crypto';
import * as z from 'zod';
import { endpoints } from '../../../schema/endpoints';
import { throwValidation, validateCall } from '../../../schema/validate';
import { connectionField, defineTool, destructiveIf, type AgentBinding, type WriteChange, type WriteRequest, type WriteTarget } from './toolKit';
import { profileTemplateLoss } from '../../../ui/text/destructiveChanges';
import { createNotificationSetting as createSettingOp, updateNotificationSetting as updateSettingOp } from '../../../operations/notificationSettings';
import { createReport as createReportOp } from '../../../operations/reports';
import { addSchedules as addSchedulesOp } from '../../../operations/snapshotSchedules';
import { toolFromOperation } from './operationTool';
import { readProfile } from './readTools';
import { PlatformError } from '../../../schema/errors';

import { nameOf, objectAnswer, shown, withData } from './toolAnswers';
import { jsonLine, quoted as q } from './platformText';

/** The request as the client will send it: every part checked by the endpoint's schemas (one refusal lists every bad value). */
export function request(endpoint: WriteRequest['endpoint'], call: WriteRequest['call'], operation: string, shownBody?: unknown): WriteRequest {
  const checked = validateCall(endpoint, call);
  return { endpoint, call: { params: checked.params, query: checked.query, body: checked.body }, operation, shownBody: shownBody ?? checked.body };
}

const profile = endpoints.updateProtectionProfile;
export const updateProtectionProfile = defineTool({
  name: 'update_protection_profile',
  referenceName: 'platformUpdateProfile',
  displayName: 'Update Protection Profile',
  userDescription: "Change a protection profile's name, template or field values",
  modelDescription:
    "Changes a DDoS protection profile: its name (1..100 characters), its template_id, or field values (fields: [{template_field_id, value}]: the platform replaces the profile's whole field list with it, so include every field to keep). Give only what changes; a call that drops or replaces field values, or changes the template, is destructive. The person confirms the exact request first. Returns the profile as saved. Read it first with get_protection_profile to know the field ids and current values.",
  kind: 'write',
  destructiveWhen: "it changes the template (the old template's field values are dropped), or its field list drops or replaces a value the profile has",
  input: () =>
    z.strictObject({
      ...connectionField,
      protection_profile_id: profile.params.shape.protection_profile_id.describe('The profile to change'),
      name: profile.body.shape.name.describe('A new name'),
      template_id: profile.body.shape.template_id.describe('Another template id'),
      fields: profile.body.shape.fields.describe('Field values to set: [{template_field_id, value}]'),
    }),
  prepare: ({ protection_profile_id, name, template_id, fields }) => {
    const body = Object.fromEntries(Object.entries({ name, template_id, fields }).filter(([, v]) => v !== undefined));
    if (Object.keys(body).length === 0) throwValidation([{ path: 'name', message: 'nothing to change: give name, template_id or fields' }]);
    return request(profile, { params: { protection_profile_id }, body }, `Update protection profile ${protection_profile_id}`);
  },
  // Read first so the person sees the profile as it is, its name and values before and after.
  readTarget: async (b, { protection_profile_id, name, template_id, fields }): Promise<WriteTarget> => {
    const p = await readProfile(b, protection_profile_id);
    if (!p)
      throw new PlatformError({
        kind: 'notFound',
        message: `No protection profile ${protection_profile_id}.`,
        method: 'GET',
        path: `protection profile ${protection_profile_id}`,
      });
    const renamed: WriteChange[] =
      name !== undefined && name !== null && name !== p.name ? [{ what: 'name', name: 'name', before: p.name ?? '', after: name }] : [];
    const fieldsChanged = fields ? fieldChanges(p.fields ?? [], fields) : [];
    const changes = [...renamed, ...fieldsChanged];
    const lost = [profileTemplateLoss(p.template?.id, template_id), fieldsLoss(fieldsChanged)].filter(Boolean);
    return {
      noun: 'The protection profile',
      facts: [
        ['name', shown(p.name)],
        ['template', p.template ? `${shown(p.template.name)} (id ${p.template.id})` : '(not given)'],
        ['fields set', String(p.fields?.length ?? 0)],
      ],
      changes,
      ...destructiveIf(lost.length ? lost.join('; ') : undefined),
    };
  },
  answer: (sent, b) => {
    const saved = sent as z.output<typeof profile.response>;
    return objectAnswer(`Updated protection profile ${saved.id} on ${nameOf(b.connectionName)}. As saved:`, 'update_protection_profile', saved);
  },
});

const valueText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'null'));

/** The field list sent replaces the profile's: every value it adds, changes or drops. */
function fieldChanges(
  now: readonly { template_field_id?: number | null; name?: string | null; value?: unknown }[],
  sent: readonly { template_field_id: number; value?: unknown }[],
): WriteChange[] {
  const before = new Map(now.filter((f) => typeof f.template_field_id === 'number').map((f) => [f.template_field_id!, f]));
  const after = new Map(sent.map((f) => [f.template_field_id, f]));
  const name = (id: number) => `${id}${before.get(id)?.name ? ` (${before.get(id)!.name})` : ''}`;
  const changes: WriteChange[] = [];
  for (const [id, f] of after) {
    const was = before.get(id);
    if (!was) changes.push({ what: 'field', name: name(id), after: valueText(f.value) });
    else if (valueText(was.value) !== valueText(f.value))
      changes.push({ what: 'field', name: name(id), before: valueText(was.value), after: valueText(f.value) });
  }
  for (const [id, f] of before) if (!after.has(id)) changes.push({ what: 'field', name: name(id), before: valueText(f.value) });
  return changes;
}

/** Our words when the field list drops or replaces values the profile has. */
function fieldsLoss(changes: readonly WriteChange[]): string | undefined {
  const dropped = changes.filter((c) => c.after === undefined).length;
  const replaced = changes.filter((c) => c.before !== undefined && c.after !== undefined).length;
  const parts = [dropped && `drops ${dropped}`, replaced && `replaces ${replaced}`].filter(Boolean);
  return parts.length
    ? `the field list it sends replaces the profile's: it ${parts.join(' and ')} of its field values (listed above), which the platform does not keep`
    : undefined;
}

// Starting a report is a catalog operation (src/operations/reports.ts).
export const createReport = toolFromOperation(createReportOp, {
  name: 'create_report',
  referenceName: 'platformCreateReport',
  userDescription: 'Start a billing report task from a template',
  purpose: 'Starts a billing report task from a report template code (e.g. "ResellerExpenses") with its parameters (e.g. {"period":"2026-10"}).',
  asks: 'The person confirms the template and every parameter first.',
  usage: "Returns the new task's uuid and status; reports take minutes, so check later with get_report_task.",
  answer: (sent, b) => {
    const task = sent as z.output<typeof endpoints.createReport.response>;
    return withData({
      head: `Started a report task on ${nameOf(b.connectionName)}; its uuid and status as the platform gave them:`,
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
  answer: (sent, b, input) => {
    const policy = sent as z.output<typeof endpoints.addSchedules.response>;
    const ids = (policy.schedules ?? []).map((s) => s.id).filter(Boolean);
    return withData({
      head: `Added ${input.schedules.length} schedule(s) to lifecycle policy ${input.policy_id} on ${nameOf(b.connectionName)}. It now has ${ids.length} schedule(s); the policy as the platform gave it:`,
      source: 'add_schedules',
      data: [jsonLine({ id: policy.id, name: policy.name ?? null, schedule_ids: ids })],
    });
  },
});

// The notification setting writes are catalog operations (src/operations/notificationSettings.ts).
const settingAnswer = (verb: string, source: string, s: z.output<typeof endpoints.createNotificationSetting.response>, b: AgentBinding) =>
  objectAnswer(`${verb} notification setting ${s.id} on ${nameOf(b.connectionName)}:`, source, {
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
  asks: 'The person confirms every value first.',
  usage: 'Returns the new setting with its id (update it with update_notification_setting).',
  answer: (sent, b) => settingAnswer('Created', 'create_notification_setting', sent as z.output<typeof endpoints.createNotificationSetting.response>, b),
});

export const updateNotificationSetting = toolFromOperation(updateSettingOp, {
  name: 'update_notification_setting',
  referenceName: 'platformUpdateNotification',
  userDescription: "Change a reseller's notification setting",
  purpose: 'Replaces a notification setting of a reseller (notification_type and email given; enabled kept when left out).',
  usage: 'list_notification_settings finds the setting id. Returns the setting as saved.',
  answer: (sent, b) => settingAnswer('Updated', 'update_notification_setting', sent as z.output<typeof endpoints.updateNotificationSetting.response>, b),
});

/** A secret's payload as the confirmation shows it: its size and a fingerprint, never its content. */
export function payloadFingerprint(base64: string): string {
  const bytes = Buffer.from(base64, 'base64');
  return `${bytes.length.toLocaleString('en-US')} bytes, SHA-256 ${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}…`;
}

const secret = endpoints.createSecret;
export const createSecret = defineTool({
  name: 'create_secret',
  referenceName: 'platformCreateSecret',
  displayName: 'Create Secret',
  userDescription: 'Store a secret (key, certificate, passphrase) in the cloud secret store',
  modelDescription:
    'Creates a secret in a project and region: name, payload (base64 of the bytes), payload_content_type (e.g. application/octet-stream; not text/plain), secret_type (symmetric, public, private, passphrase, certificate, opaque), optional algorithm, bit_length, mode, expiration (local time, 2027-01-01T00:00:00). The confirmation shows the payload as size and fingerprint only. The platform creates it in the background: returns the task id(s). Never echo the payload back to the person. For a TLS certificate on a platform connection use create_tls_secret instead (PEM files, the current endpoint; this one is deprecated there).',
  kind: 'write',
  input: () =>
    z.strictObject({
      ...connectionField,
      project_id: secret.params.shape.project_id.describe('The project id'),
      region_id: secret.params.shape.region_id.describe('The region id'),
      ...secret.body.shape,
      payload_content_encoding: secret.body.shape.payload_content_encoding.optional().describe('Always "base64" (filled in when left out)'),
    }),
  prepare: ({ project_id, region_id, connection: _c, ...fields }) => {
    const body = { ...fields, payload_content_encoding: fields.payload_content_encoding ?? 'base64' };
    const req = request(
      secret,
      { params: { project_id, region_id }, body },
      `Create secret ${JSON.stringify(fields.name)} in project ${project_id}, region ${region_id}`,
    );
    return { ...req, shownBody: { ...(req.call.body as object), payload: `<${payloadFingerprint(fields.payload)}>` } };
  },
  answer: (sent, b, input) => {
    const answer = sent as z.output<typeof secret.response>;
    return withData({
      head: `Secret ${q(input.name)} is being created on ${nameOf(b.connectionName)} (project ${input.project_id}, region ${input.region_id}); the platform's task id${answer.tasks.length === 1 ? '' : 's'}:`,
      source: 'create_secret',
      data: [jsonLine(answer.tasks)],
    });
  },
});

// The removals of #39: a report task on the server, an activated free feature, a reseller's
// notification setting. Each is destructive (MCP offers it only with --allow-destructive), reads
// the thing first so the confirmation names it (readTarget: template and creation time; feature,
// service and client; type and email), and is sent once by the catalog's runTool, never retried.
import * as z from 'zod';
import { fillPath, pathIn } from '../../../schema/endpoint';
import { endpoints } from '../../../schema/endpoints';
import { PlatformError } from '../../../schema/errors';
import { validateCall } from '../../../schema/validate';
import { connectionField, defineTool, type AgentBinding, type WriteRequest } from './toolKit';
import { nameOf, shown } from './toolAnswers';

const opts = (b: AgentBinding) => ({ signal: b.signal });

function request(endpoint: WriteRequest['endpoint'], params: Record<string, unknown>, operation: string): WriteRequest {
  const checked = validateCall(endpoint, { params });
  return { endpoint, call: { params: checked.params }, operation };
}

/** The template a task was made from: the `type` parameter (the task itself does not name its template). */
function templateOf(parameters: Record<string, unknown> | null | undefined, taskType: string | null | undefined): string {
  const type = parameters?.type;
  return typeof type === 'string' && type.trim() ? type.trim() : shown(taskType);
}

const report = endpoints.deleteReport;
export const deleteReportTask = defineTool({
  name: 'delete_report_task',
  referenceName: 'platformDeleteReport',
  displayName: 'Delete Report Task',
  userDescription: 'Delete a billing report task and its result on the server (cannot be undone)',
  modelDescription:
    "Deletes a billing report task on the server, with its result: it leaves the account's list of report tasks for good. The task is read first so the person sees its template, creation time and status, and confirms. It cannot be undone; use only when the person asked to delete that task. Use list_report_tasks to find the uuid.",
  kind: 'destructive',
  input: () => z.strictObject({ ...connectionField, id: report.params.shape.id.describe('The report task uuid') }),
  prepare: ({ id }) => request(report, { id }, `Delete report task ${id}`),
  readTarget: async (b, { id }) => {
    const task = await b.api.billing.getReport({ params: { id } }, opts(b));
    return {
      noun: 'The report task',
      facts: [
        ['template', templateOf(task.parameters, task.task_type)],
        ['created', shown(task.created_at)],
        ['status', shown(task.status)],
        ...(task.processing_notes?.period ? ([['period', task.processing_notes.period]] as const) : []),
      ],
      consequence: 'Its result is deleted with it.',
    };
  },
  answer: (_sent, b, { id }) => `Deleted report task ${id} on ${nameOf(b.connectionName)}; it is gone from the account's report tasks.`,
});

const feature = endpoints.disableFreeFeature;
export const disableFreeFeature = defineTool({
  name: 'disable_free_feature',
  referenceName: 'platformDisableFreeFeature',
  displayName: 'Disable Free Feature',
  userDescription: "Disable a client's activated free feature (the client loses it)",
  modelDescription:
    "Disables an activated free feature by its activation id: the client loses that feature. The activation is read first so the person sees the feature's name, service and client, and confirms. It cannot be undone here; use only when the person asked for it. Use list_free_features to find the activation id.",
  kind: 'destructive',
  input: () =>
    z.strictObject({ ...connectionField, activatedFeatureId: feature.params.shape.activatedFeatureId.describe('The activation id (not the feature id)') }),
  prepare: ({ activatedFeatureId }) => request(feature, { activatedFeatureId }, `Disable activated free feature ${activatedFeatureId}`),
  readTarget: async (b, { activatedFeatureId }) => {
    const f = await b.api.iam.getActivatedFreeFeature({ params: { activatedFeatureId } }, opts(b));
    return {
      noun: 'The activated free feature',
      facts: [
        ['feature', shown(f.feature?.name)],
        ['service', shown(f.feature?.service)],
        ['client', shown(f.client_id)],
        ['activated', shown(f.created_date)],
      ],
      consequence: 'That client loses this feature.',
    };
  },
  answer: (_sent, b, { activatedFeatureId }) =>
    `Disabled activated free feature ${activatedFeatureId} on ${nameOf(b.connectionName)}; the client no longer has it.`,
});

const setting = endpoints.deleteNotificationSetting;
export const deleteNotificationSetting = defineTool({
  name: 'delete_notification_setting',
  referenceName: 'platformDeleteNotification',
  displayName: 'Delete Notification Setting',
  userDescription: "Delete a reseller's notification setting (its address stops getting them)",
  modelDescription:
    'Deletes a notification setting of a reseller: its address no longer gets that notification (deletion_request or failed_login). The setting is read first so the person sees its type and email, and confirms. It cannot be undone; use only when the person asked for it. Use list_notification_settings to find the id.',
  kind: 'destructive',
  input: () =>
    z.strictObject({
      ...connectionField,
      resellerId: setting.params.shape.resellerId.describe('The reseller id'),
      notificationSettingsId: setting.params.shape.notificationSettingsId.describe('The setting id'),
    }),
  prepare: ({ resellerId, notificationSettingsId }) =>
    request(setting, { resellerId, notificationSettingsId }, `Delete notification setting ${notificationSettingsId} of reseller ${resellerId}`),
  readTarget: async (b, { resellerId, notificationSettingsId }) => {
    const s = await findSetting(b, resellerId, notificationSettingsId);
    return {
      noun: 'The notification setting',
      facts: [
        ['type', shown(s.notification_type)],
        ['email', shown(s.email)],
        ['enabled', shown(s.enabled)],
      ],
      consequence: 'That address stops getting this notification.',
    };
  },
  answer: (_sent, b, { resellerId, notificationSettingsId }) =>
    `Deleted notification setting ${notificationSettingsId} of reseller ${resellerId} on ${nameOf(b.connectionName)}.`,
});

/** One setting from the reseller's list (the platform has no read of one setting): paged through, a 404 when it is not there. */
export async function findSetting(b: AgentBinding, resellerId: number, id: number) {
  const limit = 100;
  for (let offset = 0; offset < 10_000; offset += limit) {
    const page = await b.api.iam.listNotificationSettings({ params: { resellerId }, query: { limit, offset } }, opts(b));
    const found = page.results.find((s) => s.id === id);
    if (found) return found;
    if (page.results.length < limit || !page.next) break;
  }
  const path = fillPath(pathIn(setting, b.dialect), { resellerId, notificationSettingsId: id });
  throw new PlatformError({ kind: 'notFound', message: `No notification setting ${id} of reseller ${resellerId}.`, method: 'GET', path });
}

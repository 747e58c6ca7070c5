// The removals of #39 as agent tools: each is a face of its catalog operation (src/operations/
// removals.ts), which gives its class (destructive: MCP offers it only with --allow-destructive),
// its input rules, the read of the thing and the facts the person confirms, and its request. Sent
// once by the catalog's runTool, never retried.
import * as ops from '../../../operations/removals';
import { toolFromOperation } from './operationTool';

export const deleteReportTask = toolFromOperation(ops.deleteReportTask, {
  name: 'delete_report_task',
  referenceName: 'platformDeleteReport',
  userDescription: 'Delete a billing report task and its result on the server (cannot be undone)',
  purpose: "Deletes a billing report task on the server, with its result: it leaves the account's list of report tasks for good.",
  usage: 'Use only when the person asked to delete that task. Use list_report_tasks to find the uuid.',
  answer: (_sent, _b, _input, done) => `${done}; it is gone from the account's report tasks.`,
});

export const disableFreeFeature = toolFromOperation(ops.disableFreeFeature, {
  name: 'disable_free_feature',
  referenceName: 'platformDisableFreeFeature',
  userDescription: "Disable a client's activated free feature (the client loses it)",
  purpose: 'Disables an activated free feature by its activation id: the client loses that feature.',
  usage: 'Use only when the person asked for it. Use list_free_features to find the activation id.',
  answer: (_sent, _b, _input, done) => `${done}; the client no longer has it.`,
});

export const deleteNotificationSetting = toolFromOperation(ops.deleteNotificationSetting, {
  name: 'delete_notification_setting',
  referenceName: 'platformDeleteNotification',
  userDescription: "Delete a reseller's notification setting (its address stops getting them)",
  purpose: 'Deletes a notification setting of a reseller: its address no longer gets that notification (deletion_request or failed_login).',
  usage: 'Use only when the person asked for it. Use list_notification_settings to find the id.',
  answer: (_sent, _b, _input, done) => `${done}.`,
});

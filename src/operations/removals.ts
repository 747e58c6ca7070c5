// The removals of #39, described once: a report task deleted on the server, an activated free
// feature disabled, a reseller's notification setting deleted. Each is destructive, read first so
// the person sees which one (a failed read asks nothing), and sent once, never retried.
import * as z from 'zod';
import type { PlatformApi } from '../platform/api';
import type { ReportTask } from '../schema/billing';
import { fillPath, pathIn } from '../schema/endpoint';
import { endpoints } from '../schema/endpoints';
import { PlatformError } from '../schema/errors';
import type { ActivatedFeature, NotificationSetting } from '../schema/iam';
import { reportStatusWord } from '../schema/reportStatus';
import { formatUtc } from '../ui/text/timeText';
import { NOT_STATED, checkedRequest, defineOperation } from './operation';

const stated = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? NOT_STATED : String(value));

/** A report task as read, with the template code when it is known here (the task itself names its template only in its parameters). */
export interface ReportTaskThing {
  readonly task: ReportTask;
  readonly templateCode?: string;
}

/** The template a task was made from: ours when known, else its `type` parameter, else its task type. */
function templateOf({ task, templateCode }: ReportTaskThing): string | undefined {
  const type = task.parameters?.type;
  return templateCode ?? (typeof type === 'string' && type.trim() ? type.trim() : (task.task_type ?? undefined));
}

const report = () => endpoints.deleteReport;
export const deleteReportTask = defineOperation({
  name: 'deleteReportTask',
  title: 'Delete Report Task',
  noun: 'The report task',
  kind: 'destructive',
  button: 'Delete',
  fields: () => z.strictObject({ id: report().params.shape.id.describe('The report task uuid') }),
  request: ({ id }) => checkedRequest(report(), { params: { id } }),
  action: ({ id }, thing?: ReportTaskThing) => `Delete report task ${(thing && templateOf(thing)) ?? id}`,
  read: async (api, { id }, signal): Promise<ReportTaskThing> => ({ task: await api.billing.getReport({ params: { id } }, signal ? { signal } : {}) }),
  target: ({ id }, thing) => ({
    facts: [
      ...(thing
        ? ([
            ['Template', stated(templateOf(thing))],
            ['Created', formatUtc(thing.task.created_at) ?? NOT_STATED],
            ['Status', reportStatusWord(thing.task)],
            ...(thing.task.processing_notes?.period ? [['Period', thing.task.processing_notes.period] as const] : []),
          ] as const)
        : []),
      ['UUID', id],
    ],
    consequence: 'Its result is deleted with it.',
  }),
});

/** An activated feature as read or listed; `id` is the activation id when the list gave it. */
export type FreeFeatureThing = Pick<ActivatedFeature, 'client_id' | 'feature_id' | 'feature' | 'created_date'>;

const featureId = (f: FreeFeatureThing) => f.feature?.id ?? f.feature_id;
const featureName = (f: FreeFeatureThing | undefined, activation: number) =>
  f?.feature?.name ?? (typeof (f && featureId(f)) === 'number' ? `feature ${featureId(f!)}` : `activated feature ${activation}`);

const feature = () => endpoints.disableFreeFeature;
export const disableFreeFeature = defineOperation({
  name: 'disableFreeFeature',
  title: 'Disable Free Feature',
  noun: 'The activated free feature',
  kind: 'destructive',
  button: 'Disable',
  fields: () =>
    z.strictObject({
      activatedFeatureId: feature().params.shape.activatedFeatureId.describe('The activation id (not the feature id)').meta({ title: 'Activated feature ID' }),
    }),
  request: ({ activatedFeatureId }) => checkedRequest(feature(), { params: { activatedFeatureId } }),
  action: ({ activatedFeatureId }, thing?: FreeFeatureThing) =>
    thing ? `Disable the free feature ${featureName(thing, activatedFeatureId)}` : `Disable activated free feature ${activatedFeatureId}`,
  read: (api, { activatedFeatureId }, signal): Promise<FreeFeatureThing> =>
    api.iam.getActivatedFreeFeature({ params: { activatedFeatureId } }, signal ? { signal } : {}),
  target: ({ activatedFeatureId }, thing) => {
    const name = featureName(thing, activatedFeatureId);
    const id = thing && featureId(thing);
    const service = stated(thing?.feature?.service);
    const client = typeof thing?.client_id === 'number' ? `client ${thing.client_id}` : 'its client';
    return {
      facts: [
        ['Feature', `${name}${typeof id === 'number' ? ` (feature ${id})` : ''}`],
        ['Service', service],
        ['Client', stated(thing?.client_id)],
        ['Activated', formatUtc(thing?.created_date) ?? NOT_STATED],
        ['Activation id', String(activatedFeatureId)],
      ],
      consequence: `${name} (${service}) stops working for ${client}: the account loses this free feature until it is activated again.`,
    };
  },
});

/** A notification setting's values as known; undefined when it was typed by id and not read. */
export type NotificationSettingThing = Pick<NotificationSetting, 'notification_type' | 'email' | 'enabled'>;

const setting = () => endpoints.deleteNotificationSetting;
export const deleteNotificationSetting = defineOperation({
  name: 'deleteNotificationSetting',
  title: 'Delete Notification Setting',
  noun: 'The notification setting',
  kind: 'destructive',
  button: 'Delete',
  fields: () =>
    z.strictObject({
      resellerId: setting().params.shape.resellerId.describe('The reseller id'),
      notificationSettingsId: setting().params.shape.notificationSettingsId.describe('The setting id'),
    }),
  request: ({ resellerId, notificationSettingsId }) => checkedRequest(setting(), { params: { resellerId, notificationSettingsId } }),
  action: ({ resellerId, notificationSettingsId }) => `Delete notification setting ${notificationSettingsId} of reseller ${resellerId}`,
  read: (api, { resellerId, notificationSettingsId }, signal): Promise<NotificationSettingThing> =>
    findSetting(api, resellerId, notificationSettingsId, signal),
  target: ({ resellerId, notificationSettingsId }, thing?: NotificationSettingThing) => {
    const value = (v: string | boolean | null | undefined) =>
      thing === undefined ? 'not known (the setting was typed by id)' : typeof v === 'boolean' ? (v ? 'yes' : 'no') : stated(v);
    const type = thing?.notification_type;
    return {
      facts: [
        ['Reseller', String(resellerId)],
        ['Setting', String(notificationSettingsId)],
        ['Type', value(type)],
        ['Email', value(thing?.email)],
        ['Enabled', value(thing?.enabled)],
      ],
      consequence: `${thing?.email ?? 'Its address'} stops getting ${type ? `${type} notifications` : 'this notification'} for this reseller.`,
    };
  },
});

/** One setting from the reseller's list (the platform has no read of one setting): paged through, a 404 when it is not there. */
export async function findSetting(api: PlatformApi, resellerId: number, id: number, signal?: AbortSignal): Promise<NotificationSetting> {
  const limit = 100;
  for (let offset = 0; offset < 10_000; offset += limit) {
    const page = await api.iam.listNotificationSettings({ params: { resellerId }, query: { limit, offset } }, signal ? { signal } : {});
    const found = page.results.find((s) => s.id === id);
    if (found) return found;
    if (page.results.length < limit || !page.next) break;
  }
  const path = fillPath(pathIn(setting(), api.http.dialect), { resellerId, notificationSettingsId: id });
  throw new PlatformError({ kind: 'notFound', message: `No notification setting ${id} of reseller ${resellerId}.`, method: 'GET', path });
}

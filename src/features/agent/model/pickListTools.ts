// The lists an agent picks an id from (#39 item 4): the account's trials, its activated free
// features, a reseller's notification settings. Each answers the ids the get and remove tools
// take; a spec-only server without the list says so instead (listed() remembers it).
import * as z from 'zod';
import { endpoints } from '../../../schema/endpoints';
import { INT32_MAX, INT32_MIN, intIn } from '../../../schema/schemaKit';
import { isListMissing } from '../../../platform/platformLists';
import { connectionField, defineTool, type AgentBinding } from './toolKit';
import { LIST_MAX, listAnswer, nameOf } from './toolAnswers';
import { quoted as q } from './platformText';
import { listed } from './readTools';

const opts = (b: AgentBinding) => ({ signal: b.signal });
const on = (b: AgentBinding) => `on ${nameOf(b.connectionName)}`;
const text = (value: string | null | undefined) => (value ? q(value) : '(no name)');

export const listTrials = defineTool({
  name: 'list_trials',
  referenceName: 'platformTrials',
  displayName: 'List Billing Trials',
  userDescription: "The account's billing trials: client, product, plan, active or not",
  modelDescription: `Lists the account's billing trials, newest first: id, client (id and company), product, plan, active or not, days limit. At most ${LIST_MAX} per answer with the total; filter with "client_id", "active" (running now or not), "company_name", "product_name" or "plan_name" (substrings). Use get_trial with an id for one trial's options and ranges.`,
  kind: 'read',
  input: () => {
    const query = endpoints.listTrials.query.shape;
    return z.strictObject({
      ...connectionField,
      client_id: intIn(INT32_MIN, INT32_MAX).optional().describe('Only the trials of this client id'),
      active: z.boolean().optional().describe('true: only trials running now; false: only trials not running now'),
      company_name: query.company_name.describe("Only trials whose client's company name contains this text"),
      product_name: query.product_name.describe('Only trials whose product name contains this text'),
      plan_name: query.plan_name.describe('Only trials whose plan name contains this text'),
    });
  },
  run: async (b, { connection: _c, client_id, active, ...query }) => {
    const now = new Date().toISOString();
    const filters = {
      ...query,
      ...(client_id !== undefined ? { client_id: [client_id] } : {}),
      ...(active === true ? { active_at: now } : active === false ? { not_active_at: now } : {}),
    };
    const page = await listed(
      b,
      'listTrials',
      () => b.api.billing.listTrials({ params: {}, query: { ...filters, ordering: '-created_at', limit: LIST_MAX } }, opts(b)),
      'Ask the person for the trial id and use get_trial.',
    );
    if (typeof page === 'string') return page;
    return listAnswer({
      title: `Trials ${on(b)}`,
      source: 'list_trials',
      items: page.results,
      total: page.count ?? undefined,
      // remaining_duration is a number only while the trial runs.
      line: (t) =>
        `id ${t.id}: client ${t.client_id ?? t.client?.id ?? '?'}${t.client?.company_name ? ` ${q(t.client.company_name)}` : ''} · product ${text(t.product?.name)} · plan ${text(t.plan?.name)} · ${typeof t.remaining_duration === 'number' ? 'active' : 'not active'}${t.days_limit !== null && t.days_limit !== undefined ? ` · ${t.days_limit} days` : ''}`,
      narrow: 'give "client_id", "active", "company_name", "product_name" or "plan_name".',
    });
  },
});

export const listFreeFeatures = defineTool({
  name: 'list_free_features',
  referenceName: 'platformFreeFeatures',
  displayName: 'List Activated Free Features',
  userDescription: 'The activated free features: feature, service, client',
  modelDescription: `Lists the activated free features: activation id, feature name and service, client id, activation date. At most ${LIST_MAX} per answer with the total; "client_id" keeps one client's. Use get_free_feature for one activation; disable_free_feature takes the activation id (not the feature id).`,
  kind: 'read',
  input: () =>
    z.strictObject({
      ...connectionField,
      client_id: z.int('must be a whole number').min(1, 'must be at least 1').optional().describe("Only this client's activated features"),
    }),
  run: async (b, { client_id }) => {
    const all = await listed(
      b,
      'listFreeFeatures',
      () => b.api.iam.listFreeFeatures({ params: {} }, opts(b)),
      'Ask the person for the activation id and use get_free_feature.',
    );
    if (typeof all === 'string') return all;
    // The platform's list has no filter or paging: narrowed here.
    const items = client_id === undefined ? all : all.filter((f) => f.client_id === client_id);
    return listAnswer({
      title: `Activated free features ${on(b)}${client_id === undefined ? '' : ` of client ${client_id}`}`,
      source: 'list_free_features',
      items,
      line: (f) =>
        `id ${f.id}: ${text(f.feature?.name)} · service ${text(f.feature?.service)} · client ${f.client_id ?? '?'} · activated ${f.created_date ? q(f.created_date) : '?'}`,
      narrow: 'give "client_id".',
    });
  },
});

export const listNotificationSettings = defineTool({
  name: 'list_notification_settings',
  referenceName: 'platformNotificationSettings',
  displayName: 'List Notification Settings',
  userDescription: "A reseller's notification settings: type, email, enabled",
  modelDescription: `Lists the notification settings of a reseller: id, notification type (deletion_request or failed_login), email, enabled. At most ${LIST_MAX} per answer with the total. update_notification_setting and delete_notification_setting take these ids.`,
  kind: 'read',
  input: () => z.strictObject({ ...connectionField, resellerId: endpoints.listNotificationSettings.params.shape.resellerId.describe('The reseller id') }),
  run: async (b, { resellerId }) => {
    if (b.lists.isMissing('listNotificationSettings'))
      return "This server has no such list (it speaks only the spec's API). Ask the person for the setting id.";
    let page;
    try {
      page = await b.api.iam.listNotificationSettings({ params: { resellerId }, query: { limit: LIST_MAX } }, opts(b));
    } catch (error) {
      // A 404 here may be only this reseller: said, not remembered as a missing list.
      if (isListMissing(error, 'listNotificationSettings'))
        return `No notification settings found for reseller ${resellerId} ${on(b)}: no such reseller, or this server has no such list (a spec-only server). Check the reseller id, or ask the person for the setting id.`;
      throw error;
    }
    return listAnswer({
      title: `Notification settings of reseller ${resellerId} ${on(b)}`,
      source: 'list_notification_settings',
      items: page.results,
      total: page.count ?? undefined,
      line: (s) =>
        `id ${s.id}: ${text(s.notification_type)} · ${text(s.email)} · ${s.enabled === false ? 'disabled' : s.enabled ? 'enabled' : 'enabled unknown'}`,
      narrow: "the rest are on later pages; ask the person to open the reseller's notification settings in Platform Console.",
    });
  },
});

// Edge administration: apps (endpoint 6), templates (endpoint 12), clients (endpoint 15).
// The spec's limits on these read-only objects (name patterns, lengths, status ranges) are
// shown, not enforced: an app with status 3 or a long name is displayed, never refused.
import { lazySchema } from './lazySchema';
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import { positiveId, lenientArray, lenientBool, lenientInt, lenientText, lenientTextMap } from './schemaKit';

export const EDGE_APP_STATUSES: Record<number, string> = { 0: 'draft', 1: 'enabled', 2: 'disabled', 5: 'suspended' };
export const EDGE_CLIENT_STATUSES: Record<number, string> = { 1: 'enabled', 2: 'disabled', 5: 'suspended' };
/** A status in words from its table, the one place they are said: a value not listed is "status N", none "status unknown". */
export const statusWordIn = (words: Record<number, string>, s: number | null | undefined): string =>
  s === null || s === undefined ? 'status unknown' : (words[s] ?? `status ${s}`);
/** An edge app's status in words: "enabled", "status 3". */
export const edgeAppStatusWord = (s: number | null | undefined): string => statusWordIn(EDGE_APP_STATUSES, s);

export const edgeApp = lazySchema(() =>
  z.looseObject({
    id: lenientInt(),
    client_id: lenientInt(),
    name: lenientText(),
    url: lenientText(),
    binary: lenientInt(),
    template: lenientInt(),
    template_name: lenientText(),
    status: lenientInt(),
    plan_id: lenientInt(),
    plan: lenientText(),
    env: lenientTextMap(),
    rsp_headers: lenientTextMap(),
    log: lenientText(),
    debug_until: lenientText(),
    comment: lenientText(),
    api_type: lenientText(),
    networks: lenientArray(z.string()),
    secrets: z.record(z.string(), z.unknown()).nullish().catch(undefined),
    stores: z.record(z.string(), z.unknown()).nullish().catch(undefined),
  }),
);
export type EdgeApp = z.output<typeof edgeApp>;

export const edgeTemplate = lazySchema(() =>
  z.looseObject({
    id: lenientInt(),
    binary_id: lenientInt(),
    name: lenientText(),
    api_type: lenientText(),
    owned: lenientBool(),
    params: lenientArray(
      z.looseObject({ name: lenientText(), data_type: lenientText(), mandatory: lenientBool(), descr: lenientText(), metadata: lenientText() }),
    ),
    short_descr: lenientText(),
    long_descr: lenientText(),
  }),
);
export type EdgeTemplate = z.output<typeof edgeTemplate>;

export const edgeClient = lazySchema(() =>
  z.looseObject({
    status: lenientInt(),
    hourly_consumption: lenientInt(),
    daily_consumption: lenientInt(),
    monthly_consumption: lenientInt(),
    app_count: lenientInt(),
    networks: lenientArray(z.looseObject({ name: lenientText(), is_default: lenientBool() })),
    plan_id: lenientInt(),
    reseller_id: lenientInt(),
    plan: lenientText(),
  }),
);
export type EdgeClient = z.output<typeof edgeClient>;

export const getEdgeAppEndpoint = defineEndpoint('getEdgeApp', {
  errorShape: 'edge',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({ app_id: positiveId() })),
  query: undefined,
  body: undefined,
  response: edgeApp,
});

export const getEdgeTemplateEndpoint = defineEndpoint('getEdgeTemplate', {
  errorShape: 'edge',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({ template_id: positiveId() })),
  query: undefined,
  body: undefined,
  response: edgeTemplate,
});

export const getEdgeClientEndpoint = defineEndpoint('getEdgeClient', {
  errorShape: 'edge',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({ client_id: positiveId() })),
  query: undefined,
  body: undefined,
  response: edgeClient,
});

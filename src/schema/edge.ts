// Edge administration: apps (endpoint 6), templates (endpoint 12), clients (endpoint 15).
// The spec's limits on these read-only objects (name patterns, lengths, status ranges) are
// shown, not enforced: an app with status 3 or a long name is displayed, never refused.
import { lazySchema } from './lazySchema';
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import { ROUTES } from './routes';
import { positiveId, rArray, rBool, rInt, rText, rTextMap } from './schemaKit';

export const EDGE_APP_STATUSES: Record<number, string> = { 0: 'draft', 1: 'enabled', 2: 'disabled', 5: 'suspended' };
export const EDGE_CLIENT_STATUSES: Record<number, string> = { 1: 'enabled', 2: 'disabled', 5: 'suspended' };

export const edgeApp = lazySchema(() => z.looseObject({
  id: rInt(),
  client_id: rInt(),
  name: rText(),
  url: rText(),
  binary: rInt(),
  template: rInt(),
  template_name: rText(),
  status: rInt(),
  plan_id: rInt(),
  plan: rText(),
  env: rTextMap(),
  rsp_headers: rTextMap(),
  log: rText(),
  debug_until: rText(),
  comment: rText(),
  api_type: rText(),
  networks: rArray(z.string()),
  secrets: z.record(z.string(), z.unknown()).nullish().catch(undefined),
  stores: z.record(z.string(), z.unknown()).nullish().catch(undefined),
}));
export type EdgeApp = z.output<typeof edgeApp>;

export const edgeTemplate = lazySchema(() => z.looseObject({
  id: rInt(),
  binary_id: rInt(),
  name: rText(),
  api_type: rText(),
  owned: rBool(),
  params: rArray(z.looseObject({ name: rText(), data_type: rText(), mandatory: rBool(), descr: rText(), metadata: rText() })),
  short_descr: rText(),
  long_descr: rText(),
}));
export type EdgeTemplate = z.output<typeof edgeTemplate>;

export const edgeClient = lazySchema(() => z.looseObject({
  status: rInt(),
  hourly_consumption: rInt(),
  daily_consumption: rInt(),
  monthly_consumption: rInt(),
  app_count: rInt(),
  networks: rArray(z.looseObject({ name: rText(), is_default: rBool() })),
  plan_id: rInt(),
  reseller_id: rInt(),
  plan: rText(),
}));
export type EdgeClient = z.output<typeof edgeClient>;


export const getEdgeAppEndpoint = defineEndpoint({
  name: 'getEdgeApp',
  ...ROUTES.getEdgeApp,
  errorShape: 'edge',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({ app_id: positiveId() })),
  query: undefined,
  body: undefined,
  response: edgeApp,
});

export const getEdgeTemplateEndpoint = defineEndpoint({
  name: 'getEdgeTemplate',
  ...ROUTES.getEdgeTemplate,
  errorShape: 'edge',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({ template_id: positiveId() })),
  query: undefined,
  body: undefined,
  response: edgeTemplate,
});

export const getEdgeClientEndpoint = defineEndpoint({
  name: 'getEdgeClient',
  ...ROUTES.getEdgeClient,
  errorShape: 'edge',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({ client_id: positiveId() })),
  query: undefined,
  body: undefined,
  response: edgeClient,
});

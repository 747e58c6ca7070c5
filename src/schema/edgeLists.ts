// FastEdge as the account sees it (paths.md §2): its own apps (paged, filtered on the server),
// one of them, the templates it may use, and its own client status. Answers `{count, apps}` and
// `{count, templates}`.
import { lazySchema, real } from './lazySchema';
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import { edgeApp, edgeClient } from './edge';
import { filterText, pageQuery, usableItems } from './paging';
import { intIn, positiveId, lenientBool, lenientInt, requiredLenientInt, lenientText } from './schemaKit';

const PAGE_MAX = 1000;

export const edgeAppItem = lazySchema(() => edgeApp.extend({ id: requiredLenientInt() }));
export type EdgeAppItem = z.output<typeof edgeAppItem>;

export const edgeTemplateItem = lazySchema(() =>
  z.looseObject({
    id: requiredLenientInt(),
    name: lenientText(),
    short_descr: lenientText(),
    long_descr: lenientText(),
    api_type: lenientText(),
    owned: lenientBool(),
  }),
);
export type EdgeTemplateItem = z.output<typeof edgeTemplateItem>;

/** The app statuses a person may filter by (0 draft, 1 enabled, 2 disabled, 5 suspended; 3 and 4 of older files). */
export const EDGE_APP_STATUS_FILTER = lazySchema(() => intIn(0, 5));

export const listEdgeAppsEndpoint = defineEndpoint('listEdgeApps', {
  errorShape: 'edge',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: lazySchema(() =>
    z.strictObject({
      name: filterText(),
      status: EDGE_APP_STATUS_FILTER.optional(),
      template: positiveId().optional(),
      api_type: filterText(),
      ordering: filterText(),
      ...pageQuery(PAGE_MAX),
    }),
  ),
  body: undefined,
  response: lazySchema(() => z.looseObject({ count: lenientInt(), apps: usableItems(real(edgeAppItem)) })),
});

export const getOwnEdgeAppEndpoint = defineEndpoint('getOwnEdgeApp', {
  errorShape: 'edge',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({ app_id: positiveId() })),
  query: undefined,
  body: undefined,
  response: edgeApp,
});

export const listEdgeTemplatesEndpoint = defineEndpoint('listEdgeTemplates', {
  errorShape: 'edge',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: lazySchema(() => z.strictObject({ api_type: filterText(), only_mine: z.boolean().optional(), ...pageQuery(PAGE_MAX) })),
  body: undefined,
  response: lazySchema(() => z.looseObject({ count: lenientInt(), templates: usableItems(real(edgeTemplateItem)) })),
});

export const getEdgeAccountEndpoint = defineEndpoint('getEdgeAccount', {
  errorShape: 'edge',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: undefined,
  body: undefined,
  response: edgeClient,
});

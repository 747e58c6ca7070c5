// A new edge app (the platform's own FastEdge API, POST /apps): the published `app` object with a
// name and either a binary or a template; a template's plain params are sent as env variables of
// the same names, its secret and store params as references in `secrets` / `stores` (name -> {id}).
// The platform answers `app_short` and the app starts as a draft (status 0); 429 past the account's
// app count limit.
import { lazySchema } from './lazySchema';
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import { edgeAppPatch, edgeAppShort, EDGE_APP_NAME_PATTERN } from './edgeApps';
import { positiveId, textOf, typeError } from './schemaKit';

export const edgeAppCreate = lazySchema(() =>
  edgeAppPatch.extend({
    name: textOf(1, 64).regex(
      EDGE_APP_NAME_PATTERN,
      'must be lowercase letters, digits and "-", not starting or ending with "-" (^[a-z0-9][a-z0-9-]*[a-z0-9]$)',
    ),
    // The published `app_store`: the app refers to an edge store by id (name and comment are read-only).
    stores: z.record(z.string(), z.strictObject({ id: positiveId() }), typeError('must be an object of store names to {"id": <store id>}')).optional(),
  }),
);
export type EdgeAppCreate = z.input<typeof edgeAppCreate>;

export const createEdgeAppEndpoint = defineEndpoint('createEdgeApp', {
  errorShape: 'edge',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: undefined,
  body: edgeAppCreate,
  response: edgeAppShort,
});

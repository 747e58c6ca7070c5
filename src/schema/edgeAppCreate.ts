// A new edge app (the platform's own FastEdge API, POST /apps): the published `app` object with a
// name and either a binary or a template; a template's params are sent as env variables of the
// same names (the published `app` has no other place for them). The platform answers `app_short`
// and the app starts as a draft (status 0).
import { lazySchema } from './lazySchema';
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import { edgeAppPatch, edgeAppShort, EDGE_APP_NAME_PATTERN } from './edgeApps';
import { textOf } from './schemaKit';

export const edgeAppCreate = lazySchema(() => edgeAppPatch.extend({
  name: textOf(1, 64).regex(EDGE_APP_NAME_PATTERN, 'must be lowercase letters, digits and "-", not starting or ending with "-" (^[a-z0-9][a-z0-9-]*[a-z0-9]$)'),
}));
export type EdgeAppCreate = z.input<typeof edgeAppCreate>;

export const createEdgeAppEndpoint = defineEndpoint('createEdgeApp', {
  errorShape: 'edge',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: undefined,
  body: edgeAppCreate,
  response: edgeAppShort,
});

// An edge app's lifecycle (the platform's own FastEdge API, paths.md §2): PATCH changes the
// published `app` object's writable fields (only those sent; status 1 enables, 2 disables,
// `debug: true` opens a 30-minute debug window) and answers `app_short`; DELETE removes the app
// (204; its binary stays).
import { lazySchema } from './lazySchema';
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import { intIn, positiveId, textOf, typeError, lenientArray, lenientInt, lenientText } from './schemaKit';

/** The published app name: 1–64 lowercase letters, digits and "-", not starting or ending with "-". */
export const EDGE_APP_NAME_PATTERN = /^[a-z0-9][a-z0-9-]*[a-z0-9]$/;
export const EDGE_APP_COMMENT_MAX = 1024;
/** How long a debug window lasts once `debug: true` is sent (the published `debug` field). */
export const EDGE_DEBUG_WINDOW_MS = 30 * 60 * 1000;

export const EDGE_APP_STATUS = { draft: 0, enabled: 1, disabled: 2, suspended: 5 } as const;

const textMap = (what: string) => z.record(z.string(), z.string(typeError('must be text')), typeError(`must be an object of ${what} names to text values`));

export const edgeAppPatch = lazySchema(() =>
  z.strictObject({
    name: textOf(1, 64)
      .regex(EDGE_APP_NAME_PATTERN, 'must be lowercase letters, digits and "-", not starting or ending with "-" (^[a-z0-9][a-z0-9-]*[a-z0-9]$)')
      .optional(),
    binary: positiveId().optional(),
    template: positiveId().optional(),
    status: intIn(0, 5).optional(),
    env: textMap('variable').optional(),
    rsp_headers: textMap('header').optional(),
    // The published `app_secret_short`: the app refers to an Edge Secret by id (name and comment are read-only).
    secrets: z.record(z.string(), z.strictObject({ id: positiveId() }), typeError('must be an object of secret names to {"id": <secret id>}')).optional(),
    debug: z.boolean(typeError('must be true or false')).optional(),
    comment: textOf(0, EDGE_APP_COMMENT_MAX).optional(),
  }),
);
export type EdgeAppPatch = z.input<typeof edgeAppPatch>;

/** The platform's short app (`app_short`): what a PATCH answers. Lenient, as the other edge answers. */
export const edgeAppShort = lazySchema(() =>
  z.looseObject({
    id: lenientInt(),
    name: lenientText(),
    url: lenientText(),
    status: lenientInt(),
    binary: lenientInt(),
    comment: lenientText(),
    api_type: lenientText(),
    debug_until: lenientText(),
    template: lenientInt(),
    template_name: lenientText(),
    networks: lenientArray(z.string()),
    upgradeable_to: lenientInt(),
    plan_id: lenientInt(),
    plan: lenientText(),
  }),
);
export type EdgeAppShort = z.output<typeof edgeAppShort>;

export const patchEdgeAppEndpoint = defineEndpoint('patchEdgeApp', {
  errorShape: 'edge',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({ app_id: positiveId() })),
  query: undefined,
  body: edgeAppPatch,
  response: edgeAppShort,
});

export const deleteEdgeAppEndpoint = defineEndpoint('deleteEdgeApp', {
  errorShape: 'edge',
  successStatus: 204,
  params: lazySchema(() => z.strictObject({ app_id: positiveId() })),
  query: undefined,
  body: undefined,
  response: undefined,
});

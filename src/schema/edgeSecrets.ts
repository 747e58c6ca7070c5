// FastEdge secrets (the platform's own API, fastedge_api.yaml `secret`, `secret_short`, `secret_slot`):
// an app refers to a secret by id; a slot's `value` is write-only, so no answer schema here carries it.
import { lazySchema } from './lazySchema';
import { defineEndpoint } from './endpoint';
import * as z from 'zod';
import { positiveId, textOf, typeError, lenientArray, lenientInt, lenientText } from './schemaKit';

/** The published secret name: 1–128 letters, digits, "_" and "-", starting and ending with a letter or digit. */
export const EDGE_SECRET_NAME_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9_-]*[a-zA-Z0-9]$/;
export const EDGE_SECRET_NAME_MAX = 128;
export const EDGE_SECRET_COMMENT_MAX = 1024;
export const EDGE_SECRET_VALUE_MAX = 4096;

const NAME_RULE = 'must be letters, digits, "_" and "-", starting and ending with a letter or digit (^[a-zA-Z0-9][a-zA-Z0-9_-]*[a-zA-Z0-9]$)';

export const edgeSecretName = () => textOf(1, EDGE_SECRET_NAME_MAX).regex(EDGE_SECRET_NAME_PATTERN, NAME_RULE);

/** A slot as sent: `slot` (Unix seconds it becomes active, required) and the plaintext `value` (optional as published). */
export const edgeSecretSlotInput = lazySchema(() =>
  z.strictObject({
    slot: z.int(typeError('must be a whole number')).min(0, 'must be 0 or more'),
    value: textOf(0, EDGE_SECRET_VALUE_MAX).optional(),
  }),
);

/** POST /secrets body: `name` required (the published allOf adds it), comment and slots optional. */
export const edgeSecretCreate = lazySchema(() =>
  z.strictObject({
    name: edgeSecretName(),
    comment: textOf(0, EDGE_SECRET_COMMENT_MAX).optional(),
    secret_slots: z.array(edgeSecretSlotInput, typeError('must be a list of slots')).optional(),
  }),
);
export type EdgeSecretCreate = z.input<typeof edgeSecretCreate>;

/** PATCH /secrets/{secret_id} body: only the fields sent change. */
export const edgeSecretPatch = lazySchema(() =>
  z.strictObject({
    name: edgeSecretName().optional(),
    comment: textOf(0, EDGE_SECRET_COMMENT_MAX).optional(),
    secret_slots: z.array(edgeSecretSlotInput, typeError('must be a list of slots')).optional(),
  }),
);
export type EdgeSecretPatch = z.input<typeof edgeSecretPatch>;

/** GET /secrets query: filter by an app using the secret or by name. */
export const edgeSecretListQuery = lazySchema(() =>
  z.strictObject({
    app_id: positiveId().optional(),
    secret_name: textOf(1, 255).optional(),
  }),
);

/** DELETE /secrets/{secret_id} query: a used secret answers 409 unless `force` is true. */
export const edgeSecretDeleteQuery = lazySchema(() =>
  z.strictObject({
    force: z.boolean(typeError('must be true or false')).optional(),
  }),
);

// Answers are lenient as the other edge answers; a slot keeps only `slot` and `checksum`, so a
// value echoed by mistake is dropped at the border.
const slotAnswer = lazySchema(() => z.object({ slot: lenientInt(), checksum: lenientText() }).strip());

export const edgeSecretShort = lazySchema(() =>
  z
    .object({
      id: lenientInt(),
      name: lenientText(),
      comment: lenientText(),
      app_count: lenientInt(),
    })
    .strip(),
);
export type EdgeSecretShort = z.output<typeof edgeSecretShort>;

export const edgeSecretList = lazySchema(() =>
  z
    .object({
      secrets: lenientArray(edgeSecretShort),
      count: lenientInt(),
    })
    .strip(),
);

export const edgeSecret = lazySchema(() =>
  z
    .object({
      id: lenientInt(),
      name: lenientText(),
      comment: lenientText(),
      app_count: lenientInt(),
      secret_slots: lenientArray(slotAnswer),
    })
    .strip(),
);
export type EdgeSecret = z.output<typeof edgeSecret>;

/** The published 409 answer of a delete/patch of a used secret: the ids of the apps using it. */
export const edgeSecretConflict = lazySchema(() =>
  z
    .object({
      error: lenientText(),
      conflicting_ids: lenientArray(lenientInt()),
    })
    .strip(),
);

const secretIdParams = lazySchema(() => z.strictObject({ secret_id: positiveId() }));

export const listEdgeSecretsEndpoint = defineEndpoint('listEdgeSecrets', {
  errorShape: 'edge',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: edgeSecretListQuery,
  body: undefined,
  response: edgeSecretList,
});

export const createEdgeSecretEndpoint = defineEndpoint('createEdgeSecret', {
  errorShape: 'edge',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: undefined,
  body: edgeSecretCreate,
  response: edgeSecret,
});

export const getEdgeSecretEndpoint = defineEndpoint('getEdgeSecret', {
  errorShape: 'edge',
  successStatus: 200,
  params: secretIdParams,
  query: undefined,
  body: undefined,
  response: edgeSecret,
});

export const patchEdgeSecretEndpoint = defineEndpoint('patchEdgeSecret', {
  errorShape: 'edge',
  successStatus: 200,
  params: secretIdParams,
  query: undefined,
  body: edgeSecretPatch,
  response: edgeSecret,
});

export const deleteEdgeSecretEndpoint = defineEndpoint('deleteEdgeSecret', {
  errorShape: 'edge',
  successStatus: 204,
  params: secretIdParams,
  query: edgeSecretDeleteQuery,
  body: undefined,
  response: undefined,
});

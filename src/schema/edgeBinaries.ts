// An app's compiled code (the platform's own FastEdge API): POST /binaries/raw stores the bytes of
// a .wasm sent as `application/octet-stream` and answers the published `binary_short`; DELETE
// removes a binary no app uses (409 while one does); GET /binaries/{binary_id} answers the published
// `binary` (its `checksum` is the MD5 drift compares a workspace file with).
import { lazySchema } from './lazySchema';
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import { positiveId, lenientInt, lenientText } from './schemaKit';

/** The first bytes of every WebAssembly module: `\0asm`. */
export const WASM_MAGIC = [0x00, 0x61, 0x73, 0x6d] as const;
/** The published upper bound of a binary ("Maximum binary size is 100MB"). */
export const EDGE_BINARY_MAX_BYTES = 100 * 1024 * 1024;

/** The published `binary_short`: `id` is needed to point an app at it, the rest is lenient. */
export const edgeBinaryShort = lazySchema(() =>
  z.looseObject({
    id: z.int('must be a whole number').positive('must be a positive whole number'),
    status: lenientInt(),
    api_type: lenientText(),
    checksum: lenientText(),
    source: lenientInt(),
    unref_since: lenientText(),
  }),
);
export type EdgeBinaryShort = z.output<typeof edgeBinaryShort>;

/** The body is the file's bytes, streamed by the client (HttpClient.upload), never a JSON value. */
export const storeEdgeBinaryEndpoint = defineEndpoint('storeEdgeBinary', {
  errorShape: 'edge',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: undefined,
  body: undefined,
  response: edgeBinaryShort,
});

export const deleteEdgeBinaryEndpoint = defineEndpoint('deleteEdgeBinary', {
  errorShape: 'edge',
  successStatus: 204,
  params: lazySchema(() => z.strictObject({ binary_id: positiveId() })),
  query: undefined,
  body: undefined,
  response: undefined,
});

/** The published `binary`: `id` is needed, the rest lenient (`checksum`, the MD5 of its bytes, may be absent). */
export const edgeBinary = lazySchema(() =>
  z.looseObject({
    id: z.int('must be a whole number').positive('must be a positive whole number'),
    status: lenientInt(),
    source: lenientInt(),
    api_type: lenientText(),
    checksum: lenientText(),
    unref_since: lenientText(),
  }),
);
export type EdgeBinaryInfo = z.output<typeof edgeBinary>;

export const getEdgeBinaryEndpoint = defineEndpoint('getEdgeBinary', {
  errorShape: 'edge',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({ binary_id: positiveId() })),
  query: undefined,
  body: undefined,
  response: edgeBinary,
});

// The account's stored binaries (the platform's own FastEdge API, GET /binaries): the published
// answer is `{binaries: binary_short[]}`, unpaged and without query parameters.
import { lazySchema } from './lazySchema';
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import { edgeBinaryShort } from './edgeBinaries';
import { usableItems } from './paging';

export const edgeBinaryList = lazySchema(() =>
  z.looseObject({
    binaries: usableItems(edgeBinaryShort),
  }),
);
export type EdgeBinaryList = z.output<typeof edgeBinaryList>;

export const listEdgeBinariesEndpoint = defineEndpoint('listEdgeBinaries', {
  errorShape: 'edge',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: undefined,
  body: undefined,
  response: edgeBinaryList,
});

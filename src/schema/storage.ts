// Storage provisioning: deletion (endpoint 7). Deprecated by the platform in favour of the
// version 4 object storage and SFTP storage deletions; never retried (DELETE).
import { lazySchema } from './lazySchema';
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import { positiveId } from './schemaKit';

export const deleteStorageEndpoint = defineEndpoint('deleteStorage', {
  errorShape: 'storage',
  successStatus: 204,
  params: lazySchema(() => z.strictObject({ storage_id: positiveId() })),
  query: undefined,
  body: undefined,
  response: undefined,
});

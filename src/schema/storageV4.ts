// Object and SFTP storages on the platform's storage API version 4 (object_storage_api.yaml:
// S3StorageListItemV4, SFTPStorageItemV4): their lists, their deletion and an object storage's
// restore. Answers `{count, results}`; errors `{error}`. The published items carry no deletion
// time: a deleted storage says only `provisioning_status: deleted`.
import { lazySchema, real } from './lazySchema';
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import { cloudList, filterText } from './paging';
import { intIn, lenientArray, lenientBool, lenientInt, lenientText, positiveId, requiredLenientInt, typeError } from './schemaKit';

/** The published page bounds: limit 1..1000, default 10. */
export const STORAGE_PAGE_MAX = 1000;
export const STORAGE_PAGE_DEFAULT = 10;

/** Published provisioning statuses (both lists). */
export const STORAGE_STATUSES = ['creating', 'active', 'updating', 'deleting', 'deleted'] as const;
export type StorageStatus = (typeof STORAGE_STATUSES)[number];

/** "A previously deleted S3-compatible storage … if it was deleted within the last 2 weeks." */
export const RESTORE_WINDOW_MS = 14 * 24 * 60 * 60 * 1000;

/** The two kinds v4 serves, each under its own path. */
export type StorageKind = 'object' | 'sftp';

/** GET /storage/v4/{object,sftp}_storages query, as published for both lists. */
export const storageListQuery = lazySchema(() =>
  z.strictObject({
    id: filterText(),
    name: filterText(),
    location_name: filterText(),
    offset: intIn(0, Number.MAX_SAFE_INTEGER).optional(),
    limit: intIn(1, STORAGE_PAGE_MAX).optional(),
    order_by: filterText(),
    provisioning_status: z.enum(STORAGE_STATUSES, typeError(`must be one of ${STORAGE_STATUSES.join(', ')}`)).optional(),
    show_deleted: z.boolean(typeError('must be true or false')).optional(),
  }),
);
export type StorageListQuery = z.input<typeof storageListQuery>;

export const objectStorageItem = lazySchema(() =>
  z.looseObject({
    id: requiredLenientInt(),
    name: lenientText(),
    full_name: lenientText(),
    address: lenientText(),
    location_name: lenientText(),
    created_at: lenientText(),
    provisioning_status: lenientText(),
  }),
);
export type ObjectStorageItem = z.output<typeof objectStorageItem>;

/** An SFTP storage; its `password` (published as optional) is never kept. */
export const sftpStorageItem = lazySchema(() =>
  z
    .object({
      id: requiredLenientInt(),
      name: lenientText(),
      full_name: lenientText(),
      address: lenientText(),
      location_name: lenientText(),
      created_at: lenientText(),
      provisioning_status: lenientText(),
      expires: lenientText(),
      server_alias: lenientText(),
      has_password: lenientBool(),
      has_custom_config_file: lenientBool(),
      is_http_disabled: lenientBool(),
      ssh_key_ids: lenientArray(lenientInt()),
    })
    .strip(),
);
export type SftpStorageItem = z.output<typeof sftpStorageItem>;

const noParams = lazySchema(() => z.strictObject({}));
const storageIdParams = lazySchema(() => z.strictObject({ storage_id: positiveId() }));

export const listObjectStoragesEndpoint = defineEndpoint('listObjectStorages', {
  errorShape: 'storage',
  successStatus: 200,
  params: noParams,
  query: storageListQuery,
  body: undefined,
  response: lazySchema(() => cloudList(real(objectStorageItem))),
});

export const listSftpStoragesEndpoint = defineEndpoint('listSftpStorages', {
  errorShape: 'storage',
  successStatus: 200,
  params: noParams,
  query: storageListQuery,
  body: undefined,
  response: lazySchema(() => cloudList(real(sftpStorageItem))),
});

// Deletions and the restore answer 204 with no body; never retried (not GETs).
export const deleteObjectStorageEndpoint = defineEndpoint('deleteObjectStorage', {
  errorShape: 'storage',
  successStatus: 204,
  params: storageIdParams,
  query: undefined,
  body: undefined,
  response: undefined,
});

export const deleteSftpStorageEndpoint = defineEndpoint('deleteSftpStorage', {
  errorShape: 'storage',
  successStatus: 204,
  params: storageIdParams,
  query: undefined,
  body: undefined,
  response: undefined,
});

export const restoreObjectStorageEndpoint = defineEndpoint('restoreObjectStorage', {
  errorShape: 'storage',
  successStatus: 204,
  params: storageIdParams,
  query: undefined,
  body: undefined,
  response: undefined,
});

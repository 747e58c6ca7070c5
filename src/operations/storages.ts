// A storage deleted (destructive; an object storage can be restored within 2 weeks, an SFTP
// storage never) and a deleted object storage restored, described once. On a platform connection
// the deletion is storage API v4's, by kind (read first from its list); on a spec-dialect one it
// is the deprecated v1 deletion, by id only (that server has no list to read it from). Which of the
// two a connection takes is its server's: refused before anything is asked or sent otherwise.
import * as z from 'zod';
import type { PlatformApi } from '../platform/api';
import type { Dialect } from '../schema/dialect';
import { endpoints } from '../schema/endpoints';
import { PlatformError } from '../schema/errors';
import { STORAGE_PAGE_MAX, type StorageKind } from '../schema/storageV4';
import { NOT_STATED, checkedRequest, defineOperation } from './operation';

/** A storage as its v4 list gives it; `restoreUntil` when the command knows its deletion time ("2026-12-11 04:12 UTC"). */
export interface StorageThing {
  readonly id?: number | null;
  readonly name?: string | null;
  readonly location_name?: string | null;
  readonly provisioning_status?: string | null;
  readonly restoreUntil?: string;
}

export const STORAGE_NOUN: Record<StorageKind, string> = { object: 'object storage', sftp: 'SFTP storage' };
const LIST_PATH: Record<StorageKind, string> = { object: '/storage/v4/object_storages', sftp: '/storage/v4/sftp_storages' };

/** One page of a kind's v4 list (name order), as loose items. */
export async function listStorageKind(
  api: PlatformApi,
  kind: StorageKind,
  query: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<{ count: number; results: StorageThing[] }> {
  const q = { order_by: 'name.asc', limit: STORAGE_PAGE_MAX, ...query };
  const options = signal ? { signal } : {};
  const answer =
    kind === 'object'
      ? await api.storage.listObjectStorages({ params: {}, query: q }, options)
      : await api.storage.listSftpStorages({ params: {}, query: q }, options);
  return { count: answer.count ?? answer.results.length, results: answer.results as StorageThing[] };
}

/** The storage from its kind's list (deleted ones included); a notFound when it is not there (or, for a restore, not deleted). */
export async function readStorage(api: PlatformApi, kind: StorageKind, id: number, deletedOnly: boolean, signal?: AbortSignal): Promise<StorageThing> {
  const list = await listStorageKind(api, kind, { id: String(id), show_deleted: true }, signal);
  const found = list.results.find((s) => s.id === id && (!deletedOnly || s.provisioning_status === 'deleted'));
  if (found) return found;
  const message = `no ${deletedOnly ? 'deleted ' : ''}${STORAGE_NOUN[kind]} with id ${id} (list_storages lists them)`;
  throw new PlatformError({ kind: 'notFound', status: 404, message, serverMessage: message, method: 'GET', path: LIST_PATH[kind] });
}

const refused = (message: string, path = 'type') => new PlatformError({ kind: 'validation', message, issues: [{ path, message }] });

/** v4 (type given) on a platform connection, v1 (no type) on a spec-dialect one: refused otherwise. */
function checkDialect(dialect: Dialect, type: StorageKind | undefined): void {
  if (dialect === 'platform' && !type) throw refused('required on a platform connection: "object" or "sftp" (list_storages says which)');
  if (dialect !== 'platform' && type) throw refused('leave it out on a spec-dialect connection: its server has only the deprecated v1 deletion');
}

const shownName = (s: StorageThing | undefined, id: number) => s?.name || String(id);
const storageFacts = (id: number, s: StorageThing | undefined): [string, string][] => [
  ['Name', s?.name || NOT_STATED],
  ['ID', String(id)],
  ['Location', s?.location_name || NOT_STATED],
  ['Status', s?.provisioning_status || NOT_STATED],
];

const idField = () => endpoints.deleteObjectStorage.params.shape.storage_id;
const deleteEndpoint = (type: StorageKind | undefined) =>
  type === 'object' ? endpoints.deleteObjectStorage : type === 'sftp' ? endpoints.deleteSftpStorage : endpoints.deleteStorage;

export const deleteStorage = defineOperation({
  name: 'deleteStorage',
  title: 'Delete Storage',
  noun: 'The storage',
  kind: 'destructive',
  button: 'Delete',
  done: ({ storage_id, type }) => `Deleted ${type ? STORAGE_NOUN[type] : 'storage'} ${storage_id}`,
  fields: () =>
    z.strictObject({
      storage_id: idField().describe('The storage to delete (list_storages finds it)').meta({ title: 'Storage ID' }),
      type: z
        .enum(['object', 'sftp'])
        .optional()
        .describe('On a platform connection, required: "object" or "sftp". Leave out on a spec-dialect connection.')
        .meta({ title: 'Storage kind' }),
    }),
  request: ({ storage_id, type }) => ({
    ...checkedRequest(deleteEndpoint(type), { params: { storage_id } }),
    check: (dialect: Dialect) => checkDialect(dialect, type),
  }),
  action: ({ storage_id, type }, s?: StorageThing) => (type ? `Delete ${STORAGE_NOUN[type]} ${shownName(s, storage_id)}` : `Delete storage ${storage_id}`),
  read: async (api, { storage_id, type }, signal): Promise<StorageThing> => {
    checkDialect(api.http.dialect, type);
    // The deprecated v1 server has no list to read one storage from: its id is all there is.
    return type ? readStorage(api, type, storage_id, false, signal) : { id: storage_id };
  },
  target: ({ storage_id, type }, s) => {
    // The deprecated v1 server has nothing to read: the id, and what the deletion is, are all it shows.
    if (!type)
      return {
        facts: [
          ['ID', String(storage_id)],
          ['Deletion', 'the deprecated v1 endpoint; nothing is read first'],
        ],
        consequence: 'It is deleted with all its data.',
      };
    return type === 'object'
      ? {
          facts: [...storageFacts(storage_id, s), ['Type', 'object storage (storage API v4)']],
          consequence: 'It is deleted with its buckets and their data.',
          undo: 'Restore Storage brings it back within 2 weeks (restore_storage for an agent); after that it is gone for good.',
        }
      : {
          facts: [...storageFacts(storage_id, s), ['Type', 'SFTP storage (storage API v4)']],
          consequence: 'It is deleted with all its files; an SFTP storage cannot be restored.',
        };
  },
  // The command asks for the name typed (the id where the storage has none, or on a v1 server).
  typedName: ({ storage_id }, s) => s?.name || String(storage_id),
});

const restore = () => endpoints.restoreObjectStorage;
export const restoreStorage = defineOperation({
  name: 'restoreStorage',
  title: 'Restore Storage',
  noun: 'The deleted object storage',
  kind: 'write',
  button: 'Restore',
  done: ({ storage_id }) => `Restored object storage ${storage_id}`,
  fields: () =>
    z.strictObject({
      storage_id: restore()
        .params.shape.storage_id.describe('The deleted object storage (list_storages with show_deleted finds it)')
        .meta({ title: 'Storage ID' }),
    }),
  request: ({ storage_id }) => checkedRequest(restore(), { params: { storage_id } }),
  action: ({ storage_id }, s?: StorageThing) => `Restore object storage ${shownName(s, storage_id)}`,
  read: async (api, { storage_id }, signal): Promise<StorageThing> => {
    if (api.http.dialect !== 'platform') throw refused('is a spec-dialect server, which has no storage API v4 to restore a storage with', 'connection');
    return readStorage(api, 'object', storage_id, true, signal);
  },
  target: ({ storage_id }, s) => ({
    facts: [...storageFacts(storage_id, s), ['Restore window', s?.restoreUntil ? `until ${s.restoreUntil}` : '2 weeks after its deletion']],
    consequence: 'It is active again with its buckets and their data.',
  }),
});

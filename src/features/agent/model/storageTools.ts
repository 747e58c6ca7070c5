// Storages for agents: list_storages (read: object and SFTP storages from storage API v4),
// delete_storage (destructive: v4 on a platform connection, by `type`; the deprecated v1 deletion
// on a spec-dialect one, as before) and restore_storage (a deleted object storage, within 2 weeks).
// The storage is read first so the person sees which one, and whether it can come back.
import * as z from 'zod';
import { endpoints } from '../../../schema/endpoints';
import { PlatformError } from '../../../schema/errors';
import { STORAGE_PAGE_MAX, type StorageKind } from '../../../schema/storageV4';
import { validateCall } from '../../../schema/validate';
import { quoted as q } from './platformText';
import { listed } from './readTools';
import { connectionField, defineTool, type AgentBinding, type WriteRequest, type WriteTarget } from './toolKit';
import { LIST_MAX, listAnswer, nameOf } from './toolAnswers';

const NOUN: Record<StorageKind, string> = { object: 'object storage', sftp: 'SFTP storage' };
const NO_V4 = 'This server has no storage API v4 (a spec-dialect server): delete_storage without type uses the deprecated v1 deletion there.';
const typeField = () => z.enum(['object', 'sftp']);

type Item = { id?: number | null; name?: string | null; location_name?: string | null; provisioning_status?: string | null };

async function listKind(b: AgentBinding, kind: StorageKind, query: Record<string, unknown>): Promise<{ count: number; results: Item[] }> {
  const q2 = { order_by: 'name.asc', limit: STORAGE_PAGE_MAX, ...query };
  const answer = kind === 'object' ? await b.api.storage.listObjectStorages({ params: {}, query: q2 }, { signal: b.signal }) : await b.api.storage.listSftpStorages({ params: {}, query: q2 }, { signal: b.signal });
  return { count: answer.count ?? answer.results.length, results: answer.results as Item[] };
}

export const listStorages = defineTool({
  name: 'list_storages',
  referenceName: 'platformStorages',
  displayName: 'List Storages',
  userDescription: 'Object and SFTP storages: name, location and status (deleted object storages on request)',
  modelDescription: `Lists the account's object storages and SFTP storages (storage API v4): id, type (object or sftp), name, location and provisioning status. type narrows to one kind, name filters by part of the name, location_name by location; show_deleted adds deleted object storages (restorable within 2 weeks of their deletion with restore_storage; the platform does not say when each was deleted). At most ${LIST_MAX} per kind with the total. delete_storage and restore_storage take an id and type from here. Spec-dialect servers have no such list.`,
  kind: 'read',
  input: () => {
    const query = endpoints.listObjectStorages.query.shape;
    return z.strictObject({
      ...connectionField,
      type: typeField().optional().describe('Only object storages or only SFTP storages (both when left out)'),
      name: query.name.describe('Only storages whose name contains this'),
      location_name: query.location_name.describe('Only storages in this location (e.g. "s-ed1")'),
      show_deleted: query.show_deleted.describe('Include deleted storages (object storages stay restorable for 2 weeks)'),
    });
  },
  run: async (b, { type, name, location_name, show_deleted }) => {
    const query = { ...(name ? { name } : {}), ...(location_name ? { location_name } : {}), ...(show_deleted ? { show_deleted } : {}) };
    const lists: Partial<Record<StorageKind, { count: number; results: Item[] }>> = {};
    for (const kind of type ? [type] : (['object', 'sftp'] as const)) {
      const endpoint = kind === 'object' ? 'listObjectStorages' : 'listSftpStorages';
      const list = await listed(b, endpoint, () => listKind(b, kind, query), NO_V4);
      if (typeof list === 'string') return list;
      lists[kind] = list;
    }
    // One block for both kinds, the SFTP ones kept in view however many object storages there are.
    const sftp = (lists.sftp?.results ?? []).map((s) => ({ ...s, kind: 'sftp' as const }));
    const objects = (lists.object?.results ?? []).map((s) => ({ ...s, kind: 'object' as const }));
    const sftpShown = Math.min(sftp.length, Math.max(LIST_MAX - objects.length, LIST_MAX / 2));
    const counts = [lists.object ? `${lists.object.count} object` : '', lists.sftp ? `${lists.sftp.count} SFTP` : ''].filter(Boolean).join(', ');
    return listAnswer({
      title: `Storages on ${nameOf(b.connectionName)} (${counts})`,
      source: 'list_storages',
      items: [...objects.slice(0, LIST_MAX - sftpShown), ...sftp.slice(0, sftpShown)],
      total: (lists.object?.count ?? 0) + (lists.sftp?.count ?? 0),
      line: (s) => `id ${s.id} (type ${s.kind}): ${q(s.name ?? '')} · location ${q(s.location_name ?? '')} · ${q(s.provisioning_status ?? 'unknown')}`,
      narrow: 'narrow with type, name or location_name.',
    });
  },
});

const refused = (message: string) => new PlatformError({ kind: 'validation', message, issues: [{ path: 'type', message }] });

/** The v4 endpoint on a platform connection (type required), v1 on a spec one (no type): refused before sending otherwise. */
function checkDialect(b: AgentBinding, type: StorageKind | undefined): void {
  if (b.dialect === 'platform' && !type) throw refused('required on a platform connection: "object" or "sftp" (list_storages says which)');
  if (b.dialect !== 'platform' && type) throw refused('leave it out on a spec-dialect connection: its server has only the deprecated v1 deletion');
}

async function readStorage(b: AgentBinding, kind: StorageKind, id: number, deletedOnly: boolean): Promise<Item> {
  const list = await listKind(b, kind, { id: String(id), show_deleted: true });
  const found = list.results.find((s) => s.id === id && (!deletedOnly || s.provisioning_status === 'deleted'));
  if (!found) {
    const message = `no ${deletedOnly ? 'deleted ' : ''}${NOUN[kind]} with id ${id} (list_storages lists them)`;
    const path = kind === 'object' ? '/storage/v4/object_storages' : '/storage/v4/sftp_storages';
    throw new PlatformError({ kind: 'notFound', status: 404, message, serverMessage: message, method: 'GET', path });
  }
  return found;
}

const facts = (s: Item): [string, string][] => [
  ['name', s.name || '(no name)'],
  ['location', s.location_name || 'unknown'],
  ['status', s.provisioning_status || 'unknown'],
];

export const deleteStorage = defineTool({
  name: 'delete_storage',
  referenceName: 'platformDeleteStorage',
  displayName: 'Delete Storage',
  userDescription: 'Delete an object or SFTP storage (an object storage can be restored within 2 weeks)',
  modelDescription:
    'Deletes a storage by id with everything in it; the person confirms first, seeing the storage. On a platform connection give type ("object" or "sftp", from list_storages): it uses storage API v4; a deleted object storage can be restored within 2 weeks (restore_storage), an SFTP storage never. On a spec-dialect connection leave type out: the deprecated v1 deletion is used and nothing can be restored. Use only when the person asked to delete that storage.',
  kind: 'destructive',
  input: () =>
    z.strictObject({
      ...connectionField,
      storage_id: endpoints.deleteObjectStorage.params.shape.storage_id.describe('The storage to delete (list_storages finds it)'),
      type: typeField().optional().describe('On a platform connection, required: "object" or "sftp". Leave out on a spec-dialect connection.'),
    }),
  prepare: ({ storage_id, type }): WriteRequest => {
    const endpoint = type === 'object' ? endpoints.deleteObjectStorage : type === 'sftp' ? endpoints.deleteSftpStorage : endpoints.deleteStorage;
    const checked = validateCall(endpoint, { params: { storage_id } });
    return {
      endpoint,
      call: { params: checked.params },
      operation: type ? `Delete ${NOUN[type]} ${storage_id}` : `Delete storage ${storage_id}`,
      send: (b) => {
        checkDialect(b, type);
        return b.api.http.call(endpoint, { params: { storage_id } }, { signal: b.signal });
      },
    };
  },
  readTarget: async (b, { storage_id, type }): Promise<WriteTarget> => {
    checkDialect(b, type);
    if (!type) return { noun: 'The storage', facts: [['id', String(storage_id)]], consequence: 'It is deleted with all its data through the deprecated v1 endpoint.' };
    const s = await readStorage(b, type, storage_id, false);
    return {
      noun: `The ${NOUN[type]}`,
      facts: facts(s),
      consequence: type === 'object' ? 'It is deleted with its buckets; it can be restored within 2 weeks (restore_storage), after that it is gone.' : 'It is deleted with all its files; an SFTP storage cannot be restored.',
      ...(type === 'object' ? { undo: 'restore_storage brings it back within 2 weeks; after that it is gone for good.' } : {}),
    };
  },
  answer: (_sent, b, { storage_id, type }) =>
    type === 'object'
      ? `Deleted object storage ${storage_id} on ${nameOf(b.connectionName)}; restore_storage can bring it back within 2 weeks.`
      : type === 'sftp'
        ? `Deleted SFTP storage ${storage_id} on ${nameOf(b.connectionName)}; it cannot be restored.`
        : `Deleted storage ${storage_id} on ${nameOf(b.connectionName)}.`,
});

export const restoreStorage = defineTool({
  name: 'restore_storage',
  referenceName: 'platformRestoreStorage',
  displayName: 'Restore Storage',
  userDescription: 'Restore a deleted object storage (within 2 weeks of its deletion)',
  modelDescription:
    'Restores a deleted object storage (storage API v4, platform connections only) if it was deleted within the last 2 weeks; SFTP storages cannot be restored. The person confirms first. The platform answers 410 when the window has passed and 409 when the storage is not deleted. list_storages with show_deleted finds the id.',
  kind: 'write',
  input: () => z.strictObject({ ...connectionField, storage_id: endpoints.restoreObjectStorage.params.shape.storage_id.describe('The deleted object storage (list_storages with show_deleted finds it)') }),
  prepare: ({ storage_id }) => {
    const checked = validateCall(endpoints.restoreObjectStorage, { params: { storage_id } });
    return { endpoint: endpoints.restoreObjectStorage, call: { params: checked.params }, operation: `Restore object storage ${storage_id}` };
  },
  readTarget: async (b, { storage_id }) => {
    if (b.dialect !== 'platform') throw refused('restore_storage needs storage API v4, which a spec-dialect server lacks');
    return { noun: 'The deleted object storage', facts: facts(await readStorage(b, 'object', storage_id, true)) };
  },
  answer: (_sent, b, { storage_id }) => `Restored object storage ${storage_id} on ${nameOf(b.connectionName)}; it is active again.`,
});

// Storages for agents: list_storages (read: object and SFTP storages from storage API v4),
// delete_storage (destructive: v4 on a platform connection, by `type`; the deprecated v1 deletion
// on a spec-dialect one, as before) and restore_storage (a deleted object storage, within 2 weeks).
// Both changes are catalog operations (src/operations/storages.ts): their inputs, target read,
// confirmation and class come from there.
import * as z from 'zod';
import { endpoints } from '../../../schema/endpoints';
import { deleteStorage as deleteOp, listStorageKind, restoreStorage as restoreOp, type StorageThing } from '../../../operations/storages';
import type { StorageKind } from '../../../schema/storageV4';
import { quoted as q } from './platformText';
import { listed } from './readTools';
import { toolFromOperation } from './operationTool';
import { connectionField, defineTool, type AgentBinding } from './toolKit';
import { LIST_MAX, listAnswer, nameOf } from './toolAnswers';

const NO_V4 = 'This server has no storage API v4 (a spec-dialect server): delete_storage without type uses the deprecated v1 deletion there.';

type Item = StorageThing;

const listKind = (b: AgentBinding, kind: StorageKind, query: Record<string, unknown>) => listStorageKind(b.api, kind, query, b.signal);

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
      type: z.enum(['object', 'sftp']).optional().describe('Only object storages or only SFTP storages (both when left out)'),
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

export const deleteStorage = toolFromOperation(deleteOp, {
  name: 'delete_storage',
  referenceName: 'platformDeleteStorage',
  userDescription: 'Delete an object or SFTP storage (an object storage can be restored within 2 weeks)',
  purpose:
    'Deletes a storage by id with everything in it. On a platform connection give type ("object" or "sftp", from list_storages): it uses storage API v4; a deleted object storage can be restored within 2 weeks (restore_storage), an SFTP storage never. On a spec-dialect connection leave type out: the deprecated v1 deletion is used and nothing can be restored.',
  usage: 'Use only when the person asked to delete that storage.',
  answer: (_sent, _b, { type }, done) =>
    type === 'object' ? `${done}; restore_storage can bring it back within 2 weeks.` : type === 'sftp' ? `${done}; it cannot be restored.` : `${done}.`,
});

export const restoreStorage = toolFromOperation(restoreOp, {
  name: 'restore_storage',
  referenceName: 'platformRestoreStorage',
  userDescription: 'Restore a deleted object storage (within 2 weeks of its deletion)',
  purpose:
    'Restores a deleted object storage (storage API v4, platform connections only) if it was deleted within the last 2 weeks; SFTP storages cannot be restored. The platform answers 410 when the window has passed and 409 when the storage is not deleted.',
  usage: 'list_storages with show_deleted finds the id.',
  answer: (_sent, _b, _input, done) => `${done}; it is active again.`,
});

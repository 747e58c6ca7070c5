// Object and SFTP storages on storage API v4: the lists with the published filters and paging
// (deleted ones only when asked), deletion (an object storage stays restorable for two weeks, an
// SFTP storage is gone), and the restore (409 when not deleted, 410 past the window).
import type { endpoints } from '../../src/schema/endpoints';
import { RESTORE_WINDOW_MS, STORAGE_PAGE_DEFAULT, type StorageKind } from '../../src/schema/storageV4';
import { notFound } from '../errors';
import { HandlerReply, jsonReply } from '../reply';
import type { StorageV4Record } from '../state/seedStorages';
import type { Handler, SimContext, Valid } from './types';

type ListQuery = Valid<typeof endpoints.listObjectStorages>['query'];

const ORDERABLE = new Set(['id', 'name', 'created_at', 'location_name']);

function shown(s: StorageV4Record, clientId: number): Record<string, unknown> {
  const common = {
    id: s.id,
    name: s.name,
    full_name: `${clientId}-${s.name}`,
    address: s.kind === 'object' ? `${s.location_name}.storage.example.com` : `ftp-${s.location_name}.storage.example.com`,
    location_name: s.location_name,
    created_at: s.created_at,
    provisioning_status: s.provisioning_status,
  };
  if (s.kind === 'object') return common;
  return {
    ...common,
    expires: '',
    server_alias: s.server_alias ?? '',
    has_password: s.has_password ?? false,
    has_custom_config_file: false,
    is_http_disabled: false,
    ssh_key_ids: s.ssh_key_ids ?? [],
  };
}

function list(kind: StorageKind, query: ListQuery, { state }: SimContext) {
  const q = query ?? {};
  let items = [...state.storagesV4.values()].filter((s) => s.kind === kind);
  if (q.provisioning_status) items = items.filter((s) => s.provisioning_status === q.provisioning_status);
  else if (!q.show_deleted) items = items.filter((s) => s.provisioning_status !== 'deleted');
  if (q.id) items = items.filter((s) => String(s.id) === q.id!.trim());
  if (q.name) items = items.filter((s) => s.name.toLowerCase().includes(q.name!.toLowerCase()));
  if (q.location_name) items = items.filter((s) => s.location_name === q.location_name);
  const [field = 'created_at', direction = 'desc'] = (q.order_by || 'created_at.desc').split('.');
  const key = ORDERABLE.has(field) ? (field as keyof StorageV4Record) : 'created_at';
  const sign = direction === 'asc' ? 1 : -1;
  items.sort((a, b) => sign * (String(a[key]).localeCompare(String(b[key]), 'en', { numeric: true }) || a.id - b.id));
  const offset = q.offset ?? 0;
  const limit = q.limit ?? STORAGE_PAGE_DEFAULT;
  return { count: items.length, results: items.slice(offset, offset + limit).map((s) => shown(s, state.account.clientId)) };
}

function find(kind: StorageKind, id: number, { state }: SimContext): StorageV4Record {
  const s = state.storagesV4.get(id);
  if (!s || s.kind !== kind) throw notFound(`storage ${id} not found`);
  return s;
}

export const listObjectStorages: Handler<typeof endpoints.listObjectStorages> = ({ query }, ctx) => list('object', query, ctx);
export const listSftpStorages: Handler<typeof endpoints.listSftpStorages> = ({ query }, ctx) => list('sftp', query, ctx);

export const deleteObjectStorage: Handler<typeof endpoints.deleteObjectStorage> = ({ params }, ctx) => {
  const s = find('object', params.storage_id, ctx);
  if (s.provisioning_status === 'deleted') throw notFound(`storage ${s.id} not found`);
  s.provisioning_status = 'deleted';
  s.deletedAtMs = ctx.nowMs;
  return undefined;
};

export const deleteSftpStorage: Handler<typeof endpoints.deleteSftpStorage> = ({ params }, ctx) => {
  const s = find('sftp', params.storage_id, ctx);
  ctx.state.storagesV4.delete(s.id);
  return undefined;
};

export const restoreObjectStorage: Handler<typeof endpoints.restoreObjectStorage> = ({ params }, ctx) => {
  const s = find('object', params.storage_id, ctx);
  if (s.provisioning_status !== 'deleted') return new HandlerReply(jsonReply(409, { error: `storage ${s.id} is not deleted` }));
  if (s.deletedAtMs === undefined || ctx.nowMs - s.deletedAtMs > RESTORE_WINDOW_MS) {
    return new HandlerReply(jsonReply(410, { error: `storage ${s.id} was deleted more than 2 weeks ago and can no longer be restored` }));
  }
  s.provisioning_status = 'active';
  delete s.deletedAtMs;
  return undefined;
};

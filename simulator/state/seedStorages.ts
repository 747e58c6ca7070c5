// The account's object and SFTP storages (storage API v4) in three locations: one object storage
// deleted three days ago (still restorable), one deleted three weeks ago (past its window).
import type { StorageKind, StorageStatus } from '../../src/schema/storageV4';

export interface StorageV4Record {
  kind: StorageKind;
  id: number;
  name: string;
  location_name: string;
  created_at: string;
  provisioning_status: StorageStatus;
  /** When it was deleted (object storages only: the restore window starts here); never sent, the published items lack it. */
  deletedAtMs?: number;
  /** SFTP only. */
  server_alias?: string;
  has_password?: boolean;
  ssh_key_ids?: number[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Ids as the tests name them. */
export const SEEDED_STORAGES = {
  media: 2101,
  backups: 2102,
  archive: 2103,
  restorable: 2104,
  expired: 2105,
  partnerDrop: 2201,
  ingest: 2202,
} as const;

export function seedStorages(referenceMs: number): StorageV4Record[] {
  const created = (daysAgo: number) => new Date(referenceMs - daysAgo * DAY_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const object = (id: number, name: string, location_name: string, daysAgo: number, deletedDaysAgo?: number): StorageV4Record => ({
    kind: 'object',
    id,
    name,
    location_name,
    created_at: created(daysAgo),
    provisioning_status: deletedDaysAgo === undefined ? 'active' : 'deleted',
    ...(deletedDaysAgo === undefined ? {} : { deletedAtMs: referenceMs - deletedDaysAgo * DAY_MS }),
  });
  const sftp = (id: number, name: string, location_name: string, daysAgo: number, keys: number[]): StorageV4Record => ({
    kind: 'sftp',
    id,
    name,
    location_name,
    created_at: created(daysAgo),
    provisioning_status: 'active',
    server_alias: '',
    has_password: keys.length === 0,
    ssh_key_ids: keys,
  });
  return [
    object(SEEDED_STORAGES.media, 'media-assets', 's-ed1', 200),
    object(SEEDED_STORAGES.backups, 'backups-eu', 's-ed1', 120),
    object(SEEDED_STORAGES.archive, 'logs-archive', 's-drc2', 90),
    object(SEEDED_STORAGES.restorable, 'old-reports', 's-drc2', 60, 3),
    object(SEEDED_STORAGES.expired, 'legacy-uploads', 's-sgc1', 400, 21),
    sftp(SEEDED_STORAGES.partnerDrop, 'partner-drop', 's-ed1', 150, [31]),
    sftp(SEEDED_STORAGES.ingest, 'ingest-sftp', 's-sgc1', 30, []),
  ];
}

// What a storage row and its confirmations say: kind, location, status, and for a deleted object
// storage whether (and until when) it can be restored. The v4 lists carry no deletion time, so
// "until" is known only for a deletion made here; otherwise the two-week rule is said as it is.
import { RESTORE_WINDOW_MS, type StorageKind } from '../../../schema/storageV4';

export interface StorageRow {
  kind: StorageKind;
  id: number;
  name: string;
  location: string;
  status: string;
}

export const KIND_NOUN: Record<StorageKind, string> = { object: 'Object storage', sftp: 'SFTP storage' };

/** Restore is offered: deleted object storages, unless a deletion made here is past its window. */
export type Restorable = { kind: 'until'; untilMs: number } | { kind: 'window' } | { kind: 'expired'; untilMs: number } | { kind: 'no' };

/** A loose item from either list, as the rows use it; undefined without an id. */
export function storageRow(
  kind: StorageKind,
  item: { id?: number | null; name?: string | null; location_name?: string | null; provisioning_status?: string | null },
): StorageRow | undefined {
  if (typeof item.id !== 'number') return undefined;
  return {
    kind,
    id: item.id,
    name: item.name || `storage ${item.id}`,
    location: item.location_name || 'unknown location',
    status: item.provisioning_status || 'unknown',
  };
}

export function restorable(row: StorageRow, deletedAtMs: number | undefined, nowMs: number): Restorable {
  if (row.kind !== 'object' || row.status !== 'deleted') return { kind: 'no' };
  if (deletedAtMs === undefined) return { kind: 'window' };
  const untilMs = deletedAtMs + RESTORE_WINDOW_MS;
  return nowMs <= untilMs ? { kind: 'until', untilMs } : { kind: 'expired', untilMs };
}

/** "2026-12-11 04:12 UTC": the same for every person reading the log or a screenshot. */
export function utcText(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function restoreText(r: Restorable): string | undefined {
  switch (r.kind) {
    case 'until':
      return `restorable until ${utcText(r.untilMs)}`;
    case 'window':
      return 'restorable for 2 weeks after its deletion';
    case 'expired':
      return `past its restore window (${utcText(r.untilMs)})`;
    case 'no':
      return undefined;
  }
}

/** The row's description: "s-ed1 · active", "s-drc2 · deleted · restorable until …". */
export function rowDescription(row: StorageRow, r: Restorable): string {
  return [row.location, row.status, restoreText(r)].filter(Boolean).join(' · ');
}

/** The codicon for a status. */
export function statusIcon(row: StorageRow): string {
  if (row.status === 'deleted') return 'trash';
  if (row.status === 'active') return row.kind === 'object' ? 'database' : 'server';
  if (['creating', 'updating', 'deleting'].includes(row.status)) return 'sync';
  return 'question';
}

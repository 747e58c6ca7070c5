// The account's FastEdge secrets: a slot keeps the SHA-256 checksum and the length of its value,
// never the value, so nothing the simulator answers or logs can carry it.
import { createHash } from 'node:crypto';

export interface EdgeSecretSlot {
  slot: number;
  checksum: string;
  length: number;
}

export interface EdgeSecretRecord {
  id: number;
  name: string;
  comment: string;
  slots: EdgeSecretSlot[];
}

export function slotOf(slot: number, value: string | undefined): EdgeSecretSlot {
  const text = value ?? '';
  return { slot, checksum: createHash('sha256').update(text).digest('hex'), length: text.length };
}

export function seedEdgeSecrets(): EdgeSecretRecord[] {
  return [
    { id: 636, name: 'upstream-token', comment: 'rotated monthly', slots: [slotOf(0, 'seed-upstream'), slotOf(1704067200, 'seed-upstream-2')] },
    { id: 637, name: 'db-password', comment: '', slots: [slotOf(0, 'seed-db')] },
    { id: 638, name: 'signing-key', comment: 'JWT signing', slots: [slotOf(0, 'seed-signing')] },
  ];
}

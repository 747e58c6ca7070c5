// FastEdge secrets as the Edge view and its commands treat them: a name already taken, which slot
// holds the value in use now, how a row and a confirmation read (the published rules on names and
// values are the operations' fields: src/operations/edgeSecrets.ts).

export interface SecretSlotView {
  slot: number;
  checksum?: string | null;
}

/** The rule the account adds to a new secret's name (the operation's field has the published one): not one it already has. */
export function secretNameTaken(name: string, taken: readonly string[]): string | undefined {
  return taken.includes(name) ? `a secret named ${name} already exists on this connection` : undefined;
}

/** The slot in use at `nowSeconds`: the latest one that has begun (slot 0 is "from the start"); undefined without slots. */
export function activeSlot(slots: readonly SecretSlotView[], nowSeconds: number): SecretSlotView | undefined {
  let active: SecretSlotView | undefined;
  for (const s of slots) if (s.slot <= nowSeconds && (!active || s.slot > active.slot)) active = s;
  return active ?? [...slots].sort((a, b) => a.slot - b.slot)[0];
}

/** "in use", "from 2024-01-01 00:00 UTC", "since the start" for a slot's row. */
export function slotLabel(slot: SecretSlotView, active: SecretSlotView | undefined, nowSeconds: number): { label: string; description: string } {
  const when = slot.slot === 0 ? 'from the start' : `from ${new Date(slot.slot * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const state = slot === active ? 'in use' : slot.slot > nowSeconds ? 'scheduled' : 'superseded';
  const sum = slot.checksum ? `checksum ${slot.checksum.slice(0, 12)}…` : 'no checksum';
  return { label: `Slot ${slot.slot}`, description: `${state} · ${when} · ${sum}` };
}

export const appsUsingText = (count: number | null | undefined): string =>
  count === undefined || count === null ? 'use unknown' : count === 0 ? 'used by no app' : count === 1 ? 'used by 1 app' : `used by ${count} apps`;

/** The names of the apps using a secret: the operation's own words (src/operations/edgeSecrets.ts). */
export { appNames } from '../../../operations/edgeSecrets';

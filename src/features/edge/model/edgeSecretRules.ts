// FastEdge secrets as the Edge view and its commands treat them: names and values checked as typed
// (the published rules), which slot holds the value in use now, how a row and a confirmation read.
import { EDGE_SECRET_COMMENT_MAX, EDGE_SECRET_NAME_MAX, EDGE_SECRET_NAME_PATTERN, EDGE_SECRET_VALUE_MAX } from '../../../schema/edgeSecrets';

export interface SecretSlotView {
  slot: number;
  checksum?: string | null;
}

/** Undefined when acceptable; `taken` holds the names the account already uses. */
export function edgeSecretNameProblem(name: string, taken: readonly string[] = []): string | undefined {
  if (name.length === 0) return 'Name: must not be empty';
  if (name.length > EDGE_SECRET_NAME_MAX) return `Name: at most ${EDGE_SECRET_NAME_MAX} characters (${name.length} typed)`;
  if (!EDGE_SECRET_NAME_PATTERN.test(name)) return 'Name: letters, digits, "_" and "-", starting and ending with a letter or digit (at least 2 characters)';
  if (taken.includes(name)) return `Name: a secret named ${name} already exists on this connection`;
  return undefined;
}

export function edgeSecretCommentProblem(comment: string): string | undefined {
  return comment.length > EDGE_SECRET_COMMENT_MAX ? `Comment: at most ${EDGE_SECRET_COMMENT_MAX} characters (${comment.length} typed)` : undefined;
}

/** The value is never echoed: only its length is spoken of. */
export function edgeSecretValueProblem(value: string): string | undefined {
  if (value.length === 0) return 'Value: must not be empty';
  if (value.length > EDGE_SECRET_VALUE_MAX) return `Value: at most ${EDGE_SECRET_VALUE_MAX} characters (${value.length} typed)`;
  return undefined;
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

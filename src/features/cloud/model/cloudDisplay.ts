// What the Cloud view says about each thing it lists: a secret's expiry, a function's status, a
// policy's schedules, and the order of projects and regions (the last one picked first).
import type { LifecyclePolicy } from '../../../schema/cloud';
import type { FaasFunction, SecretItem } from '../../../schema/cloudLists';
import { formatInZone, scheduleInWords, scheduleKeeps, scheduleNextRuns, type ScheduleFields } from '../../../ui/text/scheduleText';
import { expiryInDays, timeOf } from '../../../ui/text/timeText';

const DAY_MS = 86_400_000;
/** A secret expiring within this many days is marked (a load balancer's certificate needs renewing). */
export const EXPIRING_DAYS = 30;

export type ExpiryState = 'expired' | 'expiring' | 'valid' | 'never';

export interface SecretExpiry {
  state: ExpiryState;
  /** "expired 3 days ago", "expires in 12 days", "expires 2027-01-01", "no expiration". */
  text: string;
}

export function secretExpiry(expiration: string | null | undefined, now: number): SecretExpiry {
  const at = timeOf(expiration);
  if (at === undefined) return { state: 'never', text: expiration ? `expires ${expiration}` : 'no expiration' };
  if (at <= now) return { state: 'expired', text: expiryInDays(at, now) };
  if (at - now <= EXPIRING_DAYS * DAY_MS) return { state: 'expiring', text: expiryInDays(at, now) };
  return { state: 'valid', text: `expires ${new Date(at).toISOString().slice(0, 10)}` };
}

/** "certificate · ACTIVE · expires in 12 days". */
export function secretDescription(secret: SecretItem, now: number): string {
  return [secret.secret_type, secret.status, secretExpiry(secret.expiration, now).text].filter(Boolean).join(' · ');
}

export type FunctionState = 'active' | 'disabled' | 'deploying' | 'failed' | 'unknown';

/** FaaS statuses as the platform spells them (ACTIVE, DEPLOYING, DISABLED, ERROR, …), or `disabled` set. */
export function functionState(fn: Pick<FaasFunction, 'status'> & { disabled?: unknown }): FunctionState {
  if (fn.disabled === true) return 'disabled';
  const status = (fn.status ?? '').toUpperCase();
  if (status === 'ACTIVE' || status === 'READY' || status === 'RUNNING') return 'active';
  if (status === 'DISABLED' || status === 'STOPPED') return 'disabled';
  if (status === 'DEPLOYING' || status === 'PENDING' || status === 'UPDATING' || status === 'CREATING') return 'deploying';
  if (status === 'ERROR' || status === 'FAILED') return 'failed';
  return 'unknown';
}

/** "python3.11 · ACTIVE". */
export function functionDescription(fn: FaasFunction): string {
  return [fn.runtime, fn.status].filter(Boolean).join(' · ');
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "active · 2 schedules · 3 volumes". */
export function policyDescription(policy: LifecyclePolicy): string {
  return [policy.status?.toLowerCase(), plural(policy.schedules?.length ?? 0, 'schedule'), plural(policy.volumes?.length ?? 0, 'volume')]
    .filter(Boolean)
    .join(' · ');
}

export function policyPaused(policy: LifecyclePolicy): boolean {
  return (policy.status ?? '').toLowerCase() === 'paused';
}

export interface ScheduleRow {
  /** "At 03:00, only on Monday (UTC)" */
  label: string;
  /** "next Mon 2026-11-30 04:00 CET · keeps 2 weeks · at most 10 snapshots" */
  description: string;
  /** The next runs in the person's zone (none for an interval: the platform does not say when it last ran). */
  runs: string[];
}

/** A schedule's row: in words, its next runs in the person's time zone `zone`, what it keeps. */
export function scheduleRow(schedule: ScheduleFields, now: Date, zone: string, count = 3): ScheduleRow {
  const runs = scheduleNextRuns(schedule, now, count).map((d) => formatInZone(d, zone));
  const description = [runs[0] ? `next ${runs[0]}` : undefined, scheduleKeeps(schedule) || undefined].filter(Boolean).join(' · ');
  return { label: scheduleInWords(schedule), description, runs };
}

/** The items with the one whose id is `first` moved to the front (the last project or region picked). */
export function lastPickedFirst<T extends { id: number }>(items: readonly T[], first: number | undefined): T[] {
  const index = first === undefined ? -1 : items.findIndex((item) => item.id === first);
  return index <= 0 ? [...items] : [items[index]!, ...items.slice(0, index), ...items.slice(index + 1)];
}

// The platform's lists -> what the Price Preview offers to pick: projects and regions by name with
// their id, flavors with vCPUs, RAM and the flavor's own price where the platform sends it.
import type { Flavor, LoadBalancerFlavor, Project, Region } from '../../../schema/cloudLists';
import type { Loaded } from '../../../platform/platformLists';
import type { ListChoices, ListOption } from '../../../protocol/listChoices';
import { formatMoney } from './priceView';

export function projectOption(p: Project): ListOption {
  const notes = [p.is_default ? 'default project' : undefined, p.description ?? undefined].filter(Boolean);
  return { value: String(p.id), label: `${p.name ?? 'project'} · ID ${p.id}`, ...(notes.length > 0 && { description: notes.join(' · ') }) };
}

export function regionOption(r: Region): ListOption {
  return {
    value: String(r.id),
    label: `${r.display_name ?? 'region'} · ID ${r.id}${r.country ? ` · ${r.country}` : ''}`,
    ...(r.slug && { description: r.slug }),
  };
}

/** 4096 -> "4 GiB", 512 -> "0.5 GiB" (the platform gives RAM in MiB). */
function ram(mib: number): string {
  return `${Math.round((mib / 1024) * 100) / 100} GiB`;
}

/** "g1-standard-2-4 · 2 vCPUs · 4 GiB · €26.28/month", the hourly price and the architecture below. */
export function flavorOption(f: Flavor | LoadBalancerFlavor, locale: string): ListOption {
  const size = [f.vcpus != null ? `${f.vcpus} vCPU${f.vcpus === 1 ? '' : 's'}` : undefined, f.ram != null ? ram(f.ram) : undefined];
  const shown = f.price_status !== 'hide' && f.price_status !== 'error';
  const monthly = shown && f.price_per_month != null ? `${formatMoney(f.price_per_month, f.currency_code ?? null, locale)}/month` : undefined;
  const price = f.price_status === 'hide' ? 'price hidden' : monthly;
  const label = [f.flavor_name, ...size, price].filter(Boolean).join(' · ');
  const hourly = shown && f.price_per_hour != null ? `${formatMoney(f.price_per_hour, f.currency_code ?? null, locale, 4)} per hour` : undefined;
  const more = 'architecture' in f ? [f.architecture, f.os_type] : [];
  const description = [hourly, ...more].filter(Boolean).join(' · ');
  return { value: f.flavor_name, label, ...(description && { description }) };
}

/** Smallest first (vCPUs, then RAM, then name); disabled flavors are not offered. */
export function flavorOptions(flavors: readonly (Flavor | LoadBalancerFlavor)[], locale: string): ListOption[] {
  return flavors
    .filter((f) => !('disabled' in f && f.disabled === true))
    .sort((a, b) => (a.vcpus ?? 0) - (b.vcpus ?? 0) || (a.ram ?? 0) - (b.ram ?? 0) || a.flavor_name.localeCompare(b.flavor_name))
    .map((f) => flavorOption(f, locale));
}

/** A loaded list as the panel shows it; `reason` reads a failure (scrubbed by the caller). */
export function choicesOf<T>(loaded: Loaded<T>, options: (items: T[]) => ListOption[], reason: (error: unknown) => string): ListChoices {
  if ('unavailable' in loaded) return { state: 'typed' };
  if ('error' in loaded) return { state: 'failed', message: reason(loaded.error) };
  return { state: 'listed', options: options(loaded.items) };
}

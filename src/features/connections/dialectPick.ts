// The dialect pick of Sign In and of Change API Dialect: both items, the one the URL implies
// marked, so the person sees what was chosen for them and why.
import type { PickItem } from '../../ui/flowUi';
import { DIALECTS, DIALECT_DESCRIPTIONS, DIALECT_LABELS, type Dialect } from '../../schema/dialect';

export function dialectPickItems(fromUrl: Dialect): PickItem<Dialect>[] {
  return DIALECTS.map((dialect) => ({
    label: DIALECT_LABELS[dialect],
    description: dialect === fromUrl ? '(what the base URL implies)' : undefined,
    detail: DIALECT_DESCRIPTIONS[dialect],
    value: dialect,
  }));
}

export function dialectPlaceholder(baseUrl: string, chosen: Dialect, why: string): string {
  let host = baseUrl;
  try {
    host = new URL(baseUrl).host;
  } catch {
    // shown as typed
  }
  return `API dialect for ${host}: ${DIALECT_LABELS[chosen]} (${why})`;
}

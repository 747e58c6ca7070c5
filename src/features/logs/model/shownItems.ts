// The held lines as the page's filter shows them, read by "Export… shown lines" and Open in
// Editor: the same compiled filter, the same refusals, the same time budget (logFilter.ts), so the
// extension host is not held by a pattern the page would not run either. Here the budget counts
// the matching alone: making each held line an object to write costs more than an ordinary
// pattern's match, and is not what can run away.
import { FILTER_BUDGET_MS, FilterTooSlow, compileFilter, type LogFilterSpec } from '../../../protocol/logFilter';
import type { LogItem } from '../../../protocol/logItems';
import type { HeldView } from './heldLines';

/** Shown items of a held list (markers always); throws FilterTooSlow when the filter's pass runs past `budgetMs`. */
export function shownItems(items: HeldView, filter: LogFilterSpec, budgetMs = FILTER_BUDGET_MS): LogItem[] {
  const compiled = compileFilter(filter);
  if (!compiled.active) return items.slice();
  const shown: LogItem[] = [];
  let matching = 0;
  for (let i = 0; i < items.length; i++) {
    const item = items.at(i);
    if (item.kind === 'marker') {
      shown.push(item);
      continue;
    }
    if (!compiled.timed) {
      if (compiled.matches(item.pod, item.message)) shown.push(item);
      continue;
    }
    // Nothing allocated between the two reads of the clock: a collection would count as matching.
    const started = performance.now();
    const hit = compiled.matches(item.pod, item.message);
    matching += performance.now() - started;
    if (hit) shown.push(item);
    if (matching > budgetMs) throw new FilterTooSlow(i + 1, items.length, budgetMs);
  }
  return shown;
}

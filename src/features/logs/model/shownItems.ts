// The held lines as the page's filter shows them, read by "Export… shown lines" and Open in
// Editor: the same compiled filter, the same refusals, the same time budget (logFilter.ts), so the
// extension host is not held by a pattern the page would not run either.
import { FILTER_BUDGET_MS, compileFilter, filterClock, type LogFilterSpec } from '../../../protocol/logFilter';
import type { LogItem } from '../../../protocol/logItems';
import type { HeldView } from './heldLines';

/** Shown items of a held list (markers always); throws FilterTooSlow when the filter's pass runs past `budgetMs`. */
export function shownItems(items: HeldView, filter: LogFilterSpec, budgetMs = FILTER_BUDGET_MS): LogItem[] {
  const compiled = compileFilter(filter);
  if (!compiled.active) return items.slice();
  const tick = compiled.timed ? filterClock(items.length, budgetMs) : undefined;
  const shown: LogItem[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items.at(i);
    if (item.kind === 'marker') shown.push(item);
    else {
      if (compiled.matches(item.pod, item.message)) shown.push(item);
      tick?.(i + 1, item.message.length);
    }
  }
  return shown;
}

// Go to Attack…: a pick over every attack of the view's time range (the event log has no search by
// name: every page at the largest the API serves, 500), then the row revealed and selected in the
// view, its pages read up to it first when it is not in hand. The view's other filters apply: an
// attack they hide is not revealed, and the person is told which filter hides it.
import type { BoundConnection } from '../../connections/connectionManager';
import type { FeatureContext } from '../../ui/featureContext';
import { CANCEL } from '../../ui/flowUi';
import { goToPrompt } from '../../ui/goTo';
import { DEFAULT_FILTERS, filterQuery, type AttackFilters } from './model/attackFilters';
import { ALERT_TYPE_LABELS, alertTypeText, attackRow, localTime, rateText, rowLabel, type AttackRow } from './model/attackRows';
import { ATTACK_PAGE_MAX } from './attackPages';
import type { AttacksTree } from './attacksTree';

type Deps = Pick<FeatureContext, 'ui' | 'log'> & { tree: AttacksTree; timeZone?: string };

const CLEAR_FILTERS = 'Clear Filters';

/** "2026-11-19 23:20 UTC · DDoS alert · 48.2 Gbit/s": the pick's description of an attack. */
export function attackPickDescription(row: AttackRow, timeZone?: string): string {
  const start = row.startMs === undefined ? 'start not reported' : localTime(row.startMs, timeZone);
  return [start, alertTypeText(row.alertType), rateText(row.bps, 'bit/s')].join(' · ');
}

/** The view's filter that hides `row` ("alert type: RTBH (blackhole) alert"); undefined when it is shown. */
export function filterHiding(filters: AttackFilters, row: AttackRow): string | undefined {
  if (filters.alertType && row.alertType !== filters.alertType) return `alert type: ${ALERT_TYPE_LABELS[filters.alertType] ?? filters.alertType}`;
  const wanted = filters.addresses;
  const targets = row.targets?.split(', ') ?? [];
  if (wanted?.length && !targets.some((t) => wanted.includes(t))) return `targeted address: ${wanted.join(', ')}`;
  return undefined;
}

export async function goToAttack(deps: Deps, bound: BoundConnection): Promise<AttackRow | undefined> {
  const { tree } = deps;
  // The view's range (fixed when its first page was read), without its other filters: a row they hide is named as such.
  const range = tree.pages.query.date_from ? tree.pages.query : filterQuery(tree.filters, Date.now());
  const query = { date_from: range.date_from, date_to: range.date_to, ordering: '-attack_start_time' as const, limit: ATTACK_PAGE_MAX };
  const prompt = goToPrompt<AttackRow>({
    title: 'Go to Attack',
    noun: 'attacks',
    item: (row) => ({ label: rowLabel(row), description: attackPickDescription(row, deps.timeZone), value: row }),
    page: async (offset, signal) => {
      const answer = await bound.api.security.listDdosEvents({ params: {}, query: { ...query, offset } }, { signal });
      const total = answer.count ?? undefined;
      const more = total !== undefined ? offset + answer.results.length < total : answer.results.length >= ATTACK_PAGE_MAX;
      return { items: answer.results.map(attackRow), total, more };
    },
  });
  const failed = (error: unknown) => deps.log.error(`Go to Attack: could not read the DDoS attacks of ${bound.connection.name}`, error);
  const chosen = await deps.ui().search({ ...prompt, failed });
  if (chosen === CANCEL) return undefined;
  await revealAttack(deps, chosen);
  return chosen;
}

/** Reveals and selects the attack's row; reads the view's pages up to it first; says so when a filter hides it. */
export async function revealAttack(deps: Deps, row: AttackRow): Promise<boolean> {
  const { tree } = deps;
  const ui = deps.ui();
  const name = rowLabel(row);
  const hiding = filterHiding(tree.filters, row);
  if (hiding) {
    const choice = await ui.notify('info', `${name} is not shown: the view's filter ${hiding} hides it`, [CLEAR_FILTERS]);
    if (choice !== CLEAR_FILTERS) return false;
    await tree.setFilters(DEFAULT_FILTERS);
  }
  await tree.ensure();
  const wanted = (r: AttackRow) => r.id === row.id;
  let index = tree.pages.rows.findIndex(wanted);
  if (index < 0 && tree.pages.next !== undefined)
    index = await ui.progress(`Reading the DDoS attacks up to ${name}`, true, (report, signal) => tree.readUntil(wanted, signal, report));
  const node = index < 0 ? undefined : tree.nodeAt(index);
  if (!node) {
    void ui.notify('info', `${name} (${attackPickDescription(row, deps.timeZone)}) is not in the view's list: Refresh reads it again`);
    return false;
  }
  await tree.revealRow(node);
  return true;
}

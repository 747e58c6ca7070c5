import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BoundConnection } from '../../src/connections/connectionManager';
import { AttackPages } from '../../src/features/attacks/attackPages';
import { DEFAULT_FILTERS } from '../../src/features/attacks/model/attackFilters';
import type { DdosEvent } from '../../src/schema/ddosEvents';

const NOW = Date.UTC(2026, 10, 26, 12);
const event = (i: number, end: string | null = new Date(NOW - i * 3_600_000 + 600_000).toISOString()): DdosEvent =>
  ({
    id: `e-${i}`,
    alert_type: 'ddos_alert',
    attack_start_time: new Date(NOW - i * 3_600_000).toISOString(),
    attack_end_time: end,
    targeted_ip_addresses: '203.0.113.10',
  }) as DdosEvent;

/** A server holding `all` (newest first), paged by limit and offset. */
function server(all: { events: DdosEvent[] }) {
  const asked: { offset: number; limit: number; date_to: string }[] = [];
  const bound = {
    api: {
      security: {
        listDdosEvents: async ({ query }: { query: { offset: number; limit: number; date_to: string } }) => {
          asked.push({ offset: query.offset, limit: query.limit, date_to: query.date_to });
          return { count: all.events.length, results: all.events.slice(query.offset, query.offset + query.limit) };
        },
      },
    },
  } as unknown as BoundConnection;
  return { bound, asked };
}

describe('AttackPages: the minute re-read merged into the pages in hand', () => {
  it('nothing new: nothing added or changed, the pages kept; new attacks first, a changed one in place; Load more pages the first set', async () => {
    const all = { events: [event(0, null), ...Array.from({ length: 249 }, (_, i) => event(i + 1))] };
    const { bound, asked } = server(all);
    const pages = new AttackPages();
    await pages.first(bound, DEFAULT_FILTERS, NOW);
    await pages.more(bound);
    assert.equal(pages.rows.length, 200);
    const kept = pages.rows[50];
    assert.deepEqual(await pages.reread(bound, DEFAULT_FILTERS, NOW + 60_000), { added: [], changed: [] });
    assert.equal(pages.rows.length, 200, 'the pages in hand kept');
    assert.equal(pages.rows[50], kept, 'an unchanged row keeps its object');
    // The ongoing attack ended; two new ones started.
    all.events = [event(-2), event(-1, null), event(0), ...all.events.slice(1)];
    const merged = await pages.reread(bound, DEFAULT_FILTERS, NOW + 120_000);
    assert.deepEqual(
      merged.added.map((r) => r.id),
      ['e--2', 'e--1'],
    );
    assert.deepEqual(
      merged.changed.map((r) => r.id),
      ['e-0'],
    );
    assert.deepEqual(
      pages.rows.slice(0, 3).map((r) => r.id),
      ['e--1', 'e--2', 'e-0'],
      'new ones first (the ongoing one first among them), the ended one where it was',
    );
    assert.equal(pages.rows[2]!.end.kind, 'ended');
    assert.equal(pages.total, 252);
    await pages.more(bound);
    assert.equal(asked.at(-1)!.offset, 200, 'Load more: the first set, where it was');
    assert.equal(asked.at(-1)!.date_to, asked[0]!.date_to, 'with its range');
    assert.equal(new Set(pages.rows.map((r) => r.id)).size, pages.rows.length, 'each once');
  });
});

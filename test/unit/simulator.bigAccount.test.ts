import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { probe } from '../../simulator/httpProbe';
import { startSimulator, type Simulator } from '../../simulator/index';

// The big account's seeds (--report-count, --attack-count): as many more as asked, each once,
// in the lists' own order, so the views' benches and tests page through thousands.
const KEY = 'big-account-key-4b1d';
type Page<T> = { count: number; next: string | null; results: T[] };

let sim: Simulator;
const get = async <T>(path: string): Promise<T> => {
  const result = await probe(sim.url, 'GET', path, { apiKey: KEY });
  assert.equal(result.status, 200, `${path}: ${result.text}`);
  return result.json as T;
};

before(async () => {
  sim = await startSimulator({ apiKey: KEY, reportCount: 1200, attackCount: 1500, seedTimeMs: Date.now() });
});
after(() => sim.close());

describe('a big account', () => {
  it('lists 1,200 more report tasks, newest first, each once', async () => {
    const all: { uuid: string; created_at: string }[] = [];
    let first: Page<{ uuid: string; created_at: string }> | undefined;
    for (let offset = 0; !first || offset < first.count; offset += 100) {
      const page = await get<Page<{ uuid: string; created_at: string }>>(`/billing/org/v1/reports?ordering=-created_at&limit=100&offset=${offset}`);
      first ??= page;
      all.push(...page.results);
    }
    assert.ok(first.count >= 1200 && first.count < 1250, `count ${first.count}`);
    assert.equal(all.length, first.count);
    assert.equal(new Set(all.map((r) => r.uuid)).size, all.length);
    const times = all.map((r) => Date.parse(r.created_at));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
  });

  it('lists 1,500 more DDoS events within the last 30 days, newest first', async () => {
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const to = new Date(Date.now() + 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const page = await get<Page<{ id: string; attack_start_time: string }>>(
      `/security/notifier/v1/event_logs?ordering=-attack_start_time&limit=500&offset=0&date_from=${encodeURIComponent(from)}&date_to=${encodeURIComponent(to)}`,
    );
    assert.ok(page.count >= 1500 && page.count < 1550, `count ${page.count}`);
    const times = page.results.map((e) => Date.parse(e.attack_start_time));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
  });
});

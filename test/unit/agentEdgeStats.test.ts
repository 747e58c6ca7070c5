// read_edge_app_stats in plain Node against the simulator: the window asked (the last hour by
// default, slots of 300 s, durations as one slot), the figures as data with the two requests they
// came from, and a window the endpoints' rules refuse answered by field with nothing sent.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createPlatformApi } from '../../src/platform/api';
import { HttpClient } from '../../src/platform/http';
import { PlatformLists } from '../../src/platform/platformLists';
import { agentTool, runTool } from '../../src/features/agent/model/toolCatalog';
import { defaultStep } from '../../src/features/agent/model/edgeStatsTool';
import type { AgentBinding } from '../../src/features/agent/model/toolKit';
import { startSimulator, type Simulator } from '../../simulator/index';
import { assertDataOnly } from '../support/platformData';

const KEY = 'agent-edge-stats-key-5d2a';
const host = { connections: async () => [], scrub: (t: string) => t.split(KEY).join('***') };

describe('read_edge_app_stats', { timeout: 60_000 }, () => {
  let sim: Simulator;
  let bound: AgentBinding;
  const tool = agentTool('read_edge_app_stats')!;
  const run = (input: object) => runTool(tool, bound, input, host);
  const query = (route: string) => Object.values(sim.lastRequests(route))[0]?.query;
  const sent = () => (sim.requestCounts()['GET getEdgeCallStats'] ?? 0) + (sim.requestCounts()['GET getEdgeDurationStats'] ?? 0);
  before(async () => {
    sim = await startSimulator({ apiKey: KEY, dialect: 'platform' });
    const api = createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: KEY, dialect: 'platform' }));
    bound = { connectionName: 'Sim', baseUrl: sim.url, dialect: 'platform', api, lists: new PlatformLists(api), signal: new AbortController().signal };
  });
  beforeEach(() => sim.resetRequests());
  after(() => sim.close());

  it('a default step per window: 300 s for an hour, 3,600 s for a day, at most 24 slots', () => {
    assert.deepEqual([600_000, 3_600_000, 6 * 3_600_000, 86_400_000, 7 * 86_400_000].map(defaultStep), [60, 300, 900, 3600, 43_200]);
  });

  it('by default the last hour: calls per 300 s, durations as one slot; the requests named', async () => {
    const before = Date.now();
    const answer = await run({ app_id: 101 });
    const calls = query('getEdgeCallStats')!;
    const durations = query('getEdgeDurationStats')!;
    assert.equal(calls.step, '300');
    assert.equal(durations.step, '3600');
    assert.equal(Date.parse(calls.to!) - Date.parse(calls.from!), 3_600_000);
    assert.ok(Math.abs(Date.parse(calls.to!) - before) < 5_000, 'ends now');
    assert.equal(calls.id, '101');
    assert.ok(
      answer.includes(`Sources: GET /fastedge/v1/stats/calls?from=${calls.from}&to=${calls.to}&step=300&id=101 and GET /fastedge/v1/stats/app_duration?`),
      answer,
    );
    assert.match(answer, /^Edge app 101 on "Sim", \S+ to \S+ \(UTC, the end excluded\), in slots of 300 s: /);
  });

  it("the figures are the simulator's for the window (its seeded history and the calls at the app's URL); each slot as data", async () => {
    const app = await bound.api.edge.getOwnEdgeApp({ params: { app_id: 101 } });
    for (let i = 0; i < 3; i++) assert.equal((await fetch(`${app.url}/tool-test`)).status, 200);
    const answer = await run({ app_id: 101, per_slot_durations: true });
    const { from, to } = query('getEdgeCallStats')!;
    assert.equal(query('getEdgeDurationStats')!.step, '300', 'per slot: durations at the slots’ step');
    const whole = { params: {}, query: { from: from!, to: to!, step: 3600, id: 101 } };
    const counts = (await bound.api.edge.getEdgeCallStats(whole)).stats.flatMap((s) => s.count_by_status);
    const total = counts.reduce((a, c) => a + c.count, 0);
    const c5xx = counts.filter((c) => c.status >= 500).reduce((a, c) => a + c.count, 0);
    assert.ok(total >= 3, 'the calls just made are counted');
    assert.match(
      answer,
      new RegExp(
        `: ${total} calls, ${c5xx} with 5xx \\(\\d+\\.\\d\\d%\\), p50 [\\d.]+ ms, p90 [\\d.]+ ms \\(weighted from the slots' figures, approximate\\)\\.`,
      ),
    );
    const parts = assertDataOnly(answer, 'read_edge_app_stats', { expectData: false });
    const lines = parts.blocks[0]!.lines;
    assert.equal(JSON.parse(lines[0]!).calls, total);
    assert.equal(lines.length, 1 + 12, 'the window, then its 12 slots');
    assert.equal(
      lines.slice(1).reduce((a, l) => a + (JSON.parse(l) as { calls: number }).calls, 0),
      total,
    );
  });

  it('refuses a window the endpoints do not take, by field, sending nothing; the boundaries are sent', async () => {
    for (const [input, rule] of [
      [{ app_id: 101, from: '2026-11-20T11:00:00' }, /from: must be an RFC 3339 date-time with a zone/],
      [{ app_id: 101, from: '2026-11-20T12:00:00Z', to: '2026-11-20T11:00:00Z' }, /to: must be after from/],
      [{ app_id: 101, from: '2026-11-01T00:00:00Z', to: '2026-11-20T00:00:00Z', step: 60 }, /step: must make at most 1440 slots between from and to/],
      [{ app_id: 101, step: 0 }, /step: must be at least 1/],
      [{ app_id: 101, step: 86_401 }, /step: must be at most 86400/],
      [{ app_id: 0 }, /app_id/],
    ] as const) {
      const answer = await run(input);
      assert.match(answer, /^Refused before sending, nothing was sent: /, JSON.stringify(input));
      assert.match(answer, rule, `${JSON.stringify(input)}: ${answer}`);
    }
    assert.equal(sent(), 0, 'nothing sent');
    // At the boundaries: 1,440 slots of 60 s; one slot of a day.
    for (const input of [
      { app_id: 101, from: '2026-11-19T00:00:00Z', to: '2026-11-20T00:00:00Z', step: 60 },
      { app_id: 101, from: '2026-11-19T00:00:00Z', to: '2026-11-20T00:00:00Z', step: 86_400 },
    ]) {
      const answer = await run(input);
      assert.match(answer, /^Edge app 101 on "Sim", 2026-11-19T00:00:00Z to 2026-11-20T00:00:00Z /, answer);
      assert.equal(query('getEdgeCallStats')!.step, String(input.step));
    }
    assert.equal(sent(), 4, 'both sent, two requests each');
  });

  it("an app the statistics do not know: the platform's 404 as an answer", async () => {
    const answer = await run({ app_id: 999_999 });
    assert.match(answer, /not found|404/i);
  });
});

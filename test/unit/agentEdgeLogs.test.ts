// read_edge_app_logs in plain Node against the simulator: every filter reaches the platform (the
// simulator's request record), the answer is bounded and names the count and the next offset, the
// lines come as data, and a bad input is refused by field before anything is sent.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createPlatformApi } from '../../src/platform/api';
import { HttpClient } from '../../src/platform/http';
import { PlatformLists } from '../../src/platform/platformLists';
import { agentTool, runTool } from '../../src/features/agent/model/toolCatalog';
import { ANSWER_MAX } from '../../src/features/agent/model/toolAnswers';
import type { AgentBinding } from '../../src/features/agent/model/toolKit';
import { startSimulator, type Simulator } from '../../simulator/index';
import { assertDataOnly } from '../support/platformData';

const KEY = 'agent-edge-logs-key-91c4';
const host = { connections: async () => [], scrub: (t: string) => t.split(KEY).join('***') };

describe('read_edge_app_logs', { timeout: 60_000 }, () => {
  let sim: Simulator;
  let bound: AgentBinding;
  const tool = agentTool('read_edge_app_logs')!;
  const run = (input: object) => runTool(tool, bound, input, host);
  const lastQuery = () => Object.values(sim.lastRequests('listEdgeAppLogs'))[0]?.query;
  before(async () => {
    sim = await startSimulator({ apiKey: KEY, dialect: 'platform' });
    const api = createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: KEY, dialect: 'platform' }));
    bound = { connectionName: 'Sim', baseUrl: sim.url, dialect: 'platform', api, lists: new PlatformLists(api), signal: new AbortController().signal };
  });
  beforeEach(() => sim.resetRequests());
  after(() => sim.close());

  it('sends every filter as published, and answers the entries as data with the count and the next offset', async () => {
    const from = '2026-11-20T11:00:00Z';
    const to = '2026-11-20T12:00:00Z';
    const answer = await run({ app_id: 101, from, to, search: 'GET', edge: 'ed-fra-01', sort: 'asc', limit: 20, offset: 40 });
    assert.deepEqual(lastQuery(), { from, to, search: 'GET', edge: 'ed-fra-01', sort: 'asc', limit: '20', offset: '40' });
    assert.ok(answer.length <= ANSWER_MAX);
    const parts = assertDataOnly(answer, 'read_edge_app_logs', { expectData: false });
    assert.match(
      parts.ours[0]!,
      /^\d+ log entries of edge app 101 on "Sim" \(from "2026-11-20T11:00:00Z", to "2026-11-20T12:00:00Z", containing "GET", edge "ed-fra-01"\), oldest first from offset 40 of \d+ that match\./,
    );
    const shown = parts.blocks[0]!.lines.length;
    assert.match(parts.ours.at(-1)!, new RegExp(`"offset": ${40 + shown} and the same filters`));
    assert.ok(parts.blocks[0]!.lines.every((l) => l.includes('"ed-fra-01"')));
  });

  it('a request id finds that request; since sets from; the defaults: newest first, 100', async () => {
    const newest = await bound.api.edge.listEdgeAppLogs({ params: { app_id: 101 }, query: { limit: 1 } });
    const requestId = newest.logs![0]!.request_id!;
    const before = Date.now();
    const answer = await run({ app_id: 101, request_id: requestId, since: '2h' });
    const q = lastQuery()!;
    assert.equal(q.request_id, requestId);
    assert.deepEqual([q.sort, q.limit, q.offset], ['desc', '100', '0']);
    assert.ok(Math.abs(Date.parse(q.from!) - (before - 2 * 3_600_000)) < 5_000);
    assert.match(answer, /No more entries match\.$/);
    assert.ok(assertDataOnly(answer, 'read_edge_app_logs', { expectData: false }).blocks[0]!.lines.every((l) => l.includes(`"${requestId}"`)));
  });

  it('refuses by field, sending nothing: a time without a zone, a limit past 1000, a range backwards', async () => {
    for (const [input, field] of [
      [{ app_id: 101, from: '2026-11-20T11:00:00' }, 'from'],
      [{ app_id: 101, limit: 5000 }, 'limit'],
      [{ app_id: 0 }, 'app_id'],
      [{ app_id: 101, from: '2026-11-20T12:00:00Z', to: '2026-11-20T11:00:00Z' }, 'to'],
    ] as const) {
      const answer = await run(input);
      assert.match(answer, new RegExp(field), `${JSON.stringify(input)}: ${answer}`);
    }
    assert.equal(sim.requestCounts()['GET listEdgeAppLogs'] ?? 0, 0, 'nothing sent');
  });
});

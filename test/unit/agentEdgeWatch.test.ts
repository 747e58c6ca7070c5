// get_edge_deploy_watch in plain Node: the editor's watches as data (figures, windows, sources,
// tripped or not), filtered by connection and app; where no watch ran, nothing sent without the
// deploy's time, and with it one comparison read now (two windows, the log's error lines) against
// the simulator, whose app URL answers the calls counted.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createPlatformApi } from '../../src/platform/api';
import { HttpClient } from '../../src/platform/http';
import { PlatformLists } from '../../src/platform/platformLists';
import { summarizeWindow } from '../../src/platform/edgeCallWindow';
import { DEFAULT_THRESHOLDS, type WatchReport } from '../../src/platform/edgeWatchVerdict';
import { agentTool, runTool } from '../../src/features/agent/model/toolCatalog';
import type { AgentBinding } from '../../src/features/agent/model/toolKit';
import { startSimulator, type Simulator } from '../../simulator/index';

const KEY = 'agent-edge-watch-key-5d21';
const scrub = (t: string) => t.split(KEY).join('***');

const window = (from: string, to: string, ok: number, failed: number) =>
  summarizeWindow(
    { appId: 101, from, to, step: 300 },
    [
      {
        time: from,
        count_by_status: [
          { status: 200, count: ok },
          { status: 500, count: failed },
        ],
      },
    ] as never,
    [{ time: from, median: 2000, perc90: 9000 }] as never,
    [`GET /fastedge/v1/stats/calls?from=${from}`, `GET /fastedge/v1/stats/app_duration?from=${from}`],
  );

const report = (appId: number, connectionName: string, tripped: boolean): WatchReport => ({
  connectionName,
  appId,
  appName: 'hello-edge',
  binary: 12,
  previous: 11,
  deployedAt: '2026-11-29T10:00:00Z',
  endsAt: '2026-11-29T10:05:00Z',
  state: tripped ? 'stopped' : 'watching',
  ...(tripped ? { stoppedBecause: 'rolled back', action: 'Rolled back edge app 101 on Sim: binary 12 -> 11 (hello-edge).' } : {}),
  thresholds: DEFAULT_THRESHOLDS,
  before: window('2026-11-29T09:55:00Z', '2026-11-29T10:00:00Z', 99, 1),
  after: window('2026-11-29T10:00:00Z', '2026-11-29T10:02:00Z', 20, tripped ? 20 : 0),
  polls: 4,
  ...(tripped ? { tripped: { at: '2026-11-29T10:02:00Z', reasons: ['5xx share 50.0% after the deploy (above 5.0%), 1.0% before'] } } : {}),
});

describe('get_edge_deploy_watch', { timeout: 60_000 }, () => {
  let sim: Simulator;
  let bound: AgentBinding;
  const tool = agentTool('get_edge_deploy_watch')!;
  before(async () => {
    sim = await startSimulator({ apiKey: KEY, dialect: 'platform' });
    const api = createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: KEY, dialect: 'platform' }));
    bound = { connectionName: 'Sim', baseUrl: sim.url, dialect: 'platform', api, lists: new PlatformLists(api), signal: new AbortController().signal };
  });
  beforeEach(() => sim.resetRequests());
  after(() => sim.close());

  it("in the editor: the connection's watches as data, tripped or not, with windows and sources; nothing sent", async () => {
    const reports = [report(101, 'Sim', true), report(102, 'Sim', false), report(101, 'Other', false)];
    const host = { connections: async () => [], scrub, edgeWatches: () => reports };
    const answer = await runTool(tool, bound, {}, host);
    assert.match(answer, /^Deploy watches on "Sim": 2 \(1 running, 1 tripped\), newest first\./);
    assert.match(answer, /"tripped":true/);
    assert.match(answer, /"reasons":\["5xx share 50\.0% after the deploy \(above 5\.0%\), 1\.0% before"\]/);
    assert.match(answer, /"sources":\["GET \/fastedge\/v1\/stats\/calls\?from=2026-11-29T10:00:00Z"/);
    assert.match(answer, /"from":"2026-11-29T09:55:00Z","to":"2026-11-29T10:00:00Z"/);
    assert.match(answer, /"action":"Rolled back edge app 101/);
    assert.doesNotMatch(answer, /"connection":"Other"/, 'another connection’s watch is not this one’s');
    const one = await runTool(tool, bound, { app_id: 102 }, host);
    assert.match(one, /^Deploy watches on "Sim" of edge app 102: 1 \(1 running, 0 tripped\)/);
    assert.match(one, /"tripped":false/);
    assert.deepEqual(sim.requestCounts(), {});
  });

  it('where no watch ran: without since nothing is sent; with it, one comparison read now from the platform', async () => {
    const mcp = { connections: async () => [], scrub };
    const asked = await runTool(tool, bound, { app_id: 101 }, mcp);
    assert.match(asked, /^This server runs no deploy watch .* Give app_id and since/);
    assert.deepEqual(sim.requestCounts(), {});
    const late = await runTool(tool, bound, { app_id: 101, since: '2020-01-01T00:00:00Z' }, mcp);
    assert.match(late, /^Refused: since must be a real time in the last 24 hours/);
    assert.deepEqual(sim.requestCounts(), {});
    // Calls the app's URL answers (the simulator counts them in its stats).
    for (let i = 0; i < 3; i++) assert.equal((await fetch(`${sim.url}/__apps/hello-edge-201/`)).status, 200);
    const since = new Date(Date.now() - 60_000).toISOString();
    const answer = await runTool(tool, bound, { app_id: 101, since }, mcp);
    assert.match(answer, /Read now for edge app 101 on "Sim"/);
    assert.match(answer, /"read_now":true/);
    const data = JSON.parse(/^\{"read_now".*$/m.exec(answer)![0]) as { after: { calls: number; from: string }; before: { to: string } };
    assert.ok(data.after.calls >= 3, 'the three calls since (and the seeded history of the minute)');
    assert.equal(data.before.to, data.after.from, 'the windows meet at the deploy');
    assert.match(answer, /"sources":\["GET \/fastedge\/v1\/stats\/calls\?from=/);
    assert.match(answer, /"log_errors_since_deploy":\{"count":\d+/);
    assert.deepEqual(sim.requestCounts(), { 'GET getEdgeCallStats': 2, 'GET getEdgeDurationStats': 2, 'GET listEdgeAppLogs': 1 });
  });
});

// set_edge_app_config against the simulator: the confirmation lists each change per section
// before anything is sent; accepted, one PATCH of only the changed sections, merged into the app
// as it is; declined or no change, nothing sent; an unknown secret id refused by the platform.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createPlatformApi } from '../../src/platform/api';
import { HttpClient } from '../../src/platform/http';
import { PlatformLists } from '../../src/platform/platformLists';
import { agentTool, confirmation, runTool, type RunHost } from '../../src/features/agent/model/toolCatalog';
import type { AgentBinding } from '../../src/features/agent/model/toolKit';
import { startSimulator, type Simulator } from '../../simulator/index';

const KEY = 'agent-edge-config-key-5a90';

describe('set_edge_app_config', { timeout: 60_000 }, () => {
  let sim: Simulator;
  let bound: AgentBinding;
  before(async () => {
    sim = await startSimulator({ apiKey: KEY, dialect: 'platform' });
    const api = createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: KEY, dialect: 'platform' }));
    bound = { connectionName: 'Sim', baseUrl: sim.url, dialect: 'platform', api, lists: new PlatformLists(api), signal: new AbortController().signal };
  });
  beforeEach(() => {
    sim.reset();
    sim.resetRequests();
  });
  after(() => sim.close());
  const writes = () =>
    Object.entries(sim.requestCounts())
      .filter(([k]) => !k.startsWith('GET'))
      .map(([k, n]) => `${k} ${n}`);
  const run = (input: object, accept: boolean) => {
    const asked: string[] = [];
    const tool = agentTool('set_edge_app_config')!;
    const h: RunHost = {
      connections: async () => [],
      scrub: (t) => t,
      confirm: async (req) => (asked.push(confirmation(tool, req, bound).message), accept ? undefined : 'Declined. Nothing was sent.'),
    };
    return { asked, answer: runTool(tool, bound, input, h) };
  };

  it('a variable added and a header removed: both listed before sending; one PATCH of env and rsp_headers, the rest kept', async () => {
    const before = await bound.api.edge.getOwnEdgeApp({ params: { app_id: 103 } });
    const r = run({ app_id: 103, env: { set: { RELEASE: '2026-11-26' } }, rsp_headers: { remove: ['X-Not-There'] } }, true);
    const answer = await r.answer;
    assert.match(
      r.asked[0]!,
      /^The edge app: App `geo-redirect` · ID `103` · URL `[^`]+` · Variable RELEASE `added "2026-11-26"`\. Only the sections listed are sent/m,
    );
    assert.doesNotMatch(r.asked[0]!, /Response header|Destructive/, 'removing a header the app lacks changes nothing');
    assert.deepEqual(writes(), ['PATCH patchEdgeApp 1']);
    const [sent] = Object.values(sim.lastRequests('patchEdgeApp'));
    assert.deepEqual(Object.keys(sent!.body as object), ['env'], 'only the changed section');
    const after = await bound.api.edge.getOwnEdgeApp({ params: { app_id: 103 } });
    assert.deepEqual(after.env, { ...before.env, RELEASE: '2026-11-26' });
    assert.match(
      answer,
      /^Changed edge app 103 on "Sim"; the app's name and what changed:\n<platform-data [^\n]+>\n\{"name":"geo-redirect","changes":\["env: \+ RELEASE"\]\}\n<\/platform-data>$/,
    );
  });

  it('declined, or nothing to change: nothing is sent', async () => {
    assert.match(await run({ app_id: 103, env: { set: { RELEASE: 'x' } } }, false).answer, /Declined/);
    const same = await bound.api.edge.getOwnEdgeApp({ params: { app_id: 103 } });
    const name = Object.keys(same.env ?? {})[0]!;
    const r = run({ app_id: 103, env: { set: { [name]: same.env![name]! } } }, true);
    assert.match(await r.answer, /^Nothing sent: .* already has this configuration\.$/);
    assert.deepEqual(writes(), []);
  });

  it('a secret reference by id: listed with its id, never a value; an unknown id refused by the platform, sent once', async () => {
    const r = run({ app_id: 101, secrets: { set: { OTHER_TOKEN: 987654 } } }, true);
    const answer = await r.answer;
    assert.match(r.asked[0]!, / · Secret reference OTHER_TOKEN `added secret \(name not known\) \(id 987654\)`\. /);
    assert.match(answer, /secret 987654 not found/);
    assert.deepEqual(writes(), ['PATCH patchEdgeApp 1']);
  });
});

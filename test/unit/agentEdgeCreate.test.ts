// The create tools in plain Node, against the simulator: list_edge_binaries names each binary's
// users; create_edge_app confirms connection, name, source, param and env names (never a value)
// before anything is sent; declined, nothing sent; accepted, one POST and the app is a draft in the
// simulator's record; a refused create (mandatory param missing) is sent once, not retried.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createPlatformApi } from '../../src/platform/api';
import { HttpClient } from '../../src/platform/http';
import { PlatformLists } from '../../src/platform/platformLists';
import { agentTool, confirmation, runTool, type RunHost } from '../../src/features/agent/model/toolCatalog';
import type { AgentBinding } from '../../src/features/agent/model/toolKit';
import { startSimulator, type Simulator } from '../../simulator/index';

const KEY = 'agent-edge-create-key-7a41';
const VALUE = 'value-that-must-not-show-9f3';
const tool = (name: string) => {
  const t = agentTool(name);
  assert.ok(t, `no tool ${name}`);
  return t;
};
const host = { connections: async () => [], scrub: (t: string) => t.split(KEY).join('***') };

describe('edge create tools', { timeout: 60_000 }, () => {
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
  const asking = (answer: () => string | undefined) => {
    const asked: { message: string; sentMeanwhile: string[] }[] = [];
    const h: RunHost = {
      ...host,
      confirm: async (req) => {
        asked.push({ message: confirmation(tool('create_edge_app'), req, bound).message, sentMeanwhile: writes() });
        return answer();
      },
    };
    return { asked, run: (input: object) => runTool(tool('create_edge_app'), bound, input, h) };
  };
  const input = { name: 'made-by-agent', template_id: 301, params: { LOG_LEVEL: VALUE }, env: { REGION: VALUE }, comment: 'for the demo' };

  it('list_edge_binaries: every binary with its status and the apps using it', async () => {
    const answer = await runTool(tool('list_edge_binaries'), bound, {}, { ...host, confirm: async () => undefined });
    assert.match(answer, /^Edge binaries on "Sim"/);
    assert.match(answer, /id 4748: compiled · "[^"]+" · md5 "[0-9a-f]{32}" · used by [^\n]*"hello-edge"/);
  });

  it('declined: the confirmation names connection, name, source, params and env by name only; nothing sent', async () => {
    const { asked, run } = asking(() => 'Not sent: declined.');
    const answer = await run(input);
    assert.equal(asked.length, 1);
    const m = asked[0]!.message;
    for (const part of [
      /Sim/,
      /made-by-agent/,
      /template Hello World HTTP \(301\)/,
      /LOG_LEVEL \(28 characters, not shown\)/,
      /REGION \(28 characters, not shown\)/,
    ])
      assert.match(m, part);
    assert.ok(!m.includes(VALUE) && !answer.includes(VALUE), 'no value in the confirmation or the answer');
    assert.deepEqual(asked[0]!.sentMeanwhile, []);
    assert.deepEqual(writes(), []);
  });

  it('accepted: one POST; the app is a draft with the params as env; the answer names it', async () => {
    const { run } = asking(() => undefined);
    const answer = await run(input);
    assert.deepEqual(writes(), ['POST createEdgeApp 1']);
    assert.match(
      answer,
      /^Created edge app \(id \d+\) on "Sim" as a draft; the app as the platform answered:\n<platform-data [^\n]+>\n\{"name":"made-by-agent","url":"[^"]+"\}/,
    );
    assert.ok(!answer.includes(VALUE));
    const listed = await bound.api.edge.listEdgeApps({ params: {}, query: { name: 'made-by-agent' } });
    const made = await bound.api.edge.getOwnEdgeApp({ params: { app_id: listed.apps[0]!.id } });
    assert.deepEqual([made.status, made.template, made.env], [0, 301, { REGION: VALUE, LOG_LEVEL: VALUE }]);
  });

  it('a secret param as a reference: sent in secrets by id (never env), named in the confirmation, kept on the app', async () => {
    const { asked, run } = asking(() => undefined);
    const answer = await run({ name: 'gate-by-agent', template_id: 304, params: { UPSTREAM_URL: 'https://o.example' }, secrets: { GATE_TOKEN: 637 } });
    assert.match(answer, /^Created edge app \(id \d+\)[^\n]*\n<platform-data [^\n]+>\n\{"name":"gate-by-agent"/, answer);
    assert.match(asked[0]!.message, /GATE_TOKEN -> db-password \(637\)/);
    assert.deepEqual(Object.values(sim.lastRequests('createEdgeApp'))[0]?.body, {
      name: 'gate-by-agent',
      template: 304,
      env: { UPSTREAM_URL: 'https://o.example' },
      secrets: { GATE_TOKEN: { id: 637 } },
    });
    const listed = await bound.api.edge.listEdgeApps({ params: {}, query: { name: 'gate-by-agent' } });
    const made = await bound.api.edge.getOwnEdgeApp({ params: { app_id: listed.apps[0]!.id } });
    assert.deepEqual(made.secrets, { GATE_TOKEN: { id: 637, name: 'db-password', comment: '' } });
  });

  it('refused by the platform (mandatory param missing): sent once, the error answered, not retried', async () => {
    const { run } = asking(() => undefined);
    const answer = await run({ name: 'no-level', template_id: 301 });
    assert.deepEqual(writes(), ['POST createEdgeApp 1']);
    assert.match(answer, /LOG_LEVEL/);
  });

  it('a bad name, or both or neither source, is refused before anything is asked or sent', async () => {
    const { asked, run } = asking(() => undefined);
    for (const bad of [{ name: 'Bad_Name', binary_id: 4748 }, { name: 'both', binary_id: 4748, template_id: 301 }, { name: 'neither' }]) {
      assert.match(await run(bad), /name|binary_id|template_id/);
    }
    assert.equal(asked.length, 0);
    assert.deepEqual(writes(), []);
  });
});

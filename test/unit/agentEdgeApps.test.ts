// The edge app lifecycle tools in plain Node, against the simulator: the app read first and named
// in the confirmation (name, URL, status) before anything is sent; declined, nothing sent;
// accepted, one PATCH or DELETE and the simulator's record changed; an app that cannot be read asks
// nothing; a failed write is not retried; no answer or confirmation carries a variable's value.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createPlatformApi } from '../../src/platform/api';
import { HttpClient } from '../../src/platform/http';
import { PlatformLists } from '../../src/platform/platformLists';
import { agentTool, confirmation, runTool, type RunHost } from '../../src/features/agent/model/toolCatalog';
import type { AgentBinding, WriteRequest } from '../../src/features/agent/model/toolKit';
import { startSimulator, type Simulator } from '../../simulator/index';

const KEY = 'agent-edge-apps-key-5e02';
const tool = (name: string) => {
  const t = agentTool(name);
  assert.ok(t, `no tool ${name}`);
  return t;
};
const host = { connections: async () => [], scrub: (t: string) => t.split(KEY).join('***') };

describe('edge app lifecycle tools', { timeout: 60_000 }, () => {
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
  const app = (id: number) => bound.api.edge.getOwnEdgeApp({ params: { app_id: id } });
  const asking = (answer: (req: WriteRequest) => string | undefined) => {
    const asked: { message: string; sentMeanwhile: string[] }[] = [];
    let current = '';
    const h: RunHost = {
      ...host,
      confirm: async (req) => {
        asked.push({ message: confirmation(tool(current), req, bound).message, sentMeanwhile: writes() });
        return answer(req);
      },
      // Delete asks for the app's name typed after the confirmation (#54): the person types it.
      askName: async () => undefined,
    };
    return { asked, run: (name: string, input: object) => ((current = name), runTool(tool(name), bound, input, h)) };
  };

  const cases: { name: string; id: number; named: RegExp; route: string; destructive: boolean; answer: RegExp; check: () => Promise<void> }[] = [
    {
      name: 'enable_edge_app',
      id: 103,
      named:
        /The edge app: App `geo-redirect` · ID `103` · URL `http:\/\/127\.0\.0\.1:\d+\/__apps\/geo-redirect-201` · Status now `disabled`[^\n]* · Change `status disabled -> enabled`\. It starts serving at its URL\.\n\n```http\nPATCH \/fastedge\/v1\/apps\/103/,
      route: 'PATCH patchEdgeApp 1',
      destructive: false,
      answer:
        /^Enabled edge app 103 on "Sim"; the app as the platform answered:\n<platform-data [^\n]+>\n\{"name":"geo-redirect","status":"enabled"\}\n<\/platform-data>$/,
      check: async () => assert.equal((await app(103)).status, 1),
    },
    {
      name: 'disable_edge_app',
      id: 101,
      named:
        /The edge app: App `hello-edge` · ID `101` · URL `http:\/\/127\.0\.0\.1:\d+\/__apps\/hello-edge-201` · Status now `enabled`[^\n]* · Change `status enabled -> disabled`\. The app stops serving at its URL http:\/\/127\.0\.0\.1:\d+\/__apps\/hello-edge-201: requests there fail until it is enabled again\./,
      route: 'PATCH patchEdgeApp 1',
      destructive: true,
      answer:
        /^Disabled edge app 101 on "Sim"; the app as the platform answered:\n<platform-data [^\n]+>\n\{"name":"hello-edge","status":"disabled"\}\n<\/platform-data>\nIt no longer serves at its URL\.$/,
      check: async () => assert.equal((await app(101)).status, 2),
    },
    {
      name: 'start_edge_app_debug',
      id: 107,
      named:
        /The edge app: App `kafka-logger` · [^\n]* · Change `verbose debug logging for 30 minutes \(debug: true\)`\. Its debug logging is switched on for 30 minutes\./,
      route: 'PATCH patchEdgeApp 1',
      destructive: false,
      answer:
        /^Started debug logging of edge app 107 on "Sim"; the app as the platform answered:\n<platform-data [^\n]+>\n\{"name":"kafka-logger","debug_until":"\d{4}-\d\d-\d\dT[^"]+"\}\n<\/platform-data>$/,
      check: async () => {
        const until = Date.parse(String((await app(107)).debug_until));
        assert.ok(Math.abs(until - (Date.now() + 30 * 60_000)) < 10_000, 'debug_until is 30 minutes from now');
      },
    },
    {
      name: 'delete_edge_app',
      id: 102,
      named:
        /The edge app: App `resize-draft` · [^\n]*Status now `draft`[^\n]* · Change `deleted`\. It stops serving at its URL and leaves the account's apps for good; its binary is kept\.\n\n```http\nDELETE \/fastedge\/v1\/apps\/102/,
      route: 'DELETE deleteEdgeApp 1',
      destructive: true,
      answer: /^Deleted edge app 102 on "Sim"; it is gone from the account's apps\.$/,
      check: async () =>
        assert.rejects(
          () => app(102),
          (e: { status?: number }) => e.status === 404,
        ),
    },
  ];

  for (const c of cases) {
    it(`${c.name}: the app named before anything is sent; declined, nothing sent; accepted, sent once and applied`, async () => {
      const before = await app(c.id);
      const declined = asking(() => 'Not sent: declined.');
      assert.equal(await declined.run(c.name, { app_id: c.id }), 'Not sent: declined.');
      assert.deepEqual(writes(), [], 'declined: nothing sent');
      assert.deepEqual(await app(c.id), before, 'declined: the app is as it was');
      const accepted = asking(() => undefined);
      const answer = await accepted.run(c.name, { app_id: c.id });
      assert.equal(accepted.asked.length, 1);
      const message = accepted.asked[0]!.message;
      assert.match(message, /^On connection `Sim` /);
      assert.match(message, c.named);
      // Destructive tools say so: how to undo it where it can be (disable), else that it cannot (delete).
      assert.equal(
        /\*\*(This cannot be undone\.|Enable App switches it on again \(enable_edge_app for an agent\)\.)\*\*/.test(message),
        c.destructive,
        'destructive tools say so',
      );
      if (c.name === 'disable_edge_app') assert.doesNotMatch(message, /cannot be undone/);
      assert.deepEqual(accepted.asked[0]!.sentMeanwhile, [], 'nothing sent while the person was asked');
      assert.match(answer, c.answer);
      assert.deepEqual(writes(), [c.route], 'sent once');
      await c.check();
    });
  }

  it("no confirmation or answer carries the app's variable or header values", async () => {
    const hello = await app(101);
    const values = [...Object.values(hello.env ?? {}), ...Object.values(hello.rsp_headers ?? {})].filter((v) => v.length > 2);
    assert.ok(values.length > 0);
    const s = asking(() => undefined);
    const answers = [
      await s.run('start_edge_app_debug', { app_id: 101 }),
      await s.run('disable_edge_app', { app_id: 101 }),
      await s.run('enable_edge_app', { app_id: 101 }),
      await s.run('delete_edge_app', { app_id: 101 }),
    ];
    for (const text of [...answers, ...s.asked.map((a) => a.message)]) for (const v of values) assert.ok(!text.includes(v), `"${v}" in:\n${text}`);
  });

  it("an app that cannot be read (unknown, or another client's) is not put to the person, and nothing is sent", async () => {
    const s = asking(() => undefined);
    for (const name of ['enable_edge_app', 'disable_edge_app', 'start_edge_app_debug', 'delete_edge_app']) {
      for (const id of [999_999, 104])
        assert.match(await s.run(name, { app_id: id }), /^Not found on "Sim" \(HTTP 404\)[\s\S]*Nothing was asked or sent\.$/, `${name} ${id}`);
    }
    assert.equal(s.asked.length, 0);
    assert.deepEqual(writes(), []);
  });

  it('a bad id is refused before anything is sent, naming the field and the rule', async () => {
    const s = asking(() => undefined);
    assert.match(await s.run('enable_edge_app', { app_id: 0 }), /^Refused before sending, nothing was sent: app_id: must be at least 1/);
    assert.equal(s.asked.length, 0);
    assert.deepEqual(Object.keys(sim.requestCounts()), []);
  });

  it('a failed write is not retried', async () => {
    sim.setFault({ route: 'patchEdgeApp', kind: 'status', status: 503, times: 5 });
    try {
      assert.match(await asking(() => undefined).run('disable_edge_app', { app_id: 101 }), /sent once and is not retried/);
      assert.deepEqual(writes(), ['PATCH patchEdgeApp 1']);
      assert.equal((await app(101)).status, 1);
    } finally {
      sim.clearFaults();
    }
  });
});

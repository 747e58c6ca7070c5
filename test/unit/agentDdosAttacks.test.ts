// list_ddos_attacks in plain Node against the simulator: the range is always sent (the last 30
// days by default, not the published 2024 defaults), every filter reaches the platform (the
// simulator's record), newest first with the ongoing attack said in our words, the events as
// data, the next offset given; a bad input is refused by field before anything is sent; a
// spec-only server is said to lack the list.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createPlatformApi } from '../../src/platform/api';
import { HttpClient } from '../../src/platform/http';
import { PlatformLists } from '../../src/platform/platformLists';
import { agentTool, runTool } from '../../src/features/agent/model/toolCatalog';
import { ANSWER_MAX } from '../../src/features/agent/model/toolAnswers';
import type { AgentBinding } from '../../src/features/agent/model/toolKit';
import { startSimulator, type Simulator } from '../../simulator/index';
import { ONGOING_EVENT_ID, SEEDED_EVENT_COUNT, TARGETED } from '../../simulator/state/seedDdosEvents';
import { assertDataOnly } from '../support/platformData';

const KEY = 'agent-ddos-key-3e81';
const host = { connections: async () => [], scrub: (t: string) => t.split(KEY).join('***') };

describe('list_ddos_attacks', { timeout: 60_000 }, () => {
  let sim: Simulator;
  let bound: AgentBinding;
  const tool = agentTool('list_ddos_attacks')!;
  const run = (input: object) => runTool(tool, bound, input, host);
  const lastQuery = () => Object.values(sim.lastRequests('listDdosEvents'))[0]?.query;
  before(async () => {
    sim = await startSimulator({ apiKey: KEY, dialect: 'platform' });
    const api = createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: KEY, dialect: 'platform' }));
    bound = { connectionName: 'Sim', baseUrl: sim.url, dialect: 'platform', api, lists: new PlatformLists(api), signal: new AbortController().signal };
  });
  beforeEach(() => sim.resetRequests());
  after(() => sim.close());

  it('by default: the last 30 days, newest first, 20; the ongoing attack first and said; the next offset', async () => {
    const before = Date.now();
    const answer = await run({});
    const q = lastQuery()!;
    assert.deepEqual([q.ordering, q.limit, q.offset], ['-attack_start_time', '20', '0']);
    assert.ok(Math.abs(Date.parse(q.date_to!) - before) < 5_000);
    assert.equal(Date.parse(q.date_to!) - Date.parse(q.date_from!), 30 * 86_400_000);
    assert.ok(answer.length <= ANSWER_MAX);
    const parts = assertDataOnly(answer, 'list_ddos_attacks', { expectData: false });
    assert.match(
      parts.ours[0]!,
      new RegExp(`^20 DDoS attacks on "Sim" \\(from ".+", to ".+"\\), newest first from offset 0 of ${SEEDED_EVENT_COUNT} that match; 1 still ongoing\\.`),
    );
    const lines = parts.blocks[0]!.lines;
    assert.match(lines[0]!, new RegExp(`^ONGOING \\{"id":"${ONGOING_EVENT_ID}"`));
    assert.ok(lines.slice(1).every((l) => l.startsWith('ended {')));
    assert.match(parts.ours.at(-1)!, /"offset": 20 and the same filters/);
  });

  it('every filter reaches the platform as published', async () => {
    const answer = await run({
      from: '2026-01-01',
      to: '2099-01-01T00:00:00Z',
      alert_type: 'ddos_alert',
      address: `${TARGETED.mail}, ${TARGETED.v6}`,
      limit: 5,
      offset: 1,
    });
    assert.deepEqual(lastQuery(), {
      date_from: '2026-01-01',
      date_to: '2099-01-01T00:00:00Z',
      alert_type: 'ddos_alert',
      targeted_ip_addresses: `${TARGETED.mail},${TARGETED.v6}`,
      ordering: '-attack_start_time',
      limit: '5',
      offset: '1',
    });
    const lines = assertDataOnly(answer, 'list_ddos_attacks', { expectData: false }).blocks[0]!.lines;
    assert.ok(lines.length > 0 && lines.every((l) => l.includes('"ddos_alert"') && (l.includes(TARGETED.mail) || l.includes(TARGETED.v6))), lines.join('\n'));
  });

  it('refuses by field, sending nothing: a time without a zone, a wrong type, an address that is not one, a limit past 30, a range backwards', async () => {
    for (const [input, field] of [
      [{ from: '2026-11-20T11:00:00' }, 'from'],
      [{ alert_type: 'syn' }, 'alert_type'],
      [{ address: 'example.com' }, 'address'],
      [{ limit: 31 }, 'limit'],
      [{ from: '2026-11-20', to: '2026-11-19' }, 'to'],
    ] as const) {
      const answer = await run(input);
      assert.match(answer, new RegExp(`Refused before sending.*${field}`), `${JSON.stringify(input)}: ${answer}`);
    }
    assert.equal(sim.requestCounts()['GET listDdosEvents'] ?? 0, 0, 'nothing sent');
  });

  it('a spec-only server: says the list is not there', async () => {
    const spec = await startSimulator({ apiKey: KEY, dialect: 'spec' });
    try {
      const api = createPlatformApi(new HttpClient({ baseUrl: spec.url, apiKey: KEY, dialect: 'spec' }));
      const answer = await runTool(tool, { ...bound, baseUrl: spec.url, dialect: 'spec', api, lists: new PlatformLists(api) }, {}, host);
      assert.match(answer, /^This server has no such list/);
    } finally {
      await spec.close();
    }
  });
});

// The agent tools of #39 in plain Node: read_report (headers and first rows capped by count and by
// size, the total counted on the simulator's 500,000-row result, a task not Completed says its status, a 400
// render failure says the platform's text, hostile headers and cells stay data); the three
// removals (the thing read first and named in the confirmation, nothing sent while asked, sent
// once, gone from the simulator; a thing that cannot be read asks nothing); the three lists.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createPlatformApi } from '../../src/platform/api';
import { HttpClient } from '../../src/platform/http';
import { PlatformLists } from '../../src/platform/platformLists';
import { agentTool, confirmation, runTool, type RunHost } from '../../src/features/agent/model/toolCatalog';
import { REPORT_ANSWER_MAX, REPORT_ROWS_MAX } from '../../src/features/agent/model/reportTool';
import type { AgentBinding, WriteRequest } from '../../src/features/agent/model/toolKit';
import { startSimulator, type Simulator } from '../../simulator/index';
import { SEEDED_REPORTS, SEEDED_RESULT_REPORTS } from '../../simulator/state/seedBilling';
import { endpoints } from '../../src/schema/endpoints';
import { HOSTILE, assertDataOnly, outsideCode } from '../support/platformData';
import { REPORT_UUID as UUID, reportServer } from '../support/reportServer';

const KEY = 'agent-reports-key-7d21';
const tool = (name: string) => {
  const t = agentTool(name);
  assert.ok(t, `no tool ${name}`);
  return t;
};
const host = { connections: async () => [], scrub: (t: string) => t.split(KEY).join('***') };
const binding = (url: string, dialect: 'spec' | 'platform' = 'platform'): AgentBinding => {
  const api = createPlatformApi(new HttpClient({ baseUrl: url, apiKey: KEY, dialect }));
  return { connectionName: 'Sim', baseUrl: url, dialect, api, lists: new PlatformLists(api), signal: new AbortController().signal };
};
const rowLines = (answer: string) => answer.split('\n').filter((l) => l.startsWith('['));

describe('read_report', { timeout: 300_000 } /* a hang guard: the 500,000-row reads passed a minute at load average 20 */, () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator({ apiKey: KEY, dialect: 'platform' });
  });
  after(() => sim.close());

  it('a Completed task: its template, headers and the first 50 rows by default, the total counted, the cut said', async () => {
    const answer = await runTool(tool('read_report'), binding(sim.url), { id: SEEDED_REPORTS.Completed }, host);
    const parts = assertDataOnly(answer, 'read_report', { expectData: false });
    // The simulator's seeded task: its records_to_process (1,900) rows of the expenses template.
    const result = (await binding(sim.url).api.http.call(endpoints.downloadReport, {
      params: { uuid: SEEDED_REPORTS.Completed },
      query: { format: 'json' },
    })) as { headers: string[]; rows: unknown[][] };
    assert.equal(result.rows.length, 1900);
    assert.match(
      parts.ours[0]!,
      new RegExp(`^Report task ${SEEDED_REPORTS.Completed} on "Sim": ${result.headers.length} columns, 1,900 rows; the first 50 rows shown\\.`),
    );
    assert.deepEqual(parts.blocks[0]!.lines.slice(0, 2), ['template: "ResellerExpenses"', `headers: ${JSON.stringify(result.headers)}`]);
    assert.deepEqual(
      rowLines(answer).map((l) => JSON.parse(l) as unknown),
      result.rows.slice(0, 50),
      'the first 50 rows, in order, as the platform gave them',
    );
    assert.match(parts.ours.at(-1)!, /^Cut: 1,850 rows not shown\. Ask for fewer or more with "rows" \(at most 500\)/);
    const three = await runTool(tool('read_report'), binding(sim.url), { id: SEEDED_REPORTS.Completed, rows: 3 }, host);
    assert.equal(rowLines(three).length, 3);
    assert.match(
      await runTool(tool('read_report'), binding(sim.url), { id: SEEDED_REPORTS.Completed, rows: 501 }, host),
      /^Refused before sending, nothing was sent: rows: must be at most 500/,
    );
  });

  it('a task not Completed says its status and reads no result; an unknown uuid is not found', async () => {
    sim.resetRequests();
    for (const status of ['Pending', 'InProgress', 'Failed', 'Cancelled'] as const) {
      const answer = await runTool(tool('read_report'), binding(sim.url), { id: SEEDED_REPORTS[status] }, host);
      assert.match(answer, new RegExp(`^Report task ${SEEDED_REPORTS[status]} on "Sim" is ${status}, not Completed: it has no result yet\\.`));
    }
    assert.equal(sim.requestCounts()['GET downloadReport'] ?? 0, 0, 'no download asked for a task without a result');
    assert.match(await runTool(tool('read_report'), binding(sim.url), { id: UUID }, host), /^Not found on "Sim" \(HTTP 404\)/);
  });

  it("a large result (the simulator's 500,000 rows, streamed): the rows capped by count and by size, every row counted", async () => {
    const most = await runTool(tool('read_report'), binding(sim.url), { id: SEEDED_RESULT_REPORTS.rows500k, rows: REPORT_ROWS_MAX }, host);
    assert.ok(most.length <= REPORT_ANSWER_MAX, `${most.length} characters`);
    const shown = rowLines(most).length;
    assert.ok(shown > 50 && shown < REPORT_ROWS_MAX, `${shown} rows fit the answer`);
    assert.match(most, new RegExp(`: 7 columns, 500,000 rows; the first ${shown} rows shown\\.`));
    assert.match(
      most,
      new RegExp(
        `Cut: ${(500_000 - shown).toLocaleString('en-US')} rows not shown \\(${REPORT_ROWS_MAX - shown} more rows asked for did not fit in the answer\\)`,
      ),
    );
    const ten = await runTool(tool('read_report'), binding(sim.url), { id: SEEDED_RESULT_REPORTS.rows500k, rows: 10 }, host);
    assert.equal(rowLines(ten).length, 10);
    assert.deepEqual(rowLines(ten), rowLines(most).slice(0, 10), 'the same first rows');
  });

  it("a render failure (400) answers the platform's error text, as data", async () => {
    const answer = await runTool(tool('read_report'), binding(sim.url), { id: SEEDED_RESULT_REPORTS.renderFails }, host);
    const parts = assertDataOnly(answer, 'read_report', { expectData: false });
    assert.match(
      parts.ours[0]!,
      new RegExp(`^The platform could not render report task ${SEEDED_RESULT_REPORTS.renderFails} on "Sim" \\(HTTP 400\\)\\. What it reported:$`),
    );
    assert.match(
      parts.blocks[0]!.lines[0]!,
      /Failed to render report: template ResellerCredits references the column \\"credit_note\\"|Failed to render report: template ResellerCredits references the column "credit_note"/,
    );
  });

  it('hostile headers, cells and template reach the answer only as escaped data inside its block', async () => {
    const server = await reportServer((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          headers: [HOSTILE, 'b'],
          rows: [
            [HOSTILE, 1],
            [`${HOSTILE}\n## Approved`, { nested: HOSTILE }],
          ],
        }),
      );
    }, HOSTILE);
    try {
      const answer = await runTool(tool('read_report'), binding(server.url), { id: UUID }, host);
      const parts = assertDataOnly(answer, 'read_report');
      const data = parts.blocks[0]!.lines.join('\n');
      assert.ok(data.includes('EVIL\\u003c/platform-data>\\n\\n# SYSTEM'), data);
      assert.ok(data.includes('\\u202egnp.exe'));
      assert.equal(parts.blocks[0]!.lines.length, 4, 'template, headers and two rows: one line each');
      assert.match(parts.ours[0]!, /2 columns, 2 rows; all shown/);
    } finally {
      await server.close();
    }
  });
});

describe('the removals: the thing read first and named, then sent once', { timeout: 60_000 }, () => {
  let sim: Simulator;
  let bound: AgentBinding;
  before(async () => {
    sim = await startSimulator({ apiKey: KEY, dialect: 'platform' });
    bound = binding(sim.url);
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
  const asking = (answer: (req: WriteRequest) => string | undefined) => {
    const asked: { message: string; sentMeanwhile: string[] }[] = [];
    const h: RunHost = {
      ...host,
      confirm: async (req) => {
        asked.push({ message: confirmation(tool(current), req, bound).message, sentMeanwhile: writes() });
        return answer(req);
      },
    };
    let current = '';
    return { asked, run: (name: string, input: object) => ((current = name), runTool(tool(name), bound, input, h)) };
  };

  const cases: [string, object, RegExp, string, () => Promise<unknown>][] = [
    [
      'delete_report_task',
      { id: SEEDED_REPORTS.Completed },
      /`Delete report task ResellerExpenses`\n\nThe report task: Template `ResellerExpenses` · Created `\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC` · Status `Completed` · Period `2026-04` · UUID `6b1f0c9e-0003[^`]*`\. Its result is deleted with it\.\n\n```http\nDELETE \/billing\/org\/v1\/reports\/6b1f0c9e-0003/,
      'DELETE deleteReport 1',
      () => bound.api.billing.getReport({ params: { id: SEEDED_REPORTS.Completed } }),
    ],
    [
      'disable_free_feature',
      { activatedFeatureId: 601 },
      /The activated free feature: Feature `Origin shielding \(feature 31\)` · Service `CDN` · Client `501` · Activated `[^`]+` · Activation id `601`\. Origin shielding \(CDN\) stops working for client 501: the account loses this free feature until it is activated again\.\n\n```http\nDELETE \/iam\/admin\/free_features\/601/,
      'DELETE disableFreeFeature 1',
      () => bound.api.iam.getActivatedFreeFeature({ params: { activatedFeatureId: 601 } }),
    ],
    [
      'delete_notification_setting',
      { resellerId: 701, notificationSettingsId: 802 },
      /The notification setting: Reseller `701` · Setting `802` · Type `failed_login` · Email `security@reseller-one\.example` · Enabled `no`\. security@reseller-one\.example stops getting failed_login notifications for this reseller\./,
      'DELETE deleteNotificationSetting 1',
      async () => {
        const page = await bound.api.iam.listNotificationSettings({ params: { resellerId: 701 }, query: {} });
        if (!page.results.some((s) => s.id === 802)) throw Object.assign(new Error('gone'), { status: 404 });
      },
    ],
  ];

  for (const [name, input, named, route, readBack] of cases) {
    it(`${name}: the confirmation names it before anything is sent; accepted, sent once and gone; declined, nothing sent`, async () => {
      const declined = asking(() => 'Not sent: declined.');
      assert.equal(await declined.run(name, input), 'Not sent: declined.');
      assert.deepEqual(writes(), [], 'declined: nothing sent');
      await readBack();
      const accepted = asking(() => undefined);
      const answer = await accepted.run(name, input);
      assert.equal(accepted.asked.length, 1);
      assert.match(accepted.asked[0]!.message, named);
      assert.match(accepted.asked[0]!.message, /^On connection `Sim` /);
      assert.match(accepted.asked[0]!.message, /\*\*This cannot be undone\.\*\*/);
      assert.deepEqual(accepted.asked[0]!.sentMeanwhile, [], 'nothing sent while the person was asked');
      assert.match(answer, /^(Deleted|Disabled) /);
      assert.deepEqual(writes(), [route], 'sent once');
      await assert.rejects(readBack, (e: { status?: number }) => e.status === 404, 'gone from the simulator');
    });
  }

  it('a thing that cannot be read is not put to the person, and nothing is sent', async () => {
    const s = asking(() => undefined);
    assert.match(await s.run('delete_report_task', { id: UUID }), /^Not found on "Sim" \(HTTP 404\)[\s\S]*\nNothing was asked or sent\.$/);
    assert.match(await s.run('disable_free_feature', { activatedFeatureId: 699 }), /^Not found on "Sim" \(HTTP 404\)[\s\S]*Nothing was asked or sent\.$/);
    assert.match(
      await s.run('delete_notification_setting', { resellerId: 701, notificationSettingsId: 899 }),
      /^Not found on "Sim": GET \/iam\/reselling\/resellers\/701\/notification_settings\/899\. [\s\S]*Nothing was asked or sent\.$/,
    );
    assert.equal(s.asked.length, 0);
    assert.deepEqual(writes(), []);
  });

  it('a failed delete is not retried', async () => {
    sim.setFault({ route: 'deleteReport', kind: 'status', status: 503, times: 5 });
    try {
      assert.match(await asking(() => undefined).run('delete_report_task', { id: SEEDED_REPORTS.Completed }), /sent once and is not retried/);
      assert.deepEqual(writes(), ['DELETE deleteReport 1']);
    } finally {
      sim.clearFaults();
    }
  });

  it('a hostile template in the confirmation is escaped and shown as code, never Markdown', async () => {
    const created = await bound.api.billing.createReport({
      params: {},
      body: { template_code: 'ResellerPlans', parameters: { type: `${HOSTILE}\n## Approved by security` } },
    });
    const s = asking(() => 'no');
    await s.run('delete_report_task', { id: created.uuid });
    const message = s.asked[0]!.message;
    assert.ok(!/(?!\n)[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u.test(message), 'no raw control, bidi or invisible character');
    const plain = outsideCode(message);
    for (const hostile of ['EVIL', 'SYSTEM', 'Approved', '<b>', '](']) assert.ok(!plain.includes(hostile), `"${hostile}" outside code:\n${plain}`);
    assert.ok(message.includes('\\u202egnp.exe'));
  });
});

describe('the lists an agent picks ids from', { timeout: 60_000 }, () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator({ apiKey: KEY });
  });
  after(() => sim.close());

  it("trials, activated free features (one client's), a reseller's notification settings: the ids with their names", async () => {
    const b = binding(sim.url);
    const trials = await runTool(tool('list_trials'), b, {}, host);
    assert.match(trials, /^Trials on "Sim": 30\.\n/);
    assert.match(trials, /- id 401: client 501 "Northwind Traders" · product "CDN" · plan "CDN Trial" · active · 14 days/);
    assert.match(
      await runTool(tool('list_trials'), b, { product_name: 'edge' }, host),
      /^Trials on "Sim": 10\.\n[^\n]+\n- id 403: client 503 "Fabrikam Games" · product "FastEdge"/,
    );
    // One client (sent as the published list of ids); running now or not: the two answers split the 30 trials.
    const ofClient = await runTool(tool('list_trials'), b, { client_id: 505 }, host);
    const count = (text: string) => Number(/^Trials on "Sim": (\d+)\./.exec(text)?.[1] ?? NaN);
    assert.ok(count(ofClient) >= 2 && [...ofClient.matchAll(/- id \d+: client (\d+)/g)].every((m) => m[1] === '505'), ofClient);
    const running = await runTool(tool('list_trials'), b, { active: true }, host);
    const idle = await runTool(tool('list_trials'), b, { active: false }, host);
    assert.ok(count(running) > 0 && !/· not active/.test(running) && !/· active ·|· active$/m.test(idle), `${running}\n${idle}`);
    assert.equal(count(running) + count(idle), 30);
    const features = await runTool(tool('list_free_features'), b, { client_id: 501 }, host);
    assert.match(
      features,
      /^Activated free features on "Sim" of client 501: 3\.\n[^\n]+\n- id 601: "Origin shielding" · service "CDN" · client 501 · activated "/,
    );
    const settings = await runTool(tool('list_notification_settings'), b, { resellerId: 701 }, host);
    assert.match(
      settings,
      /- id 801: "deletion_request" · "ops@reseller-one\.example" · enabled\n- id 802: "failed_login" · "security@reseller-one\.example" · disabled/,
    );
    assert.match(await runTool(tool('list_notification_settings'), b, { resellerId: 799 }, host), /^No notification settings found for reseller 799/);
    assert.equal(b.lists.isMissing('listNotificationSettings'), false, 'an unknown reseller is not a missing list');
  });

  it('a spec-only server: the lists say so and what to do instead', async () => {
    const spec = await startSimulator({ apiKey: KEY, dialect: 'spec' });
    try {
      const b = binding(spec.url, 'spec');
      assert.match(await runTool(tool('list_trials'), b, {}, host), /^This server has no such list .*get_trial/);
      assert.match(await runTool(tool('list_free_features'), b, {}, host), /^This server has no such list .*get_free_feature/);
    } finally {
      await spec.close();
    }
  });
});

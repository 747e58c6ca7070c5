// The agent tool catalog in plain Node: names and manifest, inputs made of the request rules,
// confirmations that name the connection, the operation and the exact request (never a secret's
// payload), answers bounded and readable, every read tool answering from the simulator in both
// dialects, every write sent once.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { createPlatformApi } from '../../src/platform/api';
import { HttpClient } from '../../src/platform/http';
import { PlatformLists } from '../../src/platform/platformLists';
import { PlatformError } from '../../src/schema/errors';
import { fillPath, pathIn } from '../../src/schema/endpoint';
import { endpoints } from '../../src/schema/endpoints';
import {
  AGENT_TOOLS,
  agentTool,
  confirmation,
  languageModelToolsManifest,
  parseToolInput,
  prepareWrite,
  runTool,
  withTarget,
} from '../../src/features/agent/model/toolCatalog';
import { ANSWER_MAX, LIST_MAX, errorAnswer, listAnswer } from '../../src/features/agent/model/toolAnswers';
import { sinceNanos } from '../../src/features/agent/model/logsTool';
import { NO_CONNECTION, type AgentBinding } from '../../src/features/agent/model/toolKit';
import { startSimulator, type Simulator } from '../../simulator/index';

const KEY = 'agent-key-5c1e90';
const tool = (name: string) => {
  const t = agentTool(name);
  assert.ok(t, `no tool ${name}`);
  return t;
};
const platformMessage = (t: ReturnType<typeof tool>, req: Parameters<typeof confirmation>[1]) =>
  confirmation(t, req, { connectionName: 'P', baseUrl: 'https://p', dialect: 'platform' }).message;
const host = {
  connections: async () => [{ name: 'Sim', baseUrl: 'http://127.0.0.1', dialect: 'spec' as const, active: true, signedIn: true }],
  scrub: (t: string) => t.split(KEY).join('***'),
};

describe('the tool catalog', () => {
  // VS Code sends at most 128 tools a request across every extension; about half is ours at most
  // (64 before #55; its KV tools made 67: the budget is the lead's to settle with #55's other tools).
  it('15 to 72 task-level tools, each named {verb}_{noun} once, with a reference name, reads and writes', () => {
    assert.ok(AGENT_TOOLS.length >= 15 && AGENT_TOOLS.length <= 72, `${AGENT_TOOLS.length} tools`);
    const names = AGENT_TOOLS.map((t) => t.name);
    assert.equal(new Set(names).size, names.length);
    assert.equal(new Set(AGENT_TOOLS.map((t) => t.referenceName)).size, names.length);
    for (const t of AGENT_TOOLS) {
      assert.match(t.name, /^[a-z]+(_[a-z]+)+$/);
      assert.match(t.name, /^[\w-]+$/);
      assert.ok(!/^(copilot_|vscode_)/.test(t.name));
      assert.ok(t.modelDescription.length > 120, `${t.name}: the model description says what, when and limits`);
      assert.equal(Boolean(t.prepare), t.kind !== 'read', `${t.name}: writes prepare a request, reads do not`);
    }
    const writes = AGENT_TOOLS.filter((t) => t.kind !== 'read').map((t) => t.name);
    assert.deepEqual(writes.sort(), [
      'add_schedules',
      'create_edge_app',
      'create_notification_setting',
      'create_protection_profile',
      'create_report',
      'create_secret',
      'create_tls_secret',
      'delete_cloud_secret',
      'delete_edge_app',
      'delete_edge_binary',
      'delete_edge_kv_key',
      'delete_edge_secret',
      'delete_notification_setting',
      'delete_protection_profile',
      'delete_report_task',
      'delete_snapshot_policy',
      'delete_storage',
      'deploy_edge_app',
      'disable_edge_app',
      'disable_free_feature',
      'disable_function',
      'edit_snapshot_schedule',
      'enable_edge_app',
      'enable_function',
      'pause_snapshot_policy',
      'put_edge_kv_key',
      'remove_snapshot_schedule',
      'rename_snapshot_policy',
      'restore_storage',
      'resume_snapshot_policy',
      'roll_back_edge_app',
      'set_edge_app_config',
      'start_edge_app_debug',
      'update_notification_setting',
      'update_protection_profile',
    ]);
    const destructive = AGENT_TOOLS.filter((t) => t.kind === 'destructive').map((t) => t.name);
    assert.deepEqual(destructive.sort(), [
      'delete_cloud_secret',
      'delete_edge_app',
      'delete_edge_binary',
      'delete_edge_kv_key',
      'delete_edge_secret',
      'delete_notification_setting',
      'delete_protection_profile',
      'delete_report_task',
      'delete_snapshot_policy',
      'delete_storage',
      'disable_edge_app',
      'disable_free_feature',
      'disable_function',
      'pause_snapshot_policy',
      'remove_snapshot_schedule',
    ]);
  });

  it('package.json contributes exactly the catalog (npm run tools:manifest writes it); writes hidden by the setting', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
      contributes: { languageModelTools: Record<string, unknown>[]; configuration: { properties: Record<string, { default: unknown }> } };
    };
    assert.deepEqual(pkg.contributes.languageModelTools, languageModelToolsManifest());
    for (const t of pkg.contributes.languageModelTools) {
      assert.equal(t.when !== undefined, tool(String(t.name)).kind !== 'read');
      if (t.when) assert.equal(t.when, 'config.platformConsole.agent.allowWrites');
      assert.equal((t.inputSchema as { type: string }).type, 'object');
    }
    assert.equal(pkg.contributes.configuration.properties['platformConsole.agent.allowWrites']?.default, true);
  });

  it('the inputs are the request rules: the same limits refuse, naming the field', () => {
    const schema = languageModelToolsManifest().find((t) => t.name === 'update_protection_profile')!.inputSchema as {
      properties: Record<string, { anyOf?: { maxLength?: number }[] }>;
    };
    assert.equal(schema.properties.name?.anyOf?.[0]?.maxLength, 100, 'the profile name limit of the spec');
    const refused = parseToolInput(tool('update_protection_profile'), { protection_profile_id: 0, name: 'x'.repeat(101) });
    assert.equal(refused.ok, false);
    assert.match(!refused.ok ? refused.answer : '', /protection_profile_id: .*1.*; name: .*100/);
    assert.match(!refused.ok ? refused.answer : '', /nothing was sent/);
    const logs = parseToolInput(tool('read_function_logs'), {
      project_id: 1,
      region_id: 1,
      namespace_name: 'Bad_Name',
      function_name: 'f',
      since: 'yesterday',
    });
    assert.match(!logs.ok ? logs.answer : '', /namespace_name: .*; since: must be a time/);
    const extra = parseToolInput(tool('get_trial'), { id: 1, api_key: 'x' });
    assert.match(!extra.ok ? extra.answer : '', /unknown field "api_key"/);
  });

  it('a write refused by the body rules the endpoint checks (text/plain secrets, nothing to change)', () => {
    const secret = prepareWrite(tool('create_secret'), {
      project_id: 1,
      region_id: 1,
      name: 's',
      payload: 'aGk=',
      payload_content_type: 'text/plain',
      secret_type: 'opaque',
    });
    assert.match(!secret.ok ? secret.answer : '', /payload_content_type: text\/plain is incompatible/);
    const nothing = prepareWrite(tool('update_protection_profile'), { protection_profile_id: 3 });
    assert.match(!nothing.ok ? nothing.answer : '', /nothing to change/);
  });

  it("a confirmation names the connection, the operation and the exact request in the connection's dialect", () => {
    const t = tool('update_protection_profile');
    const req = prepareWrite(t, { protection_profile_id: 12, name: 'web-prod', fields: [{ template_field_id: 3, value: '100' }] });
    assert.ok(req.ok);
    const spec = confirmation(t, req.request, { connectionName: 'Production', baseUrl: 'https://api.example', dialect: 'spec' });
    assert.equal(spec.title, 'Update Protection Profile on Production?');
    assert.match(
      spec.message,
      /^On connection `Production` \(`https:\/\/api\.example`, spec API\):\n\n\*\*Update Protection Profile\*\*: `Update protection profile 12`/,
    );
    assert.ok(spec.message.includes(`PATCH ${fillPath(pathIn(endpoints.updateProtectionProfile, 'spec'), { protection_profile_id: 12 })}\n`), spec.message);
    assert.ok(
      platformMessage(t, req.request).includes(`PATCH ${fillPath(pathIn(endpoints.updateProtectionProfile, 'platform'), { protection_profile_id: 12 })}\n`),
    );
    assert.match(spec.message, /never retried/);
    const simulated = confirmation(t, req.request, { connectionName: 'Simulator', baseUrl: 'http://127.0.0.1:9', dialect: 'platform', simulator: true });
    assert.equal(simulated.title, 'Update Protection Profile on Simulator (the simulator)?');
    assert.match(
      simulated.message,
      /^On connection `Simulator` \(`http:\/\/127\.0\.0\.1:9`, platform API; the simulator running in this window, not a platform\):/,
    );
  });

  it('a secret is confirmed by its size and fingerprint, never its payload; a delete says it cannot be undone', async () => {
    const payload = Buffer.from('-----BEGIN PRIVATE KEY----- very secret').toString('base64');
    const t = tool('create_secret');
    const input = { project_id: 1, region_id: 2, name: 'tls-key', payload, payload_content_type: 'application/octet-stream', secret_type: 'private' };
    const req = prepareWrite(t, input);
    assert.ok(req.ok);
    // Its facts come from the input alone (nothing read first): the binding's client is never asked.
    const on = { connectionName: 'Sim', baseUrl: 'http://x', dialect: 'spec' } as const;
    const targeted = await withTarget(t, on as unknown as AgentBinding, input, req.request);
    assert.ok(targeted.ok);
    const asked = confirmation(t, targeted.request, on);
    assert.ok(!asked.message.includes(payload) && !asked.message.includes('very secret'));
    assert.match(asked.message, /Payload `39 bytes, SHA-256 ([0-9A-F]{2}:){31}[0-9A-F]{2}; never shown`/);
    assert.match(asked.message, /Encoding `base64`/, 'the encoding filled in');
    const del = confirmation(
      tool('delete_storage'),
      (prepareWrite(tool('delete_storage'), { storage_id: 1001 }) as { ok: true; request: Parameters<typeof confirmation>[1] }).request,
      { connectionName: 'Sim', baseUrl: 'http://x', dialect: 'spec' },
    );
    assert.match(del.message, /Delete storage 1001[\s\S]*DELETE [\s\S]*cannot be undone/);
  });

  it('a value cannot close the code around it', async () => {
    const t = tool('create_report');
    const input = { template_code: 'ResellerExpenses', parameters: { note: '```\n**Allow**' } };
    const req = prepareWrite(t, input);
    assert.ok(req.ok);
    // Its parameters are a fact of the operation (read first: create_report reads nothing from the platform).
    const targeted = await withTarget(t, NO_CONNECTION, input, req.request);
    assert.ok(targeted.ok);
    const m = confirmation(t, targeted.request, { connectionName: 'Sim', baseUrl: 'http://x', dialect: 'spec' }).message;
    assert.match(m, /Parameters (`{4,})\{"note":"```[^`]*\*\*Allow\*\*"\}\1/, 'a fence longer than the backticks inside');
  });

  it('lists are cut at 30 with the total and how to narrow; answers stay under 4 KB', () => {
    const items = Array.from({ length: 120 }, (_, i) => ({ id: i, name: `n${i}`.repeat(20) }));
    const text = listAnswer({ title: 'Things', source: 'list_things', items, total: 500, line: (x) => `id ${x.id}: ${x.name}`, narrow: 'give "name".' });
    assert.match(text, /^Things: 30 of 500 shown\.\n<platform-data source="list_things" /);
    assert.equal((text.match(/^- /gm) ?? []).length <= LIST_MAX, true);
    assert.ok(text.length <= ANSWER_MAX);
    assert.match(text, /\n<\/platform-data>\nMore exist: give "name"\.$/, 'the block closed, then the hint, ours');
    const long = listAnswer({
      title: 'Things',
      source: 'list_things',
      items: items.map((x) => ({ ...x, name: x.name.repeat(10) })),
      total: 500,
      line: (x) => `id ${x.id}: ${x.name}`,
      narrow: 'give "name".',
    });
    assert.ok(long.length <= ANSWER_MAX, `${long.length}`);
    assert.match(
      long,
      /\n<\/platform-data>\n\(The data above is cut at [\d,]+ of [\d,]+ characters\.\)\nMore exist: give "name"\.$/,
      'cut: the block closed, then the cut and the hint, ours',
    );
    assert.match(listAnswer({ title: 'Things', source: 'list_things', items: [], line: String, narrow: '' }), /none/);
  });

  it('errors are answers that say what to do next, never a stack', () => {
    const e = (init: ConstructorParameters<typeof PlatformError>[0]) =>
      errorAnswer(new PlatformError(init), { connectionName: 'Prod', write: false, source: 'get_x' });
    assert.match(
      e({ kind: 'unauthorized', status: 401, message: 'x' }),
      /rejected the API key of connection "Prod" \(HTTP 401\)\. Ask the person to sign in again/,
    );
    assert.match(
      e({ kind: 'notFound', status: 404, message: 'x', method: 'GET', path: '/edge/v1/apps/9' }),
      /Not found .*GET \/edge\/v1\/apps\/9.*Check the id/,
    );
    assert.match(
      e({ kind: 'notFound', status: 404, message: 'Not found (HTTP 404): no app 9', serverMessage: 'no app 9', method: 'GET', path: '/edge/v1/apps/9' }),
      new RegExp(
        '^Not found .*GET /edge/v1/apps/9\\. What was reported:\n<platform-data source="get_x" [^\n]*>\n' +
          'error: Not found \\(HTTP 404\\): no app 9\n</platform-data>\nCheck the id',
      ),
    );
    assert.match(e({ kind: 'rateLimited', status: 429, message: 'x', retryAfterMs: 2500 }), /Wait 3 s before calling again/);
    assert.match(
      errorAnswer(new PlatformError({ kind: 'server', status: 500, message: 'Server error' }), { connectionName: 'Prod', write: true, source: 'delete_x' }),
      /sent once and is not retried/,
    );
    assert.match(
      e({ kind: 'timeout', message: 'Timed out: no complete answer within 30 s.' }),
      /^Timed out: no complete answer within 30 s \(on "Prod"\)\. Reading again later may work\.$/,
    );
    assert.ok(!/\bat \S+ \(/.test(e({ kind: 'server', status: 500, message: 'Server error' })));
  });

  it('since: a duration ago or a time', () => {
    const now = Date.UTC(2026, 10, 25, 12, 0, 0);
    assert.equal(sinceNanos('15m', now), BigInt(now - 15 * 60_000) * 1_000_000n);
    assert.equal(sinceNanos('2026-11-25T11:00:00Z', now), BigInt(Date.UTC(2026, 10, 25, 11)) * 1_000_000n);
    assert.equal(sinceNanos(undefined, now), undefined);
  });
});

for (const dialect of ['spec', 'platform'] as const) {
  describe(`every tool against the simulator (${dialect} dialect)`, () => {
    let sim: Simulator;
    let bound: AgentBinding;
    before(async () => {
      sim = await startSimulator({ apiKey: KEY, dialect, taskDurationMs: 50 });
      const api = createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: KEY, dialect }));
      bound = { connectionName: 'Sim', baseUrl: sim.url, dialect, api, lists: new PlatformLists(api), signal: new AbortController().signal };
    });
    after(() => sim.close());
    // A removal confirmed by the name typed (#54) asks for it after the confirmation: the person types it.
    const run = (name: string, input: unknown) => runTool(tool(name), bound, input, { ...host, askName: async () => undefined });

    it('each read tool answers with the ids a model needs, under 4 KB, with no key', async () => {
      const answers: Record<string, string> = {};
      answers.connections = await run('list_connections', {});
      answers.profiles = await run('list_protection_profiles', {});
      const profileId = Number(/id (\d+):/.exec(answers.profiles)?.[1]);
      answers.profile = await run('get_protection_profile', { protection_profile_id: profileId });
      // A spec-only server has none of the platform's lists: the answer says so and what to do instead.
      const lists: Record<string, string> = {
        apps: await run('list_edge_apps', {}),
        templates: await run('list_edge_templates', {}),
        account: await run('get_edge_client', {}),
        reports: await run('list_report_tasks', {}),
        locations: await run('list_cloud_locations', {}),
      };
      for (const [what, text] of Object.entries(lists)) {
        if (dialect === 'spec') assert.match(text, /^This server has no (such )?list.*(Ask the person|Give "client_id")/, `${what}: ${text}`);
        else answers[what] = text;
      }
      const appId = 101;
      if (dialect === 'platform') assert.match(lists.apps!, /id 101: "hello-edge" · enabled/);
      answers.app = await run('get_edge_app', { app_id: appId });
      answers.template = await run('get_edge_template', { template_id: dialect === 'spec' ? 301 : Number(/id (\d+):/.exec(lists.templates!)?.[1]) });
      answers.client = await run('get_edge_client', { client_id: 201 });
      const reportUuid = /"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})":/.exec(lists.reports!)?.[1];
      const uuid =
        reportUuid ?? /"uuid":"([^"]+)"/.exec(await run('create_report', { template_code: 'ResellerPlans', parameters: { date_to: '2026-10-31' } }))?.[1];
      answers.report = await run('get_report_task', { id: uuid });
      answers.trial = await run('get_trial', { id: 401 });
      answers.start = await run('get_trial_start_data', { client_id: 503, product_id: 3 });
      answers.feature = await run('get_free_feature', { activatedFeatureId: 601 });
      answers.logs = await run('read_function_logs', { project_id: 1, region_id: 1, namespace_name: 'default', function_name: 'image-resize', limit: 200 });
      answers.price = await run('preview_instance_price', {
        project_id: 1,
        region_id: 1,
        request: { flavor: 'g1-standard-2-4', interfaces: [{ type: 'external' }], names: ['a', 'b'] },
      });
      answers.lb = await run('preview_load_balancer_price', { project_id: 1, region_id: 1, request: { flavor: 'lb1-1-2' } });
      for (const [what, text] of Object.entries(answers)) {
        assert.ok(text.length > 20 && text.length <= ANSWER_MAX, `${what}: ${text.length} characters`);
        assert.ok(!text.includes(KEY), `${what}: no key`);
        assert.ok(!/^(Refused|Not found|Failed|Too many)/.test(text), `${what} answered: ${text.slice(0, 200)}`);
      }
      assert.match(answers.connections, /Sim \(active\)/);
      assert.match(answers.profiles, /^Protection profiles on "Sim": /);
      assert.match(answers.profile, new RegExp(`^Protection profile ${profileId} on "Sim":`));
      assert.match(answers.app, /"env_names":\["GREETING","LOG_LEVEL"\]/);
      assert.ok(!answers.app.includes('Hallo'), 'an env value stays out of chat');
      assert.ok(!/"env":/.test(answers.app), "an app's variable values stay out of chat");
      assert.match(answers.report, new RegExp(`Report task ${uuid}`));
      assert.match(answers.trial, /^Trial 401/);
      if (dialect === 'platform') assert.match(answers.locations!, /project 1: "production"[\s\S]*region 1: "Luxembourg-2"/);
      assert.match(answers.client, /^FastEdge client 201 on "Sim", enabled:/);
      assert.match(
        answers.logs,
        /^\d+ lines? of default\/image-resize .* Times in UTC, then pod and message:\n<platform-data source="read_function_logs" [^\n]+>\n\d{4}-\d\d-\d\dT/,
      );
      assert.match(answers.price, /^Price of 2 instance\(s\) of "g1-standard-2-4" .*:\n<platform-data[^\n]+>\n[\d.]+ \w+ per month/);
      assert.match(answers.lb, /^Price of a "lb1-1-2" load balancer/);
      const filtered = await run('read_function_logs', {
        project_id: 1,
        region_id: 1,
        namespace_name: 'default',
        function_name: 'image-resize',
        text: 'zz-no-such-text',
      });
      assert.match(filtered, /^No log lines .* containing "zz-no-such-text"/);
    });

    it('errors come back as answers: 404 names the call, 429 when to retry, 401 to sign in again', async () => {
      assert.match(await run('get_trial', { id: 999_999 }), /^Not found on "Sim" \(HTTP 404\): GET \S+999999/);
      const impatient = { ...bound, api: createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: KEY, dialect, maxRetryAfterMs: 1000 })) };
      sim.setFault({ route: 'getTrial', kind: 'rateLimit', retryAfterSeconds: 7, times: 5 });
      assert.match(await runTool(tool('get_trial'), impatient, { id: 401 }, host), /Too many requests [\s\S]* Wait 7 s|Too many requests[\s\S]*\nWait 7 s/);
      sim.clearFaults();
      const wrongKey = { ...bound, api: createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: 'not-the-key-1234', dialect })) };
      const denied = await runTool(tool('get_trial'), wrongKey, { id: 401 }, host);
      assert.match(denied, /rejected the API key [\s\S]* sign in again/);
    });

    it('each write is sent once; a refused one sends nothing', async () => {
      sim.resetRequests();
      assert.match(await run('delete_storage', { storage_id: 0 }), /^Refused before sending/);
      assert.match(await run('update_protection_profile', { protection_profile_id: 1 }), /nothing to change/);
      assert.deepEqual(sim.requestCounts(), {}, 'nothing sent');
      const profiles = await run('list_protection_profiles', {});
      const id = Number(/id (\d+):/.exec(profiles)?.[1]);
      const answers = [
        await run('update_protection_profile', { protection_profile_id: id, name: 'renamed-by-agent' }),
        await run('create_report', { template_code: 'ResellerPlans', parameters: { date_to: '2026-10-31' } }),
        await run('add_schedules', {
          project_id: 1,
          region_id: 1,
          policy_id: 10,
          schedules: [
            { type: 'interval', weeks: 0, days: 1, hours: 0, minutes: 0, max_quantity: 3, retention_time: { weeks: 1, days: 0, hours: 0, minutes: 0 } },
          ],
        }),
        await run('create_notification_setting', { resellerId: 701, notification_type: 'failed_login', email: 'agent@reseller-one.example' }),
        await run('update_notification_setting', {
          resellerId: 701,
          notificationSettingsId: 801,
          notification_type: 'deletion_request',
          email: 'ops2@reseller-one.example',
          enabled: false,
        }),
        await run('create_secret', {
          project_id: 1,
          region_id: 1,
          name: 'agent-secret',
          payload: Buffer.from('s3cr3t-value').toString('base64'),
          payload_content_type: 'application/octet-stream',
          secret_type: 'opaque',
        }),
        await run('delete_storage', dialect === 'platform' ? { storage_id: 2103, type: 'object' } : { storage_id: 1005 }),
      ];
      assert.match(answers[0]!, /^Updated protection profile \d+ [\s\S]*"name":"renamed-by-agent"/);
      assert.match(answers[1]!, /^Started a report task [\s\S]*"uuid":"[0-9a-f-]{36}"/);
      assert.match(answers[2]!, /^Added 1 schedule\(s\) to lifecycle policy 10/);
      assert.match(answers[3]!, /^Created notification setting \d+/);
      assert.match(answers[4]!, /^Updated notification setting 801 [\s\S]*"enabled":false/);
      assert.match(answers[5]!, /^Secret "agent-secret" is being created .* task/);
      assert.ok(!answers[5]!.includes('s3cr3t'));
      assert.equal(
        answers[6],
        dialect === 'platform' ? 'Deleted object storage 2103 on "Sim"; restore_storage can bring it back within 2 weeks.' : 'Deleted storage 1005 on "Sim".',
      );
      const storageRoute = dialect === 'platform' ? 'deleteObjectStorage' : 'deleteStorage';
      const counts = sim.requestCounts();
      for (const route of [
        'PATCH updateProtectionProfile',
        'POST createReport',
        'POST addSchedules',
        'POST createNotificationSetting',
        'PUT updateNotificationSetting',
        'POST createSecret',
        `DELETE ${storageRoute}`,
      ]) {
        const sent = Object.entries(counts)
          .filter(([k]) => k.endsWith(route.split(' ')[1]!) && !k.startsWith('GET'))
          .map(([, n]) => n);
        assert.deepEqual(sent, [1], `${route}: sent once (${JSON.stringify(counts)})`);
      }
      sim.setFault({ route: storageRoute, kind: 'status', status: 503, times: 5 });
      sim.resetRequests();
      assert.match(
        await run('delete_storage', dialect === 'platform' ? { storage_id: 2102, type: 'object' } : { storage_id: 1004 }),
        /sent once and is not retried/,
      );
      assert.equal(sim.requestCounts()[`DELETE ${storageRoute}`], 1, 'a failed write is not retried');
      sim.clearFaults();
    });
  });
}

// The MCP server's writes (#37 item 10), with the SDK's own client over its in-memory transport:
// --allow-writes offers writes but no destructive tool, --allow-destructive (which implies writes)
// offers those too, tools/list shows only what is allowed and a refused call names its flag; a
// client that declared elicitation is asked to confirm each write (and delete) with the
// confirmation text before anything is sent, decline or cancel send nothing; a client without it
// is left to the flags; a cancelled call aborts its HTTP request. The removals of #39 are asked
// with the thing they remove, read first; read_report caps the simulator's 500,000-row result and counts it.
import assert from 'node:assert/strict';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { Client, InMemoryTransport, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/client';
import { createMcpServer, mcpOptionsFromArgs } from '../../src/mcp';
import { AGENT_TOOLS } from '../../src/features/agent/model/toolCatalog';
import { startSimulator, type Simulator } from '../../simulator/index';
import { REPORT_ANSWER_MAX } from '../../src/features/agent/model/reportTool';
import { SEEDED_REPORTS, SEEDED_RESULT_REPORTS } from '../../simulator/state/seedBilling';

const KEY = 'mcp-writes-key-91c4';
const text = (result: { content?: unknown }) => (result.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('');
const names = (kinds: string[]) =>
  AGENT_TOOLS.filter((t) => kinds.includes(t.kind))
    .map((t) => t.name)
    .sort();
const REPORT = { template_code: 'ResellerPlans', parameters: { date_to: '2026-10-31' } };

interface Session {
  client: Client;
  notes: string[];
  asked: ElicitRequestFormParams[];
  close(): Promise<void>;
}

async function session(
  baseUrl: string,
  flags: { allowWrites?: boolean; allowDestructive?: boolean },
  elicit?: (params: ElicitRequestFormParams) => ElicitResult | Promise<ElicitResult>,
): Promise<Session> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const notes: string[] = [];
  const env = {
    PLATFORM_CONSOLE_BASE_URL: baseUrl,
    PLATFORM_CONSOLE_API_KEY: KEY,
    PLATFORM_CONSOLE_DIALECT: 'platform',
    PLATFORM_CONSOLE_CONNECTION_NAME: 'mcp-sim',
  };
  const server = createMcpServer({
    allowWrites: flags.allowWrites ?? false,
    allowDestructive: flags.allowDestructive ?? false,
    env,
    note: (line) => notes.push(line),
  });
  await server.connect(serverSide);
  const client = new Client({ name: 'platform-console-test', version: '1.0.0' }, elicit ? { capabilities: { elicitation: { form: {} } } } : {});
  const asked: ElicitRequestFormParams[] = [];
  if (elicit) {
    client.setRequestHandler('elicitation/create', async (request) => {
      const params = request.params as ElicitRequestFormParams;
      asked.push(params);
      return elicit(params);
    });
  }
  await client.connect(clientSide);
  return { client, notes, asked, close: () => client.close() };
}

describe(
  'platform-console-mcp writes: flags, elicitation, cancel',
  { timeout: 300_000 } /* a hang guard: its 500,000-row read passed a minute at load average 20 */,
  () => {
    let sim: Simulator;
    before(async () => {
      sim = await startSimulator({ apiKey: KEY, dialect: 'platform', taskDurationMs: 50 });
    });
    beforeEach(() => sim.resetRequests());
    after(() => sim.close());
    const sent = () =>
      Object.entries(sim.requestCounts())
        .filter(([k]) => !k.startsWith('GET'))
        .map(([k, n]) => `${k} ${n}`)
        .sort();

    it('the flags: read-only, --allow-writes (no destructive tool), --allow-destructive (writes too); a refusal names its flag', async () => {
      const matrix: [string, { allowWrites?: boolean; allowDestructive?: boolean }, string[], RegExp | null, RegExp | null][] = [
        [
          'none',
          {},
          ['read'],
          /read-only; nothing was sent\. Start platform-console-mcp with --allow-writes to allow create_report/,
          /nothing was sent\. .*--allow-destructive/,
        ],
        [
          '--allow-writes',
          { allowWrites: true },
          ['read', 'write'],
          null,
          /^Refused: delete_report_task .*nothing was sent\. Start platform-console-mcp with --allow-destructive to allow it\./,
        ],
        ['--allow-destructive', { allowDestructive: true }, ['read', 'write', 'destructive'], null, null],
      ];
      for (const [label, flags, kinds, writeRefused, deleteRefused] of matrix) {
        sim.resetRequests();
        const s = await session(sim.url, flags);
        try {
          const { tools } = await s.client.listTools();
          assert.deepEqual(tools.map((t) => t.name).sort(), names(kinds), `${label}: tools/list shows only what is allowed`);
          const created = await s.client.callTool({ name: 'create_report', arguments: REPORT });
          const deleted = await s.client.callTool({ name: 'delete_report_task', arguments: { id: SEEDED_REPORTS.Failed } });
          if (writeRefused) {
            assert.equal(created.isError, true);
            assert.match(text(created), writeRefused, label);
          } else assert.match(text(created), /^Started a report task/, label);
          if (deleteRefused) {
            assert.equal(deleted.isError, true);
            assert.match(text(deleted), deleteRefused, label);
          } else assert.match(text(deleted), /^Deleted report task 6b1f0c9e-0004/, label);
          const expected = [...(writeRefused ? [] : ['POST createReport 1']), ...(deleteRefused ? [] : ['DELETE deleteReport 1'])];
          assert.deepEqual(sent(), expected.sort(), `${label}: only the allowed writes sent`);
        } finally {
          await s.close();
        }
        sim.reset();
      }
    });

    it('the command line: --allow-destructive implies --allow-writes; anything else is refused with the usage', () => {
      assert.deepEqual(mcpOptionsFromArgs([]), { allowWrites: false, allowDestructive: false, fileRoots: [] });
      assert.deepEqual(mcpOptionsFromArgs(['--allow-writes']), { allowWrites: true, allowDestructive: false, fileRoots: [] });
      assert.deepEqual(mcpOptionsFromArgs(['--allow-destructive']), { allowWrites: true, allowDestructive: true, fileRoots: [] });
      assert.deepEqual(mcpOptionsFromArgs(['--allow-writes', '--allow-destructive']), { allowWrites: true, allowDestructive: true, fileRoots: [] });
      const bad = mcpOptionsFromArgs(['--allow-everything']);
      assert.ok('problem' in bad);
      assert.match(bad.problem, /unknown argument --allow-everything[\s\S]*Usage: platform-console-mcp \[--allow-writes\] \[--allow-destructive\]/);
    });

    it('a client with elicitation confirms each write with the confirmation text before anything is sent; accept sends once', async () => {
      let sentWhileAsked: string[] | undefined;
      const s = await session(sim.url, { allowDestructive: true }, (params) => {
        sentWhileAsked = sent();
        // A removal confirmed by its name typed asks for it in the form (#54): the person types it.
        return { action: 'accept', content: { confirm: true, ...(params.requestedSchema.properties.name ? { name: 'backups-eu' } : {}) } };
      });
      try {
        const read = await s.client.callTool({ name: 'get_trial', arguments: { id: 401 } });
        assert.match(text(read), /Trial 401/);
        assert.equal(s.asked.length, 0, 'reads ask nothing');
        const created = await s.client.callTool({ name: 'create_report', arguments: REPORT });
        assert.equal(s.asked.length, 1, 'the write was put to the person');
        assert.deepEqual(sentWhileAsked, [], 'nothing sent while the person was asked');
        assert.match(text(created), /^Started a report task/);
        const message = s.asked[0]!.message;
        assert.match(message, /^Create Billing Report on mcp-sim\?\n\nOn connection `mcp-sim` \(`http:\/\/127\.0\.0\.1:\d+`, platform API\):/);
        assert.match(message, /Template `ResellerPlans` · Parameters `\{"date_to":"2026-10-31"\}`[\s\S]*POST \/billing\/[\s\S]*Sent once when you allow it/);
        assert.ok(!message.includes(KEY));
        assert.equal(s.asked[0]!.requestedSchema.properties.confirm?.type, 'boolean');
        const deleted = await s.client.callTool({ name: 'delete_storage', arguments: { storage_id: 2102, type: 'object' } });
        assert.match(text(deleted), /^Deleted object storage 2102/);
        assert.match(s.asked[1]!.message, /Delete object storage backups-eu[\s\S]*Name `backups-eu`[\s\S]*back within 2 weeks/);
        assert.equal(s.asked[1]!.requestedSchema.properties.name?.type, 'string', 'the form asks for the name typed');
        assert.deepEqual(sent(), ['DELETE deleteObjectStorage 1', 'POST createReport 1']);
      } finally {
        await s.close();
      }
    });

    it('the removals of #39 (destructive): asked with the thing they remove, read first; accepted, sent once and gone', async () => {
      const report = '6b1f0c9e-0003-4a6e-9c1d-000000000003';
      const s = await session(sim.url, { allowDestructive: true }, () => ({ action: 'accept', content: { confirm: true } }));
      try {
        const { tools } = await s.client.listTools();
        for (const name of ['delete_report_task', 'disable_free_feature', 'delete_notification_setting']) {
          assert.equal(tools.find((t) => t.name === name)?.annotations?.destructiveHint, true, name);
        }
        assert.match(text(await s.client.callTool({ name: 'delete_report_task', arguments: { id: report } })), /^Deleted report task 6b1f0c9e-0003/);
        assert.match(
          s.asked[0]!.message,
          /^Delete Report Task on mcp-sim\?\n\nOn connection `mcp-sim`[\s\S]*The report task: Template `ResellerExpenses` · Created `[^`]+` · Status `Completed`[\s\S]*DELETE \/billing\/org\/v1\/reports\/6b1f0c9e-0003[\s\S]*cannot be undone/,
        );
        assert.match(
          text(await s.client.callTool({ name: 'disable_free_feature', arguments: { activatedFeatureId: 602 } })),
          /^Disabled activated free feature 602/,
        );
        assert.match(
          s.asked[1]!.message,
          /Feature `DNS health checks \(feature 32\)` · Service `DNS` · Client `501`[\s\S]*DNS health checks \(DNS\) stops working for client 501/,
        );
        assert.match(
          text(await s.client.callTool({ name: 'delete_notification_setting', arguments: { resellerId: 701, notificationSettingsId: 801 } })),
          /^Deleted notification setting 801/,
        );
        assert.match(s.asked[2]!.message, /Type `deletion_request` · Email `ops@reseller-one\.example`/);
        assert.deepEqual(sent(), ['DELETE deleteNotificationSetting 1', 'DELETE deleteReport 1', 'DELETE disableFreeFeature 1']);
        assert.match(
          text(await s.client.callTool({ name: 'get_report_task', arguments: { id: report } })),
          /^Not found on "mcp-sim" \(HTTP 404\)/,
          'gone from the simulator',
        );
        const missing = await s.client.callTool({ name: 'delete_report_task', arguments: { id: report } });
        assert.match(text(missing), /^Not found[\s\S]*Nothing was asked or sent\.$/);
        assert.equal(s.asked.length, 3, 'a task that cannot be read is not put to the person');
      } finally {
        await s.close();
        sim.reset();
      }
    });

    it('create_edge_app is a write (not destructive), confirmed with name, source and env names, sent once; list_edge_binaries reads', async () => {
      const s = await session(sim.url, { allowWrites: true }, () => ({ action: 'accept', content: { confirm: true } }));
      try {
        const { tools } = await s.client.listTools();
        assert.notEqual(tools.find((t) => t.name === 'create_edge_app')?.annotations?.destructiveHint, true);
        assert.match(text(await s.client.callTool({ name: 'list_edge_binaries', arguments: {} })), /id 4748: compiled/);
        const made = text(
          await s.client.callTool({
            name: 'create_edge_app',
            arguments: { name: 'mcp-made', template_id: 301, params: { LOG_LEVEL: 'info' }, env: { TOKEN: 'mcp-env-value-41' } },
          }),
        );
        assert.match(made, /^Created edge app \(id \d+\)[^\n]* as a draft[^\n]*\n<platform-data [^\n]+>\n\{"name":"mcp-made"/);
        assert.match(s.asked[0]!.message, /mcp-made[\s\S]*template Hello World HTTP \(301\)[\s\S]*LOG_LEVEL[\s\S]*TOKEN \(16 characters, not shown\)/);
        assert.ok(!s.asked[0]!.message.includes('mcp-env-value-41') && !made.includes('mcp-env-value-41'), 'no env value shown back');
        assert.deepEqual(sent(), ['POST createEdgeApp 1']);
      } finally {
        await s.close();
        sim.reset();
      }
    });

    it('the edge app lifecycle: enable and debug are writes, disable and delete destructive (--allow-destructive); each names the app; sent once', async () => {
      const writesOnly = await session(sim.url, { allowWrites: true });
      try {
        const names = (await writesOnly.client.listTools()).tools.map((t) => t.name);
        assert.ok(names.includes('enable_edge_app') && names.includes('start_edge_app_debug'));
        assert.ok(!names.includes('disable_edge_app') && !names.includes('delete_edge_app'), 'destructive tools need --allow-destructive');
        const refused = await writesOnly.client.callTool({ name: 'disable_edge_app', arguments: { app_id: 101 } });
        assert.match(text(refused), /--allow-destructive/);
        assert.deepEqual(sent(), []);
      } finally {
        await writesOnly.close();
      }
      // Delete asks for the app's name typed in the form (#54): the person types it.
      const s = await session(sim.url, { allowDestructive: true }, (params) => ({
        action: 'accept',
        content: { confirm: true, ...(params.requestedSchema.properties.name ? { name: 'resize-draft' } : {}) },
      }));
      try {
        const { tools } = await s.client.listTools();
        for (const name of ['disable_edge_app', 'delete_edge_app']) assert.equal(tools.find((t) => t.name === name)?.annotations?.destructiveHint, true, name);
        assert.notEqual(tools.find((t) => t.name === 'enable_edge_app')?.annotations?.destructiveHint, true);
        assert.match(
          text(await s.client.callTool({ name: 'disable_edge_app', arguments: { app_id: 101 } })),
          /^Disabled edge app 101 on "mcp-sim"; the app as the platform answered:\n<platform-data [^\n]+>\n\{"name":"hello-edge"/,
        );
        assert.match(
          s.asked[0]!.message,
          /The edge app: App `hello-edge` · ID `101` · URL `http:\/\/127\.0\.0\.1:\d+\/__apps\/hello-edge-201` · Status now `enabled`[\s\S]*PATCH \/fastedge\/v1\/apps\/101/,
        );
        assert.match(text(await s.client.callTool({ name: 'enable_edge_app', arguments: { app_id: 101 } })), /"status":"enabled"/);
        assert.match(text(await s.client.callTool({ name: 'delete_edge_app', arguments: { app_id: 102 } })), /^Deleted edge app 102/);
        assert.deepEqual(sent(), ['DELETE deleteEdgeApp 1', 'PATCH patchEdgeApp 2']);
        assert.match(text(await s.client.callTool({ name: 'get_edge_app', arguments: { app_id: 102 } })), /Not found/, 'gone from the simulator');
      } finally {
        await s.close();
        sim.reset();
      }
    });

    it("read_report on the simulator's large result (500,000 rows, streamed): capped rows, the total counted, within its bound", async () => {
      const s = await session(sim.url, {});
      try {
        const result = await s.client.callTool({ name: 'read_report', arguments: { id: SEEDED_RESULT_REPORTS.rows500k, rows: 20 } });
        const answer = text(result);
        assert.ok(!result.isError, answer);
        assert.match(answer, /^Report task [^\n]* on "mcp-sim": 7 columns, 500,000 rows; the first 20 rows shown\./);
        assert.equal(answer.split('\n').filter((l) => l.startsWith('[')).length, 20);
        const most = text(await s.client.callTool({ name: 'read_report', arguments: { id: SEEDED_RESULT_REPORTS.rows500k, rows: 500 } }));
        assert.ok(most.length <= REPORT_ANSWER_MAX, `${most.length}`);
        assert.match(most, /did not fit in the answer/);
      } finally {
        await s.close();
      }
    });

    it('decline, cancel, or an accept without the box ticked: nothing sent, a clear answer', async () => {
      const answers: ElicitResult[] = [{ action: 'decline' }, { action: 'cancel' }, { action: 'accept', content: { confirm: false } }];
      for (const reply of answers) {
        const s = await session(sim.url, { allowWrites: true }, () => reply);
        try {
          const result = await s.client.callTool({ name: 'create_report', arguments: REPORT });
          assert.equal(s.asked.length, 1);
          assert.equal(result.isError, true);
          assert.match(text(result), /^Not sent: the person (declined|dismissed|did not confirm).*Nothing was sent\./, JSON.stringify(reply));
        } finally {
          await s.close();
        }
      }
      assert.deepEqual(sent(), [], 'nothing sent');
    });

    it('a client without elicitation: the flags decide, nothing is asked', async () => {
      const s = await session(sim.url, { allowWrites: true });
      try {
        assert.match(text(await s.client.callTool({ name: 'create_report', arguments: REPORT })), /^Started a report task/);
        assert.deepEqual(sent(), ['POST createReport 1']);
        assert.ok(
          s.notes.some((l) => /no elicitation/.test(l)),
          s.notes.join('\n'),
        );
      } finally {
        await s.close();
      }
    });

    describe('a cancelled call aborts its HTTP request', () => {
      let hanging: HttpServer;
      let url: string;
      const events: string[] = [];
      let arrived: () => void = () => {};
      let closed: () => void = () => {};
      before(async () => {
        // A platform that takes every request and never answers.
        hanging = createServer((req) => {
          events.push(`${req.method} ${req.url}`);
          arrived();
          req.socket.once('close', () => closed());
        });
        await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
        url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
      });
      after(async () => {
        hanging.closeAllConnections();
        await new Promise((resolve) => hanging.close(resolve));
      });

      for (const [name, args, flags] of [
        ['get_trial', { id: 401 }, {}],
        ['delete_storage', { storage_id: 2101, type: 'object' }, { allowDestructive: true }],
      ] as const) {
        it(`${name}: notifications/cancelled closes the request at once (not after the 30 s timeout)`, async () => {
          const s = await session(url, flags);
          const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
          const requestClosed = new Promise<string>((resolve) => (closed = () => resolve('closed')));
          const cancel = new AbortController();
          try {
            const call = s.client.callTool({ name, arguments: args }, { signal: cancel.signal });
            call.catch(() => {});
            const late = new Promise((_, reject) => setTimeout(() => reject(new Error(`${name}: the request never reached the platform`)), 5000).unref());
            await Promise.race([requestArrived, late]);
            const started = Date.now();
            cancel.abort(new Error('the person stopped it'));
            await assert.rejects(call);
            const outcome = await Promise.race([requestClosed, new Promise((resolve) => setTimeout(() => resolve('still open'), 3000))]);
            assert.equal(outcome, 'closed', `the HTTP request of ${name} is aborted when the call is cancelled`);
            assert.ok(Date.now() - started < 3000);
          } finally {
            await s.close();
          }
        });
      }
    });
  },
);

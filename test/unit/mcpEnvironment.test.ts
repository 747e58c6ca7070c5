// The MCP server's environment (#56 item 4), in process with the SDK's own client: Gcore's names
// (GCORE_API_KEY, GCORE_API_URL) beside the product's, the product's winning, said on stderr without
// the key; GCORE_CLOUD_PROJECT_ID / GCORE_CLOUD_REGION_ID are the cloud tools' project and region when
// a call leaves them out (listed optional, the default said), never replacing one the call gives; a
// bad id is named on stderr and ignored.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { createMcpServer } from '../../src/mcp';
import { startSimulator, type Simulator } from '../../simulator/index';

const KEY = 'mcp-gcore-key-3b9a';
const text = (result: { content?: unknown }) => (result.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('');

describe("platform-console-mcp: Gcore's environment names", { timeout: 120_000 }, () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator({ apiKey: KEY, dialect: 'platform' });
  });
  after(() => sim.close());

  async function session(env: NodeJS.ProcessEnv) {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const notes: string[] = [];
    const server = createMcpServer({ allowWrites: false, env, note: (line) => notes.push(line) });
    await server.connect(serverSide);
    const client = new Client({ name: 'platform-console-test', version: '1.0.0' });
    await client.connect(clientSide);
    return { client, notes, close: () => client.close() };
  }

  it('GCORE_API_KEY and GCORE_API_URL alone make the connection; stderr names them, never the key', async () => {
    const s = await session({ GCORE_API_KEY: KEY, GCORE_API_URL: sim.url, PLATFORM_CONSOLE_DIALECT: 'platform' });
    try {
      const listed = await s.client.callTool({ name: 'list_edge_apps', arguments: {} });
      assert.notEqual(listed.isError, true, text(listed));
      assert.ok(s.notes.includes('platform-console-mcp: from the environment: key from GCORE_API_KEY, base URL from GCORE_API_URL'), s.notes.join('\n'));
      assert.ok(!s.notes.join('\n').includes(KEY), 'no key on stderr');
    } finally {
      await s.close();
    }
  });

  it("the product's names win: its key goes to its URL, and stderr says the GCORE_* ones were not used", async () => {
    const s = await session({
      PLATFORM_CONSOLE_API_KEY: KEY,
      PLATFORM_CONSOLE_BASE_URL: sim.url,
      PLATFORM_CONSOLE_DIALECT: 'platform',
      GCORE_API_KEY: 'someone-elses-key',
      GCORE_API_URL: 'http://127.0.0.1:9',
    });
    try {
      sim.resetRequests();
      const listed = await s.client.callTool({ name: 'list_edge_apps', arguments: {} });
      assert.notEqual(listed.isError, true, text(listed));
      assert.equal(sim.lastRequests()['GET listEdgeApps']?.auth, 'ok', 'the simulator took the product key');
      assert.ok(
        s.notes.includes(
          'platform-console-mcp: from the environment: key from PLATFORM_CONSOLE_API_KEY (GCORE_API_KEY is set too: not used), ' +
            'base URL from PLATFORM_CONSOLE_BASE_URL (GCORE_API_URL is set too: not used)',
        ),
        s.notes.join('\n'),
      );
    } finally {
      await s.close();
    }
  });

  it('GCORE_CLOUD_PROJECT_ID and GCORE_CLOUD_REGION_ID: listed as defaults, filled in when a call leaves them out, never over a given one', async () => {
    const s = await session({ GCORE_API_KEY: KEY, GCORE_API_URL: sim.url, GCORE_CLOUD_PROJECT_ID: '1', GCORE_CLOUD_REGION_ID: '1' });
    try {
      assert.ok(
        s.notes.includes(
          'platform-console-mcp: cloud tools use project_id 1 (GCORE_CLOUD_PROJECT_ID) and region_id 1 (GCORE_CLOUD_REGION_ID) when a call leaves them out',
        ),
      );
      const { tools } = await s.client.listTools();
      const secrets = tools.find((t) => t.name === 'list_cloud_secrets')!;
      assert.deepEqual(secrets.inputSchema.required ?? [], [], 'project and region not required');
      assert.match(
        String((secrets.inputSchema.properties as Record<string, { description?: string }>).project_id?.description),
        /Leave out to use 1 \(GCORE_CLOUD_PROJECT_ID\)$/,
      );
      const logs = tools.find((t) => t.name === 'read_function_logs')!;
      assert.deepEqual(logs.inputSchema.required, ['namespace_name', 'function_name'], 'the other required fields stay required');
      sim.resetRequests();
      const listed = await s.client.callTool({ name: 'list_cloud_secrets', arguments: {} });
      assert.notEqual(listed.isError, true, text(listed));
      assert.match(sim.lastRequests()['GET listSecrets']?.path ?? '', /\/1\/1(\?|$)/, 'sent for project 1, region 1');
      const other = await s.client.callTool({ name: 'list_cloud_secrets', arguments: { project_id: 2, region_id: 3 } });
      assert.match(text(other), /project 2, region 3/);
      assert.match(sim.lastRequests()['GET listSecrets']?.path ?? '', /\/2\/3(\?|$)/, 'the call gave its own: those are sent');
    } finally {
      await s.close();
    }
  });

  it('a bad project or region id: named on stderr, ignored (the tools ask for it as before)', async () => {
    const s = await session({ GCORE_API_KEY: KEY, GCORE_API_URL: sim.url, GCORE_CLOUD_PROJECT_ID: 'twelve', GCORE_CLOUD_REGION_ID: '0' });
    try {
      assert.ok(s.notes.includes('platform-console-mcp: GCORE_CLOUD_PROJECT_ID: "twelve" must be a positive whole number; ignored'), s.notes.join('\n'));
      assert.ok(s.notes.includes('platform-console-mcp: GCORE_CLOUD_REGION_ID: "0" must be a positive whole number; ignored'));
      const secrets = (await s.client.listTools()).tools.find((t) => t.name === 'list_cloud_secrets')!;
      assert.deepEqual(secrets.inputSchema.required, ['project_id', 'region_id']);
      sim.resetRequests();
      const refused = await s.client.callTool({ name: 'list_cloud_secrets', arguments: {} });
      assert.match(text(refused), /^Refused before sending, nothing was sent: project_id/);
      assert.deepEqual(sim.requestCounts(), {});
    } finally {
      await s.close();
    }
  });
});

// The MCP server (src/mcp.ts) as an agent outside the editor meets it: started over stdio by the
// MCP SDK's own client against the simulator, its tools listed with their hints, every read tool
// called, every write refused (nothing sent) unless started with --allow-writes or
// --allow-destructive (which implies writes), then sent once. (The flag matrix, elicitation and
// cancel in process: mcpWrites.test.ts.)
// The key reaches the server through the environment the client gives it, and no answer carries it.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { AGENT_TOOLS } from '../../src/features/agent/model/toolCatalog';
import { SEEDED_REPORTS } from '../../simulator/state/seedBilling';
import { startSimulator, type Simulator } from '../../simulator/index';
import { AGENT_FILE_READ_INPUTS, AGENT_READ_INPUTS, placeReadWasm } from '../support/agentReadInputs';

const KEY = 'mcp-key-77f0a1c2';

async function connect(sim: Simulator, args: string[]): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', 'src/mcp.ts', ...args],
    env: {
      ...getDefaultEnvironment(),
      PLATFORM_CONSOLE_BASE_URL: sim.url,
      PLATFORM_CONSOLE_API_KEY: KEY,
      PLATFORM_CONSOLE_DIALECT: 'platform',
      PLATFORM_CONSOLE_CONNECTION_NAME: 'mcp-sim',
    },
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const client = new Client({ name: 'platform-console-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => err };
}

const text = (result: { content?: unknown }) => (result.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('');

describe('platform-console-mcp over stdio', { timeout: 120_000 }, () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator({ apiKey: KEY, dialect: 'platform' });
  });
  after(() => sim.close());

  it('read-only by default: the reads listed with readOnlyHint, each answers; a write is refused and sends nothing', async () => {
    // The file reads get a folder of their own (--file-root gives no write): a .env and a .wasm in it.
    const folder = mkdtempSync(join(tmpdir(), 'mcp-files-'));
    writeFileSync(join(folder, '.env'), 'FASTEDGE_VAR_ENV_GREETING=Hello\n');
    placeReadWasm(folder);
    const { client, stderr } = await connect(sim, ['--file-root', folder]);
    try {
      const { tools } = await client.listTools();
      const reads = AGENT_TOOLS.filter((t) => t.kind === 'read').map((t) => t.name);
      assert.deepEqual(tools.map((t) => t.name).sort(), [...reads].sort(), 'the writes are not offered');
      for (const t of tools) {
        assert.equal(t.annotations?.readOnlyHint, true, t.name);
        assert.equal(t.inputSchema.type, 'object');
        assert.ok((t.description ?? '').length > 100);
      }
      const inputs = { ...AGENT_READ_INPUTS, ...Object.fromEntries(Object.entries(AGENT_FILE_READ_INPUTS).map(([n, f]) => [n, f(folder)])) };
      assert.deepEqual(Object.keys(inputs).sort(), [...reads].sort(), 'every read tool is called below');
      for (const [name, args] of Object.entries(inputs)) {
        const result = await client.callTool({ name, arguments: args });
        const answer = text(result);
        assert.ok(!result.isError, `${name}: ${answer}`);
        assert.ok(answer.length > 20 && answer.length <= 4000, `${name}: ${answer.length}`);
        assert.ok(!answer.includes(KEY), `${name}: no key`);
        if (name !== 'list_connections') assert.match(answer, /"mcp-sim"/, `${name}: ${answer.slice(0, 120)}`);
      }
      sim.resetRequests();
      const refused = await client.callTool({ name: 'create_report', arguments: { template_code: 'ResellerPlans' } });
      assert.equal(refused.isError, true);
      assert.match(text(refused), /read-only; nothing was sent\. Start platform-console-mcp with --allow-writes/);
      const noDelete = await client.callTool({ name: 'delete_storage', arguments: { storage_id: 1001 } });
      assert.equal(noDelete.isError, true);
      assert.match(text(noDelete), /nothing was sent\. Start platform-console-mcp with --allow-destructive/);
      const bad = await client.callTool({ name: 'get_trial', arguments: { id: 'x' } });
      assert.match(text(bad), /^Refused before sending, nothing was sent: id: must be a positive whole number/);
      assert.deepEqual(sim.requestCounts(), {}, 'nothing sent');
      assert.match(stderr(), /platform-console-mcp: mcp-sim \(http:\/\/127\.0\.0\.1:\d+, platform API\), read-only/);
      assert.ok(!stderr().includes(KEY), 'no key on stderr');
    } finally {
      await client.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('--allow-destructive: writes and deletes listed (delete marked destructive) and each sent once', async () => {
    const { client, stderr } = await connect(sim, ['--allow-destructive']);
    try {
      const { tools } = await client.listTools();
      assert.equal(tools.length, AGENT_TOOLS.length);
      const del = tools.find((t) => t.name === 'delete_storage');
      assert.equal(del?.annotations?.destructiveHint, true);
      assert.equal(del?.annotations?.readOnlyHint, false);
      assert.equal(tools.find((t) => t.name === 'create_report')?.annotations?.destructiveHint, false);
      sim.resetRequests();
      const created = await client.callTool({ name: 'create_report', arguments: { template_code: 'ResellerPlans', parameters: { date_to: '2026-10-31' } } });
      assert.match(text(created), /^Started a report task [\s\S]*"uuid":"[0-9a-f-]{36}"/);
      const secret = await client.callTool({
        name: 'create_secret',
        arguments: {
          project_id: 1,
          region_id: 1,
          name: 'mcp-secret',
          payload: Buffer.from(KEY).toString('base64'),
          payload_content_type: 'application/octet-stream',
          secret_type: 'opaque',
        },
      });
      assert.match(text(secret), /is being created/);
      const deleted = await client.callTool({ name: 'delete_report_task', arguments: { id: SEEDED_REPORTS.Failed } });
      assert.match(text(deleted), /^Deleted report task 6b1f0c9e-0004-4a6e-9c1d-000000000004 on "mcp-sim"/);
      // A removal confirmed by the name typed is refused whatever the flags: this client cannot ask anyone to type it.
      const storage = await client.callTool({ name: 'delete_storage', arguments: { storage_id: 2102, type: 'object' } });
      assert.match(text(storage), /^Refused: delete_storage is confirmed only by the person typing the name .*nothing was sent, whatever the flags/);
      const counts = sim.requestCounts();
      assert.deepEqual(
        Object.entries(counts)
          .filter(([k]) => !k.startsWith('GET'))
          .map(([k, n]) => [k.split(' ')[1], n])
          .sort(),
        [
          ['createReport', 1],
          ['createSecret', 1],
          ['deleteReport', 1],
        ],
      );
      const other = await client.callTool({ name: 'get_trial', arguments: { id: 401, connection: 'elsewhere' } });
      assert.match(text(other), /No connection named "elsewhere": this server has one, "mcp-sim"/);
      assert.match(stderr(), /Delete Report Task on mcp-sim\? Delete report task/);
      assert.match(stderr(), /mcp-sim \(http:\/\/127\.0\.0\.1:\d+, platform API\), writes and destructive tools allowed \(--allow-destructive\)/);
      assert.ok(!stderr().includes(KEY) && !stderr().includes(Buffer.from(KEY).toString('base64')));
    } finally {
      await client.close();
    }
  });
});

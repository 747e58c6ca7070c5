// The MCP server with --tools (#56 item 3), driven in process by the SDK's own client (as
// mcpWrites.test.ts): tools/list offers the selection within the flags, stderr says how many and
// what the flags left out, a call of a tool not selected is refused naming --tools with nothing
// sent; the command line takes --tools in both forms and an unknown pattern stops the server (exit 2).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { createMcpServer, mcpOptionsFromArgs } from '../../src/mcp';
import { AGENT_TOOLS } from '../../src/features/agent/model/toolCatalog';
import { TOOL_GROUP_OF } from '../../src/features/agent/model/toolGroupOf';
import { startSimulator, type Simulator } from '../../simulator/index';

const KEY = 'mcp-tools-key-5d2e';
const text = (result: { content?: unknown }) => (result.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('');

describe('platform-console-mcp --tools', { timeout: 120_000 }, () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator({ apiKey: KEY, dialect: 'platform' });
  });
  after(() => sim.close());

  async function session(options: { tools?: string[]; allowWrites?: boolean }) {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const notes: string[] = [];
    const env = { PLATFORM_CONSOLE_BASE_URL: sim.url, PLATFORM_CONSOLE_API_KEY: KEY, PLATFORM_CONSOLE_DIALECT: 'platform' };
    const server = createMcpServer({ allowWrites: options.allowWrites ?? false, env, note: (line) => notes.push(line), ...options });
    await server.connect(serverSide);
    const client = new Client({ name: 'platform-console-test', version: '1.0.0' });
    await client.connect(clientSide);
    return { client, notes, close: () => client.close() };
  }

  it('tools/list offers only the selection within the flags; stderr says how many and which selected writes the flags left out', async () => {
    const s = await session({ tools: ['edge.*', 'storage'] });
    try {
      const { tools } = await s.client.listTools();
      const expected = AGENT_TOOLS.filter((t) => ['edge', 'storage'].includes(TOOL_GROUP_OF[t.name]!) && t.kind === 'read').map((t) => t.name);
      assert.deepEqual(
        tools.map((t) => t.name),
        expected,
      );
      assert.equal(expected.length, 17);
      assert.ok(s.notes.includes(`platform-console-mcp: 17 of ${AGENT_TOOLS.length} tools offered (--tools edge.*,storage)`), s.notes.join('\n'));
      const leftOut = s.notes.find((n) => n.includes('left out by the flags')) ?? '';
      assert.match(
        leftOut,
        /^platform-console-mcp: 14 selected tools left out by the flags: restore_storage, enable_edge_app, .*put_edge_kv_key \(they need --allow-writes\); /,
      );
      assert.match(leftOut, /; delete_storage, disable_edge_app, .*delete_edge_kv_key \(they need --allow-destructive\)$/);
    } finally {
      await s.close();
    }
    const writes = await session({ tools: ['storage'], allowWrites: true });
    try {
      assert.deepEqual(
        (await writes.client.listTools()).tools.map((t) => t.name),
        ['list_storages', 'restore_storage'],
      );
    } finally {
      await writes.close();
    }
  });

  it('a call of a tool not selected: refused, naming --tools; nothing is sent; a selected one answers', async () => {
    const s = await session({ tools: ['list_edge_*', 'write'], allowWrites: true });
    try {
      sim.resetRequests();
      for (const [name, args] of [
        ['list_storages', {}],
        ['create_report', { template_code: 'ResellerPlans' }],
      ] as const) {
        const refused = await s.client.callTool({ name, arguments: args });
        assert.equal(refused.isError, true, name);
        assert.match(
          text(refused),
          new RegExp(`^Refused: ${name} is not among the tools this server offers \\(--tools list_edge_\\*,write\\); nothing was sent\\.`),
        );
      }
      assert.deepEqual(sim.requestCounts(), {}, 'nothing reached the platform');
      assert.deepEqual((await s.client.listTools()).tools, [], 'list_edge_* are reads, and write narrows to writes: none');
      const s2 = await session({ tools: ['list_edge_*'] });
      try {
        const listed = await s2.client.callTool({ name: 'list_edge_apps', arguments: {} });
        assert.notEqual(listed.isError, true, text(listed));
        assert.match(text(listed), /Edge apps on/);
      } finally {
        await s2.close();
      }
    } finally {
      await s.close();
    }
  });

  it('the command line: --tools a,b and --tools=c, repeatable; a missing value or an unknown pattern refuses to start', () => {
    assert.deepEqual(mcpOptionsFromArgs(['--tools', 'edge.*,read', '--allow-writes', '--tools=list_connections']), {
      allowWrites: true,
      allowDestructive: false,
      fileRoots: [],
      tools: ['edge.*', 'read', 'list_connections'],
    });
    assert.deepEqual(mcpOptionsFromArgs([]), { allowWrites: false, allowDestructive: false, fileRoots: [] }, 'no --tools: no selection');
    const bare = mcpOptionsFromArgs(['--allow-writes', '--tools']);
    assert.ok(
      'problem' in bare && /^platform-console-mcp: --tools needs patterns after it[\s\S]*\nUsage: .*\[--tools <pattern,…>\]/.test(bare.problem),
      JSON.stringify(bare),
    );
    const unknown = mcpOptionsFromArgs(['--tools=edge,reprots']);
    assert.ok('problem' in unknown && /--tools reprots: matches no tool name, group or kind \(groups: connections, edge, cloud/.test(unknown.problem));
  });

  it('over stdio: an unknown pattern: exit code 2, the pattern and the groups on stderr', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/mcp.ts', '--tools', 'edge,nope*'], { encoding: 'utf8', input: '', timeout: 30_000 });
    assert.equal(run.status, 2, run.stderr);
    assert.match(
      run.stderr,
      /--tools nope\*: matches no tool name, group or kind \(groups: connections, edge, cloud, .*kinds: read, write, destructive\); the server does not start/,
    );
  });
});

// The MCP server started by the editor (#56): it reads the one-shot hand-over file once (a second
// start finds it gone and refuses), deletes it, and runs on the agent token it held: every request
// carries the token and `User-Agent: platform-console-mcp/…`, a key in its environment is ignored
// and never sent, the token is in no answer or stderr line, and a 401 (the token revoked, or past
// its expiry on the simulator's clock) says so and how to get a new one. The file's own rules
// (mode 600, no link, every field checked by name) and the stale files' cleanup too.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { AGENT_FILE_ENV, deleteStaleHandoffs, handoffProblem, takeHandoff, writeHandoff, type McpHandoff } from '../../src/features/agent/model/mcpHandoff';
import { handoffConnection } from '../../src/features/agent/model/mcpAgentToken';
import { AGENT_TOOLS } from '../../src/features/agent/model/toolCatalog';
import { createPlatformApi } from '../../src/platform/api';
import { HttpClient } from '../../src/platform/http';
import { startSimulator, type Simulator } from '../../simulator/index';

const KEY = 'mcp-token-key-3b9d';
// The server checks a hand-over's expiry on the real clock; the simulator's clock starts there and is moved.
const NOW = Math.floor(Date.now() / 1000) * 1000;
const at = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const LATER = at(NOW + 8 * 3600_000);
const SOON = at(NOW + 30 * 60_000);
const text = (result: { content?: unknown }) => (result.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('');

const sample = (over: Partial<McpHandoff> = {}): McpHandoff => ({
  baseUrl: 'http://127.0.0.1:4010',
  dialect: 'spec',
  connectionName: 'sim',
  token: `42_${'a'.repeat(40)}`,
  tokenName: 'Agent',
  tokenId: 42,
  expiresAt: LATER,
  ...over,
});

describe('the hand-over file (mcpHandoff.ts)', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'handoff-'));
  });
  after(() => folder && rmSync(folder, { recursive: true, force: true }));

  it('is written mode 600 under a random name, read once and deleted; a second read finds it gone and says to restart from VS Code', () => {
    const file = writeHandoff(folder, sample());
    assert.match(file, /[\\/][0-9a-f]{32}\.json$/);
    if (process.platform !== 'win32') assert.equal(statSync(file).mode & 0o777, 0o600);
    const env: NodeJS.ProcessEnv = { [AGENT_FILE_ENV]: file, PLATFORM_CONSOLE_API_KEY: KEY, GCORE_API_KEY: KEY, PATH: '/bin' };
    const first = takeHandoff(env, NOW);
    assert.ok(first && 'handoff' in first, JSON.stringify(first));
    assert.equal(first.handoff.token, sample().token);
    assert.deepEqual(first.ignored, ['PLATFORM_CONSOLE_API_KEY', 'GCORE_API_KEY']);
    assert.deepEqual(env, { PATH: '/bin' }, 'the file variable and every key variable left the environment');
    assert.equal(existsSync(file), false, 'deleted once read');
    const second = takeHandoff({ [AGENT_FILE_ENV]: file }, NOW);
    assert.ok(second && 'problem' in second);
    assert.match(second.problem, /^PLATFORM_CONSOLE_AGENT_FILE: .+ is gone: a hand-over file is read once, by the server started with it\. Restart the server/);
    assert.equal(takeHandoff({ PLATFORM_CONSOLE_API_KEY: KEY }, NOW), undefined, 'no variable: no hand-over, the key is left to the usual rules');
  });

  it('refuses a file others can read, a link, and a bad field by its name and rule (and deletes the file anyway)', () => {
    const refused = (env: NodeJS.ProcessEnv) => {
      const got = takeHandoff(env, NOW);
      assert.ok(got && 'problem' in got, JSON.stringify(got));
      return got.problem;
    };
    if (process.platform !== 'win32') {
      const open = join(folder, 'open.json');
      writeFileSync(open, JSON.stringify(sample()), { mode: 0o644 });
      assert.match(refused({ [AGENT_FILE_ENV]: open }), /must be readable by its owner only \(mode 600\), it is 644/);
      assert.equal(existsSync(open), false);
      const target = writeHandoff(folder, sample());
      const link = join(folder, 'link.json');
      symlinkSync(target, link);
      assert.match(refused({ [AGENT_FILE_ENV]: link }), /must be a file, not a link/);
      assert.equal(existsSync(target), true, 'the link is not followed');
    }
    const bad = (over: Record<string, unknown>) => refused({ [AGENT_FILE_ENV]: writeHandoff(folder, { ...sample(), ...over } as McpHandoff) });
    assert.match(bad({ token: 'two words' }), /cannot be used: token: must not contain spaces/);
    assert.match(bad({ tokenId: 0 }), /tokenId: must be a positive whole number/);
    assert.match(bad({ dialect: 'v3' }), /dialect: must be one of spec, platform/);
    assert.match(bad({ baseUrl: 'ftp://x' }), /baseUrl: Base URL: must be an http:\/\/ or https:\/\/ URL|baseUrl: .*http/);
    const past = at(NOW - 3600_000);
    assert.match(bad({ expiresAt: past }), new RegExp(`expiresAt: the agent token expired at ${past}`));
    assert.match(bad({ apiKey: KEY }), /apiKey: is not a field of a hand-over file/);
    assert.match(bad({ areaBaseUrls: { moon: 'http://x' } }), /areaBaseUrls: "moon" is not a product area/);
    assert.equal(handoffProblem(sample({ areaBaseUrls: { edge: 'http://127.0.0.1:4011' } }), NOW), undefined);
    assert.match(bad({ consoleUrl: 'http://portal.example.com' }), /consoleUrl: Console URL: must use https:\/\//);
    assert.match(bad({ consoleUrl: 7 }), /consoleUrl: must be text/);
  });

  it("carries the connection's console to the server's answers (#58), none when the hand-over has none", () => {
    const options = { fileRoots: [], fileRootsFlag: '--file-root', userAgent: 'test' };
    assert.equal(handoffConnection(sample({ consoleUrl: 'https://portal.reseller.test/' }), options).binding.consoleUrl, 'https://portal.reseller.test');
    assert.equal(handoffConnection(sample(), options).binding.consoleUrl, undefined);
  });

  it('deletes hand-over files older than 5 minutes (their server never started), and nothing else', () => {
    const stale = writeHandoff(folder, sample());
    const fresh = writeHandoff(folder, sample());
    const other = join(folder, 'notes.txt');
    writeFileSync(other, 'x');
    const old = (Date.now() - 6 * 60_000) / 1000;
    utimesSync(stale, old, old);
    utimesSync(other, old, old);
    assert.equal(deleteStaleHandoffs(folder), 1);
    assert.deepEqual([existsSync(stale), existsSync(fresh), existsSync(other)], [false, true, true]);
    assert.equal(deleteStaleHandoffs(join(folder, 'none')), 0, 'no folder yet: nothing to do');
  });
});

describe('platform-console-mcp on an agent token (PLATFORM_CONSOLE_AGENT_FILE)', { timeout: 120_000 }, () => {
  let sim: Simulator;
  let nowMs = NOW;
  let folder: string;
  const keyApi = () => createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: KEY }));
  const mint = async (expiresAt: string) => {
    const made = await keyApi().iam.createApiToken({
      params: { clientId: 1 },
      body: { name: 'MCP agent', exp_date: expiresAt, client_user: { role: { name: 'Engineers' } } },
    });
    return {
      made,
      handoff: sample({ baseUrl: sim.url, connectionName: 'token-sim', tokenName: made.name ?? 'MCP agent', token: made.token, tokenId: made.id, expiresAt }),
    };
  };
  const start = (file: string) => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'src/mcp.ts'],
      // A key in the environment too: the token wins and the key is never sent.
      env: { ...getDefaultEnvironment(), [AGENT_FILE_ENV]: file, PLATFORM_CONSOLE_BASE_URL: sim.url, PLATFORM_CONSOLE_API_KEY: KEY },
      stderr: 'pipe',
    });
    let err = '';
    transport.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    return { transport, stderr: () => err };
  };

  before(async () => {
    sim = await startSimulator({ apiKey: KEY, now: () => nowMs });
    folder = mkdtempSync(join(tmpdir(), 'handoff-mcp-'));
  });
  beforeEach(() => {
    nowMs = NOW;
    sim.reset();
    sim.resetRequests();
  });
  after(async () => {
    await sim.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('reads with the token (never the key), refuses a write, answers 401 after the token is deleted; the token is in no answer or line', async () => {
    const { made, handoff } = await mint(LATER);
    const file = writeHandoff(folder, handoff);
    sim.resetRequests();
    const { transport, stderr } = start(file);
    const client = new Client({ name: 'platform-console-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      assert.equal(existsSync(file), false, 'the hand-over file is gone once the server started');
      const { tools } = await client.listTools();
      assert.deepEqual(
        tools.map((t) => t.name).sort(),
        AGENT_TOOLS.filter((t) => t.kind === 'read')
          .map((t) => t.name)
          .sort(),
      );
      const read = await client.callTool({ name: 'get_trial', arguments: { id: 401 } });
      assert.ok(!read.isError, text(read));
      assert.match(text(read), /"token-sim"/);
      const write = await client.callTool({ name: 'create_report', arguments: { template_code: 'ResellerPlans' } });
      assert.equal(write.isError, true);
      assert.match(text(write), /read-only; nothing was sent/);
      assert.deepEqual(sim.requestsByCredential(), { [`token ${made.id} platform-console-mcp/0.1.0`]: 1 }, 'one read, with the token, by the MCP server');
      await keyApi().iam.deleteApiToken({ params: { clientId: 1, tokenId: made.id } });
      const revoked = await client.callTool({ name: 'get_trial', arguments: { id: 401 } });
      assert.equal(revoked.isError, undefined, 'an answer the model reads, as every failed call is');
      assert.ok(
        text(revoked).startsWith(
          'The platform rejected the agent token "MCP agent" of connection "token-sim" (HTTP 401): ' +
            `it was revoked, or it expired (it was valid until ${LATER}).`,
        ),
        text(revoked),
      );
      assert.match(text(revoked), /\nThis server cannot get a new one itself: ask the person to restart the Platform Console MCP server from VS Code/);
      assert.doesNotMatch(text(revoked), /sign in again/i);
      assert.match(stderr(), /PLATFORM_CONSOLE_API_KEY ignored: this server runs on the agent token handed over/);
      assert.match(stderr(), /token-sim \(http:\/\/127\.0\.0\.1:\d+, spec API\), on agent token "MCP agent" \(until [0-9T:-]+Z\), not your key, read-only/);
      const secret = made.token.split('_')[1]!;
      for (const said of [text(read), text(write), text(revoked), stderr()]) assert.ok(!said.includes(secret) && !said.includes(KEY), said.slice(0, 200));
      assert.equal(
        Object.keys(sim.requestsByCredential()).some((c) => c.startsWith('key ') && c.includes('platform-console-mcp')),
        false,
        'the key was never sent by the MCP server',
      );
    } finally {
      await client.close();
    }
  });

  it('answers 401 with the same words once the token is past its expiry (the clock moved), and a second start from the same file is refused', async () => {
    const { handoff } = await mint(SOON);
    const file = writeHandoff(folder, handoff);
    const { transport } = start(file);
    const client = new Client({ name: 'platform-console-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      assert.ok(!(await client.callTool({ name: 'get_trial', arguments: { id: 401 } })).isError);
      nowMs = Date.parse(SOON) + 60_000;
      const expired = await client.callTool({ name: 'get_trial', arguments: { id: 401 } });
      assert.match(text(expired), new RegExp(`^The platform rejected the agent token "MCP agent" .*\\(it was valid until ${SOON}\\)`));
    } finally {
      await client.close();
    }
    const again = start(file);
    const second = new Client({ name: 'platform-console-test', version: '1.0.0' });
    await assert.rejects(second.connect(again.transport));
    assert.match(again.stderr(), /platform-console-mcp: PLATFORM_CONSOLE_AGENT_FILE: .+ is gone: a hand-over file is read once/);
    await second.close().catch(() => undefined);
  });
});

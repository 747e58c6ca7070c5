// The MCP server's audit file (#56 item 6), with the SDK's client over its in-memory transport as
// mcpWrites.test.ts drives it: each write attempt is one JSON line with its result (succeeded with
// the status, declined by the person, refused by the flags or for a name nobody can type), the
// agent and token names in each, never the key; the file is created 0600 and kept under its bound
// (the newest half); a file that cannot be written is said on stderr and the call still answers.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { Client, InMemoryTransport, type ElicitResult } from '@modelcontextprotocol/client';
import { createMcpServer, mcpOptionsFromArgs, type McpOptions } from '../../src/mcp';
import { startSimulator, type Simulator } from '../../simulator/index';
import { SEEDED_REPORTS } from '../../simulator/state/seedBilling';
import { AUDIT_FILE_MAX_BYTES } from '../../src/features/agent/model/agentAuditFile';
import { parseRecordLine, type AgentWriteRecord } from '../../src/features/agent/model/agentActivity';

const KEY = 'mcp-audit-key-5e7d';
const REPORT = { template_code: 'ResellerPlans', parameters: { date_to: '2026-10-31' } };
const text = (result: { content?: unknown }) => (result.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('');

interface Session {
  client: Client;
  notes: string[];
  close(): Promise<void>;
}

async function session(baseUrl: string, options: Partial<McpOptions> & { allowWrites: boolean }, elicit?: () => ElicitResult): Promise<Session> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const notes: string[] = [];
  const env = {
    PLATFORM_CONSOLE_BASE_URL: baseUrl,
    PLATFORM_CONSOLE_API_KEY: KEY,
    PLATFORM_CONSOLE_DIALECT: 'platform',
    PLATFORM_CONSOLE_CONNECTION_NAME: 'audit-sim',
  };
  const server = createMcpServer({ ...options, env, note: (line) => notes.push(line) });
  await server.connect(serverSide);
  const client = new Client({ name: 'audit-test-client', version: '1.0.0' }, elicit ? { capabilities: { elicitation: { form: {} } } } : {});
  if (elicit) client.setRequestHandler('elicitation/create', () => elicit());
  await client.connect(clientSide);
  return { client, notes, close: () => client.close() };
}

function records(file: string): AgentWriteRecord[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const record = parseRecordLine(line);
      assert.ok(record, `a record: ${line}`);
      return record;
    });
}

describe('platform-console-mcp --audit-file', { timeout: 120_000 }, () => {
  let sim: Simulator;
  let dir: string;
  let file: string;
  before(async () => {
    sim = await startSimulator({ apiKey: KEY, dialect: 'platform', taskDurationMs: 50 });
    dir = mkdtempSync(path.join(tmpdir(), 'pc-audit-'));
  });
  beforeEach(() => {
    sim.reset();
    sim.resetRequests();
    file = path.join(dir, `audit-${Math.random().toString(36).slice(2)}`, 'agent-activity.jsonl');
  });
  after(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the command line: --audit-file <path> or =<path>, resolved; without a path the server does not start', () => {
    assert.deepEqual(mcpOptionsFromArgs(['--audit-file', 'a/b.jsonl'], '/work'), {
      allowWrites: false,
      allowDestructive: false,
      fileRoots: [],
      auditFile: '/work/a/b.jsonl',
    });
    assert.equal((mcpOptionsFromArgs(['--allow-writes', '--audit-file=/tmp/x.jsonl']) as { auditFile?: string }).auditFile, '/tmp/x.jsonl');
    for (const argv of [['--audit-file'], ['--audit-file', '--allow-writes'], ['--audit-file=']]) {
      const bad = mcpOptionsFromArgs(argv);
      assert.ok('problem' in bad, argv.join(' '));
      assert.match(bad.problem, /--audit-file needs a file path after it[\s\S]*Usage: .*\[--audit-file <path>\]/);
    }
  });

  it('a confirmed write is one line: succeeded with its status, the agent and token names, the target; the file is 0600', async () => {
    const s = await session(sim.url, { allowWrites: true, auditFile: file, agentName: 'Copilot (MCP)', tokenName: 'agent-8h' }, () => ({
      action: 'accept',
      content: { confirm: true },
    }));
    try {
      assert.match(text(await s.client.callTool({ name: 'get_trial', arguments: { id: 401 } })), /Trial 401/);
      assert.match(text(await s.client.callTool({ name: 'create_report', arguments: REPORT })), /^Started a report task/);
    } finally {
      await s.close();
    }
    const [record, ...more] = records(file);
    assert.equal(more.length, 0, 'the read is not recorded; the write once');
    assert.equal(record!.tool, 'create_report');
    assert.equal(record!.connection, 'audit-sim');
    assert.equal(record!.agent, 'Copilot (MCP)');
    assert.equal(record!.token, 'agent-8h');
    assert.match(record!.target, /ResellerPlans/);
    assert.deepEqual(record!.result, { kind: 'succeeded', status: 201 });
    assert.ok(Math.abs(Date.parse(record!.time) - Date.now()) < 60_000);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.ok(!readFileSync(file, 'utf8').includes(KEY), 'the key is never in the file');
  });

  it('declined by the person, refused by the flags, refused for a name nobody can type: each a line saying so; nothing sent', async () => {
    const declining = await session(sim.url, { allowWrites: true, allowDestructive: true, auditFile: file }, () => ({ action: 'decline' }));
    try {
      assert.match(text(await declining.client.callTool({ name: 'delete_report_task', arguments: { id: SEEDED_REPORTS.Failed } })), /declined/);
    } finally {
      await declining.close();
    }
    const readOnly = await session(sim.url, { allowWrites: false, auditFile: file });
    try {
      assert.match(text(await readOnly.client.callTool({ name: 'create_report', arguments: REPORT })), /^Refused: this server is read-only/);
    } finally {
      await readOnly.close();
    }
    const noElicitation = await session(sim.url, { allowWrites: true, allowDestructive: true, auditFile: file });
    try {
      const answer = text(await noElicitation.client.callTool({ name: 'delete_storage', arguments: { storage_id: 2102, type: 'object' } }));
      assert.match(answer, /cannot ask the person/);
    } finally {
      await noElicitation.close();
    }
    const [declined, refused, unasked] = records(file);
    assert.equal(declined!.result.kind, 'declined');
    assert.equal(declined!.agent, 'MCP client audit-test-client', 'without --agent-name: the client names itself');
    assert.equal(declined!.token, undefined);
    assert.equal(declined!.target, 'Delete report task ResellerExpenses', 'the target as the confirmation names it');
    assert.deepEqual(refused!.result, { kind: 'refused', reason: 'writes are off (no --allow-writes); nothing was sent' });
    assert.equal(refused!.tool, 'create_report');
    assert.equal(unasked!.result.kind, 'refused');
    assert.match(unasked!.target, /backups-eu/);
    assert.deepEqual(
      Object.keys(sim.requestCounts()).filter((k) => !k.startsWith('GET')),
      [],
      'nothing was sent',
    );
  });

  it('past 1 MiB the file keeps its newest half, whole lines, the new record last', async () => {
    const old = JSON.stringify({ note: 'an older line', pad: 'x'.repeat(200) });
    const lines = Math.ceil(AUDIT_FILE_MAX_BYTES / (old.length + 1));
    const { mkdirSync } = await import('node:fs');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${old}\n`.repeat(lines), { mode: 0o600 });
    const s = await session(sim.url, { allowWrites: true, auditFile: file }, () => ({ action: 'accept', content: { confirm: true } }));
    try {
      await s.client.callTool({ name: 'create_report', arguments: REPORT });
    } finally {
      await s.close();
    }
    const kept = readFileSync(file, 'utf8');
    assert.ok(kept.length <= AUDIT_FILE_MAX_BYTES / 2, `at most half the bound: ${kept.length}`);
    assert.ok(kept.length > AUDIT_FILE_MAX_BYTES / 2 - 2 * (old.length + 1), 'the newest half, not less');
    const all = kept.split('\n').filter(Boolean);
    assert.ok(
      all.slice(0, -1).every((l) => l === old),
      'whole lines only',
    );
    assert.equal(parseRecordLine(all.at(-1)!)?.tool, 'create_report', 'the new record is last');
    assert.equal(statSync(file).mode & 0o777, 0o600);
  });

  it('a file that cannot be written is said on stderr, and the call answers as it would', async () => {
    const s = await session(sim.url, { allowWrites: true, auditFile: dir /* a folder: appending fails */ }, () => ({
      action: 'accept',
      content: { confirm: true },
    }));
    try {
      assert.match(text(await s.client.callTool({ name: 'create_report', arguments: REPORT })), /^Started a report task/);
      assert.ok(
        s.notes.some((n) => n.startsWith(`platform-console-mcp: could not write the audit file ${dir}: EISDIR`)),
        s.notes.join('\n'),
      );
    } finally {
      await s.close();
    }
  });
});

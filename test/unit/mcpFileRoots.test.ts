// The MCP server's file tools read only inside the folders the person gave with --file-root
// (#52 item 4): without one, deploy_edge_app and create_tls_secret refuse naming the flag and read
// nothing; with one, a path outside it, a link inside it leading out and `root/../x` are refused
// (a missing file and a link leading out alike), nothing asked, nothing sent; a bad --file-root
// stops the server from starting (exit code 2). Over the SDK's in-memory transport, and over stdio
// for the exit code.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { Client, InMemoryTransport, type ElicitRequestFormParams } from '@modelcontextprotocol/client';
import { createMcpServer, mcpOptionsFromArgs } from '../../src/mcp';
import { startSimulator, type Simulator } from '../../simulator/index';
import { makeChain } from '../support/certs';

const KEY = 'mcp-file-roots-key-3e81';
const WASM = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
const text = (result: { content?: unknown }) => (result.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('');

describe('platform-console-mcp --file-root', { timeout: 60_000 }, () => {
  let sim: Simulator;
  const base = mkdtempSync(path.join(tmpdir(), 'pc-roots-'));
  const root = path.join(base, 'root');
  const outside = path.join(base, 'outside');
  before(async () => {
    sim = await startSimulator({ apiKey: KEY, dialect: 'platform' });
    for (const dir of [root, outside]) mkdirSync(dir);
    writeFileSync(path.join(root, 'app.wasm'), WASM);
    writeFileSync(path.join(outside, 'app.wasm'), WASM);
    symlinkSync('/etc/passwd', path.join(root, 'passwd-link'));
    symlinkSync(path.join(outside, 'app.wasm'), path.join(root, 'out-link.wasm'));
    symlinkSync(path.join(outside, 'nothing-here.wasm'), path.join(root, 'dangling.wasm'));
  });
  beforeEach(() => sim.resetRequests());
  after(async () => {
    await sim.close();
    rmSync(base, { recursive: true, force: true });
  });
  const sent = () =>
    Object.entries(sim.requestCounts())
      .filter(([k]) => !k.startsWith('GET'))
      .map(([k, n]) => `${k} ${n}`);

  /** A session whose client confirms every write (so a refusal is the server's, not the person's). */
  async function session(fileRoots?: string[]) {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const notes: string[] = [];
    const env = {
      PLATFORM_CONSOLE_BASE_URL: sim.url,
      PLATFORM_CONSOLE_API_KEY: KEY,
      PLATFORM_CONSOLE_DIALECT: 'platform',
      PLATFORM_CONSOLE_CONNECTION_NAME: 'mcp-sim',
    };
    const server = createMcpServer({ allowWrites: true, env, note: (line) => notes.push(line), ...(fileRoots ? { fileRoots } : {}) });
    await server.connect(serverSide);
    const client = new Client({ name: 'platform-console-test', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
    const asked: ElicitRequestFormParams[] = [];
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(request.params as ElicitRequestFormParams);
      return { action: 'accept', content: { confirm: true } };
    });
    await client.connect(clientSide);
    const call = async (name: string, args: Record<string, unknown>) => text(await client.callTool({ name, arguments: args }));
    return { call, asked, notes, close: () => client.close() };
  }

  it('only --allow-writes, no --file-root: the file tools refuse naming the flag and read nothing (not even /etc/passwd)', async () => {
    const s = await session();
    try {
      for (const file of ['/etc/passwd', path.join(root, 'app.wasm')]) {
        const said = await s.call('deploy_edge_app', { app_id: 101, file });
        assert.match(said, /^Refused before sending[\s\S]*file: cannot be used: this server was started without --file-root, so no file is read/, file);
        assert.doesNotMatch(said, /WebAssembly|cannot be read/, `${file}: not opened`);
      }
      const tls = await s.call('create_tls_secret', {
        project_id: 1,
        region_id: 1,
        name: 'x',
        certificate_file: '/etc/passwd',
        private_key_file: '/etc/shadow',
      });
      assert.match(tls, /certificate_file: cannot be used: this server was started without --file-root/);
      assert.equal(s.asked.length, 0, 'nothing asked');
      assert.deepEqual(sent(), [], 'nothing sent');
      assert.ok(
        s.notes.some((n) => /file tools read no file \(no --file-root given\)/.test(n)),
        s.notes.join('\n'),
      );
    } finally {
      await s.close();
    }
  });

  it('with --file-root: /etc/passwd, a link in the root to /etc/passwd, root/../etc/passwd, a link out: refused alike, nothing read, asked or sent', async () => {
    const s = await session([root]);
    try {
      const refusals: string[] = [];
      for (const file of ['/etc/passwd', `${root}/../../../../../etc/passwd`, `${root}/../outside/app.wasm`]) {
        const said = await s.call('deploy_edge_app', { app_id: 101, file });
        assert.match(said, /file: is outside the folders given with --file-root: only a file inside them can be used/, file);
        refusals.push(said);
      }
      // A link leading out and a link to nothing say the same: the answer tells nothing of outside.
      const linked = await s.call('deploy_edge_app', { app_id: 101, file: path.join(root, 'passwd-link') });
      const out = await s.call('deploy_edge_app', { app_id: 101, file: path.join(root, 'out-link.wasm') });
      const dangling = await s.call('deploy_edge_app', { app_id: 101, file: path.join(root, 'dangling.wasm') });
      for (const said of [linked, out, dangling])
        assert.match(
          said,
          /file: is not a file inside the folders given with --file-root \(there is no such file there, or a link in its path leads outside them\)/,
        );
      assert.equal(out.replace('out-link.wasm', ''), dangling.replace('dangling.wasm', ''), 'a link out and a missing file answer alike');
      const tls = await s.call('create_tls_secret', {
        project_id: 1,
        region_id: 1,
        name: 'x',
        certificate_file: path.join(root, 'passwd-link'),
        private_key_file: '/etc/passwd',
      });
      assert.match(tls, /certificate_file: is not a file inside the folders given with --file-root/);
      for (const said of [...refusals, linked, out, dangling, tls]) assert.doesNotMatch(said, /root:x:0|WebAssembly/, 'nothing of the file read');
      assert.equal(s.asked.length, 0, 'nothing asked');
      assert.deepEqual(sent(), [], 'nothing sent');
      // Inside the root: asked with the file's full path, then sent once.
      const ok = await s.call('deploy_edge_app', { app_id: 101, file: path.join(root, 'app.wasm') });
      assert.match(ok, /^Deployed "app\.wasm"/);
      assert.ok(s.asked[0]!.message.includes(`File \`${path.join(root, 'app.wasm')}\``), s.asked[0]!.message);
      assert.deepEqual(sent().sort(), ['PATCH patchEdgeApp 1', 'POST storeEdgeBinary 1']);
    } finally {
      await s.close();
      sim.reset();
    }
  });

  it('create_tls_secret over MCP: the confirmation names the certificate, chain and key file paths (never the key)', async () => {
    const chain = makeChain();
    const files = { certificate_file: path.join(root, 'leaf.crt'), private_key_file: path.join(root, 'leaf.key'), chain_file: path.join(root, 'chain.crt') };
    writeFileSync(files.certificate_file, chain.leaf.certificatePem);
    writeFileSync(files.private_key_file, chain.leaf.privateKeyPem);
    writeFileSync(files.chain_file, chain.chainPem);
    const s = await session([root]);
    try {
      await s.call('create_tls_secret', { project_id: 1, region_id: 1, name: 'mcp-tls', ...files });
      const message = s.asked[0]!.message;
      for (const [label, file] of [
        ['Certificate file', files.certificate_file],
        ['Chain file', files.chain_file],
        ['Private key file', files.private_key_file],
      ]) {
        assert.ok(message.includes(`${label} \`${file}\``), `${label} in\n${message}`);
      }
      assert.ok(!message.includes(chain.leaf.privateKeyPem.split('\n')[1]!), 'never the key');
    } finally {
      await s.close();
    }
  });

  it('the command line: --file-root <folder> repeatable, resolved; a missing folder, a file or no value refuses to start', () => {
    assert.deepEqual(mcpOptionsFromArgs(['--allow-writes', '--file-root', root, `--file-root=${outside}`]), {
      allowWrites: true,
      allowDestructive: false,
      fileRoots: [root, outside],
    });
    assert.deepEqual(mcpOptionsFromArgs(['--file-root', 'root'], base), { allowWrites: false, allowDestructive: false, fileRoots: [root] });
    const missing = mcpOptionsFromArgs(['--file-root', path.join(base, 'nope')]);
    assert.ok('problem' in missing && /--file-root .*nope: does not exist; the server does not start/.test(missing.problem), JSON.stringify(missing));
    const file = mcpOptionsFromArgs(['--file-root', path.join(root, 'app.wasm')]);
    assert.ok('problem' in file && /app\.wasm: is not a folder/.test(file.problem), JSON.stringify(file));
    const bare = mcpOptionsFromArgs(['--allow-writes', '--file-root']);
    assert.ok(
      'problem' in bare && /--file-root needs a folder after it[\s\S]*Usage: platform-console-mcp .*\[--file-root <folder>\]/.test(bare.problem),
      JSON.stringify(bare),
    );
  });

  it('over stdio: a --file-root that is not a folder: exit code 2 and the reason on stderr', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/mcp.ts', '--allow-writes', '--file-root', path.join(base, 'nope')], {
      encoding: 'utf8',
      input: '',
      timeout: 30_000,
    });
    assert.equal(run.status, 2, run.stderr);
    assert.match(run.stderr, /--file-root .*nope: does not exist; the server does not start/);
  });
});

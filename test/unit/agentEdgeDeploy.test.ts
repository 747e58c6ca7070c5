// deploy_edge_app and delete_edge_binary against the simulator: the file outside the allowed
// folders (or none allowed, or a link leading out) or not WebAssembly is refused with nothing sent;
// the confirmation names the app, the binary change, the file's path, size and SHA-256 before
// anything is sent; accepted, one upload and one PATCH of exactly that file; a file changed after
// the confirmation is refused, nothing stored and the app unchanged (#52 item 4).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { appendFileSync, mkdtempSync, realpathSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createPlatformApi } from '../../src/platform/api';
import { HttpClient } from '../../src/platform/http';
import { PlatformLists } from '../../src/platform/platformLists';
import { agentTool, confirmation, runTool, type RunHost } from '../../src/features/agent/model/toolCatalog';
import type { AgentBinding } from '../../src/features/agent/model/toolKit';
import { startSimulator, type Simulator } from '../../simulator/index';

const KEY = 'agent-edge-deploy-key-71c4';
const WASM = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
const root = mkdtempSync(join(tmpdir(), 'ws-'));
const outside = mkdtempSync(join(tmpdir(), 'elsewhere-'));
const put = (dir: string, name: string, bytes: Buffer) => (writeFileSync(join(dir, name), bytes), join(dir, name));

describe('deploy tools', { timeout: 60_000 }, () => {
  let sim: Simulator;
  let bound: AgentBinding;
  before(async () => {
    sim = await startSimulator({ apiKey: KEY, dialect: 'platform' });
    const api = createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: KEY, dialect: 'platform' }));
    bound = {
      connectionName: 'Sim',
      baseUrl: sim.url,
      dialect: 'platform',
      api,
      lists: new PlatformLists(api),
      signal: new AbortController().signal,
      fileRoots: [root],
    };
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
  const run = (name: string, input: object, accept: boolean, onAsked?: () => void, on: AgentBinding = bound) => {
    const asked: string[] = [];
    const h: RunHost = {
      connections: async () => [],
      scrub: (t) => t,
      confirm: async (req) => {
        asked.push(confirmation(agentTool(name)!, req, on).message);
        onAsked?.();
        return accept ? undefined : 'Declined. Nothing was sent.';
      },
    };
    return { asked, answer: runTool(agentTool(name)!, on, input, h) };
  };
  const binaries = async () => (await bound.api.edge.listEdgeBinaries({ params: {} })).binaries.length;

  it('deploys: confirmation names app, binary change, size and SHA-256; one upload and one PATCH', async () => {
    const file = put(root, 'app.wasm', WASM);
    const before = await bound.api.edge.getOwnEdgeApp({ params: { app_id: 101 } });
    const r = run('deploy_edge_app', { app_id: 101, file }, true);
    const answer = await r.answer;
    assert.match(r.asked[0]!, new RegExp(`Binary \`${before.binary} -> new \\(assigned on upload\\)\``));
    assert.ok(r.asked[0]!.includes(createHash('sha256').update(WASM).digest('hex')));
    assert.match(r.asked[0]!, /Size `8 bytes`/);
    assert.ok(r.asked[0]!.includes(`File \`${realpathSync(file)}\``), 'the full path of the file read');
    const after = await bound.api.edge.getOwnEdgeApp({ params: { app_id: 101 } });
    assert.notEqual(after.binary, before.binary);
    assert.match(
      answer,
      new RegExp(
        `binary ${before.binary} -> ${after.binary}\\. The app's name as the platform gave it:\\n<platform-data [^\\n]+>\\n\\{"name":"hello-edge"\\}\\n</platform-data>$`,
      ),
    );
    assert.deepEqual(writes(), ['PATCH patchEdgeApp 1', 'POST storeEdgeBinary 1']);
  });

  it('refuses a file outside the workspace folders, and one that is not WebAssembly: nothing asked, nothing sent', async () => {
    const far = run('deploy_edge_app', { app_id: 101, file: put(outside, 'app.wasm', WASM) }, true);
    assert.match(await far.answer, /outside the workspace folders/);
    const text = run('deploy_edge_app', { app_id: 101, file: put(root, 'fake.wasm', Buffer.from('hello')) }, true);
    assert.match(await text.answer, /not WebAssembly/);
    assert.deepEqual([...far.asked, ...text.asked], []);
    assert.deepEqual(writes(), []);
  });

  it('declined: nothing sent; delete_edge_binary is destructive and refused while an app uses the binary', async () => {
    const r = run('deploy_edge_app', { app_id: 101, file: put(root, 'app.wasm', WASM) }, false);
    await r.answer;
    assert.deepEqual(writes(), []);
    assert.equal(agentTool('delete_edge_binary')!.kind, 'destructive');
    const used = (await bound.api.edge.getOwnEdgeApp({ params: { app_id: 101 } })).binary!;
    const d = run('delete_edge_binary', { binary_id: used }, true);
    assert.match(await d.answer, /409/);
  });

  it('no folder allowed (fileRoots absent or empty): refused before the file is opened, nothing asked or sent', async () => {
    const file = put(root, 'app.wasm', WASM);
    const { fileRoots: _, ...noRoots } = bound;
    for (const on of [noRoots, { ...bound, fileRoots: [] }]) {
      const r = run('deploy_edge_app', { app_id: 101, file }, true, undefined, on);
      assert.match(await r.answer, /file: cannot be used: no workspace folder is open/);
      assert.deepEqual(r.asked, []);
    }
    assert.deepEqual(writes(), []);
  });

  it('a link in the folder leading out, and root/../elsewhere: refused, nothing asked or sent', async () => {
    const far = put(outside, 'far.wasm', WASM);
    const link = join(root, 'link.wasm');
    symlinkSync(far, link);
    const linked = run('deploy_edge_app', { app_id: 101, file: link }, true);
    assert.match(await linked.answer, /file: is not a file inside the workspace folders/);
    const dotted = run('deploy_edge_app', { app_id: 101, file: `${root}/../${outside.split('/').pop()}/far.wasm` }, true);
    assert.match(await dotted.answer, /file: is outside the workspace folders/);
    assert.deepEqual([...linked.asked, ...dotted.asked], []);
    assert.deepEqual(writes(), []);
  });

  it('the file changed after the confirmation (same size and time, other bytes): refused, nothing stored, the app unchanged', async () => {
    const file = put(root, 'swap.wasm', WASM);
    const before = await bound.api.edge.getOwnEdgeApp({ params: { app_id: 101 } });
    const stored = await binaries();
    const { mtimeMs, atimeMs } = statSync(file);
    // The person confirmed one file; by the time it is sent its bytes are others, its size and time kept.
    const r = run('deploy_edge_app', { app_id: 101, file }, true, () => {
      writeFileSync(file, Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x0e, 0x0e, 0x0e, 0x0e]));
      utimesSync(file, atimeMs / 1000, mtimeMs / 1000);
    });
    const answer = await r.answer;
    assert.match(
      answer,
      /^Not deployed to edge app 101 on "Sim": "swap\.wasm changed after it was confirmed: the bytes read to send have SHA-256 [0-9a-f]{64}, not the [0-9a-f]{64} confirmed\. Nothing was stored/,
    );
    assert.equal(r.asked.length, 1);
    assert.equal(await binaries(), stored, 'no binary stored');
    assert.equal((await bound.api.edge.getOwnEdgeApp({ params: { app_id: 101 } })).binary, before.binary, 'the app still runs its binary');
    assert.ok(!writes().some((w) => w.startsWith('PATCH')), 'no PATCH');
  });

  it('the file grew after the confirmation: refused before a byte is sent', async () => {
    const file = put(root, 'grow.wasm', WASM);
    const r = run('deploy_edge_app', { app_id: 101, file }, true, () => appendFileSync(file, Buffer.from([1, 2, 3])));
    assert.match(await r.answer, /grow\.wasm changed after it was confirmed: its size is 11 bytes, not the 8 confirmed\. Nothing was stored/);
    assert.deepEqual(writes(), [], 'nothing sent at all');
  });
});

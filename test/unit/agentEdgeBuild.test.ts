// check_edge_build against the simulator: a file inside the allowed folders is hashed (MD5) and
// compared with the checksum of the binary the app runs: this build after a deploy, another build
// after a rebuild, both checksums given; the app's name comes as data; a file outside is refused
// with nothing read; an app without a readable binary is "cannot tell" with why. Nothing is written.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createPlatformApi } from '../../src/platform/api';
import { HttpClient } from '../../src/platform/http';
import { PlatformLists } from '../../src/platform/platformLists';
import { agentTool, runTool, type RunHost } from '../../src/features/agent/model/toolCatalog';
import type { AgentBinding } from '../../src/features/agent/model/toolKit';
import { startSimulator, type Simulator } from '../../simulator/index';

const KEY = 'agent-edge-build-key-2e91';
const WASM = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
const root = mkdtempSync(join(tmpdir(), 'ws-'));
const outside = mkdtempSync(join(tmpdir(), 'elsewhere-'));
const put = (dir: string, name: string, bytes: Buffer) => (writeFileSync(join(dir, name), bytes), join(dir, name));
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

describe('check_edge_build', { timeout: 60_000 }, () => {
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
  after(() => sim.close());
  const host: RunHost = { connections: async () => [], scrub: (t) => t, confirm: async () => 'a read asks for nothing' };
  const check = (input: object) => runTool(agentTool('check_edge_build')!, bound, input, host);

  it('is a read: runs this build after a deploy, another build after a rebuild, with both checksums; the name as data', async () => {
    assert.equal(agentTool('check_edge_build')!.kind, 'read');
    const first = Buffer.concat([WASM, Buffer.from('one')]);
    const file = put(root, 'app.wasm', first);
    const deployed = await runTool(agentTool('deploy_edge_app')!, bound, { app_id: 101, file }, { ...host, confirm: async () => undefined });
    assert.match(deployed, /Deployed/);
    const same = await check({ app_id: 101, file });
    assert.match(same, new RegExp(`Edge app 101 on .*Sim.* runs this build: .* has MD5 ${md5(first)}; the app's binary \\d+ has MD5 ${md5(first)}`));
    assert.match(same, /<platform-data [^\n]+>\n\{"name":"hello-edge","binary":\d+,"checksum":"[0-9a-f]{32}"\}\n<\/platform-data>$/);
    const second = Buffer.concat([WASM, Buffer.from('two')]);
    put(root, 'app.wasm', second);
    const other = await check({ app_id: 101, file });
    assert.match(other, new RegExp(`runs another build: .* has MD5 ${md5(second)}; the app's binary \\d+ has MD5 ${md5(first)}\\. deploy_edge_app`));
    const writes = Object.keys(sim.requestCounts()).filter((k) => !k.startsWith('GET'));
    assert.deepEqual(writes.sort(), ['PATCH patchEdgeApp', 'POST storeEdgeBinary'], 'only the deploy wrote');
  });
  it('refuses a file outside the allowed folders, naming the field; cannot tell for an app that is gone', async () => {
    const before = sim.requestCounts();
    assert.match(await check({ app_id: 101, file: put(outside, 'x.wasm', WASM) }), /file: is outside the workspace folders/);
    assert.deepEqual(sim.requestCounts(), before, 'nothing was asked of the platform');
    assert.match(
      await check({ app_id: 999_999, file: put(root, 'y.wasm', WASM) }),
      /Cannot tell which build Edge app 999999 .*edge app 999999 is gone \(404\)/,
    );
  });
});

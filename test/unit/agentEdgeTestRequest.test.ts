import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AGENT_TOOLS, languageModelToolsManifest } from '../../src/features/agent/model/toolCatalog';
import type { AppSeen } from '../../simulator/appServe';
import { agentSim } from '../support/agentSim';
import { startFakeDebugger, type FakeDebugger } from '../support/fakeDebugger';

const KEY = 'agent-edge-test-request-key-7a31';

describe('send_edge_test_request', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agent-edge-test-'));
  const t = agentSim(KEY, { fileRoots: [dir] });
  let fake: FakeDebugger;
  before(async () => {
    fake = await startFakeDebugger();
  });
  after(() => fake.close());
  const watched = () => {
    const seen: AppSeen[] = [];
    const stop = t.sim.watchAppCalls((s) => seen.push(s));
    return { seen, stop };
  };

  it("is a read (GET and HEAD only): offered without the writes' setting, no confirmation", () => {
    const tool = AGENT_TOOLS.find((x) => x.name === 'send_edge_test_request')!;
    assert.equal(tool.kind, 'read');
    assert.equal(tool.prepare, undefined);
    const entry = languageModelToolsManifest().find((m) => m.name === 'send_edge_test_request')!;
    assert.equal(entry.when, undefined);
    const method = (entry.inputSchema as { properties: { method: { enum: string[] } } }).properties.method;
    assert.deepEqual(method.enum, ['GET', 'HEAD']);
  });

  it("sends the GET to the app's URL without the key, and answers its status, headers and body as platform data", async () => {
    const w = watched();
    try {
      const { said } = await t.run('send_edge_test_request', { app_id: 101, path: '/hi?x=1', headers: { 'X-Test': '1' } });
      assert.match(
        said,
        /^GET \/hi\?x=1 sent once to edge app 101 at ".+\/__apps\/hello-edge-201" \(read on "Sim"\), without the connection's key\. The answers:\n<platform-data source="send_edge_test_request"/,
      );
      assert.match(said, /\napp: \{"status":200,"status_text":"OK",/);
      assert.ok(said.includes('app body: "Hello from hello-edge"'), said);
      assert.equal(w.seen.length, 1);
      assert.equal(w.seen[0]!.path, '/hi?x=1');
      assert.equal(w.seen[0]!.headers['x-test'], '1');
      assert.equal(w.seen[0]!.headers.authorization, undefined);
      assert.equal(w.seen[0]!.headers.apikey, undefined);
      assert.ok(!JSON.stringify(w.seen[0]!.headers).includes(KEY));
    } finally {
      w.stop();
    }
  });

  it('refuses any other method, a bad path or header, by field and rule, and sends nothing', async () => {
    const w = watched();
    try {
      const post = await t.run('send_edge_test_request', { app_id: 101, method: 'POST', path: '/' });
      assert.match(post.said, /^Refused before sending, nothing was sent: method: /);
      const path = await t.run('send_edge_test_request', { app_id: 101, path: '/a b' });
      assert.match(path.said, /path: must not contain spaces/);
      const header = await t.run('send_edge_test_request', { app_id: 101, path: '/', headers: { 'X-A': 'a\r\nInjected: 1' } });
      assert.match(header.said, /Header X-A: its value must not contain line breaks/);
      assert.equal(w.seen.length, 0);
    } finally {
      w.stop();
    }
  });

  it("with the Launcher's folder: the same request runs on the local debugger too; a folder outside the allowed ones is refused", async () => {
    const folder = join(dir, 'app');
    mkdirSync(join(folder, '.fastedge-debug'), { recursive: true });
    writeFileSync(join(folder, '.fastedge-debug', '.debug-port'), String(fake.port));
    fake.result = { ...fake.result, body: 'local \u202eanswer', headers: { 'content-type': 'text/plain' } };
    const { said } = await t.run('send_edge_test_request', { app_id: 101, path: '/', launcher_folder: folder });
    assert.ok(said.includes(`Also run by the local debugger on 127.0.0.1:${fake.port}.`), said);
    assert.ok(said.includes('local body: "local \\u202eanswer"'), said);
    assert.deepEqual(fake.executed.at(-1)!.body, { method: 'GET', path: '/', url: `${t.sim.url}/__apps/hello-edge-201/`, headers: {}, body: '' });
    const outside = await t.run('send_edge_test_request', { app_id: 101, path: '/', launcher_folder: tmpdir() });
    assert.match(outside.said, /launcher_folder/);
    assert.match(outside.said, /outside the workspace folders|is not a file inside/);
  });
});

// Send Test Request… in a real VS Code against the simulator, whose apps' URLs answer: the request
// reaches the app's URL (what it received, headers included, is watched in the simulator) with
// no Authorization or key; Back walks the steps; a refused path is said; a recent request is
// offered again. With the FastEdge Launcher's debugger running for the app's linked folder (a
// fake in the published shapes, test/support/fakeDebugger.ts) the same request runs there too
// and the two answers open side by side; without one, only the app's answer opens.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { AppSeen } from '../../simulator/appServe';
import { startSimulator, type Simulator } from '../../simulator/index';
import { startFakeDebugger, type FakeDebugger } from '../support/fakeDebugger';
import { PRESS_BACK, ScriptedUi, ACCEPT } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';
import { until } from './support/until';

const KEY = testKeys.simulator;
const COMMAND = 'platformConsole.sendEdgeTestRequest';

interface Shown {
  app: vscode.Uri;
  local?: vscode.Uri;
}

describe('Send Test Request', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let fake: FakeDebugger;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  let seen: AppSeen[] = [];
  let unwatch: () => void;
  const dir = mkdtempSync(join(tmpdir(), 'edge-test-'));
  const textOf = async (uri: vscode.Uri) => (await vscode.workspace.openTextDocument(uri)).getText();
  const activeInput = () => vscode.window.tabGroups.activeTabGroup.activeTab?.input;

  /** A Launcher folder linked to `appId`: its test config's headers, and the debugger's port file when given. */
  const linkFolder = async (name: string, appId: number, port?: string) => {
    const folder = join(dir, name);
    mkdirSync(join(folder, '.fastedge-debug'), { recursive: true });
    writeFileSync(
      join(folder, 'fastedge-config.test.json'),
      JSON.stringify({ request: { method: 'GET', url: 'http://localhost/', headers: { 'x-from-config': 'c' } } }),
    );
    if (port !== undefined) writeFileSync(join(folder, '.fastedge-debug', '.debug-port'), port);
    const wasm = vscode.Uri.file(join(folder, 'app.wasm'));
    await ext.edgeLinks.set({ wasm: wasm.toString(), connectionId, appId, appName: name, folder: vscode.Uri.file(folder).toString(), linkedAt: Date.now() });
    return wasm;
  };

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    fake = await startFakeDebugger();
    connectionId = (await ext.connections.signIn('edge-test-request', sim.url, KEY)).id;
    unwatch = sim.watchAppCalls((call) => seen.push(call));
  });
  beforeEach(async () => {
    sim.reset();
    seen = [];
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    unwatch();
    ext.setUi(undefined);
    for (const link of ext.edgeLinks.all().filter((l) => l.connectionId === connectionId)) await ext.edgeLinks.remove(vscode.Uri.parse(link.wasm));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await ext.connections.signOut(connectionId);
    await fake.close();
    await sim.close();
  });

  it("sends to the app's URL with no Authorization or key (what the app received), Back through the steps, a recent request offered again", async () => {
    const ui = new ScriptedUi(['POST', PRESS_BACK, 'GET', 'no-slash', '/hello?x=1', 'X-Test: 1', 'Bad Header: 2', '']);
    ext.setUi(ui);
    const shown = await vscode.commands.executeCommand<Shown>(COMMAND, 101);
    assert.ok(shown, 'the answer was shown');
    assert.equal(shown.local, undefined, 'no debugger: only the app answers');

    assert.equal(seen.length, 1, 'the app received one request');
    const got = seen[0]!;
    assert.equal(got.method, 'GET');
    assert.equal(got.path, '/hello?x=1');
    assert.equal(got.headers['x-test'], '1');
    assert.equal(got.headers.authorization, undefined, 'no Authorization');
    assert.equal(got.headers.apikey, undefined, 'no apikey');
    assert.ok(!JSON.stringify(got.headers).includes(KEY), 'the key is in no header');

    // Back from the path went to the method (asked again, what it set undone); the path and header were refused with their rule.
    const methods = ui.prompts.filter((p) => p.prompt === 'Method');
    assert.equal(methods.length, 2);
    assert.equal(methods[1]!.step, 1);
    const path = ui.prompts.find((p) => p.prompt.startsWith('Path'))!;
    assert.ok(ui.prompts.some((p) => p.refusals.includes('Path: must start with / (a path on the app, like /api/hello?q=1)')));
    assert.ok(path);
    assert.ok(ui.prompts.some((p) => p.refusals.some((r) => r.startsWith('Header name "Bad Header"'))));

    const text = await until('the answer document', async () => (activeInput() instanceof vscode.TabInputText ? textOf(shown.app) : undefined));
    assert.match(text, /^# App hello-edge \(id 101\) on edge-test-request\n# GET http:\/\/.+\/__apps\/hello-edge-201\/hello\?x=1\n\n200 OK\n/);
    assert.ok(text.includes('\nHello from hello-edge'), text);
    assert.equal((activeInput() as vscode.TabInputText).uri.toString(), shown.app.toString());

    // Again: the request just sent is offered first, and picking it fills every step.
    const again = new ScriptedUi(['GET /hello?x=1', ACCEPT, ACCEPT, { pick: ['X-Test: 1'] }, '']);
    ext.setUi(again);
    await vscode.commands.executeCommand<Shown>(COMMAND, 101);
    assert.deepEqual(again.prompts[0]!.items, ['$(add) New request…', 'GET /hello?x=1']);
    assert.equal(again.prompts.find((p) => p.prompt === 'Method')!.active, 'GET');
    assert.equal(again.prompts.find((p) => p.prompt.startsWith('Path'))!.value, '/hello?x=1');
    assert.deepEqual(again.prompts.find((p) => p.prompt.startsWith('Request headers'))!.items, ['X-Test: 1']);
    assert.equal(seen.length, 2);
    assert.equal(seen[1]!.path, '/hello?x=1');
    assert.equal(seen[1]!.headers['x-test'], '1');
  });

  it('with the Launcher debugger running for the linked folder: the same request goes to it, and the two answers open side by side', async () => {
    await linkFolder('with-debugger', 107, `${fake.port}\n`);
    fake.executed.length = 0;
    const ui = new ScriptedUi(['POST', '/p', { pick: ['x-from-config: c'] }, '', '{"a":1}']);
    ext.setUi(ui);
    const shown = await vscode.commands.executeCommand<Shown>(COMMAND, 107);
    assert.ok(shown?.local, 'the local run answered');
    const headersStep = ui.prompts.find((p) => p.kind === 'pick' && p.prompt.startsWith('Request headers'))!;
    assert.deepEqual(headersStep.items, ['x-from-config: c']);

    assert.equal(seen.length, 1);
    assert.equal(seen[0]!.method, 'POST');
    assert.equal(seen[0]!.headers['x-from-config'], 'c');
    assert.equal(seen[0]!.headers.authorization, undefined);
    assert.equal(fake.executed.length, 1, 'the debugger ran it once');
    const ran = fake.executed[0]!;
    assert.deepEqual(ran.body, {
      method: 'POST',
      path: '/p',
      url: `${sim.url}/__apps/kafka-logger-201/p`,
      headers: { 'x-from-config': 'c' },
      body: '{"a":1}',
    });
    assert.equal(ran.headers.authorization, undefined);
    assert.equal(ran.headers.apikey, undefined);

    const diff = await until('the diff of both answers', () => {
      const input = activeInput();
      return input instanceof vscode.TabInputTextDiff ? input : undefined;
    });
    assert.equal(diff.original.toString(), shown.app.toString());
    assert.equal(diff.modified.toString(), shown.local.toString());
    assert.ok((await textOf(shown.app)).includes('Hello from kafka-logger'));
    const local = await textOf(shown.local);
    assert.match(local, /^# Local run: the FastEdge Launcher's debugger on 127\.0\.0\.1:\d+\n/);
    assert.ok(local.includes('\nlocal answer'), local);
  });

  it('no debugger answering (a port file whose port nothing listens on, or no port at all): only the app answers', async () => {
    const closed = await startFakeDebugger();
    const port = closed.port;
    await closed.close();
    for (const [name, portText] of [
      ['stale-port', String(port)],
      ['bad-port', '99999'],
    ] as const) {
      await linkFolder(name, 107, portText);
      seen = [];
      const count = fake.executed.length;
      // The app's recent requests (the test above sent one) are offered first: a new one is asked for.
      ext.setUi(new ScriptedUi(['$(add) New request…', 'GET', '/', { pick: [] }, '']));
      const shown = await vscode.commands.executeCommand<Shown>(COMMAND, 107);
      assert.ok(shown, name);
      assert.equal(shown.local, undefined, `${name}: no local answer`);
      assert.equal(seen.length, 1, `${name}: the app received it`);
      assert.equal(fake.executed.length, count, `${name}: no debugger was asked`);
      await until(`${name}: the app's answer alone`, () => activeInput() instanceof vscode.TabInputText);
    }
  });
});

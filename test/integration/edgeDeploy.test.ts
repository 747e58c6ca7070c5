// Deploy to Edge App… in a real VS Code against the simulator: a .wasm deployed to a listed app
// (confirmed with connection, app, URL, binary old -> new, size and SHA-256; one upload and one
// PATCH in the simulator's record), Roll Back from the notification (PATCH to the old binary,
// confirmed), and a file that is not WebAssembly refused with nothing sent. #52: a file changed
// between the confirmation and the upload is refused with no binary stored and no PATCH; Open App
// URL opens http(s) only; Roll Back reads the app first and sends nothing when it no longer runs
// the binary deployed.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { appendFileSync, mkdtempSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import { ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';

const KEY = testKeys.simulator;
const WASM = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

describe('Deploy to Edge App', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  const dir = mkdtempSync(join(tmpdir(), 'deploy-'));
  const put = (name: string, bytes: Buffer) => (writeFileSync(join(dir, name), bytes), vscode.Uri.file(join(dir, name)));
  const writes = () =>
    Object.entries(sim.requestCounts())
      .filter(([k]) => !k.startsWith('GET'))
      .map(([k, n]) => `${k} ${n}`);
  const appOf = async (id: number) => (await ext.connections.api())!.edge.getOwnEdgeApp({ params: { app_id: id } });
  const until = async (test: () => Promise<boolean> | boolean, what: string) => {
    for (let i = 0; i < 100; i++) {
      if (await test()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.fail(`timed out waiting for ${what}`);
  };

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    connectionId = (await ext.connections.signIn('edge-deploy', sim.url, KEY)).id;
  });
  beforeEach(() => {
    sim.reset();
    sim.resetRequests();
  });
  after(async () => {
    ext.setUi(undefined);
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('deploys a .wasm to an app (one upload, one PATCH), then Roll Back points it at the old binary', async () => {
    const old = (await appOf(101)).binary!;
    const ui = new ScriptedUi([], (_m, actions) => (actions.includes('Deploy') ? 'Deploy' : actions.includes('Roll Back') ? 'Roll Back' : undefined));
    ext.setUi(ui);
    const done = await vscode.commands.executeCommand<{ appId: number; binary: number; previous?: number }>(
      'platformConsole.deployEdgeApp',
      put('app.wasm', WASM),
      101,
    );
    assert.ok(done, 'the deploy finished');
    assert.equal(done.previous, old);
    const detail = ui.confirms[0]!.detail;
    for (const line of [
      `Connection: edge-deploy (${sim.url})`,
      'ID: 101',
      `Binary: ${old} -> new (assigned on upload)`,
      'Size: 8 bytes',
      `SHA-256: ${createHash('sha256').update(WASM).digest('hex')}`,
    ])
      assert.ok(detail.includes(line), `${line} in\n${detail}`);
    const seen = sim.lastRequests('storeEdgeBinary')['POST storeEdgeBinary'];
    assert.deepEqual(seen?.body, { bytes: 8, md5: createHash('md5').update(WASM).digest('hex') }, 'the upload reached the simulator whole');
    assert.ok(
      ui.progressRuns.some((p) => p.cancellable && p.messages.some((m) => /8 bytes of 8 bytes sent/.test(m))),
      'progress in bytes, cancellable',
    );
    // The operation's words, as the chat tool and MCP answer them, then the command's own part.
    const deployed = `Deployed "app.wasm" to edge app 101 on edge-deploy: binary ${old} -> ${done.binary} (hello-edge).`;
    assert.ok(
      ui.notifications.some((n) => n.message === deployed),
      `${deployed} in\n${ui.notifications.map((n) => n.message).join('\n')}`,
    );
    // Roll Back was chosen on the notification: confirmed, then one more PATCH back to the old binary.
    await until(async () => (await appOf(101)).binary === old, 'the roll back');
    await ui.waitForNotification(new RegExp(`^Rolled back edge app 101 on edge-deploy: binary ${done.binary} -> ${old} \\(hello-edge\\)\\.$`));
    assert.deepEqual(writes(), ['PATCH patchEdgeApp 2', 'POST storeEdgeBinary 1']);
    assert.ok(
      ui.confirms.some((c) => c.detail.includes(`Binary: ${done.binary} -> ${old}`)),
      'Roll Back confirmed with the binary change',
    );
  });

  it('a file that is not WebAssembly is refused by name, nothing sent', async () => {
    const ui = new ScriptedUi([], () => 'Deploy');
    ext.setUi(ui);
    assert.equal(await vscode.commands.executeCommand('platformConsole.deployEdgeApp', put('notes.wasm', Buffer.from('plain text')), 101), undefined);
    assert.deepEqual(writes(), []);
    assert.equal(sim.requestCounts()['POST storeEdgeBinary'], undefined);
    assert.ok(ui.notifications.some((n) => n.severity === 'error' && /Cannot deploy notes\.wasm: it is not WebAssembly.*Nothing was sent/.test(n.message)));
    assert.equal(ui.confirms.length, 0, 'nothing asked either');
  });

  const binaries = async () => (await (await ext.connections.api())!.edge.listEdgeBinaries({ params: {} })).binaries.length;

  it('the file changed after the confirmation (other bytes, same size and time; or grown): refused, no binary stored, no PATCH', async () => {
    const old = (await appOf(101)).binary!;
    const stored = await binaries();
    for (const [name, change, said] of [
      [
        'swapped.wasm',
        (file: string) => {
          const { atimeMs, mtimeMs } = statSync(file);
          writeFileSync(file, Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x0e, 0x0e, 0x0e, 0x0e]));
          utimesSync(file, atimeMs / 1000, mtimeMs / 1000);
        },
        /the bytes read to send have SHA-256 [0-9a-f]{64}, not the [0-9a-f]{64} confirmed/,
      ],
      ['grown.wasm', (file: string) => appendFileSync(file, Buffer.from([1, 2, 3])), /its size is 11 bytes, not the 8 confirmed/],
    ] as const) {
      sim.resetRequests();
      const uri = put(name, WASM);
      // The person confirms; by the time the bytes go, the file is another.
      const ui = new ScriptedUi([], (_m, actions) => (actions.includes('Deploy') ? (change(uri.fsPath), 'Deploy') : undefined));
      ext.setUi(ui);
      assert.equal(await vscode.commands.executeCommand('platformConsole.deployEdgeApp', uri, 101), undefined, name);
      const error = await ui.waitForNotification(new RegExp(`Could not deploy ${name.replace('.', '\\.')}`));
      assert.equal(error.severity, 'error');
      assert.match(error.message, said);
      assert.match(error.message, /changed after it was confirmed[\s\S]*Nothing was stored/);
      assert.equal(await binaries(), stored, `${name}: no binary stored`);
      assert.equal((await appOf(101)).binary, old, `${name}: the app still runs its binary`);
      assert.ok(!writes().some((w) => w.startsWith('PATCH')), `${name}: no PATCH`);
    }
  });

  it('Open App URL after a deploy opens http(s) only: javascript:, file:, vscode: and a URL without a scheme are refused by name', async () => {
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'vscode://settings/x', 'hello.example/app']) {
      sim.setEdgeAppFields(101, { url });
      const ui = new ScriptedUi([], (_m, actions) => (actions.includes('Deploy') ? 'Deploy' : actions.includes('Open App URL') ? 'Open App URL' : undefined));
      ext.setUi(ui);
      assert.ok(await vscode.commands.executeCommand('platformConsole.deployEdgeApp', put('open.wasm', WASM), 101), url);
      const refused = await ui.waitForNotification(/^Not opened: the app's URL/);
      assert.equal(refused.severity, 'warning');
      assert.ok(refused.message.includes(`"${url}" cannot open in a browser`), refused.message);
    }
  });

  it('Roll Back reads the app first: changed since the deploy, it says what the app runs now and sends nothing', async () => {
    const old = (await appOf(101)).binary!;
    const other = (await appOf(102)).binary!;
    let deployed = 0;
    const ui = new ScriptedUi([], (message, actions) => {
      if (actions.includes('Deploy')) return 'Deploy';
      if (!actions.includes('Roll Back')) return undefined;
      // Someone else points the app at another binary before Roll Back is chosen.
      deployed = Number(/binary \d+ -> (\d+)/.exec(message)?.[1]);
      sim.setEdgeAppFields(101, { binary: other });
      return 'Roll Back';
    });
    ext.setUi(ui);
    const done = await vscode.commands.executeCommand<{ binary: number; previous?: number }>('platformConsole.deployEdgeApp', put('roll.wasm', WASM), 101);
    assert.equal(done?.previous, old);
    const refused = await ui.waitForNotification(/^Not rolled back/);
    assert.equal(deployed, done!.binary);
    assert.equal(refused.severity, 'warning');
    assert.match(
      refused.message,
      new RegExp(
        `now runs binary ${other}, not binary ${done!.binary} that was deployed; it was changed since the deploy \\(the platform does not say by whom\\)\\. Nothing was sent\\.`,
      ),
    );
    assert.equal(ui.confirms.filter((c) => c.detail.includes(`-> ${old}`)).length, 0, 'no roll back asked');
    assert.deepEqual(writes(), ['PATCH patchEdgeApp 1', 'POST storeEdgeBinary 1'], 'only the deploy was sent');
    assert.equal((await appOf(101)).binary, other);
  });
});

// *Try the Simulator* (#58) in a real VS Code: the command starts the simulator inside the
// extension and signs in to it as a connection marked simulator; the Protection Profiles view
// lists its seeded profiles; a second run reuses it; Sign Out and the window's end stop it (its
// port refuses); a simulator connection whose window ended is removed, one still served stays.
import * as assert from 'node:assert/strict';
import { createServer } from 'node:net';
import * as path from 'node:path';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator } from '../../simulator/index';
import { ScriptedUi } from '../support/scriptedUi';
import { EXTENSION_ID, platformConsole } from './support/extension';
import { until } from './support/until';

/** A port nothing listens on: one taken and given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('Try the Simulator', function () {
  this.timeout(60_000);
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  const run = async (ui: ScriptedUi, command: string) => {
    ext.setUi(ui);
    await vscode.commands.executeCommand(command);
    return ui;
  };
  const simulators = () => ext.connections.list().filter((c) => c.simulator);

  before(async () => {
    ext = await platformConsole();
  });
  after(async () => {
    for (const c of simulators()) await ext.connections.signOut(c.id, { explicit: false });
  });

  it('signs in to a simulator it starts on loopback, marked simulator; the profiles view lists its seeded profiles; a second run reuses it', async () => {
    const ui = await run(new ScriptedUi(), 'platformConsole.trySimulator');
    const active = ext.connections.active!;
    assert.equal(active.simulator, true);
    assert.equal(active.name, 'Simulator');
    assert.equal(active.dialect, 'platform');
    assert.match(active.baseUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(ext.simulator.url, active.baseUrl);
    assert.equal(ext.connections.signedIn, true, 'its key is in secret storage');
    assert.match(ui.notifications[0]?.message ?? '', /^Signed in to Simulator: a platform simulated in this window/);
    const lazy = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'lazy', 'simulator.js');
    assert.ok(require.cache[lazy], 'the simulator came from its lazy bundle');

    await ext.profiles.getChildren();
    await ext.profiles.settled();
    const labels = await Promise.all((await ext.profiles.getChildren()).map(async (node) => (await ext.profiles.getTreeItem(node)).label));
    assert.equal(labels.length, 202, '200 profiles, Load more, Templates');
    assert.equal(labels[200], 'Load more (50 more)', 'the 250 seeded profiles');

    const again = await run(new ScriptedUi(), 'platformConsole.trySimulator');
    assert.equal(simulators().length, 1);
    assert.equal(ext.connections.active?.id, active.id);
    assert.equal(ext.simulator.url, active.baseUrl, 'the same simulator');
    assert.match(again.notifications[0]?.message ?? '', /^Simulator is running in this window/);

    // The chat agent's confirmation says it too (nothing is sent before it is allowed).
    const cancel = new vscode.CancellationTokenSource();
    const prepared = await ext.agentTool('create_report')!.prepareInvocation!({ input: { template_code: 'ResellerPlans' } }, cancel.token);
    const asked = prepared?.confirmationMessages;
    assert.match(asked?.title ?? '', /on Simulator \(the simulator\)\?$/);
    const said = typeof asked?.message === 'string' ? asked.message : (asked?.message.value ?? '');
    assert.match(said, /^On connection `Simulator` \(`http:\/\/127\.0\.0\.1:\d+`, platform API; the simulator running in this window, not a platform\):/);
  });

  it('Sign Out of it stops the simulator: its port refuses, and its connection is gone', async () => {
    const sim = simulators()[0]!;
    assert.equal((await fetch(`${sim.baseUrl}/security/sifter/v3/profiles/all`)).status, 401, 'it answers before');
    await run(new ScriptedUi([{ pick: sim.name }]), 'platformConsole.signOut');
    await until('the simulator stopped', () => ext.simulator.url === undefined);
    await assert.rejects(fetch(`${sim.baseUrl}/security/sifter/v3/profiles/all`), /fetch failed/);
    assert.equal(simulators().length, 0);
  });

  it("the window's end (the feature disposed) stops the simulator and removes its connection", async () => {
    await run(new ScriptedUi(), 'platformConsole.trySimulator');
    const url = ext.simulator.url!;
    assert.equal((await fetch(`${url}/security/sifter/v3/profiles/all`)).status, 401, 'it answers before');
    await ext.simulator.end();
    await assert.rejects(fetch(`${url}/security/sifter/v3/profiles/all`), /fetch failed/);
    assert.equal(simulators().length, 0);
    assert.equal(ext.simulator.url, undefined);
  });

  it('a simulator connection left by a window that ended is removed; one still served stays', async () => {
    const served = await startSimulator({ apiKey: 'served-simulator-key-0001' });
    try {
      const ended = await ext.connections.signIn('Simulator', `http://127.0.0.1:${await closedPort()}`, 'ended-simulator-key-0001', 'platform', {
        simulator: true,
      });
      const live = await ext.connections.signIn('Simulator 2', served.url, 'served-simulator-key-0001', 'platform', { simulator: true });
      await ext.simulator.forgetEnded();
      assert.deepEqual(
        simulators().map((c) => c.id),
        [live.id],
      );
      assert.ok(!ext.connections.list().some((c) => c.id === ended.id));
      await ext.connections.signOut(live.id, { explicit: false });
    } finally {
      await served.close();
    }
  });
});

// The platform's dialect in a real VS Code: Sign In proposes the dialect from the URL (Back
// works, the other can be picked), the trees, flows and panels of a platform connection send the
// platform's paths (proven from the simulator's record), Change API Dialect switches an existing
// connection, old connections move to a dialect once, and a per-area base URL comes from the
// person's own settings only, never from the workspace's, and applies to the base URL it was set
// for only (issue #37 item 8).
import * as assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import { SEEDED_REPORTS } from '../../simulator/state/seedBilling';
import { ACCEPT, PRESS_BACK, ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';
import { until } from './support/until';

const KEY = testKeys.simulator;

describe("dialects: the spec's paths or the real platform's, per connection", function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  const made: string[] = [];
  const run = async <T>(ui: ScriptedUi, command: string, ...args: unknown[]) => {
    ext.setUi(ui);
    return vscode.commands.executeCommand<T>(command, ...args);
  };

  before(async () => {
    ext = await platformConsole();
    // The platform's paths only: a spec path would answer 404 here.
    sim = await startSimulator({ apiKey: KEY, dialect: 'platform' });
  });
  after(async () => {
    ext.setUi(undefined);
    for (const id of made) await ext.connections.signOut(id);
    // The previews and the report table opened, the views revealed: closed and hidden again.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.view.explorer');
    await sim.close();
  });

  it('Sign In: the dialect step proposes what the URL implies, says so, and Back returns to the URL', async () => {
    // Back from the dialect clears the URL (a step's Back undoes what it set): typed again.
    const ui = new ScriptedUi(['dialect-a', sim.url, PRESS_BACK, sim.url, ACCEPT, KEY]);
    await run(ui, 'platformConsole.signIn');
    assert.deepEqual(
      ui.prompts.map((p) => [p.step, p.totalSteps, p.kind]),
      [
        [1, 4, 'input'],
        [2, 4, 'input'],
        [3, 4, 'pick'],
        [2, 4, 'input'],
        [3, 4, 'pick'],
        [4, 4, 'input'],
      ],
    );
    const step = ui.prompts[2]!;
    assert.deepEqual(step.items, ['Spec', 'Platform']);
    assert.match(step.prompt, /^API dialect for 127\.0\.0\.1:\d+: Spec \(from the URL\)$/);
    assert.equal(step.active, 'Spec', "the URL's dialect is the highlighted item");
    const connection = ext.connections.active!;
    made.push(connection.id);
    assert.equal(connection.name, 'dialect-a');
    assert.equal(connection.dialect, 'spec');
    // A spec connection to a platform-only server: the differing paths answer 404.
    const api = await ext.connections.api();
    await assert.rejects(api!.edge.getEdgeApp({ params: { app_id: 101 } }), /Not found \(HTTP 404\)/);
  });

  it("Sign In to the platform's host proposes Platform; the person may pick Spec instead", async () => {
    // The key cannot be checked offline: the second Enter saves it anyway.
    const ui = new ScriptedUi(['dialect-b', 'https://api.gcore.com', 'Spec', 'offline-key-0', 'offline-key-0']);
    await run(ui, 'platformConsole.signIn');
    assert.match(ui.prompts[2]!.prompt, /^API dialect for api\.gcore\.com: Platform \(from the URL\)/);
    assert.equal(ui.prompts[2]!.active, 'Platform');
    const connection = ext.connections.list().find((c) => c.name === 'dialect-b')!;
    made.push(connection.id);
    assert.equal(connection.dialect, 'spec', "the person's choice wins over the URL's");
  });

  it("a platform connection's trees, flows and panels send the platform's paths (the simulator's record)", async () => {
    const ui = new ScriptedUi(['dialect-platform', sim.url, 'Platform', KEY]);
    await run(ui, 'platformConsole.signIn');
    const connection = ext.connections.active!;
    made.push(connection.id);
    assert.equal(connection.dialect, 'platform');
    sim.resetRequests();

    // Protection Profiles: the list, then a rename from the tree.
    await ext.profiles.setFilters({ sort: [] });
    await ext.profiles.getChildren();
    await ext.profiles.settled();
    const profile = ext.profiles.nodeFor(1);
    assert.ok(profile, 'profile 1 is listed');
    await run(
      new ScriptedUi(['Renamed through the platform path'], (_m, buttons) => (buttons.includes('Save') ? 'Save' : undefined)),
      'platformConsole.renameProfile',
      profile,
    );
    await until('the rename to be saved', () => (sim.requestCounts()['PATCH updateProtectionProfile'] ?? 0) === 1);

    // Edge: pin a client, an app and a template.
    for (const [command, id] of [
      ['platformConsole.addEdgeClient', '201'],
      ['platformConsole.addEdgeApp', '101'],
      ['platformConsole.openEdgeTemplate', '302'],
    ] as const) {
      await run(new ScriptedUi([id]), command);
    }
    await ext.edge.settled();
    assert.equal(ext.edge.pinNode('app', 101)?.state.status, 'ok');
    assert.equal(ext.edge.pinNode('client', 201)?.state.status, 'ok');

    // Report Tasks: open a report by its UUID (the same path in both dialects).
    await run(new ScriptedUi([SEEDED_REPORTS.Completed]), 'platformConsole.openReport');

    // A platform-only simulator: every path it matched is the platform's; a spec path would be `none`.
    const counts = sim.requestsByDialect();
    assert.deepEqual(
      Object.keys(counts).filter((k) => !k.startsWith('platform ')),
      [],
      'no request to a path the platform does not serve',
    );
    for (const route of [
      'GET getEdgeApp',
      'GET getEdgeClient',
      'GET getEdgeTemplate',
      'GET listProtectionProfilesPaged',
      'PATCH updateProtectionProfile',
      'GET getReport',
    ]) {
      assert.ok((counts[`platform ${route}`] ?? 0) >= 1, `${route} was sent`);
    }
    const last = sim.lastRequests();
    assert.equal(last['PATCH updateProtectionProfile']?.path, '/security/sifter/v3/profiles/1');
    assert.equal(last['GET getEdgeApp']?.path, '/fastedge/v1/admin/apps/101');
    assert.equal(last['GET getEdgeTemplate']?.path, '/fastedge/v1/admin/template/302');
    assert.equal(last['GET getEdgeClient']?.path, '/fastedge/v1/admin/clients/201');
    // The view pages where the platform does: its own paged list, not /all.
    assert.equal(last['GET listProtectionProfilesPaged']?.path, '/security/sifter/v3/profiles');
    assert.equal(last['GET listProtectionProfiles'], undefined);
    // The platform's list items carry no field values: the view says so instead of showing none
    // (profile 1 now holds the PATCH answer; profile 2 is as the list sent it).
    const listed = ext.profiles.nodeFor(2);
    assert.ok(listed, 'profile 2 is listed');
    const fields = (await ext.profiles.getChildren(listed)).find((n) => n.constructor.name === 'FieldsNode');
    assert.ok(fields, 'the profile has a Fields row');
    assert.equal((await ext.profiles.getTreeItem(fields)).description, 'not in the list response');
    // Expanding the row reads the profile itself, on the platform's path, and shows its values.
    const values = await ext.profiles.getChildren(fields);
    assert.equal(sim.lastRequests()['GET getProtectionProfile']?.path, '/security/sifter/v3/profiles/2');
    assert.equal(values.length, listed.profile.fields?.length);
    assert.ok(values.length > 0, 'profile 2 has field values');
  });

  it('Change API Dialect… switches an existing connection; its key and pins stay', async () => {
    const connection = ext.connections.active!;
    assert.equal(connection.dialect, 'platform');
    const ui = new ScriptedUi([connection.name, 'Spec']);
    await run(ui, 'platformConsole.changeDialect');
    assert.equal(ext.connections.active?.dialect, 'spec');
    assert.equal(await ext.connections.hasApiKey(connection.id), true);
    await ui.waitForNotification(/^dialect-platform now speaks the Spec dialect/);
    // Now the platform-only server answers the spec's edge path with 404: Refresh says so on the pin.
    await run(new ScriptedUi(), 'platformConsole.refreshEdge', ext.edge.pinNode('app', 101));
    assert.equal(ext.edge.pinNode('app', 101)?.state.status, 'notFound');
    assert.equal(sim.lastRequests()['GET (unknown)']?.path, '/edge/v1/admin/apps/101', "the spec's path, which this server does not serve");
    await run(new ScriptedUi([connection.name, 'Platform']), 'platformConsole.changeDialect');
    await run(new ScriptedUi(), 'platformConsole.refreshEdge', ext.edge.pinNode('app', 101));
    assert.equal(ext.edge.pinNode('app', 101)?.state.status, 'ok');
  });

  it("a connection stored before dialects moves to one, once: the platform's host to Platform, others to Spec", async () => {
    // The stored list as an older version wrote it (no dialect), beside today's connections.
    const state = (ext.connections as unknown as { context: vscode.ExtensionContext }).context.globalState;
    const today = state.get<unknown[]>('platformConsole.connections', []);
    const old = [
      { id: 'old-platform', name: 'old-platform', baseUrl: 'https://api.gcore.com' },
      { id: 'old-staging', name: 'old-staging', baseUrl: 'https://staging.example.com' },
    ];
    await state.update('platformConsole.connections', [...today, ...old]);
    try {
      await ext.connections.migrateDialects();
      const stored = state.get<{ id: string; dialect?: string }[]>('platformConsole.connections', []);
      assert.equal(stored.find((c) => c.id === 'old-platform')?.dialect, 'platform');
      assert.equal(stored.find((c) => c.id === 'old-staging')?.dialect, 'spec');
      assert.ok(
        ext.log.recent.some((l) => l.includes('Connection old-platform (https://api.gcore.com) speaks the Platform dialect (chosen from its base URL)')),
      );
    } finally {
      await state.update(
        'platformConsole.connections',
        state.get<{ id: string }[]>('platformConsole.connections', []).filter((c) => !c.id.startsWith('old-')),
      );
    }
  });

  describe('per-area base URLs', () => {
    let edgeHost: Simulator;
    let settingsFile: string | undefined;
    const config = () => vscode.workspace.getConfiguration('platformConsole');

    before(async () => {
      edgeHost = await startSimulator({ apiKey: KEY, dialect: 'platform' });
      // The setting applies to platform connections; the one signed in above is one.
      assert.equal(ext.connections.active?.dialect, 'platform');
    });
    after(async () => {
      await config().update('areaBaseUrls', undefined, vscode.ConfigurationTarget.Global);
      if (settingsFile) await rm(settingsFile, { force: true });
      await edgeHost.close();
    });

    it("a workspace's settings never send the key elsewhere: its areaBaseUrls is ignored", async () => {
      const folder = vscode.workspace.workspaceFolders?.[0];
      assert.ok(folder, 'the tests run in a workspace folder');
      await mkdir(join(folder.uri.fsPath, '.vscode'), { recursive: true });
      settingsFile = join(folder.uri.fsPath, '.vscode', 'settings.json');
      await writeFile(settingsFile, JSON.stringify({ 'platformConsole.areaBaseUrls': { [sim.url]: { edge: edgeHost.url } } }));
      await until('VS Code to read the workspace settings', () => config().inspect('areaBaseUrls')?.workspaceValue !== undefined, 5000).catch(() => undefined);
      sim.resetRequests();
      edgeHost.resetRequests();
      await run(new ScriptedUi(), 'platformConsole.refreshEdge', ext.edge.pinNode('app', 101));
      assert.equal(ext.edge.pinNode('app', 101)?.state.status, 'ok');
      assert.deepEqual(edgeHost.requestCounts(), {}, "nothing reached the workspace's host");
      assert.equal(sim.requestCounts()['GET getEdgeApp'], 1);
    });

    it("the person's own setting sends that area to its host, and only that area", async () => {
      await config().update('areaBaseUrls', { [sim.url]: { edge: edgeHost.url } }, vscode.ConfigurationTarget.Global);
      sim.resetRequests();
      edgeHost.resetRequests();
      await run(new ScriptedUi(), 'platformConsole.refreshEdge', ext.edge.pinNode('app', 101));
      await ext.profiles.reload();
      assert.deepEqual(edgeHost.requestCounts(), { 'GET getEdgeApp': 1 });
      assert.equal(sim.requestCounts()['GET getEdgeApp'], undefined);
      assert.ok((sim.requestCounts()['GET listProtectionProfilesPaged'] ?? 0) >= 1, "profiles still go to the connection's URL");
      assert.ok(
        ext.log.recent.some((l) => l.includes(`edge requests go to ${edgeHost.url}`)),
        'the log says where edge requests go',
      );
    });

    it('set for another base URL, or in the flat shape of before, they are not used: a connection elsewhere sends nothing to the area host', async () => {
      const home = ext.connections.active!;
      const other = await startSimulator({ apiKey: KEY, dialect: 'platform' });
      try {
        const elsewhere = await ext.connections.signIn('dialect-elsewhere', other.url, KEY, 'platform');
        made.push(elsewhere.id);
        // The flat shape was read for every platform connection: now for https://api.gcore.com only.
        for (const setting of [{ edge: edgeHost.url }, { [sim.url]: { edge: edgeHost.url } }]) {
          await config().update('areaBaseUrls', setting, vscode.ConfigurationTarget.Global);
          edgeHost.resetRequests();
          other.resetRequests();
          const from = ext.log.mark();
          const api = await ext.connections.api();
          assert.equal((await api!.edge.getEdgeApp({ params: { app_id: 101 } })).id, 101);
          assert.deepEqual(edgeHost.requestCounts(), {}, `${JSON.stringify(setting)}: no request, so no key, reached the area host`);
          assert.deepEqual(other.requestCounts(), { 'GET getEdgeApp': 1 }, "the connection's own URL answered");
          const said = ext.log.since(from).join('\n');
          assert.doesNotMatch(said, /edge requests go to/);
          assert.match(
            said,
            'edge' in setting
              ? /areas set without a base URL \(edge\) apply to https:\/\/api\.gcore\.com in the Platform dialect only, not to this connection/
              : /area base URLs are set for http:\/\/127\.0\.0\.1:\d+, not for http:\/\/127\.0\.0\.1:\d+/,
          );
        }
        // The connection the set names still uses it.
        await config().update('areaBaseUrls', { [sim.url]: { edge: edgeHost.url } }, vscode.ConfigurationTarget.Global);
        await ext.connections.switchTo(home.id);
        edgeHost.resetRequests();
        await (await ext.connections.api())!.edge.getEdgeApp({ params: { app_id: 101 } });
        assert.deepEqual(edgeHost.requestCounts(), { 'GET getEdgeApp': 1 });
      } finally {
        await ext.connections.switchTo(home.id);
        await other.close();
      }
    });
  });
});

// One action, one account, in a real VS Code against two simulators (two platforms, two keys):
// an edit or a submit started on A goes to A even when the person switches to B mid-flow or
// before Retry; Sign Out stops every use of the key at once (a task watch, a document's Refresh)
// and clears what was stored for the connection; the environment sign-in does not undo an
// explicit Sign Out; an edge template read on A never lands in B's preview.
import * as assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { Connection } from '../../src/connections/connectionManager';
import { secretKey } from '../../src/connections/storedConnections';
import { startSimulator, type Simulator } from '../../simulator/index';
import { ACCEPT, ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';
import { fence } from './support/fence';
import { until } from './support/until';

const KEY_A = testKeys.simulator;
const KEY_B = testKeys.revoked;
const ADD_INTERVAL = '$(add) Add an interval schedule…';
const KEEP = '$(check) Keep this schedule';
const REVIEW = '$(check) Review and Submit (1)';
const SUBMIT = '$(cloud-upload) Submit 1 schedule(s)';

describe('one action, one account; Sign Out revokes', function () {
  this.timeout(60_000);
  let a: Simulator;
  let b: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connA: Connection;
  let connB: Connection;
  const config = (section: string) => vscode.workspace.getConfiguration(section);
  const run = async <T>(ui: ScriptedUi, command: string, ...args: unknown[]) => {
    ext.setUi(ui);
    return vscode.commands.executeCommand<T>(command, ...args);
  };
  const totalOf = (counts: Record<string, number>) => Object.values(counts).reduce((x, y) => x + y, 0);
  const total = (sim: Simulator) => totalOf(sim.requestCounts());

  before(async () => {
    ext = await platformConsole();
    a = await startSimulator({ apiKey: KEY_A, taskDurationMs: 60_000, accountLabel: 'account A' });
    b = await startSimulator({ apiKey: KEY_B, accountLabel: 'account B' });
    connB = await ext.connections.signIn('account-b', b.url, KEY_B);
    connA = await ext.connections.signIn('account-a', a.url, KEY_A);
    await config('platformConsole.cloud').update('projectId', 1, vscode.ConfigurationTarget.Global);
    await config('platformConsole.cloud').update('regionId', 1, vscode.ConfigurationTarget.Global);
    await config('platformConsole.edge').update('refreshIntervalSeconds', 0, vscode.ConfigurationTarget.Global);
  });
  beforeEach(async () => {
    // Each test starts with both accounts signed in, whatever the one before did.
    if (!ext.connections.list().some((c) => c.id === connB.id)) connB = await ext.connections.signIn('account-b', b.url, KEY_B);
    if (!ext.connections.list().some((c) => c.id === connA.id)) connA = await ext.connections.signIn('account-a', a.url, KEY_A);
  });
  afterEach(() => {
    a.clearFaults();
    b.clearFaults();
    ext.setUi(undefined);
  });
  after(async () => {
    for (const [section, key] of [
      ['platformConsole.cloud', 'projectId'],
      ['platformConsole.cloud', 'regionId'],
      ['platformConsole.edge', 'refreshIntervalSeconds'],
    ] as const) {
      await config(section).update(key, undefined, vscode.ConfigurationTarget.Global);
    }
    for (const c of ext.connections.list().filter((c) => c.name.startsWith('account-'))) await ext.connections.signOut(c.id);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await a.close();
    await b.close();
  });

  it('Rename started on A: switching to B mid-wizard and again before Retry, every PATCH goes to A', async () => {
    await ext.connections.switchTo(connA.id);
    await ext.profiles.reload();
    await ext.profiles.getChildren();
    const node = ext.profiles.nodeFor(1);
    assert.ok(node, 'profile 1 of A is listed');
    a.resetRequests();
    b.resetRequests();
    a.setFault({ route: 'updateProtectionProfile', kind: 'status', status: 500, times: 1 });
    const ui = new ScriptedUi(['Renamed on A', 'Renamed on A again'], (message) =>
      /^Could not rename/.test(message) ? 'Retry' : /^Rename protection profile /.test(message) ? 'Save' : undefined,
    );
    // The person switches to B while the box is open, and again (from B) before Retry reopens it.
    ui.beforeAnswer = () => ext.connections.switchTo(connB.id);
    await run(ui, 'platformConsole.renameProfile', node);
    assert.equal(ext.connections.active?.id, connB.id, 'B is the active connection now');
    assert.ok(
      ui.prompts.every((p) => p.title === 'Rename Protection Profile on account-a'),
      'every step names A',
    );
    assert.equal(a.requestCounts()['PATCH updateProtectionProfile'], 2, 'the PATCH and its Retry went to A');
    assert.equal(b.requestCounts()['PATCH updateProtectionProfile'], undefined, 'none reached B');
    assert.equal(
      a.lastRequests('updateProtectionProfile')['PATCH updateProtectionProfile']?.body &&
        (a.lastRequests('updateProtectionProfile')['PATCH updateProtectionProfile']!.body as { name: string }).name,
      'Renamed on A again',
    );
    await ui.waitForNotification(/^Renamed ".*" to "Renamed on A again"\./);
  });

  it('Add Snapshot Schedules started on A: the POST goes to A after a switch to B mid-flow', async () => {
    await ext.connections.switchTo(connA.id);
    a.resetRequests();
    b.resetRequests();
    const ui = new ScriptedUi([ACCEPT, ACCEPT, 'nightly-snapshots', ADD_INTERVAL, '1', '0', '0', '0', '2', '0', '0', ACCEPT, KEEP, REVIEW, SUBMIT]);
    let switched = false;
    ui.beforeAnswer = async (prompt) => {
      if (!switched && prompt.prompt.includes('policy')) {
        switched = true;
        await ext.connections.switchTo(connB.id);
      }
    };
    await run(ui, 'platformConsole.addSnapshotSchedules');
    assert.ok(switched, 'the switch happened mid-flow');
    await ui.waitForNotification(/now has \d+ schedules; 1 added\./);
    assert.equal(a.requestCounts()['POST addSchedules'], 1);
    assert.equal(b.requestCounts()['POST addSchedules'], undefined);
    assert.deepEqual(
      [...new Set(ui.prompts.map((p) => p.title))].filter((t) => !t.includes('account-a')),
      [],
      'every step names A',
    );
  });

  /** Creates a secret on A and waits until its task is being watched (read at least once). */
  async function watchedSecret(name: string): Promise<{ ui: ScriptedUi; watching: Thenable<unknown> }> {
    await ext.connections.switchTo(connA.id);
    const dir = await mkdtemp(join(tmpdir(), 'one-account-'));
    const payload = join(dir, 'payload.bin');
    await writeFile(payload, name);
    const ui = new ScriptedUi([ACCEPT, ACCEPT, name, 'opaque', '$(file) A file', payload, ACCEPT, 'No optional metadata', '$(check) Create Secret']);
    const reads = a.requestCounts()['GET getTask'] ?? 0;
    const watching = run(ui, 'platformConsole.createSecret');
    await until('the task watch to read the task', () => (a.requestCounts()['GET getTask'] ?? 0) > reads, 15_000);
    return { ui, watching };
  }

  it('Sign Out while a secret task is watched: the watch stops at once, the key is not used again', async () => {
    const { ui, watching } = await watchedSecret('watched-secret');
    await ext.connections.signOut(connA.id);
    const atSignOut = total(a);
    await watching;
    const stopped = await ui.waitForNotification(/^Stopped following secret watched-secret/);
    assert.match(stopped.message, /account-a was signed out/);
    assert.equal(stopped.severity, 'warning');
    // The watch has ended (the command returned, its notification shown); the fence: any request
    // sent before it has reached A.
    assert.equal(totalOf(await fence(a)), atSignOut, 'no request reached A after Sign Out');
  });

  it('another window signs out (the key leaves the secret storage windows share): the watch here stops, the key is not used again', async () => {
    const { ui, watching } = await watchedSecret('elsewhere-secret');
    // What the other window's Sign Out does here: the extension's secret storage loses the key.
    const { secrets } = (ext.connections as unknown as { context: vscode.ExtensionContext }).context;
    await secrets.delete(secretKey(connA.id));
    try {
      const stopped = await ui.waitForNotification(/^Stopped following secret elsewhere-secret/);
      assert.match(stopped.message, /account-a was signed out/);
      await watching;
      const atStop = total(a);
      assert.equal(totalOf(await fence(a)), atStop, 'no request reached A once the key was gone');
      assert.equal(await ext.connections.hasApiKey(connA.id), false);
    } finally {
      // The rest of that Sign Out (the connection leaves the list every window shares).
      await ext.connections.signOut(connA.id);
    }
  });

  it('Sign Out with a billing document open: its Refresh sends nothing and asks to sign in', async () => {
    await ext.connections.switchTo(connA.id);
    // The document's Refresh speaks through the UI of the action that opened it.
    const ui = new ScriptedUi();
    const uri = await run<vscode.Uri | undefined>(ui, 'platformConsole.showTrial', 401);
    assert.ok(uri, 'the trial is shown');
    await ext.connections.signOut(connA.id);
    const before = total(a);
    await vscode.commands.executeCommand('platformConsole.refreshReadableView');
    const asked = await ui.waitForNotification(/account-a was signed out/);
    assert.ok(asked.actions.includes('Sign In'), 'it offers Sign In');
    assert.equal(total(a), before, 'the old key was not sent');
  });

  it('Sign Out racing a bind() that waits for the key: nothing is sent with the signed-out key', async () => {
    // Only this test's own request counts (limit 1, which no view asks for): a view still loading
    // from the sign-in in beforeEach may reach A at any moment and is not what is tested here.
    const seen: string[] = [];
    const ours: string[] = [];
    const stopWatching = a.watchRequests((r) => {
      seen.push(`${r.method} ${r.route}?${new URLSearchParams(r.query).toString()}`);
      if (r.route === 'listProjects' && r.query.limit === '1') ours.push(r.at);
    });
    try {
      // bind() awaits the key; Sign Out begins (and revokes) before it resumes.
      const pending = ext.connections.bind(connA.id);
      const signingOut = ext.connections.signOut(connA.id);
      const bound = await pending;
      // Used at once, as an action would: before the Sign Out has finished deleting the key.
      const sent = bound?.api.cloud.listProjects({ params: {}, query: { limit: 1 } });
      if (bound) assert.ok(bound.signal.aborted, 'a binding made across the Sign Out is already revoked');
      if (sent) await assert.rejects(sent, (error: { kind?: string }) => error.kind === 'signedOut');
      await signingOut;
      // Ordering fence: a request sent after the Sign Out reaches A after any the race let through.
      await fetch(`${a.url}/cloud/v1/projects?limit=2`, { headers: { Authorization: `apikey ${KEY_A}` } });
      await until('the fence to reach A', () => seen.some((s) => s.includes('listProjects?limit=2')));
      assert.deepEqual(ours, [], `no request of the raced binding reached A; A saw: ${seen.join(', ')}`);
    } finally {
      stopWatching();
    }
  });

  it('a row listed on A, acted on after a switch to B: nothing is sent to either, the person is told why', async () => {
    // A protection profile row and a snapshot policy row of the Cloud view, both listed on A.
    await ext.connections.switchTo(connA.id);
    await ext.profiles.reload();
    await ext.profiles.getChildren();
    const profileRow = ext.profiles.nodeFor(1);
    assert.ok(profileRow, 'profile 1 of A is listed');
    const policyRow = { listedOn: connA.id, cloudTarget: { kind: 'policy', connectionId: connA.id, projectId: 1, regionId: 1, id: 1, name: 'nightly' } };
    // An edge app pinned on A (B has an app 101 too).
    await ext.edge.getChildren();
    await ext.edge.pin('app', [101]);
    const appRow = ext.edge.pinNode('app', 101);
    assert.ok(appRow, 'app 101 is pinned on A');
    // An edge secret row listed on A (B has a secret of the same id).
    await ext.edge.listing.secrets.reload(true);
    const group = (await Promise.all((await ext.edge.getChildren()).map(async (n) => [n, (await ext.edge.getTreeItem(n)).id] as const))).find(
      ([, id]) => id === 'edge.listed.secrets',
    )?.[0];
    assert.ok(group, 'the Edge view has a Secrets group');
    const secretRow = (await ext.edge.getChildren(group)).find((n) => 'secret' in n);
    assert.ok(secretRow, 'a secret of A is listed');
    await ext.connections.switchTo(connB.id);
    const writes = (sim: Simulator) => Object.entries(sim.requestCounts()).filter(([route]) => !route.startsWith('GET '));
    const before = [writes(a), writes(b)];
    const cases = [
      ['platformConsole.deleteProtectionProfile', profileRow],
      ['platformConsole.renameProfile', profileRow],
      ['platformConsole.deleteSnapshotPolicy', policyRow],
      ['platformConsole.renameSnapshotPolicy', policyRow],
      ['platformConsole.pauseSnapshotPolicy', policyRow],
      ['platformConsole.deleteEdgeApp', appRow],
      ['platformConsole.disableEdgeApp', appRow],
      ['platformConsole.editEdgeAppConfig', appRow],
      ['platformConsole.deleteEdgeSecret', secretRow],
      ['platformConsole.replaceEdgeSecretValue', secretRow],
    ] as const;
    for (const [command, row] of cases) {
      const ui = new ScriptedUi([], (_message, actions) => actions[0]);
      await run(ui, command, row);
      const told = await ui.waitForNotification(/^Nothing was sent: that row was listed on another connection/);
      assert.equal(told.severity, 'warning', command);
      assert.match(told.message, /account-b/, `${command}: names the connection the view shows now`);
      assert.deepEqual(ui.prompts, [], `${command}: asks nothing`);
    }
    assert.deepEqual([writes(a), writes(b)], before, 'no write reached A or B');
    await ext.connections.switchTo(connA.id);
    await ext.edge.getChildren();
    await ext.edge.unpin('app', 101);
  });

  it('Sign Out clears what was stored for the connection: notification settings, recent functions and the rest', async () => {
    await ext.connections.switchTo(connA.id);
    await run(new ScriptedUi(['702', 'deletion_request', 'legal@example.com', 'Enabled', '$(check) Create']), 'platformConsole.addNotificationSetting');
    await run(new ScriptedUi(), 'platformConsole.openFunctionLogs', { projectId: 1, regionId: 1, namespace: 'default', functionName: 'hello-world' });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const mine = () => Object.keys(ext.globalStateSnapshot()).filter((k) => k.includes(connA.id));
    assert.ok(
      mine().some((k) => k.includes('notificationSettings')),
      `stored: ${mine().join(', ')}`,
    );
    assert.ok(
      mine().some((k) => k.includes('logs.recent')),
      `stored: ${mine().join(', ')}`,
    );
    await ext.connections.signOut(connA.id);
    assert.deepEqual(mine(), [], 'nothing stored for the signed-out connection');
  });

  it("an edge template read on A never lands in B's open preview of the same id", async () => {
    // B's preview of template 301 is open.
    await ext.connections.switchTo(connB.id);
    const previewB = await ext.edge.previewTemplate(301);
    assert.ok(previewB, "B's preview is open");
    const textB = async () => (await vscode.workspace.openTextDocument(previewB)).getText();
    await until("B's preview text", async () => (await textB()).includes('Account: account B'));
    // On A, the same template is read slowly; the person switches to B before the answer.
    await ext.connections.switchTo(connA.id);
    a.setFault({ route: 'getEdgeTemplate', kind: 'latency', ms: 800, times: 1 });
    const asked = a.requestCounts()['GET getEdgeTemplate'] ?? 0;
    const reading = ext.edge.template(301);
    await until('the read to reach A', () => (a.requestCounts()['GET getEdgeTemplate'] ?? 0) > asked);
    await ext.connections.switchTo(connB.id);
    const result = await reading;
    assert.equal(result.status, 'ok');
    // What the preview shows is set before the read resolves: the provider gives it as VS Code would read it.
    assert.doesNotMatch(await ext.edge.preview.provideTextDocumentContent(previewB), /Account: account A/, "A's text is not what B's preview provides");
    assert.match((result as { data?: { long_descr?: string } }).data?.long_descr ?? '', /Account: account A/, 'the template was read from A');
    assert.match(await textB(), /Account: account B/);
    assert.doesNotMatch(await textB(), /Account: account A/, "A's text is not in B's preview");
  });

  it('an explicit Sign Out is remembered: the environment sign-in does not undo it on the next start', async () => {
    const envUrl = process.env.PLATFORM_CONSOLE_BASE_URL!.replace(/\/+$/, '');
    const envKey = testKeys.environment;
    // What the next start hands over again: the key in the environment (a copy: the sign-in takes it out).
    const nextStart = () => ({ ...process.env, PLATFORM_CONSOLE_API_KEY: envKey });
    const envConnection = ext.connections.list().find((c) => c.baseUrl === envUrl);
    assert.ok(envConnection, 'the environment made a connection at activation');
    // Only the environment's connection left, as for a person who never signed in by hand.
    for (const c of ext.connections.list().filter((c) => c.id !== envConnection.id)) await ext.connections.signOut(c.id, { explicit: false });
    await ext.connections.signOut(envConnection.id);
    assert.deepEqual(ext.connections.list(), []);
    // What activation runs on the next start:
    assert.equal(await ext.connections.bootstrapFromEnvironment(nextStart()), undefined, 'not signed in again from the environment');
    assert.deepEqual(ext.connections.list(), []);
    assert.ok(ext.log.recent.some((l) => l.includes('Not signing in from PLATFORM_CONSOLE_BASE_URL: you signed out of')));
    // Signing in to that URL on purpose lifts it: after a sign-out that was not the person's, the environment works again.
    const manual = await ext.connections.signIn(envConnection.name, envUrl, envKey);
    await ext.connections.signOut(manual.id, { explicit: false });
    const restored = await ext.connections.bootstrapFromEnvironment(nextStart());
    assert.equal(restored?.baseUrl, envUrl);
  });
});

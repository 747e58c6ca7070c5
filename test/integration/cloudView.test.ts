// The Cloud view in a real VS Code against the simulator: projects and regions, a region's
// secrets (expiry marked, paged with Load more), snapshot policies with schedules and volumes,
// namespaces and functions (Open Function Logs from a function's row asks nothing), a failed list
// as an error row that retries, Refresh, and no rows while signed out.
import * as assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import type { TreeNode } from '../../src/ui/treeNodes';
import { isRunnable } from '../../src/ui/treeNodes';
import { ACCEPT, ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';

const KEY = testKeys.simulator;

interface Row {
  node: TreeNode;
  label: string;
  description: string | undefined;
  contextValue: string | undefined;
  icon: string | undefined;
  tooltip: string;
}

describe('Cloud view', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  const cloud = () => ext.cloud;
  const sent = (route: string) => sim.requestCounts()[route] ?? 0;

  const row = async (node: TreeNode): Promise<Row> => {
    const item = cloud().resolveTreeItem(await cloud().getTreeItem(node), node);
    const label = typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
    const tooltip = typeof item.tooltip === 'string' ? item.tooltip : (item.tooltip?.value ?? '');
    const description = typeof item.description === 'string' ? item.description : undefined;
    const icon = item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.id : undefined;
    return { node, label, description, contextValue: item.contextValue, icon, tooltip };
  };
  const rows = async (node?: TreeNode): Promise<Row[]> => Promise.all((await cloud().getChildren(node)).map(row));
  const at = async (...path: string[]): Promise<Row> => {
    let current: Row | undefined;
    for (const label of path) {
      const all = await rows(current?.node);
      const found = all.find((r) => r.label === label);
      if (!found) throw new Error(`No "${label}" under ${current?.label ?? 'the root'}: ${all.map((r) => r.label).join(', ')}`);
      current = found;
    }
    return current!;
  };

  before(async () => {
    ext = await platformConsole();
    // Seeded from this moment, not midnight: the secrets' day counts ("expired 3 days ago") hold at any hour and over a midnight mid-run.
    sim = await startSimulator({ apiKey: KEY, secretCount: 230, taskDurationMs: 300, seedTimeMs: Date.now() });
    connectionId = (await ext.connections.signIn('cloud-view', sim.url, KEY)).id;
  });
  beforeEach(async () => {
    sim.reset();
    sim.clearFaults('*');
    await cloud().reloadAll();
  });
  after(async () => {
    ext.setUi(undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // The flows remembered the project and region picked.
    for (const key of ['projectId', 'regionId'])
      await vscode.workspace.getConfiguration('platformConsole.cloud').update(key, undefined, vscode.ConfigurationTarget.Global);
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('projects, then regions, then Secrets, Snapshot Policies and Functions in each region', async () => {
    assert.equal(cloud().activeConnectionId, connectionId);
    assert.equal(cloud().view.description, 'cloud-view');
    const projects = await rows();
    assert.deepEqual(
      projects.map((p) => p.label),
      ['production', 'team-b', 'sandbox', 'prices-hidden'],
    );
    assert.equal(projects[0]?.description, 'ID 1 · default');
    const regions = await rows(projects[0]!.node);
    assert.deepEqual(
      regions.map((r) => r.label),
      ['Luxembourg-2', 'Ashburn', 'Frankfurt', 'Singapore'],
    );
    assert.equal(regions[0]?.description, 'ID 1 · LU');
    assert.deepEqual(
      (await rows(regions[0]!.node)).map((g) => g.label),
      ['Secrets', 'Snapshot Policies', 'Functions'],
    );
  });

  it("a region's secrets: type, status and expiry said, the expired and the expiring marked, no payload", async () => {
    const secrets = await rows((await at('production', 'Luxembourg-2', 'Secrets')).node);
    const byName = Object.fromEntries(secrets.map((s) => [s.label, s]));
    assert.deepEqual(Object.keys(byName).sort(), ['api-gateway-cert', 'backup-passphrase', 'legacy-portal-cert', 'shop-tls-2026']);
    assert.match(byName['legacy-portal-cert']!.description!, /^certificate · ACTIVE · expired 3 days ago$/);
    assert.equal(byName['legacy-portal-cert']!.icon, 'error');
    assert.equal(byName['legacy-portal-cert']!.contextValue, 'platformConsole.cloud.secret.expired');
    assert.match(byName['api-gateway-cert']!.description!, /expires in 1[12] days$/);
    assert.equal(byName['api-gateway-cert']!.icon, 'warning');
    assert.equal(byName['shop-tls-2026']!.icon, 'lock');
    assert.match(byName['backup-passphrase']!.description!, /^passphrase · ACTIVE · no expiration$/);
    assert.match(byName['shop-tls-2026']!.tooltip.replace(/\\/g, ''), /\| ID \| 5b3a4f2e-0c1d-4e8f-9a7b-1c2d3e4f5a01 \|/);
    assert.equal((byName['shop-tls-2026']!.node as { cloudTarget?: unknown }).cloudTarget !== undefined, true, 'the row carries its target for commands');
    const group = await at('production', 'Luxembourg-2', 'Secrets');
    assert.equal(group.description, '4');
    assert.deepEqual(
      (await rows((await at('team-b', 'Luxembourg-2', 'Secrets')).node)).map((s) => s.label),
      ['team-b-webhook-cert'],
    );
    assert.deepEqual(
      (await rows((await at('production', 'Ashburn', 'Secrets')).node)).map((s) => s.label),
      ['No secrets in Ashburn'],
    );
  });

  it("230 secrets: a page of 100, Load more twice, the total in the group's description", async () => {
    const group = await at('sandbox', 'Luxembourg-2', 'Secrets');
    const before = sent('GET listSecrets');
    let shown = await rows(group.node);
    assert.equal(shown.length, 101);
    assert.equal(shown[100]?.label, 'Load more (130 more)');
    assert.equal(shown[100]?.description, '100 of 230 shown');
    assert.equal((await row(group.node)).description, '230');
    for (const expected of [201, 230]) {
      const more = shown.at(-1)!.node;
      assert.ok(isRunnable(more));
      await more.run();
      shown = await rows(group.node);
      assert.equal(shown.filter((r) => r.contextValue?.startsWith('platformConsole.cloud.secret.')).length, expected === 201 ? 200 : 230);
    }
    assert.equal(shown.at(-1)?.label, 'sandbox-secret-000230');
    assert.equal((await row(group.node)).description, '230');
    assert.equal(sent('GET listSecrets') - before, 3, 'three pages, each asked once');
  });

  it('snapshot policies with their schedules and volumes', async () => {
    const policies = await rows((await at('production', 'Luxembourg-2', 'Snapshot Policies')).node);
    assert.ok(policies.length > 0, 'the seeded policies are listed');
    const policy = policies[0]!;
    assert.match(policy.description!, /^(active|paused) · \d+ schedules? · \d+ volumes?$/);
    assert.match(policy.contextValue!, /^platformConsole\.cloud\.policy\.(active|paused)$/);
    const below = await rows(policy.node);
    const schedule = below.find((r) => /^(At |Every )/.test(r.label));
    assert.ok(schedule, `a schedule row in words: ${below.map((r) => r.label).join(', ')}`);
    if (/^At /.test(schedule.label)) assert.match(schedule.description!, /^next \w{3} \d{4}-\d{2}-\d{2} \d{2}:\d{2} /, 'a cron schedule says its next run');
  });

  it("a function's row opens its logs without asking anything", async () => {
    const namespaces = await rows((await at('production', 'Luxembourg-2', 'Functions')).node);
    assert.ok(
      namespaces.some((n) => n.label === 'default'),
      namespaces.map((n) => n.label).join(', '),
    );
    const fn = await at('production', 'Luxembourg-2', 'Functions', 'default', 'hello-world');
    assert.match(fn.contextValue!, /^platformConsole\.cloud\.function\./);
    const ui = new ScriptedUi([]);
    ext.setUi(ui);
    const panelsBefore = ext.logs.panels.length;
    await vscode.commands.executeCommand('platformConsole.openFunctionLogs', fn.node);
    assert.deepEqual(ui.prompts, [], 'nothing asked');
    assert.equal(ext.logs.panels.length, panelsBefore + 1);
    assert.equal(ext.logs.panels.at(-1)?.panel.title, 'Logs: default/hello-world');
  });

  it('Show Secret Details from its row: read fresh, nothing asked, a read-only document with its fields and no payload', async () => {
    const secret = await at('production', 'Luxembourg-2', 'Secrets', 'shop-tls-2026');
    const ui = new ScriptedUi([]);
    ext.setUi(ui);
    const before = sim.requestCounts()['GET getSecret'] ?? 0;
    const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>('platformConsole.showSecretDetails', secret.node);
    assert.ok(uri, 'a document was shown');
    assert.equal(uri.scheme, 'platform-console-view', 'served by the extension: read-only, never on disk');
    assert.deepEqual(ui.prompts, [], 'nothing asked');
    assert.equal((sim.requestCounts()['GET getSecret'] ?? 0) - before, 1, 'read once, fresh');
    const text = (await vscode.workspace.openTextDocument(uri)).getText();
    assert.match(text, /^# Secret shop\\-tls\\-2026\n/);
    assert.match(text, /\| Type \| certificate \|/);
    assert.match(text, /\| Expiration \| .*\\\(expires in \d+ days\\\) \|/);
    assert.match(text, /\| Project \/ region \| 1 \/ 1 \|/);
    assert.match(text, /never returns a secret's payload/);
  });

  it('Delete Secret from its row: the name typed (a wrong one refused) with the load balancer warning, one DELETE, its task followed; the row leaves', async () => {
    const writes = () =>
      Object.entries(sim.requestCounts())
        .filter(([k]) => !k.startsWith('GET '))
        .map(([k, n]) => `${k} ${n}`);
    const secret = await at('production', 'Luxembourg-2', 'Secrets', 'api-gateway-cert');
    assert.match(secret.contextValue!, /^platformConsole\.cloud\.secret\./);
    const ui = new ScriptedUi(['api-gateway', 'api-gateway-cert']);
    ext.setUi(ui);
    assert.equal(await vscode.commands.executeCommand('platformConsole.deleteSecret', secret.node), true);
    assert.match(
      ui.prompts[0]!.prompt,
      /^The secret api-gateway-cert \(Name api-gateway-cert, Type certificate, Status ACTIVE, Expires .*Project \/ region 1 \/ 1\) on cloud-view .*Load balancer listeners that use it lose their certificate/,
    );
    assert.deepEqual(ui.prompts[0]!.refusals, ['Confirmation: type api-gateway-cert exactly']);
    assert.deepEqual(writes(), ['DELETE deleteSecret 1']);
    assert.ok(
      ui.notifications.some((n) => n.message === 'Secret api-gateway-cert deleted.'),
      ui.notifications.map((n) => n.message).join('\n'),
    );
    assert.ok(
      ui.progressRuns.some((p) => p.title === 'Deleting secret api-gateway-cert' && p.messages.some((m) => /FINISHED/.test(m))),
      'the task was followed to its end',
    );
    const left = await rows((await at('production', 'Luxembourg-2', 'Secrets')).node);
    assert.ok(!left.some((r) => r.label === 'api-gateway-cert'), left.map((r) => r.label).join(', '));
  });

  it("Create Secret… from a region's Secrets row asks no project or region: it opens at the name, and the POST goes to that region", async () => {
    const group = await at('production', 'Luxembourg-2', 'Secrets');
    const ui = new ScriptedUi(['from-the-row', 'opaque', '$(key) Type the value', 's3cret-value', ACCEPT, 'No optional metadata', '$(check) Create Secret']);
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.createSecret', group.node);
    await ui.waitForNotification(/^Secret from-the-row created/, 20_000);
    assert.equal(ui.prompts[0]!.prompt, 'Secret name', 'the first step asked is the name');
    assert.ok(ui.prompts[0]!.canGoBack, 'Back reaches the region and project');
    assert.equal(sim.requestCounts()['POST createSecret'], 1);
    assert.match(Object.values(sim.lastRequests('createSecret'))[0]!.path, /\/cloud\/v1\/secrets\/1\/1$/);
  });

  it('Disable Function from its row: a destructive modal, one PATCH {disabled: true}, its task followed, the row says disabled; Enable switches it back', async () => {
    const fnRow = () => at('production', 'Luxembourg-2', 'Functions', 'default', 'image-resize');
    assert.equal((await fnRow()).contextValue, 'platformConsole.cloud.function.active');
    const ui = new ScriptedUi([], (_m, b) => (b.includes('Disable') ? 'Disable' : b.includes('Enable') ? 'Enable' : undefined));
    ext.setUi(ui);
    assert.equal(await vscode.commands.executeCommand('platformConsole.disableFunction', (await fnRow()).node), true);
    assert.match(ui.confirms[0]!.message, /^Disable function image-resize \(namespace default\) on cloud-view\?$/);
    assert.match(
      ui.confirms[0]!.detail,
      /^The function stops answering at its endpoint[\s\S]*\nStatus now: ACTIVE\n[\s\S]*Enable Function switches it on again/,
    );
    assert.deepEqual(Object.values(sim.lastRequests('patchFunction'))[0]?.body, { disabled: true });
    assert.equal((await fnRow()).contextValue, 'platformConsole.cloud.function.disabled');
    assert.equal(await vscode.commands.executeCommand('platformConsole.enableFunction', (await fnRow()).node), true);
    assert.deepEqual(Object.values(sim.lastRequests('patchFunction'))[0]?.body, { disabled: false });
    assert.equal(sim.requestCounts()['PATCH patchFunction'], 2);
    assert.equal((await fnRow()).contextValue, 'platformConsole.cloud.function.active');
  });

  it('Disable Function reads the function first: a read that fails or finds no such function, or a name the rules refuse, asks nothing and sends nothing', async () => {
    const row = (await at('production', 'Luxembourg-2', 'Functions', 'default', 'image-resize')).node as unknown as { cloudTarget: object };
    const ui = new ScriptedUi([], (_m, b) => (b.includes('Disable') ? 'Disable' : undefined));
    ext.setUi(ui);
    const patches = () => sim.requestCounts()['PATCH patchFunction'] ?? 0;
    const before = patches();
    const gone = { cloudTarget: { ...row.cloudTarget, name: 'gone-function' } };
    assert.equal(await vscode.commands.executeCommand('platformConsole.disableFunction', gone), false);
    assert.match(ui.notifications.at(-1)?.message ?? '', /^The function gone-function \(namespace default\) is gone on cloud-view; nothing was sent/);
    sim.setFault({ route: 'listFunctions', kind: 'status', status: 403, times: 1 });
    assert.equal(await vscode.commands.executeCommand('platformConsole.disableFunction', row), false);
    assert.match(ui.notifications.at(-1)?.message ?? '', /^Could not read function image-resize \(namespace default\) on cloud-view; nothing was sent/);
    const reads = sim.requestCounts()['GET listFunctions'] ?? 0;
    assert.equal(await vscode.commands.executeCommand('platformConsole.disableFunction', { cloudTarget: { ...row.cloudTarget, name: 'Bad_Name' } }), false);
    assert.match(
      ui.notifications.at(-1)?.message ?? '',
      /^Nothing was sent for function Bad_Name \(namespace default\): function_name: must be 2 to 26 characters/,
    );
    assert.equal(sim.requestCounts()['GET listFunctions'] ?? 0, reads, 'a refused name is not even read');
    assert.equal(ui.confirms.length, 0, 'nothing asked');
    assert.equal(patches(), before, 'nothing sent');
  });

  it("Disable Function from the palette: the namespace and function are the operation's inputs, picked, or typed and checked by their rule as typed", async () => {
    const ui = new ScriptedUi(['production', 'Luxembourg-2', 'default', '$(edit) Enter a function name…', 'Bad_Name', 'image-resize'], (_m, b) =>
      b.includes('Disable') ? 'Disable' : undefined,
    );
    ext.setUi(ui);
    const before = sent('PATCH patchFunction');
    assert.equal(await vscode.commands.executeCommand('platformConsole.disableFunction'), true);
    const typed = ui.prompts.find((p) => p.kind === 'input')!;
    assert.equal(typed.prompt, 'Function name');
    assert.match(typed.refusals[0] ?? '', /^Function name: must be 2 to 26 characters/);
    assert.ok(ui.prompts[2]!.items?.includes('default'), 'the namespaces of the region are listed');
    assert.match(ui.confirms[0]!.message, /^Disable function image-resize \(namespace default\) on cloud-view\?$/);
    assert.deepEqual(Object.values(sim.lastRequests('patchFunction'))[0]?.body, { disabled: true });
    assert.equal(sent('PATCH patchFunction'), before + 1);
  });

  it('Delete Secret from the palette: a typed secret ID is checked by the operation rule as typed; one not there is read, said gone, nothing sent', async () => {
    const ui = new ScriptedUi(['production', 'Luxembourg-2', '$(edit) Enter a secret ID…', 'x'.repeat(129), 'no-such-secret']);
    ext.setUi(ui);
    const before = sent('DELETE deleteSecret');
    assert.equal(await vscode.commands.executeCommand('platformConsole.deleteSecret'), false);
    const typed = ui.prompts.find((p) => p.kind === 'input')!;
    assert.equal(typed.prompt, 'Secret ID (1 to 128 characters)');
    assert.deepEqual(typed.refusals, ['Secret ID: must be at most 128 characters']);
    assert.match(ui.notifications.at(-1)?.message ?? '', /^Secret no-such-secret is gone on cloud-view; nothing was sent/);
    assert.equal(sent('DELETE deleteSecret'), before, 'nothing sent');
  });

  it('a list that fails shows an error row; Retry reads it again; Refresh reads every list again', async () => {
    sim.setFault({ route: 'listSecrets', kind: 'status', status: 500, times: 1 });
    const group = await at('production', 'Luxembourg-2', 'Secrets');
    const [error] = await rows(group.node);
    assert.equal(error?.label, 'Could not load the secrets');
    assert.equal(error?.contextValue, 'platformConsole.error');
    assert.ok(isRunnable(error!.node));
    await error!.node.run();
    assert.equal((await rows(group.node)).length, 4);

    sim.setFault({ route: 'listProjects', kind: 'status', status: 500, times: 1 });
    await vscode.commands.executeCommand('platformConsole.refreshCloud');
    const roots = await rows();
    assert.equal(roots[0]?.label, 'Could not load the projects');
    assert.ok(isRunnable(roots[0]!.node));
    const projectsRead = sent('GET listProjects');
    await roots[0]!.node.run();
    assert.deepEqual((await rows()).map((p) => p.label).slice(0, 1), ['production']);
    assert.equal(sent('GET listProjects'), projectsRead + 1);
  });

  it('per connection: another connection shows its own rows (a spec-only server lists no projects); signing it out brings nothing of it back', async () => {
    const other = await startSimulator({ apiKey: KEY, dialect: 'spec' });
    try {
      const otherId = (await ext.connections.signIn('cloud-spec', other.url, KEY)).id;
      assert.equal(cloud().activeConnectionId, otherId);
      assert.equal(cloud().view.description, 'cloud-spec');
      // Without a project list the view shows the project of platformConsole.cloud.projectId, or says why not.
      const config = vscode.workspace.getConfiguration('platformConsole.cloud');
      const kept = config.inspect<number>('projectId')?.globalValue;
      await config.update('projectId', undefined, vscode.ConfigurationTarget.Global);
      await cloud().reloadAll();
      assert.match((await rows())[0]!.label, /^This server does not list projects: set platformConsole\.cloud\.projectId/);
      await config.update('projectId', 3, vscode.ConfigurationTarget.Global);
      await cloud().reloadAll();
      assert.deepEqual(
        (await rows()).map((r) => r.label),
        ['project 3'],
      );
      await config.update('projectId', kept, vscode.ConfigurationTarget.Global);
      await ext.connections.signOut(otherId);
      assert.notEqual(cloud().activeConnectionId, otherId);
      if (cloud().activeConnectionId === undefined) assert.deepEqual(await rows(), [], 'signed out: no rows, the welcome shows');
      await ext.connections.switchTo(connectionId);
      assert.equal((await rows())[0]?.label, 'production');
    } finally {
      await other.close();
    }
  });
});

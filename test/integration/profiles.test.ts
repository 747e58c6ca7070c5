// The Protection Profiles view in a real VS Code against the simulator: the list (200 rows and
// "Load more (50 more)"), each filter and the order on the server, remembered per connection, the empty
// state with Clear Filters, a profile expanded, every edit (from a node and from the palette),
// Copy ID / JSON, a 400, a 500, a 401 and a 403, and the view usable after each error.
import * as assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { filtersStateKey } from '../../src/features/profiles/model/profileQuery';
import { formatLocalTime } from '../../src/features/profiles/model/profileText';
import type { ProfilePatchRequest, ProtectionProfile } from '../../src/schema/security';
import type { ProfileNode } from '../../src/features/profiles/profileNodes';
import type { TreeNode } from '../../src/ui/treeNodes';
import { SimulatorControl } from '../../simulator/controlClient';
import { startSimulator, type Simulator } from '../../simulator/index';
import { ACCEPT, PRESS_BACK, PRESS_ESCAPE, ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';

const KEY = testKeys.simulator;
/** The view's list where the server pages (the simulator serves both dialects' paths). */
const LIST = 'GET listProtectionProfilesPaged';
const PATCH = 'PATCH updateProtectionProfile';
/** Every edit is confirmed by the catalog operation's modal (its button: Save). */
const save = (_m: string, buttons: readonly string[]) => (buttons.includes('Save') ? 'Save' : undefined);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(test: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await sleep(25);
  }
}

interface Row {
  node: TreeNode;
  label: string;
  description: string | undefined;
  contextValue: string | undefined;
  icon: string | undefined;
  iconFile: string | undefined;
  tooltip: string;
  collapsible: vscode.TreeItemCollapsibleState | undefined;
}

describe('Protection Profiles view', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  const tree = () => ext.profiles;
  const sent = (route: string) => sim.requestCounts()[route] ?? 0;

  const row = async (node: TreeNode): Promise<Row> => {
    let item = await tree().getTreeItem(node);
    item = tree().resolveTreeItem(item, node);
    const label = typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
    const tooltip = typeof item.tooltip === 'string' ? item.tooltip : (item.tooltip?.value ?? '');
    const description = typeof item.description === 'string' ? item.description : undefined;
    const icon = item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.id : undefined;
    const iconFile =
      item.iconPath && typeof item.iconPath === 'object' && 'light' in item.iconPath ? String((item.iconPath.light as vscode.Uri).path) : undefined;
    return { node, label, description, contextValue: item.contextValue, icon, iconFile, tooltip, collapsible: item.collapsibleState };
  };
  const rows = async (node?: TreeNode): Promise<Row[]> => Promise.all((await tree().getChildren(node)).map(row));
  /** The roots once the current load is done. */
  const loaded = async (): Promise<Row[]> => {
    await tree().getChildren();
    await tree().settled();
    return rows();
  };
  // By context value: the test bundle has its own copy of the node classes, so instanceof cannot tell.
  const profileRows = (list: Row[]) => list.filter((r) => r.contextValue === 'platformConsole.profile' || r.contextValue === 'platformConsole.profile.common');
  const profileOf = (r: Row) => (r.node as ProfileNode).profile;
  const last = async (route: string): Promise<{ body: ProfilePatchRequest; query: Record<string, string> }> => {
    const seen = (await new SimulatorControl(sim.url, sim.controlToken).lastRequests(route.split(' ')[1]))[route]!;
    return { body: seen.body as ProfilePatchRequest, query: seen.query };
  };
  const withUi = (ui: ScriptedUi) => (ext.setUi(ui), ui);
  const run = async (command: string, ui: ScriptedUi, ...args: unknown[]) => {
    withUi(ui);
    await vscode.commands.executeCommand(command, ...args);
    await tree().settled();
    return ui;
  };
  /** The node of a profile, filtering by its name and client so that it is on the first page. */
  const nodeOf = async (id: number): Promise<ProfileNode> => {
    const p = (await direct()).find((x) => x.id === id)!;
    await tree().setFilters({ name: p.name ?? undefined, clientId: p.client_id ?? undefined, sort: [] });
    await loaded();
    const node = tree().nodeFor(id);
    assert.ok(node, `profile ${id} is not shown`);
    return node;
  };
  const direct = async (query: Record<string, unknown> = {}): Promise<ProtectionProfile[]> => {
    const api = await ext.connections.api();
    return api!.security.listProtectionProfiles({ params: {}, query });
  };

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    connectionId = (await ext.connections.signIn('profiles', sim.url, KEY)).id;
  });
  beforeEach(() => {
    sim.clearFaults();
  });
  after(async () => {
    ext.setUi(undefined);
    await tree().setFilters({ sort: [] });
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('lists the first 200 of 250 in the platform\'s order, then "Load more (50 more)"; label, description, tooltip, icons', async () => {
    await tree().setFilters({ sort: [] });
    const roots = await loaded();
    const expected = await direct();
    assert.equal(roots.length, 202);
    assert.equal(roots[201]!.label, 'Templates', 'the Templates group, last');
    assert.equal(roots[201]!.collapsible, vscode.TreeItemCollapsibleState.Collapsed);
    assert.deepEqual(
      profileRows(roots).map((r) => profileOf(r).id),
      expected.slice(0, 200).map((p) => p.id),
      'newest first, as the server sent them',
    );
    const more = roots[200]!;
    assert.equal(more.label, 'Load more (50 more)');
    assert.equal(more.description, '200 of 250 shown');
    assert.equal(tree().view.description, 'profiles', 'no filter: the connection');

    const first = roots[0]!;
    const p = expected[0]!;
    assert.equal(first.label, p.name);
    assert.equal(first.description, `${p.template!.name} · ${p.client_id === null ? 'common' : `client ${p.client_id}`}`);
    assert.equal(first.collapsible, vscode.TreeItemCollapsibleState.Collapsed);
    for (const text of [`| ID | ${p.id} |`, `| Template | ${p.template!.name} (id ${p.template!.id}) |`, `| Created | ${formatLocalTime(p.created_at)} |`]) {
      assert.ok(first.tooltip.includes(text), `${text} in ${first.tooltip}`);
    }
    const icons = new Map(profileRows(roots).map((r) => [(profileOf(r).networks?.length ?? 0) > 0, r.icon]));
    assert.deepEqual(
      [...icons.entries()].sort(),
      [
        [false, 'workspace-untrusted'],
        [true, 'shield'],
      ],
      'one icon with networks, another without',
    );
    const common = profileRows(roots).find((r) => profileOf(r).client_id === null);
    assert.equal(common?.contextValue, 'platformConsole.profile.common');
    assert.ok(common?.tooltip.includes('| Client | common'));
  });

  it('Load more asks the server for the next page (offset 200) and adds it below, none twice', async () => {
    const before = sent(LIST);
    const roots = await rows();
    assert.equal(sim.lastRequests()[LIST]?.query.limit, '200', 'the first page: 200');
    await vscode.commands.executeCommand('platformConsole.runNodeAction', roots[200]!.node);
    const all = await rows();
    assert.equal(all.length, 251, 'every profile, then the Templates group');
    assert.equal(profileRows(all).length, 250);
    assert.deepEqual(
      profileRows(all).map((r) => profileOf(r).id),
      (await direct()).map((p) => p.id),
      "the two pages in the server's order",
    );
    assert.equal(sent(LIST), before + 1);
    assert.deepEqual(sim.lastRequests()[LIST]?.query, { limit: '200', offset: '200' });
  });

  it('Load more keeps the filters and the order: the next page asks with the same name and order_by, every row still matches', async () => {
    const pageSetting = vscode.workspace.getConfiguration('platformConsole.protectionProfiles');
    await pageSetting.update('pageSize', 10, vscode.ConfigurationTarget.Global);
    try {
      const order = [{ field: 'name' as const, descending: true }];
      const matching = await direct({ name: 'e', order_by: '-name' });
      assert.ok(matching.length > 10, `the seed has more than one page of profiles named with an "e" (${matching.length})`);
      await tree().setFilters({ name: 'e', sort: order });
      const first = await loaded();
      assert.equal(profileRows(first).length, 10);
      await vscode.commands.executeCommand('platformConsole.runNodeAction', first[10]!.node);
      await tree().settled();
      assert.deepEqual(
        sim.lastRequests()[LIST]?.query,
        { name: 'e', order_by: '-name', limit: '10', offset: '10' },
        'the second page: same filter, same order',
      );
      const shown = profileRows(await rows()).map((r) => profileOf(r).id);
      assert.deepEqual(
        shown,
        matching.slice(0, 20).map((p) => p.id),
        'two pages of the filtered list, in its order',
      );
    } finally {
      await pageSetting.update('pageSize', undefined, vscode.ConfigurationTarget.Global);
      await tree().setFilters({ sort: [] });
    }
  });

  it('expanding a profile shows its template, its field values and its networks (IPv4/IPv6 icons)', async () => {
    const all = await direct();
    const p = all.find((x) => (x.fields?.length ?? 0) >= 2 && x.networks?.some((n) => n.includes(':')) && x.networks.some((n) => n.includes('.')))!;
    assert.ok(p, 'the seed has a profile with fields and both kinds of network');
    const node = await nodeOf(p.id);
    const [template, fields, networks] = await rows(node);
    assert.deepEqual([template!.label, template!.description], [p.template!.name, `template ${p.template!.id}`]);
    assert.deepEqual(
      [fields!.label, fields!.description, fields!.collapsible],
      ['Fields', `${p.fields!.length} values`, vscode.TreeItemCollapsibleState.Expanded],
    );
    assert.deepEqual(
      (await rows(fields!.node)).map((r) => r.label),
      p.fields!.map((f) => `${f.template_field_id} = ${f.value}`),
    );
    assert.deepEqual([networks!.label, networks!.description], ['Networks', String(p.networks!.length)]);
    const cidrs = await rows(networks!.node);
    assert.deepEqual(
      cidrs.map((r) => r.label),
      p.networks,
    );
    for (const r of cidrs) {
      const family = r.label.includes(':') ? 'ipv6' : 'ipv4';
      assert.equal(r.description, family === 'ipv6' ? 'IPv6' : 'IPv4');
      assert.match(r.iconFile ?? '', new RegExp(`/media/profiles/${family}-light\\.svg$`));
    }
  });

  it('Filter by Name… goes to the server, refuses more than 255 characters, shows in the description, remembered', async () => {
    await tree().setFilters({ sort: [] });
    const ui = await run('platformConsole.filterProfilesByName', new ScriptedUi(['x'.repeat(256), 'gateway']));
    assert.deepEqual(ui.prompts[0]?.refusals, ['Name filter: must be at most 255 characters']);
    assert.deepEqual((await last(LIST)).query, { name: 'gateway', limit: '200', offset: '0' });
    const shown = profileRows(await loaded());
    assert.ok(shown.length > 0 && shown.length < 250);
    assert.equal(shown.length, (await direct({ name: 'gateway' })).length);
    for (const r of shown) assert.match(r.label, /gateway/i);
    assert.equal(tree().view.description, "name ~ 'gateway'");
    assert.deepEqual(ext.globalStateSnapshot()[filtersStateKey(connectionId)], { name: 'gateway' });
  });

  it('Filter by Client… (1..1e9) narrows further; both show in the description', async () => {
    const ui = await run('platformConsole.filterProfilesByClient', new ScriptedUi(['0', '1000000001', 'abc', '3']));
    assert.deepEqual(ui.prompts[0]?.refusals, [
      'Client ID: must be at least 1',
      'Client ID: must be at most 1000000000',
      'Client ID: must be a whole number between 1 and 1000000000',
    ]);
    assert.deepEqual((await last(LIST)).query, { name: 'gateway', client_id: '3', limit: '200', offset: '0' });
    const shown = profileRows(await loaded());
    for (const r of shown) assert.equal(profileOf(r).client_id, 3);
    assert.equal(shown.length, (await direct({ name: 'gateway', client_id: 3 })).length);
    assert.equal(tree().view.description, "name ~ 'gateway' · client 3");
    // Escape changes nothing and sends nothing.
    const before = sent(LIST);
    await run('platformConsole.filterProfilesByName', new ScriptedUi([PRESS_ESCAPE]));
    assert.equal(sent(LIST), before);
    assert.equal(tree().view.description, "name ~ 'gateway' · client 3");
  });

  it('no match: "No profiles match name ~ …" with Clear Filters, which brings every profile back', async () => {
    await tree().setFilters({ sort: [] });
    await run('platformConsole.filterProfilesByName', new ScriptedUi(['zzz-nothing']));
    const empty = await loaded();
    assert.deepEqual(
      empty.map((r) => r.label),
      ["No profiles match name ~ 'zzz-nothing'", 'Clear Filters', 'Templates'],
    );
    await vscode.commands.executeCommand('platformConsole.runNodeAction', empty[1]!.node);
    await tree().settled();
    assert.equal(profileRows(await loaded()).length, 200);
    assert.deepEqual((await last(LIST)).query, { limit: '200', offset: '0' });
    assert.equal(tree().view.description, 'profiles');
  });

  it('Sort…: a field, a direction and a second key, sent as order_by; the rows come in that order; back to the default', async () => {
    const ui = await run('platformConsole.sortProfiles', new ScriptedUi(['Name: Z to A', PRESS_BACK, 'Name: A to Z', 'Created: newest first']));
    assert.deepEqual(
      ui.prompts.map((p) => [p.prompt, p.step, p.totalSteps]),
      [
        ['Sort by', 1, 2],
        ['Then by', 2, 2],
        ['Sort by', 1, 2],
        ['Then by', 2, 2],
      ],
    );
    assert.deepEqual(ui.prompts[1]?.items, ['Nothing else', 'Created: newest first', 'Created: oldest first']);
    assert.deepEqual((await last(LIST)).query, { order_by: 'name,-created_at', limit: '200', offset: '0' });
    assert.equal(tree().view.description, 'by name ↑, created ↓');
    const names = profileRows(await loaded()).map((r) => r.label);
    assert.deepEqual(
      names,
      (await direct({ order_by: 'name,-created_at' })).slice(0, 200).map((p) => p.name),
    );
    assert.deepEqual(
      names,
      [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );

    await run('platformConsole.sortProfiles', new ScriptedUi(['Created: oldest first', 'Nothing else']));
    assert.deepEqual((await last(LIST)).query, { order_by: 'created_at', limit: '200', offset: '0' });
    const created = profileRows(await loaded()).map((r) => profileOf(r).created_at!);
    assert.deepEqual(created, [...created].sort());

    const back = await run('platformConsole.sortProfiles', new ScriptedUi(['Default order']));
    assert.equal(back.prompts.length, 1, 'the default order has no second key');
    assert.deepEqual((await last(LIST)).query, { limit: '200', offset: '0' });
  });

  it("filters are remembered per connection; a signed-out connection's are dropped", async () => {
    await tree().setFilters({ name: 'shield', sort: [{ field: 'name', descending: true }] });
    const other = await ext.connections.signIn('profiles-other', sim.url, KEY);
    await loaded();
    assert.deepEqual(tree().currentFilters, { sort: [] });
    assert.equal(tree().view.description, 'profiles-other');
    await ext.connections.switchTo(connectionId);
    await loaded();
    assert.deepEqual(tree().currentFilters, { name: 'shield', sort: [{ field: 'name', descending: true }] });
    assert.equal(tree().view.description, "name ~ 'shield' · by name ↓");
    assert.deepEqual((await last(LIST)).query, { name: 'shield', order_by: '-name', limit: '200', offset: '0' });
    await ext.connections.switchTo(other.id);
    await tree().setFilters({ clientId: 5, sort: [] });
    await ext.connections.signOut(other.id);
    await ext.connections.switchTo(connectionId);
    await until(() => !(filtersStateKey(other.id) in ext.globalStateSnapshot()), "the signed-out connection's filters to be dropped");
    await tree().clearFilters();
    assert.deepEqual(tree().currentFilters, { sort: [{ field: 'name', descending: true }] }, 'Clear Filters keeps the order');
    await tree().setFilters({ sort: [] });
  });

  it('Rename… from the node: the current name filled in, 1..100 characters, only `name` sent; the node updates without reloading', async () => {
    const node = await nodeOf(1);
    const seeded = node.profile.name;
    const before = sent(LIST);
    const ui = await run('platformConsole.renameProfile', new ScriptedUi(['   ', 'x'.repeat(101), 'Edge Shield One'], save), node);
    assert.equal(ui.prompts[0]?.value, seeded, 'the current name filled in');
    assert.match(ui.confirms[0]?.message ?? '', /^Rename protection profile .* on profiles\?$/, 'a plain write, confirmed once');
    assert.deepEqual(ui.prompts[0]?.refusals, ['Name: must not be empty', 'Name: must be at most 100 characters']);
    await ui.waitForNotification(/^Renamed ".*" to "Edge Shield One"\.$/);
    assert.deepEqual((await last(PATCH)).body, { name: 'Edge Shield One' });
    assert.equal((await row(node)).label, 'Edge Shield One');
    assert.equal(tree().nodeFor(1), node, 'the same node, updated in place');
    assert.equal(sent(LIST), before, 'the list was not loaded again');
    assert.equal((await direct()).find((p) => p.id === 1)?.name, 'Edge Shield One');
  });

  it('Rename… from the command palette picks the profile first; Back returns to the pick; same name sends nothing', async () => {
    const patches = sent(PATCH);
    const ui = await run('platformConsole.renameProfile', new ScriptedUi(['Edge Shield One', PRESS_BACK, 'Edge Shield One', ACCEPT]));
    assert.equal(ui.prompts[0]?.kind, 'pick');
    assert.match(ui.prompts[0]?.prompt ?? '', /^Pick a protection profile/);
    assert.deepEqual(
      ui.prompts.map((p) => [p.step, p.totalSteps]),
      [
        [1, 2],
        [2, 2],
        [1, 2],
        [2, 2],
      ],
    );
    assert.equal(ui.prompts[1]?.value, 'Edge Shield One');
    await ui.waitForNotification(/^Nothing changed on "Edge Shield One": nothing was sent\.$/);
    assert.deepEqual(ui.confirms, [], 'nothing to confirm');
    assert.equal(sent(PATCH), patches);
  });

  it('Change Template…: templates seen in the list with the current one marked, or typed; only `template_id` sent', async () => {
    const node = await nodeOf(1);
    const currentId = node.profile.template!.id!;
    const target = currentId === 2 ? 3 : 2;
    const change = save;
    // #52: a template change drops the old template's field values: a modal says so first; declined, nothing is sent.
    const patches = sent(PATCH);
    const declined = await run('platformConsole.changeProfileTemplate', new ScriptedUi(['$(edit) Enter a template ID…', String(target)]), node);
    assert.match(declined.confirms[0]?.detail ?? '', /^Destructive: it moves the profile to another template: the old template's field values are dropped/);
    assert.match(declined.confirms[0]?.detail ?? '', new RegExp(`Template: .* \\(ID ${currentId}\\) -> .* \\(ID ${target}\\)`));
    assert.equal(sent(PATCH), patches, 'declined: nothing sent');
    const ui = await run('platformConsole.changeProfileTemplate', new ScriptedUi(['$(edit) Enter a template ID…', '0', 'two', String(target)], change), node);
    assert.ok(ui.prompts[0]?.items?.includes('DDoS Protection Advanced'), ui.prompts[0]?.items?.join(', '));
    assert.equal(ui.prompts[1]?.value, String(currentId), 'the current template id filled in');
    assert.deepEqual(ui.prompts[1]?.refusals, ['Template ID: must be at least 1', 'Template ID: must be a whole number']);
    await ui.waitForNotification(new RegExp(`now uses template ${target}`));
    assert.deepEqual((await last(PATCH)).body, { template_id: target });
    const [template, fields] = await rows(node);
    assert.equal(template!.description, `template ${target}`);
    assert.equal(fields!.description, 'none', 'the simulator empties the fields of a new template');
    assert.match((await row(node)).description ?? '', target === 2 ? /^DDoS Protection Advanced · client 1$/ : /^Game Server Shield · client 1$/);
    // And by picking one: back to template 2 if it was 3.
    if (target !== 2) {
      await run('platformConsole.changeProfileTemplate', new ScriptedUi(['DDoS Protection Advanced'], change), node);
      assert.deepEqual((await last(PATCH)).body, { template_id: 2 });
    }
  });

  it('Edit Fields…: add by template_field_id and name, change a value; the complete list is sent each time', async () => {
    const node = await nodeOf(1);
    assert.equal(node.profile.template?.id, 2);
    let ui = await run('platformConsole.editProfileFields', new ScriptedUi(['$(add) Add a field…', 'x', '5', 'bandwidth_limit', '200'], save), node);
    assert.deepEqual(ui.prompts[1]?.refusals, ['Template field ID: must be a whole number']);
    assert.deepEqual((await last(PATCH)).body, { fields: [{ template_field_id: 5, value: '200', name: 'bandwidth_limit' }] });
    ui = await run('platformConsole.editProfileFields', new ScriptedUi(['$(add) Add a field…', '5', '8', '', 'strict'], save), node);
    assert.doesNotMatch(ui.confirms[0]?.detail ?? '', /Destructive/, 'a field added, every value kept: a plain write');
    assert.match(ui.prompts[1]?.refusals[0] ?? '', /^Template field ID: 5 is already set on this profile/);
    assert.deepEqual((await last(PATCH)).body, {
      fields: [
        { template_field_id: 5, value: '200' },
        { template_field_id: 8, value: 'strict' },
      ],
    });
    ui = await run('platformConsole.editProfileFields', new ScriptedUi(['5 = 200', '300'], save), node);
    assert.equal(ui.prompts[1]?.value, '200', 'the current value filled in');
    await ui.waitForNotification(/^Field 5 of "Edge Shield One" set to "300"\.$/);
    assert.deepEqual((await last(PATCH)).body, {
      fields: [
        { template_field_id: 5, value: '300' },
        { template_field_id: 8, value: 'strict' },
      ],
    });
    const fields = (await rows(node))[1]!;
    assert.deepEqual(
      (await rows(fields.node)).map((r) => r.label),
      ['5 = 300', '8 = strict'],
    );
    // From a field's own node: straight to its value.
    const eight = (await rows(fields.node))[1]!;
    ui = await run('platformConsole.editProfileFields', new ScriptedUi(['balanced'], save), eight.node);
    assert.deepEqual(
      ui.prompts.map((p) => p.prompt),
      ['Value (field 8)'],
    );
    assert.deepEqual((await last(PATCH)).body, {
      fields: [
        { template_field_id: 5, value: '300' },
        { template_field_id: 8, value: 'balanced' },
      ],
    });
  });

  it('Copy ID and Copy as JSON put the profile on the clipboard', async () => {
    const node = await nodeOf(1);
    await vscode.commands.executeCommand('platformConsole.copyProfileId', node);
    assert.equal(await vscode.env.clipboard.readText(), '1');
    await vscode.commands.executeCommand('platformConsole.copyProfileJson', node);
    const json = JSON.parse(await vscode.env.clipboard.readText()) as ProtectionProfile;
    assert.equal(json.id, 1);
    assert.equal(json.name, 'Edge Shield One');
    assert.deepEqual(json.fields, [
      { template_field_id: 5, value: '300' },
      { template_field_id: 8, value: 'balanced' },
    ]);
  });

  // The simulator answers a 400 fault in this product's own shape for a refused request: FastAPI's 422.
  it('a 400 on save: the reason and Retry; Retry reopens the flow with the typed value, which then saves', async () => {
    const node = await nodeOf(1);
    sim.setFault({ route: 'updateProtectionProfile', kind: 'status', status: 400, field: 'name', times: 1 });
    const offered: string[][] = [];
    const ui = new ScriptedUi(['Kept Name', ACCEPT], (message, actions) => {
      if (!message.startsWith('Could not rename')) return save(message, actions);
      offered.push([...actions]);
      return 'Retry';
    });
    await run('platformConsole.renameProfile', ui, node);
    const refused = ui.notifications.find((n) => n.severity === 'error')!;
    assert.match(refused.message, /^Could not rename protection profile "Edge Shield One": The server refused the request \(HTTP 422\): name: was refused/);
    assert.deepEqual(offered, [['Retry', 'Show Log']]);
    assert.deepEqual(
      ui.prompts.map((p) => p.value),
      ['Edge Shield One', 'Kept Name'],
      'Retry filled in what was typed',
    );
    await ui.waitForNotification(/^Renamed "Edge Shield One" to "Kept Name"\.$/);
    assert.equal((await row(node)).label, 'Kept Name');
  });

  it('a 500 on save: notified with Show Log, nothing changes, the next edit works', async () => {
    const node = await nodeOf(1);
    sim.setFault({ route: 'updateProtectionProfile', kind: 'status', status: 500, times: 1 });
    const ui = await run('platformConsole.editProfileFields', new ScriptedUi(['5 = 300', '999'], save), node);
    const failed = await ui.waitForNotification(/^Could not edit the fields of protection profile "Kept Name": Server error \(HTTP 500\)/);
    assert.deepEqual(failed.actions, ['Retry', 'Show Log']);
    assert.deepEqual(
      (await rows((await rows(node))[1]!.node)).map((r) => r.label),
      ['5 = 300', '8 = balanced'],
    );
    await run('platformConsole.editProfileFields', new ScriptedUi(['5 = 300', '400'], save), node);
    assert.deepEqual(
      (await rows((await rows(node))[1]!.node)).map((r) => r.label),
      ['5 = 400', '8 = balanced'],
    );
  });

  it('a 401 on save: "API key rejected" with Sign In Again; a 403 on a common profile says why', async () => {
    const node = await nodeOf(1);
    sim.setFault({ route: 'updateProtectionProfile', kind: 'status', status: 401, times: 1 });
    const ui = await run('platformConsole.renameProfile', new ScriptedUi(['Never Saved'], save), node);
    const rejected = await ui.waitForNotification(/^API key rejected for profiles\. Could not rename protection profile "Kept Name"/);
    assert.deepEqual(rejected.actions, ['Sign In Again', 'Retry', 'Show Log']);
    assert.equal((await row(node)).label, 'Kept Name');

    const common = await nodeOf(2);
    const forbidden = await run('platformConsole.renameProfile', new ScriptedUi(['Mine Now'], save), common);
    await forbidden.waitForNotification(/^Could not rename protection profile ".*": .*HTTP 403.*Cannot update common protection profile/);
    assert.notEqual((await row(common)).label, 'Mine Now');
  });

  it('a 500 on the list: an error node with Retry and Show Log, a notification; Retry brings the list back', async () => {
    await tree().setFilters({ sort: [] });
    sim.setFault({ route: 'listProtectionProfilesPaged', kind: 'status', status: 500, times: 1 });
    const ui = withUi(new ScriptedUi());
    await tree().reload();
    const [error, ...rest] = await rows();
    assert.equal(rest.length, 0);
    assert.equal(error!.label, 'Could not load protection profiles');
    assert.match(error!.description ?? '', /^Server error \(HTTP 500\)/);
    assert.equal(error!.contextValue, 'platformConsole.error', 'inline Retry and Show Log');
    // A screen reader hears that it is an error, why, and what Enter does (the icon alone says "error").
    const spoken = (await tree().getTreeItem(error!.node)).accessibilityInformation?.label ?? '';
    assert.match(spoken, /^Could not load protection profiles, error, Server error \(HTTP 500\).*, press Enter to retry$/);
    const notice = await ui.waitForNotification(/^Could not load protection profiles: Server error \(HTTP 500\)/);
    assert.deepEqual(notice.actions, ['Retry', 'Show Log']);
    await vscode.commands.executeCommand('platformConsole.runNodeAction', error!.node);
    await tree().settled();
    assert.equal(profileRows(await rows()).length, 200);
  });

  it('a 400 on the list (a filter the server refuses): the reason names the field; Clear Filters is offered and works', async () => {
    await tree().setFilters({ name: 'web', sort: [] });
    sim.setFault({ route: 'listProtectionProfilesPaged', kind: 'status', status: 400, field: 'name', times: 1 });
    const ui = withUi(new ScriptedUi());
    await tree().reload();
    const [error, clear] = await rows();
    assert.match(error!.description ?? '', /^The server refused the request \(HTTP 422\): name: was refused/);
    assert.equal(clear!.label, 'Clear Filters');
    await ui.waitForNotification(/^Could not load protection profiles: The server refused the request \(HTTP 422\)/);
    await vscode.commands.executeCommand('platformConsole.runNodeAction', clear!.node);
    await tree().settled();
    assert.equal(profileRows(await rows()).length, 200);
  });

  it('a 401 on the list: "API key rejected" with Sign In Again; after it, Refresh works', async () => {
    sim.setFault({ route: 'listProtectionProfilesPaged', kind: 'status', status: 401, times: 1 });
    const ui = withUi(new ScriptedUi());
    await vscode.commands.executeCommand('platformConsole.refreshProfiles');
    const [error] = await rows();
    assert.match(error!.description ?? '', /HTTP 401/);
    const rejected = await ui.waitForNotification(/^API key rejected for profiles\. Could not load protection profiles/);
    assert.deepEqual(rejected.actions, ['Sign In Again', 'Retry', 'Show Log']);
    await vscode.commands.executeCommand('platformConsole.refreshProfiles');
    assert.equal(profileRows(await rows()).length, 200);
  });

  it('loading: a node while there is nothing to show; a reload keeps the rows until the answer; a slow answer overtaken never shows', async () => {
    sim.setFault({ route: 'listProtectionProfilesPaged', kind: 'latency', ms: 600, times: 1 });
    const other = await ext.connections.signIn('profiles-slow', sim.url, KEY);
    const [loading, ...none] = await rows();
    assert.deepEqual([loading!.label, loading!.icon, none.length], ['Loading protection profiles…', 'loading~spin', 0]);
    assert.equal(tree().loading, true);
    await tree().settled();
    assert.equal(profileRows(await rows()).length, 200);

    sim.setFault({ route: 'listProtectionProfilesPaged', kind: 'latency', ms: 600, times: 1 });
    const slow = tree().reload();
    assert.equal(tree().loading, true);
    assert.equal(profileRows(await rows()).length, 200, 'the rows stay (under the progress bar) while reloading');
    await tree().setFilters({ clientId: 4, sort: [] });
    await slow;
    const shown = profileRows(await rows());
    assert.ok(shown.length > 0);
    for (const r of shown) assert.equal(profileOf(r).client_id, 4, 'the newer answer (client 4) is the one shown');
    assert.equal(tree().loading, false);
    await ext.connections.signOut(other.id);
    await ext.connections.switchTo(connectionId);
  });

  it('a server that does not page (spec only): the whole list once, shown 200 at a time, the paged list not asked again', async () => {
    const spec = await startSimulator({ apiKey: KEY, dialect: 'spec' });
    try {
      const other = await ext.connections.signIn('profiles-spec', spec.url, KEY, 'spec');
      const first = await loaded();
      assert.equal(profileRows(first).length, 200);
      assert.equal(first[200]!.description, '200 of 250 shown');
      assert.equal(spec.requestCounts()['GET listProtectionProfiles'], 1, 'the whole list (/all)');
      // Other views on this connection ask for their own lists too: the paged list is told apart by its path.
      const lists = (await ext.connections.bind())!.lists;
      assert.ok(lists.isMissing('listProtectionProfilesPaged'), 'remembered for the connection');
      const before = spec.lastRequests()['GET (unknown)']?.at;
      await vscode.commands.executeCommand('platformConsole.runNodeAction', first[200]!.node);
      assert.equal(profileRows(await rows()).length, 250, 'Load more from the answer in hand');
      assert.equal(spec.requestCounts()['GET listProtectionProfiles'], 1);
      await tree().reload();
      const latest = spec.lastRequests()['GET (unknown)'];
      assert.ok(latest?.at === before || latest?.path !== '/security/guard/v3/profiles', 'remembered: the paged list is not asked again');
      assert.equal(spec.requestCounts()['GET listProtectionProfiles'], 2);
      await ext.connections.signOut(other.id);
      await ext.connections.switchTo(connectionId);
    } finally {
      await spec.close();
    }
  });

  it('signed out, the view has no rows (its welcome content offers Sign In)', async () => {
    // Not an explicit Sign Out: that would keep the environment's sign-in from putting its connection back.
    for (const c of ext.connections.list()) await ext.connections.signOut(c.id, { explicit: false });
    assert.equal(ext.connections.signedIn, false);
    assert.deepEqual(await tree().getChildren(), []);
    // Put back what the other test files expect: the environment's connection, then ours.
    await ext.connections.bootstrapFromEnvironment({ ...process.env, PLATFORM_CONSOLE_API_KEY: testKeys.environment });
    connectionId = (await ext.connections.signIn('profiles', sim.url, KEY)).id;
    assert.equal(profileRows(await loaded()).length, 200);
  });
});

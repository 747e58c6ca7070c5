// The Edge view listing what the account has (paths.md §2), with no pin and no prior action: its
// FastEdge status, its apps (status, template, plan; a page at a time with Load more; filtered by
// name and status on the server) and templates; a failed list is an error node with Retry; pins
// below, named as pins.
import * as assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { TreeNode } from '../../src/ui/treeNodes';
import { RUN_NODE_ACTION } from '../../src/ui/treeNodes';
import { startSimulator, type Simulator } from '../../simulator/index';
import { ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';

const KEY = testKeys.simulator;

describe("Edge view: the account's own lists", function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  const edge = () => ext.edge;

  const label = async (node: TreeNode) => {
    const item = await edge().getTreeItem(node);
    return {
      node,
      item,
      label: typeof item.label === 'string' ? item.label : (item.label?.label ?? ''),
      description: typeof item.description === 'string' ? item.description : undefined,
    };
  };
  const rows = async (node?: TreeNode) => Promise.all((await edge().getChildren(node)).map(label));
  const at = async (name: string, under?: TreeNode) => {
    const found = (await rows(under)).find((r) => r.label === name);
    assert.ok(found, `"${name}" is shown`);
    return found;
  };

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    connectionId = (await ext.connections.signIn('edge-lists', sim.url, KEY)).id;
    for (const kind of ['client', 'app', 'template'] as const) for (const id of edge().pinned[kind]) await edge().unpin(kind, id);
  });
  beforeEach(() => {
    sim.clearFaults();
    edge().listing.pageSize = 100;
  });
  after(async () => {
    ext.setUi(undefined);
    // Pinning revealed the Edge view: hidden again.
    await vscode.commands.executeCommand('workbench.view.explorer');
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it("lists the account's status, apps and templates with nothing pinned; no admin read", async () => {
    sim.resetRequests();
    await edge().listing.reload();
    const roots = await rows();
    assert.deepEqual(
      roots.map((r) => r.label),
      ['FastEdge account', 'Apps', 'Secrets', 'KV Stores', 'Templates'],
    );
    assert.match(roots[0]!.description ?? '', /^enabled · .+ · app limit \d+$/);
    const apps = await rows(roots[1]!.node);
    const counts = sim.requestCounts();
    assert.equal(counts['GET getEdgeApp'] ?? 0, 0, "the account's apps need no pin and no admin read");
    assert.equal(counts['GET listEdgeApps'], 1, 'one read of the first page');
    const api = await ext.connections.api();
    const listed = await api!.edge.listEdgeApps({ params: {}, query: { limit: 1000, ordering: 'name' } });
    assert.deepEqual(
      apps.map((a) => a.label),
      listed.apps.map((a) => a.name),
    );
    const first = listed.apps[0]!;
    assert.match(apps[0]!.description ?? '', new RegExp(`template ${first.template_name}`));
    assert.ok((apps[0]!.item.iconPath as vscode.ThemeIcon).id, 'a status icon');
    assert.ok(apps[0]!.item.accessibilityInformation?.label.startsWith(`Edge app ${first.name}`), 'the status is in what a screen reader hears');
    assert.equal(roots[1]!.description, String(listed.count));
    const templates = await rows(roots[2]!.node);
    assert.ok(templates.length > 0);
    // An app's details are there, as for a pin.
    const details = await rows(apps[0]!.node);
    assert.ok(
      details.some((d) => d.label === 'URL' || d.label.startsWith('http')),
      details.map((d) => d.label).join(', '),
    );
  });

  it('pages with Load more, and filters on the server by status and name', async () => {
    edge().listing.pageSize = 2;
    await edge().listing.reload();
    const apps = await at('Apps');
    let children = await rows(apps.node);
    assert.equal(children.length, 3, 'two apps and Load more');
    assert.match(children[2]!.label, /^Load more \(\d+ more\)$/);
    await vscode.commands.executeCommand(RUN_NODE_ACTION, children[2]!.node);
    children = await rows((await at('Apps')).node);
    assert.equal(children.filter((c) => !c.label.startsWith('Load more')).length, 4);
    assert.equal(sim.lastRequests('listEdgeApps')['GET listEdgeApps']?.query.offset, '2');

    edge().listing.pageSize = 100;
    ext.setUi(new ScriptedUi(['enabled', 'HELLO']));
    await vscode.commands.executeCommand('platformConsole.filterEdgeApps');
    const query = sim.lastRequests('listEdgeApps')['GET listEdgeApps']?.query;
    assert.equal(query?.status, '1');
    assert.equal(query?.name, 'HELLO');
    const filtered = await at('Apps');
    assert.equal(filtered.description?.includes('filtered (name: HELLO, status: enabled)'), true, filtered.description);
    assert.equal(filtered.item.contextValue, 'platformConsole.edgeListed.apps.filtered');
    const shown = await rows(filtered.node);
    assert.ok(
      shown.length > 0 && shown.every((a) => /hello/i.test(a.label) && a.description?.startsWith('enabled')),
      shown.map((a) => `${a.label}: ${a.description}`).join('; '),
    );
    await vscode.commands.executeCommand('platformConsole.clearEdgeAppsFilter');
    assert.equal((await at('Apps')).item.contextValue, 'platformConsole.edgeListed.apps');
  });

  it('a failed list is an error node with Retry; Retry lists again', async () => {
    sim.setFault({ route: 'listEdgeApps', kind: 'status', status: 500 });
    await edge().listing.reload();
    const [error] = await rows((await at('Apps')).node);
    assert.match(error!.label, /^Could not load the edge apps/);
    sim.clearFaults();
    await vscode.commands.executeCommand(RUN_NODE_ACTION, error!.node);
    const after = await rows((await at('Apps')).node);
    assert.ok(after.length > 0 && !after[0]!.label.startsWith('Could not'));
  });

  it('pins stay for other clients\' objects, under "Pinned …"', async () => {
    ext.setUi(new ScriptedUi(['202']));
    await vscode.commands.executeCommand('platformConsole.addEdgeClient');
    await edge().settled();
    const roots = await rows();
    assert.deepEqual(
      roots.map((r) => r.label),
      ['FastEdge account', 'Apps', 'Secrets', 'KV Stores', 'Templates', 'Pinned clients'],
    );
    await edge().unpin('client', 202);
  });
});

// The Edge view's KV Stores group in a real VS Code against the simulator (#55 item 5): a store's
// keys filtered by a prefix (asked of the platform, shown in the store's row, cleared), a page at a
// time with Load more; Open Value as a read-only document (text, or a hex dump of binary bytes);
// Put Key… (the key checked as typed, a new key, then a value from a binary file) and Delete Key
// (its modal: dismissed sends nothing, accepted sends once) — each proven from the simulator.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import { ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';
import { until } from './support/until';

const KEY = testKeys.simulator;

interface Row {
  node: unknown;
  label: string;
  description: string;
  contextValue?: string;
}

describe('Edge KV stores', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  const folder = mkdtempSync(join(tmpdir(), 'pc-edge-kv-'));
  const writes = () =>
    Object.entries(sim.requestCounts())
      .filter(([k]) => !k.startsWith('GET'))
      .map(([k, n]) => `${k} ${n}`);
  const api = async () => (await ext.connections.api())!.edge;
  const rowsOf = async (parent: unknown): Promise<Row[]> =>
    Promise.all(
      (await ext.edge.getChildren(parent as never)).map(async (node) => {
        const item = await ext.edge.getTreeItem(node);
        return { node, label: String(item.label), description: String(item.description ?? ''), contextValue: item.contextValue };
      }),
    );
  /** The children of `parent` once read (no Loading row), as `ready` wants them. */
  const settled = (parent: unknown, what: string, ready: (rows: Row[]) => boolean = () => true) =>
    until(what, async () => {
      const rows = await rowsOf(parent);
      return rows.length > 0 && !rows.some((r) => r.label.startsWith('Loading')) && ready(rows) ? rows : undefined;
    });
  const storeRow = async (name: string): Promise<Row> => {
    const roots = await Promise.all((await ext.edge.getChildren()).map(async (n) => [n, (await ext.edge.getTreeItem(n)).id] as const));
    const group = roots.find(([, id]) => id === 'edge.listed.kv')?.[0];
    assert.ok(group, 'the Edge view has a KV Stores group');
    const store = (await settled(group, 'the edge stores')).find((r) => r.label === name);
    assert.ok(store, `store ${name} is listed`);
    return store;
  };
  const stored = async (key: string) => (await api()).getEdgeStoreKey({ params: { store_id: 127, key } });

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    connectionId = (await ext.connections.signIn('edge-kv', sim.url, KEY)).id;
    await vscode.workspace.getConfiguration('platformConsole.edge').update('refreshIntervalSeconds', 0, vscode.ConfigurationTarget.Global);
  });
  beforeEach(async () => {
    sim.reset();
    sim.resetRequests();
    ext.edge.listing.kv.reset();
    ext.edge.listing.kv.pageSize = 3;
    await ext.edge.listing.reload();
  });
  after(async () => {
    ext.setUi(undefined);
    ext.edge.listing.kv.pageSize = 50;
    ext.edge.listing.kv.reset();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.getConfiguration('platformConsole.edge').update('refreshIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.view.explorer');
    await ext.connections.signOut(connectionId);
    await sim.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('a prefix filter is asked of the platform and shown on the store; Load more adds the next page; the filter is cleared', async () => {
    const geo = await storeRow('geo-table');
    assert.equal(geo.contextValue, 'platformConsole.edgeKvStore');
    const first = await settled(geo.node, 'the first keys');
    assert.deepEqual(
      first.map((r) => r.label),
      ['blob/pixel', 'country/AT', 'country/BR', 'Load more (8 more)'],
    );
    assert.equal(first[0]!.description, '16 bytes, binary');
    assert.equal(first[0]!.contextValue, 'platformConsole.edgeKvKey.kv');
    ext.setUi(new ScriptedUi(['country/']));
    await vscode.commands.executeCommand('platformConsole.filterEdgeKvKeys', geo.node);
    const filtered = await storeRow('geo-table');
    assert.match(filtered.description, /^keys starting with "country\/" · 18 KiB$/);
    assert.equal(filtered.contextValue, 'platformConsole.edgeKvStore.filtered');
    assert.deepEqual(sim.lastRequests('listEdgeStoreData')['GET listEdgeStoreData']?.query, { limit: '3', offset: '0', search: 'country/' });
    const page = await settled(filtered.node, 'the filtered keys', (rows) => rows[0]?.label === 'country/AT');
    assert.deepEqual(
      page.map((r) => r.label),
      ['country/AT', 'country/BR', 'country/DE', 'Load more (4 more)'],
    );
    await (page[3]!.node as { run: () => Promise<void> }).run();
    const more = await settled(filtered.node, 'the next page', (rows) => rows.length > 4);
    assert.deepEqual(
      more.map((r) => r.label),
      ['country/AT', 'country/BR', 'country/DE', 'country/FR', 'country/GB', 'country/JP', 'Load more (1 more)'],
    );
    assert.deepEqual(sim.lastRequests('listEdgeStoreData')['GET listEdgeStoreData']?.query, { limit: '3', offset: '3', search: 'country/' });
    await vscode.commands.executeCommand('platformConsole.clearEdgeKvKeyFilter', filtered.node);
    const cleared = await storeRow('geo-table');
    assert.equal(cleared.description, '18 KiB');
    assert.deepEqual(sim.lastRequests('listEdgeStoreData')['GET listEdgeStoreData']?.query, { limit: '3', offset: '0' });
    assert.deepEqual(writes(), []);
  });

  it('Open Value: a text value as text, a binary one as a hex dump, both read-only documents', async () => {
    const keys = await settled((await storeRow('geo-table')).node, 'the keys');
    const text = await vscode.commands.executeCommand<vscode.TextDocument>('platformConsole.openEdgeKvValue', keys.find((r) => r.label === 'country/AT')!.node);
    assert.equal(text.getText(), 'eu-central');
    const binary = await vscode.commands.executeCommand<vscode.TextDocument>('platformConsole.openEdgeKvValue', keys[0]!.node);
    assert.equal(binary.getText(), '00000000  89 50 4e 47 0d 0a 1a 0a  00 00 00 0d 49 48 44 52  |.PNG........IHDR|\n');
    assert.equal(sim.requestCounts()['GET getEdgeStoreKey'], 2);
    assert.equal(binary.uri.scheme, 'platform-console-kv', 'served by the extension: read-only, never on disk');
  });

  it('Put Key… from the palette: the key checked as typed, a new key sent once; then a binary file over it, said as an overwrite', async () => {
    const ui = new ScriptedUi([{ pick: 'geo-table' }, '', 'k'.repeat(257), 'country/IT', { pick: 'Type the value' }, 'eu-south', 'soon', ''], (_m, actions) =>
      actions.includes('Put') ? 'Put' : undefined,
    );
    ext.setUi(ui);
    assert.equal(await vscode.commands.executeCommand('platformConsole.putEdgeKvKey'), true);
    assert.deepEqual(ui.prompts[1]!.refusals, ['Key: must not be empty', 'Key: must be at most 256 characters']);
    assert.match(ui.prompts.at(-1)!.refusals.join(' | '), /Expires at: must be an RFC 3339 date and time/);
    assert.equal(ui.confirms.length, 1);
    assert.match(
      ui.confirms[0]!.detail,
      /Store: geo-table \(ID 127\)\nKey: country\/IT\nValue: 8 bytes of text\nExpires: never\nThe key now: not in the store \(a new key\)/,
    );
    assert.deepEqual(writes(), ['PUT putEdgeStoreData 1']);
    assert.deepEqual((await stored('country/IT')).payload, { value: 'eu-south', encoding: 'plain' });
    assert.ok(ui.notifications.some((n) => /^Put key "country\/IT" in edge store 127 on edge-kv: the store holds /.test(n.message)));

    sim.resetRequests();
    const file = join(folder, 'pixel.bin');
    writeFileSync(file, Buffer.from([0x00, 0xff, 0x10, 0x80]));
    const row = (await settled((await storeRow('geo-table')).node, 'the keys')).find((r) => r.label === 'country/AT')!;
    const over = new ScriptedUi([{ pick: 'From a file…' }, file, ''], (_m, actions) => (actions.includes('Put') ? 'Put' : undefined));
    ext.setUi(over);
    assert.equal(await vscode.commands.executeCommand('platformConsole.putEdgeKvKey', row.node), true);
    assert.match(over.confirms[0]!.detail, /Key: country\/AT\nValue: 4 bytes \(binary, sent in base64\)\n.*\nThe key now: exists: a value, 10 bytes of text/);
    assert.match(over.confirms[0]!.detail, /overwrites key "country\/AT"/);
    assert.deepEqual(writes(), ['PUT putEdgeStoreData 1']);
    assert.deepEqual((await stored('country/AT')).payload, { value: 'AP8QgA==', encoding: 'base64' });
  });

  it('Delete Key on a row: its modal dismissed sends nothing; accepted, one PUT with del_key, the key gone from the simulator and the view', async () => {
    const geo = await storeRow('geo-table');
    const row = (await settled(geo.node, 'the keys')).find((r) => r.label === 'country/AT')!;
    const dismissed = new ScriptedUi([]);
    ext.setUi(dismissed);
    assert.equal(await vscode.commands.executeCommand('platformConsole.deleteEdgeKvKey', row.node), false);
    assert.equal(dismissed.confirms.length, 1);
    assert.match(dismissed.confirms[0]!.message, /^Delete key "country\/AT" from edge store geo-table on edge-kv\?/);
    assert.match(dismissed.confirms[0]!.detail, /It holds: a value, 10 bytes of text/);
    assert.deepEqual(writes(), []);
    const ui = new ScriptedUi([], (_m, actions) => (actions.includes('Delete') ? 'Delete' : undefined));
    ext.setUi(ui);
    assert.equal(await vscode.commands.executeCommand('platformConsole.deleteEdgeKvKey', row.node), true);
    assert.deepEqual(writes(), ['PUT putEdgeStoreData 1']);
    assert.deepEqual(sim.lastRequests('putEdgeStoreData')['PUT putEdgeStoreData']?.body, [{ key: 'country/AT', datatype: 'kv', op: 'del_key' }]);
    await assert.rejects(stored('country/AT'));
    const after = await settled((await storeRow('geo-table')).node, 'the keys again', (rows) => rows[1]?.label !== 'country/AT');
    assert.deepEqual(after.map((r) => r.label).slice(0, 3), ['blob/pixel', 'country/BR', 'country/DE']);
  });
});

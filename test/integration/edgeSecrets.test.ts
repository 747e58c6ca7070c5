// The Edge view's Secrets group in a real VS Code against the simulator: the account's secrets
// listed with how many apps use each, opened to their slots; Create Secret… (name and value checked
// as typed, the value masked and never in a prompt, confirmation or notification), Replace Value…
// (the slot in use replaced), Delete Secret… (the app that loses it named, the name typed) — each
// proven from the simulator's state and record; a failed create keeps every value (Retry).
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import { ACCEPT, ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';

const KEY = testKeys.simulator;
const VALUE = testKeys.edgeSecretValue;
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

describe('Edge secrets', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  const writes = () =>
    Object.entries(sim.requestCounts())
      .filter(([k]) => !k.startsWith('GET'))
      .map(([k, n]) => `${k} ${n}`);
  const api = async () => (await ext.connections.api())!.edge;
  const until = async (test: () => Promise<boolean> | boolean, what: string) => {
    for (let i = 0; i < 100; i++) {
      if (await test()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.fail(`timed out waiting for ${what}`);
  };
  /** The Secrets group's rows once read: [node, label, description]. */
  const secretRows = async () => {
    const tree = ext.edge;
    const group = (await Promise.all((await tree.getChildren()).map(async (n) => [n, (await tree.getTreeItem(n)).id] as const))).find(
      ([, id]) => id === 'edge.listed.secrets',
    )?.[0];
    assert.ok(group, 'the Edge view has a Secrets group');
    let rows: { node: unknown; label: string; description: string; contextValue?: string }[] = [];
    await until(async () => {
      rows = await Promise.all(
        (await tree.getChildren(group)).map(async (node) => {
          const item = await tree.getTreeItem(node);
          return { node, label: String(item.label), description: String(item.description ?? ''), contextValue: item.contextValue };
        }),
      );
      return rows.length > 0 && !rows[0]!.label.startsWith('Loading');
    }, 'the secrets');
    return rows;
  };
  const noValueShown = (ui: ScriptedUi, value: string) => {
    const shown = [
      ...ui.confirms.flatMap((c) => [c.message, c.detail]),
      ...ui.notifications.map((n) => n.message),
      ...ui.prompts.flatMap((p) => [p.prompt, ...(p.password ? [] : [p.value ?? ''])]),
    ];
    assert.ok(!shown.some((t) => t.includes(value)), 'the value is in no prompt, confirmation or notification');
  };

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    connectionId = (await ext.connections.signIn('edge-secrets', sim.url, KEY)).id;
    await vscode.workspace.getConfiguration('platformConsole.edge').update('refreshIntervalSeconds', 0, vscode.ConfigurationTarget.Global);
  });
  beforeEach(async () => {
    sim.reset();
    sim.resetRequests();
    sim.clearFaults('*');
    await ext.edge.listing.reload();
    await ext.edge.listing.secrets.reload(true);
  });
  after(async () => {
    ext.setUi(undefined);
    await vscode.workspace.getConfiguration('platformConsole.edge').update('refreshIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    // Pinning revealed the Edge view: hidden again.
    await vscode.commands.executeCommand('workbench.view.explorer');
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('lists the secrets with their use, and a secret opened shows its slots (the one in use marked), never a value', async () => {
    const rows = await secretRows();
    assert.deepEqual(
      rows.map((r) => r.label),
      ['db-password', 'signing-key', 'upstream-token'],
    );
    assert.equal(rows.find((r) => r.label === 'upstream-token')?.description, 'used by 1 app · rotated monthly');
    assert.match(rows.find((r) => r.label === 'db-password')!.description, /^used by no app/);
    assert.equal(rows[0]!.contextValue, 'platformConsole.edgeSecret');
    const token = rows.find((r) => r.label === 'upstream-token')!.node as never;
    let slots: string[] = [];
    await until(async () => {
      slots = await Promise.all(
        (await ext.edge.getChildren(token)).map(async (n) => {
          const i = await ext.edge.getTreeItem(n);
          return `${String(i.label)}: ${String(i.description ?? '')}`;
        }),
      );
      return slots.length > 0 && !slots[0]!.startsWith('Loading');
    }, 'the slots');
    assert.equal(slots.length, 2);
    assert.match(slots[0]!, /^Slot 0: superseded · from the start · checksum [0-9a-f]{12}…$/);
    assert.match(slots[1]!, /^Slot 1704067200: in use · from 2024-01-01 00:00 UTC/);
  });

  it('Create Secret…: name refused as typed (pattern, taken), value masked; one POST; the new row is there; the value only as its checksum', async () => {
    const ui = new ScriptedUi(['bad name', 'db-password', 'api-key-2', 'for the tests', VALUE], (_m, actions) =>
      actions.includes('Create') ? 'Create' : undefined,
    );
    ext.setUi(ui);
    const made = await vscode.commands.executeCommand<{ id: number; name: string }>('platformConsole.createEdgeSecret');
    assert.equal(made?.name, 'api-key-2');
    assert.match(ui.prompts[0]!.refusals.join(' | '), /letters, digits.*\| .*already exists/);
    assert.equal(ui.prompts[2]!.password, true, 'the value box is masked');
    assert.deepEqual(writes(), ['POST createEdgeSecret 1']);
    assert.match(ui.confirms[0]!.detail, /Name: api-key-2/);
    assert.match(ui.confirms[0]!.detail, new RegExp(`Value: ${VALUE.length} characters, not shown`));
    noValueShown(ui, VALUE);
    const stored = await (await api()).getEdgeSecret({ params: { secret_id: made!.id } });
    assert.deepEqual(
      stored.secret_slots?.map((s) => [s.slot, s.checksum]),
      [[0, sha(VALUE)]],
    );
    assert.ok(!JSON.stringify(sim.lastRequests('createEdgeSecret')).includes(VALUE), "the simulator's record holds no value");
    assert.ok(
      (await secretRows()).some((r) => r.label === 'api-key-2'),
      'the new secret is listed',
    );
  });

  it('a failed create keeps every value: Retry reopens the value step with it, confirmed again, two POSTs', async () => {
    sim.setFault({ route: 'createEdgeSecret', kind: 'status', status: 500, times: 1 });
    const ui = new ScriptedUi(['kept-secret', '', VALUE, ACCEPT], (_m, actions) =>
      actions.includes('Create') ? 'Create' : actions.includes('Retry') ? 'Retry' : undefined,
    );
    ext.setUi(ui);
    const made = await vscode.commands.executeCommand<{ id: number; name: string }>('platformConsole.createEdgeSecret');
    assert.equal(made?.name, 'kept-secret');
    assert.deepEqual(writes(), ['POST createEdgeSecret 2']);
    assert.equal(ui.confirms.length, 2, 'confirmed again before the second POST');
    assert.equal(ui.prompts[3]!.password, true);
    assert.ok(ui.notifications.some((n) => /Could not create edge secret kept-secret/.test(n.message) && n.actions.includes('Show Log')));
    noValueShown(ui, VALUE);
    const stored = await (await api()).getEdgeSecret({ params: { secret_id: made!.id } });
    assert.equal(stored.secret_slots?.[0]?.checksum, sha(VALUE), 'the value typed once was sent on Retry');
  });

  it('Replace Value… on a row: the slot in use gets the new value (one PATCH); the other slot stays', async () => {
    const token = (await secretRows()).find((r) => r.label === 'upstream-token')!.node;
    const before = await (await api()).getEdgeSecret({ params: { secret_id: 636 } });
    const ui = new ScriptedUi(['', VALUE], (_m, actions) => (actions.includes('Replace') ? 'Replace' : undefined));
    ext.setUi(ui);
    assert.equal(await vscode.commands.executeCommand('platformConsole.replaceEdgeSecretValue', token), true);
    assert.deepEqual(ui.prompts[0]!.refusals, ['Value: must not be empty']);
    assert.deepEqual(writes(), ['PATCH patchEdgeSecret 1']);
    assert.match(ui.confirms[0]!.detail, /Used by: 1 app/);
    assert.match(ui.confirms[0]!.detail, /slot 1704067200/);
    assert.match(ui.confirms[0]!.detail, /This cannot be undone\./, 'destructive: the value it held cannot be read back');
    noValueShown(ui, VALUE);
    const after = await (await api()).getEdgeSecret({ params: { secret_id: 636 } });
    assert.equal(after.secret_slots?.[0]?.checksum, before.secret_slots?.[0]?.checksum, 'slot 0 unchanged');
    assert.equal(after.secret_slots?.[1]?.checksum, sha(VALUE), 'the slot in use holds the new value');
  });

  it('Delete Secret… on a used secret: the app that loses it named, the name typed; DELETE with force; the app no longer refers to it', async () => {
    const token = (await secretRows()).find((r) => r.label === 'upstream-token')!.node;
    const ui = new ScriptedUi(['upstream', 'upstream-token']);
    ext.setUi(ui);
    assert.equal(await vscode.commands.executeCommand('platformConsole.deleteEdgeSecret', token), true);
    // The words are the catalog operation's (operationEdgeSecrets.test.ts): the app that loses it, its count, force.
    assert.match(
      ui.prompts[0]!.prompt,
      /^The edge secret upstream-token \(Secret upstream-token \(ID 636\), .*Apps using it 1 app: hello-edge \(101\), Force yes[^)]*\) on edge-secrets .* the app above loses it/,
    );
    assert.deepEqual(ui.prompts[0]!.refusals, ['Confirmation: type upstream-token exactly']);
    assert.deepEqual(writes(), ['DELETE deleteEdgeSecret 1']);
    assert.equal(Object.values(sim.lastRequests('deleteEdgeSecret'))[0]?.query?.force, 'true');
    assert.deepEqual((await (await api()).getOwnEdgeApp({ params: { app_id: 101 } })).secrets, {});
    assert.ok(!(await secretRows()).some((r) => r.label === 'upstream-token'), 'the row is gone');
  });

  it('Delete Secret… from the palette picks the secret; an unused one is deleted without force; Escape at the name sends nothing', async () => {
    const escaped = new ScriptedUi([{ pick: 'db-password' }, { escape: true }]);
    ext.setUi(escaped);
    assert.equal(await vscode.commands.executeCommand('platformConsole.deleteEdgeSecret'), false);
    assert.deepEqual(writes(), []);
    const ui = new ScriptedUi([{ pick: 'db-password' }, 'db-password']);
    ext.setUi(ui);
    assert.equal(await vscode.commands.executeCommand('platformConsole.deleteEdgeSecret'), true);
    assert.match(ui.prompts[1]!.prompt, /Apps using it none, Force no/);
    assert.deepEqual(writes(), ['DELETE deleteEdgeSecret 1']);
    assert.equal(Object.values(sim.lastRequests('deleteEdgeSecret'))[0]?.query?.force, undefined);
  });
});

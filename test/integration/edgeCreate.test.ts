// Create Edge App… in a real VS Code against the simulator: from a template (each param asked with
// its description, a mandatory one required, values checked by type), from a stored binary, name,
// comment and env checked as typed; one POST proven from the simulator's record; the draft app
// selected in the Edge view and *Enable* from the notification; a failed create keeps every value
// (Retry); Deploy's *Create a new app…* creates the app and deploys the file to it. A template's
// secret param is picked from the account's Edge secrets and sent as a reference; past the
// account's app limit the create is said as the limit and Retry keeps every value.
import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import { ACCEPT, PRESS_BACK, ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';

const KEY = testKeys.simulator;
const WASM = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

describe('Create Edge App', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  const writes = () =>
    Object.entries(sim.requestCounts())
      .filter(([k]) => !k.startsWith('GET'))
      .map(([k, n]) => `${k} ${n}`);
  const sentBody = (route: string) => Object.values(sim.lastRequests(route))[0]?.body;
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
    connectionId = (await ext.connections.signIn('edge-create', sim.url, KEY)).id;
    await vscode.workspace.getConfiguration('platformConsole.edge').update('refreshIntervalSeconds', 0, vscode.ConfigurationTarget.Global);
  });
  beforeEach(async () => {
    sim.reset();
    sim.resetRequests();
    sim.clearFaults('*');
    await ext.edge.listing.reload();
  });
  after(async () => {
    ext.setUi(undefined);
    await vscode.workspace.getConfiguration('platformConsole.edge').update('refreshIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    // The Edge view was shown for the new row: hidden again.
    await vscode.commands.executeCommand('workbench.view.explorer');
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('from a template: each param asked and checked, name and env refused as typed, one POST; the draft is selected and Enable enables it', async () => {
    const ui = new ScriptedUi(
      [
        { pick: 'From a template' },
        { pick: 'Hello World HTTP' },
        '', // GREETING, optional
        '', // LOG_LEVEL, required: refused
        'loud', // not one of its values: refused
        PRESS_BACK, // back to GREETING, kept empty
        ACCEPT,
        'info',
        ACCEPT, // API_TOKEN, an optional secret: "No secret" highlighted
        'Bad_Name',
        'x',
        'hello-created',
        'made by a test',
        'A=1; 1B=2',
        'A=1; B=two',
      ],
      (_m, actions) => (actions.includes('Create') ? 'Create' : actions.includes('Enable') ? 'Enable' : undefined),
    );
    ext.setUi(ui);
    // The Edge view shown (other suites leave another view in front): the new row is selected there.
    await vscode.commands.executeCommand('platformConsole.edge.focus');
    const made = await vscode.commands.executeCommand<{ id: number; name: string }>('platformConsole.createEdgeApp');
    assert.ok(made, 'the command answers the new app');
    assert.equal(made.name, 'hello-created');
    const inputs = ui.prompts.filter((p) => p.kind === 'input');
    const byPrompt = (start: string) => inputs.filter((p) => p.prompt?.startsWith(start));
    assert.match(byPrompt('LOG_LEVEL')[0]!.prompt!, /^LOG_LEVEL \(required\): Log verbosity \[enum\]$/);
    assert.deepEqual(
      byPrompt('LOG_LEVEL').flatMap((p) => p.refusals),
      ['LOG_LEVEL is required.', 'LOG_LEVEL must be one of: debug, info, warn.'],
    );
    assert.equal(byPrompt('GREETING').length, 2, 'Back returned to the previous param');
    assert.equal(byPrompt('App name')[0]!.refusals.length, 2);
    assert.match(byPrompt('Environment variables')[0]!.refusals[0]!, /^Entry 2: a variable name is letters, digits and "_", not starting with a digit\.$/);

    // The confirmation's words are the catalog operation's (operationEdgeDeploy.test.ts); here: what the wizard gathered reaches it.
    assert.match(ui.confirms[0]!.message, /^Create edge app hello-created from template Hello World HTTP \(\d+\) on edge-create\?$/);
    assert.match(
      ui.confirms[0]!.detail,
      /\nTemplate params: LOG_LEVEL \(4 characters, not shown\)\nEnv variables: A \(1 character, not shown\), B \(3 characters, not shown\)\nComment: made by a test\n/,
    );
    assert.ok(!ui.confirms[0]!.detail.includes('two'), 'no value in the confirmation');
    assert.deepEqual(sentBody('createEdgeApp'), {
      name: 'hello-created',
      template: (sentBody('createEdgeApp') as { template: number }).template,
      env: { A: '1', B: 'two', LOG_LEVEL: 'info' },
      comment: 'made by a test',
    });
    assert.equal((await appOf(made.id)).status, 0, 'a draft, as the platform makes it');

    await until(async () => {
      const selected = ext.edge.view.selection[0];
      return selected !== undefined && (await ext.edge.getTreeItem(selected)).id === `edge.listed.app.${made.id}`;
    }, 'the new app selected in the Edge view');
    // Enable was chosen on the notification: the lifecycle's own confirmation, then one PATCH.
    await until(async () => (await appOf(made.id)).status === 1, 'the app enabled');
    assert.deepEqual(writes(), ['PATCH patchEdgeApp 1', 'POST createEdgeApp 1']);
    assert.deepEqual(sentBody('patchEdgeApp'), { status: 1 });
  });

  it('from a stored binary picked from the list (the apps using it named)', async () => {
    const { binaries } = await (await ext.connections.api())!.edge.listEdgeBinaries({ params: {} });
    const first = binaries[0]!;
    const ui = new ScriptedUi([{ pick: 'From a binary' }, { pick: `Binary ${first.id}` }, 'from-binary', '', ''], (_m, a) =>
      a.includes('Create') ? 'Create' : undefined,
    );
    ext.setUi(ui);
    const made = await vscode.commands.executeCommand<{ id: number }>('platformConsole.createEdgeApp');
    assert.ok(made, 'created');
    assert.deepEqual(sentBody('createEdgeApp'), { name: 'from-binary', binary: first.id });
    assert.equal((await appOf(made.id)).binary, first.id);
    assert.match(ui.confirms[0]!.detail, new RegExp(`From: binary ${first.id}`));
  });

  it('a failed create keeps every value: Retry reopens the last step filled in, and one more POST sends the same', async () => {
    sim.setFault({ route: 'createEdgeApp', kind: 'status', status: 500, times: 1 });
    const answers = [{ pick: 'From a template' }, { pick: 'Geo Redirect' }, '{"DE":"https://example.de"}', '', 'geo-retry', '', 'X=1'];
    let confirms = 0;
    const ui = new ScriptedUi(answers, (_m, a) => (a.includes('Create') ? (confirms++, 'Create') : a.includes('Retry') ? 'Retry' : undefined));
    ui.answer(ACCEPT); // the env step again, its value kept
    ext.setUi(ui);
    const made = await vscode.commands.executeCommand<{ id: number }>('platformConsole.createEdgeApp');
    assert.ok(made, 'the second attempt created it');
    const envPrompts = ui.prompts.filter((p) => p.prompt?.startsWith('Environment variables'));
    assert.equal(envPrompts.length, 2);
    assert.equal(envPrompts[1]!.value, 'X=1', 'Retry reopened the env step with what was typed');
    assert.equal(confirms, 2, 'confirmed again before the second POST');
    assert.deepEqual(writes(), ['POST createEdgeApp 2']);
    assert.ok(
      ui.notifications.some(
        (n) => n.severity === 'error' && /^Could not create edge app geo-retry on edge-create/.test(n.message) && n.actions.includes('Show Log'),
      ),
    );
  });

  it("a template's secret param: picked from the account's Edge secrets by name, sent as a reference (no value), named in the confirmation", async () => {
    const ui = new ScriptedUi(
      [{ pick: 'From a template' }, { pick: 'Token Gate' }, 'https://origin.example', { pick: 'db-password' }, 'token-gate', '', 'MODE=strict'],
      (_m, a) => (a.includes('Create') ? 'Create' : undefined),
    );
    ext.setUi(ui);
    const made = await vscode.commands.executeCommand<{ id: number }>('platformConsole.createEdgeApp');
    assert.ok(made, 'created');
    const secretPick = ui.prompts.find((p) => p.kind === 'pick' && p.items?.includes('db-password'))!;
    assert.deepEqual(secretPick.items!.slice(0, 3), ['upstream-token', 'db-password', 'signing-key'], "the account's secrets by name");
    assert.match(ui.confirms[0]!.detail, /\nSecret references: GATE_TOKEN -> db-password \(637\)\n/);
    assert.deepEqual(sentBody('createEdgeApp'), {
      name: 'token-gate',
      template: 304,
      env: { MODE: 'strict', UPSTREAM_URL: 'https://origin.example' },
      secrets: { GATE_TOKEN: { id: 637 } },
    });
    const app = await appOf(made.id);
    assert.deepEqual(app.secrets, { GATE_TOKEN: { id: 637, name: 'db-password', comment: '' } });
    assert.deepEqual(app.env, { MODE: 'strict', UPSTREAM_URL: 'https://origin.example' });
  });

  it("a template's store param: picked from the account's edge stores by name, sent as a reference and kept on the app", async () => {
    const ui = new ScriptedUi(
      [{ pick: 'From a template' }, { pick: 'Image Resizer' }, 'https://img.example', '', { pick: 'geo-table' }, '', '', '', 'resize-stored', '', ''],
      (_m, a) => (a.includes('Create') ? 'Create' : undefined),
    );
    ext.setUi(ui);
    const made = await vscode.commands.executeCommand<{ id: number }>('platformConsole.createEdgeApp');
    assert.ok(made, 'created');
    const storePick = ui.prompts.find((p) => p.kind === 'pick' && p.items?.includes('geo-table'))!;
    assert.deepEqual(storePick.items!.slice(0, 4), ['$(circle-slash) No store', 'resized-cache', 'geo-table', 'rate-limits']);
    assert.match(ui.confirms[0]!.detail, /\nStore references: CACHE_STORE -> geo-table \(127\)\n/);
    assert.deepEqual(sentBody('createEdgeApp'), {
      name: 'resize-stored',
      template: 302,
      env: { ORIGIN_URL: 'https://img.example' },
      stores: { CACHE_STORE: { id: 127 } },
    });
    assert.deepEqual((await appOf(made.id)).stores, { CACHE_STORE: { id: 127, name: 'geo-table', comment: 'Country overrides' } });
  });

  it("past the account's app limit: said as the limit with Show Log; Retry reopens the last step with every value and sends the same", async () => {
    const { count } = await (await ext.connections.api())!.edge.listEdgeApps({ params: {}, query: { limit: 1 } });
    sim.setOptions({ appCountLimit: count ?? 0 });
    try {
      const ui = new ScriptedUi([{ pick: 'From a binary' }, { pick: 'Binary 4748' }, 'over-limit', 'kept comment', 'K=1'], (_m, a) => {
        if (a.includes('Create')) return 'Create';
        if (!a.includes('Retry')) return undefined;
        sim.setOptions({ appCountLimit: (count ?? 0) + 1 }); // the person deleted an app meanwhile
        return 'Retry';
      });
      ui.answer(ACCEPT);
      ext.setUi(ui);
      const made = await vscode.commands.executeCommand<{ id: number }>('platformConsole.createEdgeApp');
      assert.ok(made, 'created on Retry');
      const error = ui.notifications.find((n) => n.severity === 'error')!;
      assert.match(error.message, new RegExp(`^Could not create edge app over-limit on edge-create: The account has reached its app limit \\(${count}\\): `));
      assert.deepEqual(error.actions, ['Retry', 'Show Log']);
      assert.equal(ui.prompts.filter((p) => p.prompt?.startsWith('Environment variables'))[1]!.value, 'K=1', 'Retry reopened the env step with what was typed');
      assert.deepEqual(writes(), ['POST createEdgeApp 2']);
      assert.deepEqual(sentBody('createEdgeApp'), { name: 'over-limit', binary: 4748, env: { K: '1' }, comment: 'kept comment' });
      assert.equal((await appOf(made.id)).comment, 'kept comment');
    } finally {
      sim.setOptions({ appCountLimit: 1_000_000 });
    }
  });

  it('Deploy to Edge App… offers Create a new app…: the app is created, then the file is deployed to it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'create-deploy-'));
    writeFileSync(join(dir, 'fresh.wasm'), WASM);
    const { binaries } = await (await ext.connections.api())!.edge.listEdgeBinaries({ params: {} });
    const ui = new ScriptedUi(
      [{ pick: '$(add) Create a new app…' }, { pick: 'From a binary' }, { pick: `Binary ${binaries[0]!.id}` }, 'fresh-deploy', '', ''],
      (_m, a) => (a.includes('Create') ? 'Create' : a.includes('Deploy') ? 'Deploy' : undefined),
    );
    ext.setUi(ui);
    const done = await vscode.commands.executeCommand<{ appId: number; binary: number }>(
      'platformConsole.deployEdgeApp',
      vscode.Uri.file(join(dir, 'fresh.wasm')),
    );
    assert.ok(done, 'deployed');
    const created = sentBody('createEdgeApp') as { name: string };
    assert.equal(created.name, 'fresh-deploy');
    assert.equal((await appOf(done.appId)).name, 'fresh-deploy');
    assert.equal((await appOf(done.appId)).binary, done.binary, 'the new app runs the uploaded file');
    assert.deepEqual(writes(), ['PATCH patchEdgeApp 1', 'POST createEdgeApp 1', 'POST storeEdgeBinary 1']);
  });
});

// Build drift in a real VS Code against the simulator (#55 item 1): a workspace .wasm linked to an
// app and deployed is decorated "runs this build" and its app's row says so; the file rewritten (a
// rebuild) turns to "runs another build" with a Problems entry naming the app, the connection and
// both checksums, repeated on the Launcher's fastedge-config.test.json where the quick fix is
// offered; the quick fix's command deploys the file again (one more upload in the simulator's
// record) and the file runs this build again; Unlink removes decoration and entries.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import { ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { codeActionsAt } from './support/codeActions';
import { platformConsole } from './support/extension';

const KEY = testKeys.simulator;
const WASM = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

describe('Edge build drift', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  let dir: string;
  const until = async <T>(test: () => T | undefined | false | Promise<T | undefined | false>, what: string): Promise<T> => {
    for (let i = 0; i < 200; i++) {
      const got = await test();
      if (got) return got;
      await new Promise((r) => setTimeout(r, 50));
    }
    return assert.fail(`timed out waiting for ${what}`);
  };
  const uploads = () => sim.requestCounts()['POST storeEdgeBinary'] ?? 0;
  /** The listed row of app 101 in the Edge view, as VS Code draws it. */
  const appRow = async () => {
    await ext.edge.listing.reload();
    for (const root of await ext.edge.getChildren()) {
      if ((await ext.edge.getTreeItem(root)).id !== 'edge.listed.apps') continue;
      for (const node of await ext.edge.getChildren(root)) {
        const item = await ext.edge.getTreeItem(node);
        if (item.id === 'edge.listed.app.101') return item;
      }
    }
    return assert.fail('the listed row of app 101');
  };

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    connectionId = (await ext.connections.signIn('edge-drift', sim.url, KEY)).id;
    dir = join(vscode.workspace.workspaceFolders![0]!.uri.fsPath, 'drift-app');
    mkdirSync(dir, { recursive: true });
  });
  after(async () => {
    ext.setUi(undefined);
    await ext.connections.signOut(connectionId);
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('links, deploys (this build), rebuilds (another build, Problems entry), deploys from the quick fix, unlinks', async () => {
    const build1 = Buffer.concat([WASM, Buffer.from('build one')]);
    const build2 = Buffer.concat([WASM, Buffer.from('build two')]);
    writeFileSync(join(dir, 'app.wasm'), build1);
    writeFileSync(join(dir, 'fastedge-config.test.json'), '{}\n');
    const wasm = vscode.Uri.file(join(dir, 'app.wasm'));
    const config = vscode.Uri.file(join(dir, 'fastedge-config.test.json'));
    const ui = new ScriptedUi([], (_m, actions) => (actions.includes('Deploy') ? 'Deploy' : undefined));
    ext.setUi(ui);

    const linked = await vscode.commands.executeCommand<{ appId: number; folder: string } | undefined>('platformConsole.linkEdgeApp', wasm, 101);
    assert.equal(linked?.appId, 101);
    assert.equal(linked?.folder, vscode.Uri.file(dir).toString(), "the Launcher's folder: the one holding fastedge-config.test.json");
    // Linked before any deploy: the app runs its seeded binary, not this file.
    await until(() => ext.edgeDrift.get(wasm)?.drift.kind === 'other', 'another build before the deploy');

    const done = await vscode.commands.executeCommand<{ binary: number } | undefined>('platformConsole.deployEdgeApp', wasm, 101);
    assert.ok(done, 'deployed');
    const same = await until(() => (ext.edgeDrift.get(wasm)?.drift.kind === 'same' ? ext.edgeDrift.get(wasm) : undefined), 'runs this build');
    assert.equal(ext.edgeLinks.get(wasm)?.appId, 101, 'the deploy keeps the link');
    const badge = ext.edgeDrift.provideFileDecoration(wasm);
    assert.match(String(badge?.tooltip), /^runs this build on hello-edge \(edge-drift\)/);
    assert.equal(same.drift.kind === 'same' && same.drift.binary, done.binary);
    assert.equal(ext.edge.appBuild(101)?.words, 'runs this build', "the app's row");
    assert.match(String((await appRow()).description), / · runs this build( · |$)/, "the listed app's row says it");
    assert.deepEqual(vscode.languages.getDiagnostics(wasm), [], 'no Problems entry while it runs this build');

    writeFileSync(join(dir, 'app.wasm'), build2);
    await until(() => ext.edgeDrift.get(wasm)?.drift.kind === 'other', 'runs another build after the rebuild (the watcher)');
    assert.match(String(ext.edgeDrift.provideFileDecoration(wasm)?.tooltip), /^runs another build on hello-edge \(edge-drift\)/);
    assert.equal(ext.edge.appBuild(101)?.words, 'runs another build');
    assert.match(String((await appRow()).description), / · runs another build( · |$)/);
    const entries = await until(() => {
      const got = vscode.languages.getDiagnostics(wasm);
      return got.length ? got : undefined;
    }, 'the Problems entry');
    const message = entries[0]!.message;
    for (const part of ['hello-edge', 'id 101', 'edge-drift', md5(build1).slice(0, 8), md5(build2).slice(0, 8)])
      assert.ok(message.includes(part), `${part} in ${message}`);
    assert.equal(vscode.languages.getDiagnostics(config)[0]?.message, message, "repeated on the Launcher's config file");

    // Where the quick fix works: the config file is text; a .wasm does not open as a text document (so no code action there).
    const wasmAsText = await vscode.workspace.openTextDocument(wasm).then(
      () => 'opened',
      (e: unknown) => String(e),
    );
    assert.match(wasmAsText, /File seems to be binary and cannot be opened as text/);
    // VS Code asks for code actions only on a document it holds as text (the Problems entry opens it).
    await vscode.workspace.openTextDocument(config);
    const actions = await codeActionsAt(config, new vscode.Range(0, 0, 0, 0));
    const fix = actions.find((a) => a.title === 'Deploy app.wasm to Edge App');
    assert.ok(fix?.command, `the quick fix on the config file: ${actions.map((a) => a.title).join(', ')}`);
    const before = uploads();
    await vscode.commands.executeCommand(fix.command.command, ...(fix.command.arguments ?? []));
    assert.equal(uploads(), before + 1, 'the quick fix deployed the file once');
    assert.deepEqual(sim.lastRequests('storeEdgeBinary')['POST storeEdgeBinary']?.body, { bytes: build2.length, md5: md5(build2) });
    await until(() => ext.edgeDrift.get(wasm)?.drift.kind === 'same', 'runs this build after the quick fix');
    await until(() => vscode.languages.getDiagnostics(wasm).length === 0 && vscode.languages.getDiagnostics(config).length === 0, 'the entries gone');

    assert.equal(await vscode.commands.executeCommand('platformConsole.unlinkEdgeApp', wasm), true);
    await until(() => ext.edgeDrift.get(wasm) === undefined && !ext.edgeDrift.provideFileDecoration(wasm), 'no decoration once unlinked');
    assert.equal(ext.edge.appBuild(101), undefined);
  });

  it("a file's answer redraws its app's row alone, never the whole view (a long apps list is not built again, #57)", async () => {
    writeFileSync(join(dir, 'row.wasm'), Buffer.concat([WASM, Buffer.from('row build')]));
    const wasm = vscode.Uri.file(join(dir, 'row.wasm'));
    await vscode.commands.executeCommand('platformConsole.linkEdgeApp', wasm, 101);
    await until(() => ext.edgeDrift.get(wasm), 'the first answer');
    await ext.edge.listing.reload();
    let row: unknown;
    for (const root of await ext.edge.getChildren()) {
      if ((await ext.edge.getTreeItem(root)).id !== 'edge.listed.apps') continue;
      for (const node of await ext.edge.getChildren(root)) if ((await ext.edge.getTreeItem(node)).id === 'edge.listed.app.101') row = node;
    }
    assert.ok(row, "app 101's listed row");
    const redrawn: unknown[] = [];
    const listening = ext.edge.onDidChangeTreeData((node) => redrawn.push(node));
    try {
      await ext.edgeDrift.check(ext.edgeLinks.get(wasm)!);
    } finally {
      listening.dispose();
    }
    assert.deepEqual(redrawn, [row]);
    await vscode.commands.executeCommand('platformConsole.unlinkEdgeApp', wasm);
    await until(() => ext.edgeDrift.get(wasm) === undefined, 'unlinked');
  });

  it("the agent's deploy_edge_app links the workspace file it deployed (the link's app and connection), and drift then says runs this build", async () => {
    const build = Buffer.concat([WASM, Buffer.from('agent build')]);
    writeFileSync(join(dir, 'agent.wasm'), build);
    const wasm = vscode.Uri.file(join(dir, 'agent.wasm'));
    assert.equal(ext.edgeLinks.get(wasm), undefined);
    const tool = ext.agentTool('deploy_edge_app')!;
    const input = { app_id: 103, file: wasm.fsPath };
    // VS Code prepares the call (the person confirms there), then invokes it.
    await tool.prepareInvocation!({ input }, new vscode.CancellationTokenSource().token);
    const answer = await tool.invoke({ input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
    const said = answer!.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    assert.match(said, /^Deployed "agent\.wasm" to edge app 103/, said);
    const link = await until(() => ext.edgeLinks.get(wasm), 'the link the deploy made');
    assert.deepEqual([link.appId, link.connectionId, link.appName], [103, connectionId, 'geo-redirect']);
    await until(() => ext.edgeDrift.get(wasm)?.drift.kind === 'same', 'runs this build after the agent deploy');
    assert.deepEqual(sim.lastRequests('storeEdgeBinary')['POST storeEdgeBinary']?.body, { bytes: build.length, md5: md5(build) });
    await vscode.commands.executeCommand('platformConsole.unlinkEdgeApp', wasm);
  });
});

// When the extension activates: at its first use, through the events VS Code derives from the
// manifest (here a language model tool call, made by index.ts before anything else touched it),
// never as the window starts; and everything it contributes is registered once.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'mocha';
import * as vscode from 'vscode';
import { EXTENSION_ID, platformConsole } from './support/extension';
import { firstUse } from './support/firstUse';

interface Contributions {
  contributes: { commands: { command: string }[]; languageModelTools: { name: string }[] };
}

describe('activation', () => {
  it('was not active until its first use: a language model tool call activated it, signed in from the environment, and the real tool answered', () => {
    const use = firstUse();
    assert.ok(use, 'index.ts made no first use (run the whole integration suite through index.ts)');
    assert.equal(use.activeBefore, false, 'active before anything used it: VS Code activated it as the window started');
    assert.equal(use.activeAfter, true, 'the tool call did not activate it');
    // The environment sign-in ran as it activated: the environment's connection, active and signed in.
    const host = new URL(process.env.PLATFORM_CONSOLE_BASE_URL!).host;
    const line = use.answer.split('\n').find((l) => l.includes(`${host} (active)`));
    assert.match(line ?? '', /signed in$/, use.answer);
  });

  it('registers each contributed command and tool, once (no command registered twice)', async () => {
    await platformConsole();
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as Contributions;
    const ours = (await vscode.commands.getCommands(true)).filter((id) => id.startsWith('platformConsole.'));
    const counts = new Map<string, number>();
    for (const id of ours) counts.set(id, (counts.get(id) ?? 0) + 1);
    assert.deepEqual(
      [...counts].filter(([, n]) => n > 1),
      [],
      'registered more than once',
    );
    const registered = new Set(ours);
    assert.deepEqual(
      manifest.contributes.commands.map((c) => c.command).filter((id) => !registered.has(id)),
      [],
      'contributed but not registered',
    );
    const tools = vscode.lm.tools.filter((t) => manifest.contributes.languageModelTools.some((c) => c.name === t.name)).map((t) => t.name);
    assert.deepEqual([...tools].sort(), manifest.contributes.languageModelTools.map((t) => t.name).sort(), 'each tool registered once');
  });

  it("builds none of the API's schemas while it loads and activates (they are built at first use)", async () => {
    const { defined, built } = (await platformConsole()).schemasAtActivation;
    assert.ok(defined > 100, `only ${defined} lazy schemas`);
    assert.equal(built, 0, `${built} of ${defined} schemas were built before anything was used`);
  });

  it('reads none of its lazy bundles while it activates: zod and the tool catalog come at their first use (#57)', async () => {
    const ext = await platformConsole();
    assert.deepEqual(ext.lazyBundlesAtActivation, [], 'read as the extension activated');
    // They exist and were read since: index.ts's first use was a tool call (the catalog, which builds its schemas with zod).
    const lazy = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'lazy');
    for (const name of ['agentTools', 'zod']) assert.ok(require.cache[path.join(lazy, `${name}.js`)], `dist/lazy/${name}.js not read at the first tool call`);
  });

  it('registers the agent tools without evaluating their catalog: the first tool call does (#57)', async () => {
    const ext = await platformConsole();
    assert.equal(ext.agentCatalogAtActivation, false, 'the tool catalog was evaluated as the extension activated');
    // index.ts's first use was a tool call, answered by the real tool (the first test): the catalog is made by now.
    assert.ok(ext.agentTool('list_connections'), 'list_connections registered');
  });
});

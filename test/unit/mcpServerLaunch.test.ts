// How the editor offers and starts its MCP server (#56): the flags from the settings (read-only by
// default, destructive only with writes, the workspace folders only when writes are allowed), the
// environment added to VS Code's (no key, no token: the key variables removed), the version that
// changes with what the server would be started with, the manifest's contribution, and the
// package: dist/mcp.js is in the .vsix (VS Code starts it from the installed extension).
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { PackageManager, listFiles } from '@vscode/vsce';
import { MCP_PROVIDER_ID, mcpServerArgs, mcpServerEnv, mcpServerVersion, type McpLaunchParts } from '../../src/features/agent/model/mcpServerLaunch';

const root = resolve(__dirname, '../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  activationEvents?: string[];
  contributes: {
    mcpServerDefinitionProviders?: { id: string; label: string }[];
    configuration: { properties: Record<string, { default?: unknown; scope?: string }> };
  };
};

describe('the MCP server VS Code starts (model/mcpServerLaunch.ts)', () => {
  it('is read-only unless writes are allowed; destructive only with writes; the workspace folders are file roots only with writes', () => {
    const folders = ['/work/a', '/work/b c'];
    assert.deepEqual(mcpServerArgs({ allowWrites: false, allowDestructive: false }, folders), []);
    assert.deepEqual(mcpServerArgs({ allowWrites: false, allowDestructive: true }, folders), [], 'writes off turns every write off');
    assert.deepEqual(mcpServerArgs({ allowWrites: true, allowDestructive: false }, folders), [
      '--allow-writes',
      '--file-root',
      '/work/a',
      '--file-root',
      '/work/b c',
    ]);
    assert.deepEqual(mcpServerArgs({ allowWrites: true, allowDestructive: true }, []), ['--allow-destructive']);
  });

  it('adds Node mode and removes every key variable from what the server inherits; it carries no credential', () => {
    const env = mcpServerEnv();
    assert.deepEqual(env, { ELECTRON_RUN_AS_NODE: '1', PLATFORM_CONSOLE_API_KEY: null, PLATFORM_CONSOLE_API_KEY_FILE: null, GCORE_API_KEY: null });
  });

  it('changes its version when anything it would be started with changes, and only then', () => {
    const parts: McpLaunchParts = {
      connectionId: 'c1',
      connectionName: 'sim',
      baseUrl: 'http://127.0.0.1:4010',
      dialect: 'spec',
      areaBaseUrls: {},
      args: ['/ext/dist/mcp.js'],
      tokenId: 42,
    };
    const base = mcpServerVersion(parts);
    assert.match(base, /^[0-9a-f]{16}$/);
    assert.equal(mcpServerVersion({ ...parts }), base);
    const changes: Partial<McpLaunchParts>[] = [
      { connectionId: 'c2' },
      { connectionName: 'other' },
      { baseUrl: 'http://127.0.0.1:4011' },
      { dialect: 'platform' },
      { areaBaseUrls: { edge: 'http://127.0.0.1:4012' } },
      { args: ['/ext/dist/mcp.js', '--allow-writes'] },
      { tokenId: 43 },
      { tokenId: undefined },
    ];
    const versions = changes.map((change) => mcpServerVersion({ ...parts, ...change }));
    assert.equal(new Set([base, ...versions]).size, changes.length + 1, 'each change gives a version of its own');
  });

  it('is contributed under the id the extension registers, VS Code deriving its activation event; its settings are user settings, off', () => {
    assert.deepEqual(manifest.contributes.mcpServerDefinitionProviders, [{ id: MCP_PROVIDER_ID, label: 'Platform Console' }]);
    assert.equal((manifest.activationEvents ?? []).filter((e) => e.startsWith('onMcp')).length, 0, 'onMcpCollection:<id> is implicit');
    for (const name of ['platformConsole.mcp.allowWrites', 'platformConsole.mcp.allowDestructive']) {
      const setting = manifest.contributes.configuration.properties[name];
      assert.deepEqual([setting?.default, setting?.scope], [false, 'application'], name);
    }
  });
});

describe('the package (.vscodeignore, as vsce reads it)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vsix-files-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('ships dist/mcp.js beside the extension bundle, without the sources or source maps', async () => {
    for (const file of ['package.json', '.vscodeignore', 'README.md', 'LICENSE', 'CHANGELOG.md']) cpSync(join(root, file), join(dir, file));
    for (const file of ['dist/main.js', 'dist/extension.js', 'dist/mcp.js', 'dist/mcp.js.map', 'dist/lazy/agentTools.js', 'src/mcp.ts', 'docs/x.md']) {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      writeFileSync(join(dir, file), '//\n');
    }
    const files = await listFiles({ cwd: dir, packageManager: PackageManager.None });
    assert.deepEqual(files.filter((f) => /^(dist|src|docs)\//.test(f)).sort(), ['dist/extension.js', 'dist/lazy/agentTools.js', 'dist/main.js', 'dist/mcp.js']);
  });
});

// What the manifest promises about Restricted Mode, virtual workspaces and when it activates.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { LOGS_VIEW_TYPE } from '../../src/protocol/logs';
import { PRICING_VIEW_TYPE } from '../../src/protocol/pricing';

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  activationEvents?: string[];
  capabilities?: { untrustedWorkspaces?: { supported: unknown; restrictedConfigurations?: string[] }; virtualWorkspaces?: unknown };
  contributes: { configuration: { properties: Record<string, { scope?: string }> } };
};
const settings = manifest.contributes.configuration.properties;

describe('manifest capabilities', () => {
  it('supports untrusted folders in a limited way, with every setting that steers requests or sizes what logs panels hold restricted', () => {
    const untrusted = manifest.capabilities?.untrustedWorkspaces;
    assert.equal(untrusted?.supported, 'limited');
    const restricted = untrusted?.restrictedConfigurations ?? [];
    for (const name of restricted) assert.ok(name in settings, `${name} is a setting of the extension`);
    // Where requests go and what they carry, and how much memory the logs panels may take: never from an untrusted folder.
    const steering = Object.keys(settings).filter((name) => /areaBaseUrls|requestTimeout|cloud\.|logs\.(limit|pollInterval|maxLines|maxMemoryMB)|edge\.refresh|tasks\./.test(name));
    assert.deepEqual([...steering].sort(), [...restricted].sort());
    assert.equal(settings['platformConsole.areaBaseUrls']?.scope, 'application', 'and the per-area URLs are user settings only, trusted or not');
  });

  it('declares virtual workspaces supported (it reads no file of the workspace)', () => {
    assert.equal(manifest.capabilities?.virtualWorkspaces, true);
  });
});

describe('manifest activation', () => {
  it('has no start-up event: only the restored panels, which VS Code derives no event for, are listed', () => {
    // Commands, views and language model tools activate it through the events VS Code derives
    // from their contributions; a webview panel serializer has no contribution to derive from.
    assert.deepEqual([...(manifest.activationEvents ?? [])].sort(), [`onWebviewPanel:${LOGS_VIEW_TYPE}`, `onWebviewPanel:${PRICING_VIEW_TYPE}`].sort());
  });
});

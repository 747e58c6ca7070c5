// What the manifest promises about Restricted Mode, virtual workspaces and when it activates, and what a Marketplace listing needs.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { LOGS_VIEW_TYPE } from '../../src/protocol/logs';
import { PRICING_VIEW_TYPE } from '../../src/protocol/pricing';
import { REPORT_TABLE_VIEW_TYPE } from '../../src/protocol/reportTable';

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  activationEvents?: string[];
  capabilities?: { untrustedWorkspaces?: { supported: unknown; restrictedConfigurations?: string[] }; virtualWorkspaces?: unknown };
  contributes: { configuration: { properties: Record<string, { scope?: string }> } };
};
const settings = manifest.contributes.configuration.properties;

describe('manifest capabilities', () => {
  it('supports untrusted folders in a limited way, with every setting that steers requests or sizes what logs panels and report tables hold restricted', () => {
    const untrusted = manifest.capabilities?.untrustedWorkspaces;
    assert.equal(untrusted?.supported, 'limited');
    const restricted = untrusted?.restrictedConfigurations ?? [];
    for (const name of restricted) assert.ok(name in settings, `${name} is a setting of the extension`);
    // Where requests go and what they carry, and how much memory the logs panels and report tables may take: never from an untrusted folder.
    const steering = Object.keys(settings).filter((name) =>
      /areaBaseUrls|requestTimeout|cloud\.|logs\.(limit|pollInterval|maxLines|maxMemoryMB)|reports\.maxTableMB|edge\.refresh|edge\.watch|tasks\./.test(name),
    );
    assert.deepEqual([...steering].sort(), [...restricted].sort());
    assert.equal(settings['platformConsole.areaBaseUrls']?.scope, 'application', 'and the per-area URLs are user settings only, trusted or not');
  });

  it('declares virtual workspaces supported (it reads no file of the workspace)', () => {
    assert.equal(manifest.capabilities?.virtualWorkspaces, true);
  });
});

describe('manifest text', () => {
  it('names each top-level field once (JSON.parse would keep the last silently)', () => {
    const names = [...readFileSync('package.json', 'utf8').matchAll(/^ {2}"([^"]+)":/gm)].map((m) => m[1]);
    assert.ok(names.includes('contributes'));
    assert.deepEqual(
      names.filter((name, i) => names.indexOf(name) !== i),
      [],
    );
  });
});

describe('manifest activation', () => {
  it('offers its commands in the palette before it first runs: no palette entry waits for a key only activation sets', () => {
    const palette = (manifest as unknown as { contributes: { menus: { commandPalette: { command: string; when?: string }[] } } }).contributes.menus
      .commandPalette;
    assert.ok(palette.length > 20);
    // `platformConsole.signedIn` is unset until activation, so `when: platformConsole.signedIn` would hide the command in a
    // window that has not used the extension yet; `!platformConsole.signedOut` holds there and once signed in.
    for (const entry of palette) assert.doesNotMatch(entry.when ?? '', /(^|[^!])platformConsole\.signedIn/, entry.command);
    assert.ok(palette.filter((entry) => entry.when?.includes('!platformConsole.signedOut')).length > 20);
  });

  it('has no start-up event: only the restored panels, which VS Code derives no event for, are listed', () => {
    // Commands, views and language model tools activate it through the events VS Code derives
    // from their contributions; a webview panel serializer has no contribution to derive from.
    assert.deepEqual(
      [...(manifest.activationEvents ?? [])].sort(),
      [`onWebviewPanel:${LOGS_VIEW_TYPE}`, `onWebviewPanel:${PRICING_VIEW_TYPE}`, `onWebviewPanel:${REPORT_TABLE_VIEW_TYPE}`].sort(),
    );
  });
});

// The categories VS Code's manifest schema allows (VS Code 1.139's extension host lists the same).
const MARKETPLACE_CATEGORIES = [
  'AI',
  'Azure',
  'Chat',
  'Data Science',
  'Debuggers',
  'Extension Packs',
  'Education',
  'Formatters',
  'Keymaps',
  'Language Packs',
  'Linters',
  'Machine Learning',
  'Notebooks',
  'Programming Languages',
  'SCM Providers',
  'Snippets',
  'Testing',
  'Themes',
  'Visualization',
  'Other',
];

describe('manifest listing', () => {
  const listing = manifest as unknown as {
    icon?: unknown;
    categories?: unknown;
    description?: unknown;
    keywords?: unknown;
    galleryBanner?: { theme?: unknown };
  };

  it('has a 128x128 PNG icon that is in the repository', () => {
    assert.equal(typeof listing.icon, 'string');
    const icon = String(listing.icon);
    assert.ok(existsSync(icon), `${icon} exists`);
    const png = readFileSync(icon);
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG signature');
    assert.equal(png.toString('latin1', 12, 16), 'IHDR');
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [128, 128], 'width and height');
  });

  it('has categories from the Marketplace list, not only "Other", and "Chat" since it contributes language model tools', () => {
    const categories = listing.categories as string[];
    assert.ok(Array.isArray(categories) && categories.length > 0);
    for (const category of categories) assert.ok(MARKETPLACE_CATEGORIES.includes(category), `${category} is a Marketplace category`);
    assert.ok(categories.some((category) => category !== 'Other'));
    assert.ok(categories.includes('Chat'));
  });

  it("has a one-line description, keywords within vsce's limit of 30, and a banner theme", () => {
    assert.equal(typeof listing.description, 'string');
    const description = String(listing.description);
    assert.ok(description.length > 0 && description.length <= 200 && !description.includes('\n'), description);
    const keywords = listing.keywords as string[];
    assert.ok(Array.isArray(keywords) && keywords.length > 0 && keywords.length <= 30);
    assert.ok(['dark', 'light'].includes(String(listing.galleryBanner?.theme)));
  });
});

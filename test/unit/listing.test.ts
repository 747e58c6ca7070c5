// The Marketplace listing: the README as vsce packs it (its relative pictures and links rewritten
// from the manifest's repository, since the .vsix ships no docs/), the manifest's links, every
// setting in the README's table, and the walkthrough's steps and the commands they link to.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

interface Step {
  id: string;
  description: string;
  media: { markdown?: string; image?: unknown };
  completionEvents?: string[];
}

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  repository: { url: string };
  bugs?: { url?: string };
  homepage?: string;
  preview?: boolean;
  contributes: {
    commands: { command: string }[];
    configuration: { properties: Record<string, unknown> };
    walkthroughs: { id: string; steps: Step[] }[];
  };
};
const readme = readFileSync('README.md', 'utf8');

interface ProcessedFile {
  contents: Buffer | string;
}
/** vsce's own README step (what `vsce package` writes as extension/readme.md); vsce ships no types for it. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ReadmeProcessor } = require('@vscode/vsce/out/package') as {
  ReadmeProcessor: new (manifest: unknown, options: object) => { onFile(file: { path: string; contents: string }): Promise<ProcessedFile> };
};

async function packedReadme(): Promise<string> {
  const processed = await new ReadmeProcessor(manifest, {}).onFile({ path: 'extension/readme.md', contents: readme });
  return String(processed.contents);
}

/** owner/name from https://github.com/owner/name(.git) */
const repository = /^https:\/\/github\.com\/([^/]+\/[^/]+?)(\.git)?$/.exec(manifest.repository.url)?.[1];

describe('the listing: manifest links', () => {
  it('names a GitHub repository (vsce rewrites the README from it), its issues as bugs, its README as homepage, and says preview', () => {
    assert.ok(repository, `${manifest.repository.url} is a GitHub repository URL`);
    assert.equal(manifest.bugs?.url, `https://github.com/${repository}/issues`);
    assert.equal(manifest.homepage, `https://github.com/${repository}#readme`);
    assert.equal(manifest.preview, true);
  });
});

describe('the listing: the README as packed', () => {
  it('shows every picture from the repository over https, each a PNG that is there', async () => {
    const packed = await packedReadme();
    const images = [...packed.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
    assert.ok(images.length >= 5, `pictures: ${images.length}`);
    const prefix = `https://github.com/${repository}/raw/HEAD/`;
    for (const image of images) {
      assert.ok(image.startsWith(prefix), `${image} comes from the repository`);
      const file = image.slice(prefix.length);
      assert.match(file, /^docs\/screenshots\/[a-z0-9-]+\.png$/, 'a PNG (the Marketplace refuses SVG) among the screenshots');
      assert.ok(existsSync(file), `${file} exists`);
    }
  });

  it('links no file of the repository by a relative path (the .vsix has none of them); anchors stay in the page', async () => {
    const packed = await packedReadme();
    const links = [...packed.matchAll(/(?<!!)\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
    for (const link of links) assert.match(link, /^(https:\/\/|#)/, link);
    const blob = `https://github.com/${repository}/blob/HEAD/`;
    for (const link of links.filter((l) => l.startsWith(blob))) assert.ok(existsSync(link.slice(blob.length).split('#')[0]!), link);
  });

  it("keeps the repository's quick start, npm start and npm test", () => {
    assert.match(readme, /^npm start\b/m);
    assert.match(readme, /^npm test\b/m);
  });
});

/** The settings the README's table names: `a.b.c` / `d` names a.b.c and a.b.d. */
function settingsInTable(markdown: string): Set<string> {
  const section = /^## Settings\n([\s\S]*?)^## /m.exec(markdown)?.[1] ?? '';
  const names = new Set<string>();
  for (const row of section.split('\n').filter((line) => line.startsWith('| `'))) {
    let last = '';
    for (const [, code] of row.split('|')[1]!.matchAll(/`([^`]+)`/g)) {
      last = code!.startsWith('platformConsole.') ? code! : `${last.slice(0, last.lastIndexOf('.') + 1)}${code}`;
      names.add(last);
    }
  }
  return names;
}

describe('the listing: settings', () => {
  it("names every setting of the manifest in the README's table, and nothing else", () => {
    assert.deepEqual([...settingsInTable(readme)].sort(), Object.keys(manifest.contributes.configuration.properties).sort());
  });

  it('reads the short forms of the table', () => {
    const table = '## Settings\n\n| `platformConsole.a.b` / `c` | 1 |\n| `platformConsole.d`, `platformConsole.e` | 2 |\n\n## Next\n';
    assert.deepEqual([...settingsInTable(table)], ['platformConsole.a.b', 'platformConsole.a.c', 'platformConsole.d', 'platformConsole.e']);
  });
});

describe('the listing: the walkthrough', () => {
  const walkthrough = manifest.contributes.walkthroughs.find((w) => w.id === 'platformConsole.gettingStarted');
  const commands = new Set(manifest.contributes.commands.map((c) => c.command));
  /** What VS Code shows without a command of its own: a view's focus command. */
  const builtIn = (command: string) => /^platformConsole\.\w+\.focus$/.test(command);

  it("has each step's media in media/ (which the .vsix ships) and links only commands the extension contributes", () => {
    assert.ok(walkthrough);
    for (const step of walkthrough.steps) {
      const media = step.media.markdown;
      assert.ok(media?.startsWith('media/') && existsSync(media), `${step.id}: ${media}`);
      for (const [, command] of step.description.matchAll(/\(command:([\w.]+)\)/g))
        assert.ok(commands.has(command!) || builtIn(command!), `${step.id}: ${command}`);
    }
  });

  it('has a step that deploys an edge app, done when the deploy command runs', () => {
    const step = walkthrough?.steps.find((s) => s.id === 'deployEdgeApp');
    assert.ok(step);
    assert.match(step.description, /\(command:platformConsole\.deployEdgeApp\)/);
    assert.deepEqual(step.completionEvents, ['onCommand:platformConsole.deployEdgeApp']);
    assert.match(readFileSync(step.media.markdown!, 'utf8'), /Deploy to Edge App…/);
  });
});

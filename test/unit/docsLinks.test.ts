// Every relative link in the repository's Markdown resolves: the file exists inside the repository
// and, where a link names a heading (#anchor), that heading is there. A clone alone must read whole.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

const root = process.cwd();
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'dist', 'test-results', '.vscode-test']);

function markdownFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** The text outside fenced code blocks. */
function unfenced(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** Text outside code (fenced and inline), where a link is a link. */
function prose(markdown: string): string {
  return unfenced(markdown).replace(/`[^`\n]*`/g, '');
}

/** Link targets of inline links and images: [text](target "title"). */
function linkTargets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(\s*([^)\s]+)(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
}

/** The anchors GitHub gives a file's headings: lowercased, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of unfenced(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = heading!.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replaceAll('`', '');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

function deadLinks(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const problems: string[] = [];
  for (const target of linkTargets(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:: not a file of this repository
    const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
    const resolved = pathPart === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(pathPart));
    if (path.relative(root, resolved).startsWith('..')) {
      problems.push(`${target}: outside the repository`);
      continue;
    }
    if (!existsSync(resolved)) {
      problems.push(`${target}: no such file`);
      continue;
    }
    if (anchor && resolved.endsWith('.md') && statSync(resolved).isFile() && !headingAnchors(readFileSync(resolved, 'utf8')).has(anchor)) {
      problems.push(`${target}: no heading #${anchor}`);
    }
  }
  return problems;
}

describe('Markdown links', () => {
  const files = markdownFiles(root);

  it('finds the README, CONTRIBUTING, CHANGELOG and the docs', () => {
    const names = files.map((file) => path.relative(root, file));
    for (const name of ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', path.join('docs', 'testing.md')]) assert.ok(names.includes(name), name);
  });

  it('reads links, images and anchors as GitHub does', () => {
    assert.deepEqual(linkTargets('[a](docs/x.md) ![b](i.png "t") `[c](no.md)` [d](#here)\n```\n[g](no.md)\n```\n'), ['docs/x.md', 'i.png', '#here']);
    assert.deepEqual(
      [...headingAnchors('# What was verified, and how\n## Errors and `lenient` reading\n# A\n# A\n')],
      ['what-was-verified-and-how', 'errors-and-lenient-reading', 'a', 'a-1'],
    );
  });

  for (const file of files) {
    it(`${path.relative(root, file)}: every relative link resolves inside the repository`, () => {
      assert.deepEqual(deadLinks(file), []);
    });
  }
});

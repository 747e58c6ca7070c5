import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import MarkdownIt, { type Token } from 'markdown-it';
import { safeMarkdown } from '../../src/features/edge/model/safeMarkdown';
import { templatePreviewMarkdown } from '../../src/features/edge/model/edgeDisplay';

// How VS Code's Markdown preview reads a document: raw HTML on, every link scheme parsed.
const preview = new MarkdownIt({ html: true, linkify: true });
preview.validateLink = () => true;

const flat = (tokens: readonly Token[]): Token[] => tokens.flatMap((t) => [t, ...flat(t.children ?? [])]);

/** What the preview would load, run or follow in `markdown`. */
function dangers(markdown: string): string[] {
  const found: string[] = [];
  for (const t of flat(preview.parse(markdown, {}))) {
    if (t.type === 'html_block' || t.type === 'html_inline') found.push(`html ${t.content.trim()}`);
    if (t.type === 'image') found.push(`image ${t.attrGet('src')}`);
    if (t.type === 'link_open' && !/^https?:\/\//i.test(String(t.attrGet('href') ?? ''))) found.push(`link ${t.attrGet('href')}`);
  }
  return found;
}

const HOSTILE = [
  '<img src="https://tracker.example/p.gif" onerror="alert(1)">',
  'Text <script>alert(1)</script> and <iframe src="https://evil.example"></iframe>',
  '<details open><summary>x</summary><a href="command:workbench.action.terminal.new">run</a></details>',
  '![pixel](https://tracker.example/p.gif)',
  '![ref pixel][p]\n\n[p]: https://tracker.example/p.gif',
  '[click](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%22%7D)',
  '[open](vscode://file/etc/passwd) [f](file:///etc/passwd) [j](javascript:alert(1)) [d](data:text/html,<b>x</b>)',
  '<javascript:alert(1)> <command:workbench.action.reloadWindow> <mailto:a@b.example>',
  '[ref link][r]\n\n[r]: command:workbench.action.quit',
  '- item <b onclick=x>\n  ```\n- next <img src=x>\n',
  '> quote ![q](https://x.example/q.png)\n> <div>html</div>',
  '| a | b |\n|---|---|\n| <img src=x> | [l](command:x) |',
  '&lt;img src=x&gt; \\<img src=y> \\![a](https://x/y.png) !\\[b](https://x/z.png)',
  '```js`x\n<img src=x>\n```',
  '`` ` `` <img src=inline-after-code>',
  '[![nested](https://x/i.png)](https://ok.example)',
];

describe("safeMarkdown (an edge template's long description in the preview)", () => {
  for (const source of HOSTILE) {
    it(`nothing loads, runs or leads off http(s): ${JSON.stringify(source).slice(0, 70)}`, () => {
      assert.ok(dangers(source).length > 0 || source.startsWith('&lt;'), 'the input itself is hostile to the preview');
      assert.deepEqual(dangers(safeMarkdown(source)), []);
    });
  }

  it('the words of hostile markup stay visible as text', () => {
    const out = preview.render(safeMarkdown('<img src=x> ![pixel](https://t.example/p.gif) [click](command:x)'));
    assert.match(out, /&lt;img src=x&gt;/);
    assert.match(out, /pixel/);
    assert.match(out, /\[click\]\(command:x\)/);
  });

  it('ordinary Markdown keeps its shape: headings, lists, code, emphasis, tables, http(s) links', () => {
    const source = [
      '# Image Resizer',
      '',
      'Resizes images from an _origin_ on the **fly**; see [docs](https://gcore.com/docs?a=1&b=2).',
      '',
      '1. first',
      '2. second with `code<T>`',
      '   - nested ORIGIN_URL',
      '',
      '```rust',
      'fn main() { let v: Vec<u8> = vec![1]; }',
      '```',
      '',
      '| Param | What |',
      '|---|---|',
      '| ORIGIN_URL | where originals live |',
    ].join('\n');
    const out = safeMarkdown(source);
    assert.equal(preview.render(out), preview.render(source));
    assert.match(out, /^# Image Resizer\n\nResizes images/);
    assert.match(out, /\| ORIGIN_URL \| where originals live \|/);
  });

  it('random mixtures of markup pieces: nothing loads, runs or leads off http(s) (2,000 seeded documents)', () => {
    const pieces = [
      '!',
      '[',
      ']',
      '(',
      ')',
      '<',
      '>',
      '`',
      '```',
      '\\',
      '\n',
      '\n\n',
      '- ',
      '1. ',
      '> ',
      '  ',
      '|',
      '*',
      '_',
      'img src=x',
      'a',
      'command:x',
      'https://h.example/p',
      'javascript:y',
      ': ',
      '&lt;',
      '&#60;',
      '~~~',
      '#',
      'mailto:',
      'a@b.example',
      'ftp://f.example',
      'MAILTO:',
    ];
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
    for (let n = 0; n < 2000; n++) {
      const doc = Array.from({ length: 5 + Math.floor(next() * 40) }, () => pieces[Math.floor(next() * pieces.length)]).join('');
      assert.deepEqual(dangers(safeMarkdown(doc)), [], JSON.stringify(doc));
    }
  });

  it('a template without a long description: its name is text too', () => {
    assert.deepEqual(
      dangers(safeMarkdown(templatePreviewMarkdown({ name: '<img src=x onerror=alert(1)>', short_descr: '![p](https://t.example/p.gif)' }, 4))),
      [],
    );
  });
});

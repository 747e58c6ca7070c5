// Markdown written by someone else (an edge template's long description), made safe to preview:
// parsed with markdown-it, then written again from a short list of what it may hold (headings,
// paragraphs, lists, quotes, code, emphasis, tables, http(s) links). Every text is escaped, so
// raw HTML, images and links of other schemes cannot form: they come out as plain text.
// Its own bundle (dist/lazy/safeMarkdown.js, esbuild.mjs): read at the first preview.
import MarkdownIt, { type Token } from 'markdown-it';

const md = new MarkdownIt({ html: false, linkify: false });
md.validateLink = (url) => /^https?:\/\/[^\s]+$/i.test(url.trim());

/**
 * Text as text: every character that could start markup escaped (`<` for HTML and autolinks, `[` `]`
 * and `!` for links and images, an image being a `!` before a link; `@`, `://` and `mailto:`, so
 * that the preview's linkify makes no link of a bare address either); a `_` inside a word and the rest of ordinary prose left readable.
 */
function text(content: string): string {
  return content
    .replace(/[\\`*[\]<>|~&!@]|:(?=\/)|(?<=mailto):|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/gi, (c) => `\\${c}`)
    .replace(/^(\s*)([#+=-]|\d+(?=[.)]))/gm, (_, space: string, mark: string) => (/^\d/.test(mark) ? `${space}${mark}\\` : `${space}\\${mark}`));
}

/** Inline code with a fence longer than any backtick run inside. */
function code(content: string): string {
  const longest = Math.max(0, ...[...content.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = content.startsWith('`') || content.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${content.replace(/\n/g, ' ')}${pad}${fence}`;
}

/** An http(s) URL as a link destination: nothing in it can end the link early. */
function destination(href: string): string {
  return href.replace(/[\s<>()\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

function inline(tokens: readonly Token[]): string {
  let out = '';
  let href = '';
  for (const t of tokens) {
    switch (t.type) {
      case 'text':
      case 'text_special':
        out += text(t.content);
        break;
      case 'code_inline':
        out += code(t.content);
        break;
      case 'softbreak':
        out += '\n';
        break;
      case 'hardbreak':
        out += '\\\n';
        break;
      case 'em_open':
      case 'em_close':
        out += '_';
        break;
      case 'strong_open':
      case 'strong_close':
        out += '**';
        break;
      case 's_open':
      case 's_close':
        out += '~~';
        break;
      case 'link_open':
        href = String(t.attrGet('href') ?? '');
        out += '[';
        break;
      case 'link_close':
        out += `](<${destination(href)}>)`;
        break;
      case 'image':
        // The picture is never loaded: its description stands in for it.
        out += text(t.children ? t.children.map((c) => c.content).join('') : t.content);
        break;
      default:
        out += text(t.content);
    }
  }
  return out;
}

/** The index of the token that closes the one opened at `open`. */
function closing(tokens: readonly Token[], open: number): number {
  const { level } = tokens[open]!;
  for (let i = open + 1; i < tokens.length; i++) if (tokens[i]!.level === level && tokens[i]!.nesting === -1) return i;
  return tokens.length - 1;
}

/** Lines after the first indented by `width` (a list item's content), blank lines kept blank. */
function indentRest(block: string, width: number): string {
  const pad = ' '.repeat(width);
  return block
    .split('\n')
    .map((line, i) => (i === 0 || line === '' ? line : pad + line))
    .join('\n');
}

function table(tokens: readonly Token[]): string {
  const rows: string[][] = [];
  for (const t of tokens) {
    if (t.type === 'tr_open') rows.push([]);
    if (t.type === 'inline') rows[rows.length - 1]?.push(inline(t.children ?? []).replace(/\n/g, ' '));
  }
  if (rows.length === 0) return '';
  const width = Math.max(...rows.map((r) => r.length));
  const line = (cells: string[]) => `| ${Array.from({ length: width }, (_, i) => cells[i] ?? '').join(' | ')} |`;
  return [line(rows[0]!), line(Array.from({ length: width }, () => '---')), ...rows.slice(1).map(line)].join('\n') + '\n\n';
}

function blocks(tokens: readonly Token[]): string {
  let out = '';
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    switch (t.type) {
      case 'heading_open': {
        const end = closing(tokens, i);
        const level = Number(t.tag.slice(1)) || 1;
        out += `${'#'.repeat(level)} ${inline(tokens[i + 1]?.children ?? []).replace(/\n/g, ' ')}\n\n`;
        i = end;
        break;
      }
      case 'paragraph_open': {
        const end = closing(tokens, i);
        out += `${inline(tokens[i + 1]?.children ?? [])}${t.hidden ? '\n' : '\n\n'}`;
        i = end;
        break;
      }
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const end = closing(tokens, i);
        let n = Number(t.attrGet('start') ?? 1);
        for (let j = i + 1; j < end; j++) {
          if (tokens[j]!.type !== 'list_item_open') continue;
          const itemEnd = closing(tokens, j);
          const marker = t.type === 'ordered_list_open' ? `${n++}. ` : '- ';
          out += marker + indentRest(blocks(tokens.slice(j + 1, itemEnd)).replace(/\n+$/, ''), marker.length) + '\n';
          j = itemEnd;
        }
        out += '\n';
        i = end;
        break;
      }
      case 'blockquote_open': {
        const end = closing(tokens, i);
        const inner = blocks(tokens.slice(i + 1, end)).replace(/\n+$/, '');
        out +=
          inner
            .split('\n')
            .map((line) => (line ? `> ${line}` : '>'))
            .join('\n') + '\n\n';
        i = end;
        break;
      }
      case 'table_open': {
        const end = closing(tokens, i);
        out += table(tokens.slice(i + 1, end));
        i = end;
        break;
      }
      case 'fence':
      case 'code_block': {
        const longest = Math.max(2, ...[...t.content.matchAll(/`+/g)].map((m) => m[0].length));
        const fence = '`'.repeat(longest + 1);
        const lang = t.type === 'fence' ? (/^[A-Za-z0-9_+-]{1,30}/.exec(t.info.trim())?.[0] ?? '') : '';
        out += `${fence}${lang}\n${t.content.replace(/\n$/, '')}\n${fence}\n\n`;
        break;
      }
      case 'hr':
        out += '***\n\n';
        break;
      case 'inline':
        out += `${inline(t.children ?? [])}\n\n`;
        break;
      default:
        break;
    }
  }
  return out;
}

/** The Markdown again, with nothing that loads, runs or leads anywhere but an http(s) page. */
export function safeMarkdown(source: string): string {
  return (
    blocks(md.parse(source, {}))
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd() + '\n'
  );
}

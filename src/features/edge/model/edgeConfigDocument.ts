// An edge app's variables, response headers and secret references as one reviewable text: three
// `[section]` blocks of `NAME=value` lines, the shape of the FastEdge Launcher's .env files, so a
// diff shows one line per entry and an error can name its line. Secrets appear by reference only
// (`NAME=<Edge Secret name or id>`): the platform never answers a secret's value, nor is one asked.
import type { EdgeApp } from '../../../schema/edge';

export type ConfigSection = 'env' | 'rsp_headers' | 'secrets';
export const CONFIG_SECTIONS: readonly ConfigSection[] = ['env', 'rsp_headers', 'secrets'];
export const SECTION_TITLES: Record<ConfigSection, string> = { env: 'Variables', rsp_headers: 'Response headers', secrets: 'Secret references' };

/** A reference to an Edge Secret: by id, by name, or both (as the platform answers it). */
export interface SecretRef {
  id?: number;
  name?: string;
}

export interface EdgeAppConfig {
  env: Record<string, string>;
  rsp_headers: Record<string, string>;
  secrets: Record<string, SecretRef>;
}

/** The published secret name (`secret` schema): 1–128, letters, digits, "_" and "-", not starting or ending with "_" or "-". */
export const SECRET_NAME_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9_-]*[a-zA-Z0-9]$|^[a-zA-Z0-9]$/;
const SECRET_NAME_MAX = 128;
/** An HTTP field name (RFC 9110 token): a header the platform adds must be one. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A name in this document: no spaces, "=", "#" or "[" at its start, so every line reads one way. */
const ENTRY_NAME = /^[^\s=#[][^\s=]*$/;
const NAME_MAX = 255;

export interface ConfigProblem {
  line: number;
  message: string;
}

export type ParseResult = { ok: true; config: EdgeAppConfig } | { ok: false; problems: ConfigProblem[] };

/** The app's three fields as the document shows them (a secret entry the platform gave without an id is kept by name). */
export function configOfApp(app: Pick<EdgeApp, 'env' | 'rsp_headers' | 'secrets'>): EdgeAppConfig {
  const secrets: Record<string, SecretRef> = {};
  for (const [key, raw] of Object.entries(app.secrets ?? {})) {
    const entry = (raw ?? {}) as { id?: unknown; name?: unknown };
    secrets[key] = {
      ...(typeof entry.id === 'number' ? { id: entry.id } : {}),
      ...(typeof entry.name === 'string' && entry.name !== '' ? { name: entry.name } : {}),
    };
  }
  return { env: { ...(app.env ?? {}) }, rsp_headers: { ...(app.rsp_headers ?? {}) }, secrets };
}

/** A value as written: bare when it reads back the same, else a JSON string (newlines, edge spaces, a leading quote). */
function valueText(value: string): string {
  // eslint-disable-next-line no-control-regex
  const plain = value === value.trim() && !value.startsWith('"') && !/[\u0000-\u001f\u007f]/.test(value);
  return plain ? value : JSON.stringify(value);
}

const refText = (ref: SecretRef) => (ref.name ? ref.name : ref.id !== undefined ? String(ref.id) : '');

const HELP: Record<ConfigSection, string[]> = {
  env: ['# NAME=value. A value is read to the end of its line; write it as a JSON string ("…") for newlines or edge spaces.'],
  rsp_headers: ['# Header-Name=value: added to every response of the app.'],
  secrets: ['# NAME=<Edge Secret name or id>: the app reads that secret under NAME. Values never appear here;', '# create or change them in Edge Secrets.'],
};

/** The document for an app: a header naming it, then the three sections in the published field names. */
export function serializeConfig(config: EdgeAppConfig, heading: readonly string[] = []): string {
  const lines: string[] = heading.map((h) => `# ${h}`);
  if (lines.length) lines.push('');
  for (const section of CONFIG_SECTIONS) {
    lines.push(`[${section}]`, ...HELP[section]);
    const entries = Object.entries(config[section]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [name, value] of entries) lines.push(`${name}=${section === 'secrets' ? refText(value as SecretRef) : valueText(value as string)}`);
    lines.push('');
  }
  return lines.join('\n');
}

function nameProblem(section: ConfigSection, name: string): string | undefined {
  if (name === '') return 'a name is required before "="';
  if (name.length > NAME_MAX) return `a name is at most ${NAME_MAX} characters`;
  if (section === 'rsp_headers' && !HEADER_NAME.test(name)) return "a header name is letters, digits and !#$%&'*+.^_`|~- only (an HTTP field name)";
  if (!ENTRY_NAME.test(name)) return 'a name has no spaces and does not start with "#" or "["';
  return undefined;
}

function refOf(text: string): SecretRef | string {
  if (/^\d+$/.test(text)) {
    const id = Number(text);
    return id >= 1 && Number.isSafeInteger(id) ? { id } : 'a secret id is a whole number from 1';
  }
  if (text === '') return 'a secret reference needs an Edge Secret name or id after "="';
  // The text is never quoted: a secret value pasted here would reach the notification and the log.
  if (text.length > SECRET_NAME_MAX || !SECRET_NAME_PATTERN.test(text))
    return `the reference is no Edge Secret name (1–${SECRET_NAME_MAX} letters, digits, "_" and "-", not starting or ending with "_" or "-") nor an id`;
  return { name: text };
}

/** Reads the document back; every problem names its line, its entry's name and the rule (never a value), and none means nothing is sent. */
export function parseConfig(text: string): ParseResult {
  const config: EdgeAppConfig = { env: {}, rsp_headers: {}, secrets: {} };
  const problems: ConfigProblem[] = [];
  const seen: Record<ConfigSection, Map<string, number>> = { env: new Map(), rsp_headers: new Map(), secrets: new Map() };
  let section: ConfigSection | undefined;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const head = /^\[(.*)\]$/.exec(trimmed);
    if (head) {
      const name = (head[1] ?? '').trim();
      if ((CONFIG_SECTIONS as readonly string[]).includes(name)) section = name as ConfigSection;
      else {
        section = undefined;
        problems.push({ line, message: 'unknown section: the sections are [env], [rsp_headers] and [secrets]' });
      }
      return;
    }
    const eq = raw.indexOf('=');
    if (eq < 0) return void problems.push({ line, message: 'a line is NAME=value (no "=" found)' });
    if (!section) return void problems.push({ line, message: 'an entry must follow a section: [env], [rsp_headers] or [secrets]' });
    const name = raw.slice(0, eq).trim();
    const nameIssue = nameProblem(section, name);
    if (nameIssue) return void problems.push({ line, message: nameIssue });
    const before = seen[section].get(name);
    if (before !== undefined) return void problems.push({ line, message: `${name} is already set on line ${before} in [${section}]` });
    seen[section].set(name, line);
    let value = raw.slice(eq + 1).trim();
    if (value.startsWith('"')) {
      try {
        const parsed: unknown = JSON.parse(value);
        if (typeof parsed !== 'string') throw new Error('not text');
        value = parsed;
      } catch {
        return void problems.push({ line, message: `${name}: a quoted value is one JSON string: "…" with \\" and \\n escapes` });
      }
    }
    if (section === 'secrets') {
      const ref = refOf(value);
      if (typeof ref === 'string') return void problems.push({ line, message: `${name}: ${ref}` });
      config.secrets[name] = ref;
    } else {
      // eslint-disable-next-line no-control-regex
      if (section === 'rsp_headers' && /[\u0000-\u0008\u000a-\u001f\u007f]/.test(value))
        return void problems.push({ line, message: `${name}: a header value has no line breaks or control characters` });
      config[section][name] = value;
    }
  });
  return problems.length ? { ok: false, problems } : { ok: true, config };
}

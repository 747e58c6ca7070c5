// The FastEdge Launcher's dotenv files into an app's configuration: `.env` (FASTEDGE_VAR_ENV_,
// FASTEDGE_VAR_SECRET_, FASTEDGE_VAR_RSP_HEADER_ prefixes; bare names are variables;
// FASTEDGE_VAR_REQ_HEADER_ is local-only), then `.env.variables`, `.env.secrets`, `.env.rsp_headers`
// without prefixes, a later file winning. A line in `.env.secrets` may hold a local secret value,
// so it is never copied: it becomes a reference by name only when it names an existing Edge
// Secret; otherwise the key is listed as a secret to create and nothing of the value is kept.
import type { EdgeAppConfig } from './edgeConfigDocument';
import { SECRET_NAME_PATTERN } from './edgeConfigDocument';

export const LAUNCHER_FILES = ['.env', '.env.variables', '.env.secrets', '.env.rsp_headers'] as const;
export type LauncherFile = (typeof LAUNCHER_FILES)[number];

const PREFIXES = [
  ['FASTEDGE_VAR_ENV_', 'env'],
  ['FASTEDGE_VAR_SECRET_', 'secrets'],
  ['FASTEDGE_VAR_RSP_HEADER_', 'rsp_headers'],
] as const;
const FILE_SECTION: Record<Exclude<LauncherFile, '.env'>, 'env' | 'secrets' | 'rsp_headers'> = {
  '.env.variables': 'env',
  '.env.secrets': 'secrets',
  '.env.rsp_headers': 'rsp_headers',
};

export interface EnvImport {
  config: EdgeAppConfig;
  /** Secret keys whose Edge Secret must be created (their local values were not read into anything). */
  missingSecrets: { key: string; suggestedName: string }[];
  /** Lines left out, with why (request headers, unknown FASTEDGE_VAR_ prefixes, unreadable lines): no values. */
  skipped: string[];
  files: LauncherFile[];
}

/** `KEY=value` lines as dotenv reads them: `export ` allowed, quotes removed, `#` comments after unquoted values. */
export function parseDotenv(text: string): { key: string; value: string; line: number }[] {
  const out: { key: string; value: string; line: number }[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const m = /^(?:export\s+)?([^=\s]+)\s*=\s*(.*)$/.exec(line);
    if (!m) return void out.push({ key: '', value: '', line: index + 1 });
    let value = m[2] ?? '';
    const quote = value[0];
    if ((quote === '"' || quote === "'" || quote === '`') && value.lastIndexOf(quote) > 0) {
      value = value.slice(1, value.lastIndexOf(quote));
      if (quote === '"') value = value.replace(/\\n/g, '\n').replace(/\\"/g, '"');
    } else {
      value = value.replace(/\s+#.*$/, '').trim();
    }
    out.push({ key: m[1] ?? '', value, line: index + 1 });
  });
  return out;
}

/** A secret name to suggest for a key (the key itself when the platform's name rules allow it). */
const suggestName = (key: string) => {
  const cleaned = key.replace(/[^a-zA-Z0-9_-]/g, '-').replace(/^[-_]+|[-_]+$/g, '');
  return SECRET_NAME_PATTERN.test(cleaned) ? cleaned.slice(0, 128) : 'secret';
};

/** Where a key of one of the Launcher's files belongs (its section, its name without a prefix), or why it is left out (no value in the words). */
export function sectionOfKey(file: LauncherFile, key: string): { section: 'env' | 'secrets' | 'rsp_headers'; name: string } | { skip: string } {
  let section: 'env' | 'secrets' | 'rsp_headers';
  let name = key;
  if (file === '.env') {
    const prefix = PREFIXES.find(([p]) => key.startsWith(p));
    if (prefix) {
      section = prefix[1];
      name = key.slice(prefix[0].length);
    } else if (key.startsWith('FASTEDGE_VAR_')) {
      return {
        skip: key.startsWith('FASTEDGE_VAR_REQ_HEADER_') ? 'request headers are for local runs only' : 'not a variable, secret or response header prefix',
      };
    } else section = 'env';
  } else section = FILE_SECTION[file];
  return name === '' ? { skip: 'a prefix without a name' } : { section, name };
}

/** The prefix a section's names take in `.env`. */
export const prefixOf = (section: 'env' | 'secrets' | 'rsp_headers'): string => PREFIXES.find(([, s]) => s === section)![0];

/**
 * `files` in the Launcher's order of precedence; `knownSecretNames` are the account's Edge Secrets;
 * `referenced` the secret keys the document already refers to: a line for one of those that names
 * no known secret (a local value, or `NAME=` as Pull writes it) keeps the document's reference.
 */
export function importLauncherEnv(
  files: readonly { file: LauncherFile; text: string }[],
  knownSecretNames: ReadonlySet<string>,
  referenced: ReadonlySet<string> = new Set(),
): EnvImport {
  const config: EdgeAppConfig = { env: {}, rsp_headers: {}, secrets: {} };
  const pendingSecrets = new Map<string, boolean>();
  const skipped: string[] = [];
  const order = [...files].sort((a, b) => LAUNCHER_FILES.indexOf(a.file) - LAUNCHER_FILES.indexOf(b.file));
  for (const { file, text } of order) {
    for (const { key, value, line } of parseDotenv(text)) {
      if (key === '') {
        skipped.push(`${file} line ${line}: not KEY=value`);
        continue;
      }
      const where = sectionOfKey(file, key);
      if ('skip' in where) {
        skipped.push(`${file} line ${line}: ${where.skip}`);
        continue;
      }
      const { section, name } = where;
      if (section === 'secrets') {
        // Only whether the value names an existing secret is kept; the value itself goes nowhere.
        const isName = knownSecretNames.has(value);
        if (isName) config.secrets[name] = { name: value };
        else delete config.secrets[name];
        pendingSecrets.set(name, isName);
      } else config[section][name] = value;
    }
  }
  const missingSecrets = [...pendingSecrets].filter(([key, ok]) => !ok && !referenced.has(key)).map(([key]) => ({ key, suggestedName: suggestName(key) }));
  for (const { key, suggestedName } of missingSecrets) config.secrets[key] = { name: suggestedName };
  return { config, missingSecrets, skipped, files: order.map((f) => f.file) };
}

/** The imported configuration over the document's: imported names win, the rest of the document stays. */
export function mergeImport(base: EdgeAppConfig, imported: EdgeAppConfig): EdgeAppConfig {
  return {
    env: { ...base.env, ...imported.env },
    rsp_headers: { ...base.rsp_headers, ...imported.rsp_headers },
    secrets: { ...base.secrets, ...imported.secrets },
  };
}

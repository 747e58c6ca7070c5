// The FastEdge Launcher's dotenv files as text: their names, the `.env` prefixes that say what a
// line is (FASTEDGE_VAR_ENV_, FASTEDGE_VAR_SECRET_, FASTEDGE_VAR_RSP_HEADER_; REQ_HEADER_ is for
// local runs only), and a dotenv line reader. Shared by the Edge feature (import, drift, Pull) and
// the agent tool that compares an app with a folder's files.

export const LAUNCHER_FILES = ['.env', '.env.variables', '.env.secrets', '.env.rsp_headers'] as const;
export type LauncherFile = (typeof LAUNCHER_FILES)[number];

export const PREFIXES = [
  ['FASTEDGE_VAR_ENV_', 'env'],
  ['FASTEDGE_VAR_SECRET_', 'secrets'],
  ['FASTEDGE_VAR_RSP_HEADER_', 'rsp_headers'],
] as const;
export const FILE_SECTION: Record<Exclude<LauncherFile, '.env'>, 'env' | 'secrets' | 'rsp_headers'> = {
  '.env.variables': 'env',
  '.env.secrets': 'secrets',
  '.env.rsp_headers': 'rsp_headers',
};

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

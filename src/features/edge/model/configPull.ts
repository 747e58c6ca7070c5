// Pull to .env files: an edge app's variables and response headers written into the linked
// folder's dotenv files (a changed value on its own line, where it is; a new name where pullTarget
// says), its secret references as `NAME=` with no value. A local secret line is never rewritten,
// and local names the app lacks are kept. A value a .env line cannot hold refuses the whole pull.
import { CONFIG_SECTIONS, type ConfigSection, type EdgeAppConfig, type SecretRef } from './edgeConfigDocument';
import { appSecretNames, pullTarget, readLocalConfig } from '../../../ui/text/configDrift';
import { parseDotenv, prefixOf, sectionOfKey, type LauncherFile } from '../../../ui/text/launcherDotenv';

export interface PullEdit {
  file: LauncherFile;
  /** The file's text now; undefined: the file is created. */
  before: string | undefined;
  after: string;
}

export type PullPlan = { ok: true; edits: PullEdit[]; keptLocal: string[] } | { ok: false; problems: string[] };

const WHAT: Record<ConfigSection, string> = { env: 'Variable', rsp_headers: 'Response header', secrets: 'Secret reference' };

/** Why `key=value` would not read back as written (the Launcher reads a line to its end, no quotes), or nothing. */
function lineProblem(key: string, value: string): string | undefined {
  if (/[\r\n]/.test(key) || /[\r\n]/.test(value)) return 'has a line break, and a .env line holds one line (the FastEdge Launcher reads no quotes)';
  if (!/^[^\s=#]+$/.test(key)) return 'has a name with spaces, "=" or "#", which a .env line cannot hold';
  if (value !== value.trim()) return 'has spaces at its start or end, which a .env line drops';
  if (/^["'`]/.test(value)) return 'starts with a quote, which reading a .env line removes';
  if (/\s#/.test(value)) return 'holds " #", which starts a comment in a .env line';
  const back = parseDotenv(`${key}=${value}`)[0];
  return back?.key === key && back.value === value ? undefined : 'does not read back the same from a .env line';
}

/** What `appLabel`'s configuration makes of these files: every edit, or every value refused (then nothing is written). */
export function planPull(app: EdgeAppConfig, files: readonly { file: LauncherFile; text: string }[], appLabel: string): PullPlan {
  const local = readLocalConfig(files, appSecretNames(app));
  const texts = new Map<LauncherFile, string>(files.map((f) => [f.file, f.text]));
  const lines = new Map<LauncherFile, string[]>();
  const linesOf = (file: LauncherFile) => {
    let got = lines.get(file);
    if (!got) lines.set(file, (got = texts.has(file) ? texts.get(file)!.split(/\r?\n/) : []));
    return got;
  };
  const added = new Map<LauncherFile, string[]>();
  const problems: string[] = [];
  const keptLocal: string[] = [];
  for (const section of CONFIG_SECTIONS) {
    const theirs = app[section] as Record<string, string | SecretRef>;
    const mine = local.entries[section];
    for (const name of mine.keys()) if (!(name in theirs)) keptLocal.push(`${WHAT[section].toLowerCase()} ${name}`);
    const target = pullTarget(section, local);
    for (const name of Object.keys(theirs).sort()) {
      const here = mine.get(name);
      // A secret line the person has stays as written: its value is local (or a name), never touched.
      if (section === 'secrets' && here) continue;
      const value = section === 'secrets' ? '' : (theirs[name] as string);
      const key = here ? here.key : target.prefixed ? `${prefixOf(section)}${name}` : name;
      const problem = lineProblem(key, value === '' ? 'x' : value);
      if (problem) {
        problems.push(`${WHAT[section]} ${name} ${problem}`);
        continue;
      }
      if (here) {
        if (here.value === value) continue;
        const at = linesOf(here.file);
        const exported = /^\s*export\s+/.test(at[here.line - 1] ?? '') ? 'export ' : '';
        at[here.line - 1] = `${exported}${key}=${value}`;
        continue;
      }
      const more = added.get(target.file) ?? [];
      if (section === 'secrets') {
        const ref = theirs[name] as SecretRef;
        const secret = ref.name ?? (ref.id !== undefined ? `id ${ref.id}` : 'unnamed');
        more.push(`# ${name}: the value stays on the platform (Edge Secret ${secret}); a value here is for local runs only.`);
      }
      more.push(`${key}=${value}`);
      added.set(target.file, more);
    }
  }
  if (problems.length) return { ok: false, problems };
  for (const [file, more] of added) {
    const at = linesOf(file);
    // The file's last line break stays last: new lines go before the empty tail.
    while (at.length && at[at.length - 1] === '') at.pop();
    if (!texts.has(file)) at.push(`# The FastEdge Launcher's ${file}, pulled from ${appLabel} by Platform Console.`);
    at.push(...more, '');
  }
  const edits: PullEdit[] = [];
  for (const [file, at] of lines) {
    const before = texts.get(file);
    const eol = before?.includes('\r\n') ? '\r\n' : '\n';
    const after = at.join(eol);
    if (after !== before) edits.push({ file, before, after });
  }
  return { ok: true, edits, keptLocal };
}

/**
 * A file's text as the diff shows it: every secret line's local value replaced, and in `.env.secrets`
 * a line that is not KEY=value (a value pasted alone) hidden whole: the person's own secret values
 * are never put on screen.
 */
export function maskSecretValues(file: LauncherFile, text: string): string {
  const isSecret = (key: string) => ((s) => !('skip' in s) && s.section === 'secrets')(sectionOfKey(file, key));
  const masked = new Map<number, 'value' | 'line'>();
  for (const { key, value, line } of parseDotenv(text)) {
    if (key === '' && file === '.env.secrets') masked.set(line, 'line');
    else if (key !== '' && value !== '' && isSecret(key)) masked.set(line, 'value');
  }
  return text
    .split('\n')
    .map((raw, i) => {
      const how = masked.get(i + 1);
      const cr = raw.endsWith('\r') ? '\r' : '';
      if (how === 'line') return `# <a line that is not NAME=value, not shown>${cr}`;
      return how === 'value' ? `${raw.slice(0, raw.indexOf('=') + 1)}<local value, not shown>${cr}` : raw;
    })
    .join('\n');
}

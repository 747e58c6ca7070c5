// An edge app's configuration against the FastEdge Launcher's dotenv files of a linked folder: each
// variable, response header and secret reference that differs, with the file and line it comes from
// (a Problems entry). Secrets are compared by name only: a `.env.secrets` value is dropped as it is
// read, keeping only whether it is the name of a secret the app refers to; messages never hold one.
// Pure text, shared by the Edge feature (Problems entries, Pull) and the agent tool (agent/model).
import { LAUNCHER_FILES, parseDotenv, sectionOfKey, type LauncherFile } from './launcherDotenv';

export type ConfigSection = 'env' | 'rsp_headers' | 'secrets';
const CONFIG_SECTIONS: readonly ConfigSection[] = ['env', 'rsp_headers', 'secrets'];

/** An app's configuration as the platform answers it (the Edge feature's EdgeAppConfig has this shape). */
export interface AppConfig {
  env: Record<string, string>;
  rsp_headers: Record<string, string>;
  secrets: Record<string, { id?: number; name?: string }>;
}

/** One effective local entry: where it is written (the last one read wins, as the Launcher reads them). */
export interface LocalEntry {
  file: LauncherFile;
  line: number;
  /** The key as written (with its `.env` prefix). */
  key: string;
  /** Variables and headers only; a secret's local value is never kept. */
  value?: string;
  /** Secrets only: the app's secret name the local value equals, when it equals one. */
  refersTo?: string;
}

export interface LocalConfig {
  /** The Launcher's files present, in the Launcher's order. */
  files: LauncherFile[];
  entries: Record<ConfigSection, Map<string, LocalEntry>>;
}

export type DriftKind = 'missingOnApp' | 'missingLocally' | 'differentValue' | 'differentSecret';

export interface Drift {
  kind: DriftKind;
  section: ConfigSection;
  name: string;
  /** The file and 1-based line the Problems entry goes on (line 1 of the file Pull would write to, for "missing locally"). */
  file: LauncherFile;
  line: number;
  message: string;
}

/** The secret names an app refers to: the only local secret values ever compared (by equality) with anything. */
export const appSecretNames = (app: AppConfig): Set<string> => new Set(Object.values(app.secrets).flatMap((r) => (r.name ? [r.name] : [])));

/** The Launcher's files read as it merges them (`.env`, then the per-type files, a later line winning). */
export function readLocalConfig(files: readonly { file: LauncherFile; text: string }[], appSecrets: ReadonlySet<string>): LocalConfig {
  const entries: LocalConfig['entries'] = { env: new Map(), rsp_headers: new Map(), secrets: new Map() };
  const order = [...files].sort((a, b) => LAUNCHER_FILES.indexOf(a.file) - LAUNCHER_FILES.indexOf(b.file));
  for (const { file, text } of order) {
    for (const { key, value, line } of parseDotenv(text)) {
      const where = key === '' ? undefined : sectionOfKey(file, key);
      if (!where || 'skip' in where) continue;
      // The secret's value leaves this loop only as "it is this app secret's name" or nothing.
      const entry: LocalEntry =
        where.section === 'secrets' ? { file, line, key, ...(appSecrets.has(value) ? { refersTo: value } : {}) } : { file, line, key, value };
      entries[where.section].set(where.name, entry);
    }
  }
  return { files: order.map((f) => f.file), entries };
}

const DEDICATED: Record<ConfigSection, LauncherFile> = { env: '.env.variables', rsp_headers: '.env.rsp_headers', secrets: '.env.secrets' };

/**
 * Where Pull writes a section's new names: its own file (`.env.variables`, `.env.rsp_headers`,
 * `.env.secrets`) when it exists; else `.env` with the Launcher's prefix when `.env` already holds
 * that section; else its own file, created.
 */
export function pullTarget(section: ConfigSection, local: LocalConfig): { file: LauncherFile; prefixed: boolean } {
  const own = DEDICATED[section];
  if (local.files.includes(own)) return { file: own, prefixed: false };
  const inEnv = [...local.entries[section].values()].some((e) => e.file === '.env');
  return inEnv ? { file: '.env', prefixed: true } : { file: own, prefixed: false };
}

const WHAT: Record<ConfigSection, string> = { env: 'Variable', rsp_headers: 'Response header', secrets: 'Secret reference' };
const shown = (value: string) => JSON.stringify(value);

/** Every difference, in the sections' order then by name; `appLabel` names the app in the messages ("edge app hello-edge"). */
export function configDrift(app: AppConfig, local: LocalConfig, appLabel: string): Drift[] {
  const out: Drift[] = [];
  if (local.files.length === 0) return out;
  for (const section of CONFIG_SECTIONS) {
    const mine = local.entries[section];
    const theirs = app[section] as Record<string, unknown>;
    const names = [...new Set([...mine.keys(), ...Object.keys(theirs)])].sort();
    const target = pullTarget(section, local);
    const missingAt = local.files.includes(target.file) ? target.file : local.files[0]!;
    for (const name of names) {
      const here = mine.get(name);
      const there = Object.prototype.hasOwnProperty.call(theirs, name) ? theirs[name] : undefined;
      const what = WHAT[section];
      if (here === undefined) {
        const ref = section === 'secrets' ? (there as { name?: string; id?: number }) : undefined;
        const detail = ref ? ` (Edge Secret ${ref.name ?? `id ${ref.id}`})` : `=${shown(there as string)}`;
        out.push({
          kind: 'missingLocally',
          section,
          name,
          file: missingAt,
          line: 1,
          message: `${what} ${name}${detail} is on ${appLabel}, not in these .env files`,
        });
      } else if (there === undefined) {
        const detail = section === 'secrets' ? '' : `=${shown(here.value ?? '')}`;
        out.push({
          kind: 'missingOnApp',
          section,
          name,
          file: here.file,
          line: here.line,
          message: `${what} ${name}${detail} is set here, not on ${appLabel}`,
        });
      } else if (section === 'secrets') {
        const ref = there as { name?: string };
        // Only a local value that is another of the app's secret names differs; any other value is a local one, not compared.
        if (here.refersTo !== undefined && here.refersTo !== ref.name)
          out.push({
            kind: 'differentSecret',
            section,
            name,
            file: here.file,
            line: here.line,
            message: `${what} ${name}: ${appLabel} reads Edge Secret ${ref.name ?? '(by id)'}, this line names another of its secrets`,
          });
      } else if (here.value !== there) {
        out.push({
          kind: 'differentValue',
          section,
          name,
          file: here.file,
          line: here.line,
          message: `${what} ${name}: ${shown(here.value ?? '')} here, ${shown(there as string)} on ${appLabel}`,
        });
      }
    }
  }
  return out;
}

// The FastEdge Launcher's dotenv files into an app's configuration: `.env` (FASTEDGE_VAR_ENV_,
// FASTEDGE_VAR_SECRET_, FASTEDGE_VAR_RSP_HEADER_ prefixes; bare names are variables;
// FASTEDGE_VAR_REQ_HEADER_ is local-only), then `.env.variables`, `.env.secrets`, `.env.rsp_headers`
// without prefixes, a later file winning. A line in `.env.secrets` may hold a local secret value,
// so it is never copied: it becomes a reference by name only when it names an existing Edge
// Secret; otherwise the key is listed as a secret to create and nothing of the value is kept.
import type { EdgeAppConfig } from './edgeConfigDocument';
import { SECRET_NAME_PATTERN } from './edgeConfigDocument';
import { LAUNCHER_FILES, parseDotenv, sectionOfKey, type LauncherFile } from '../../../ui/text/launcherDotenv';

export { LAUNCHER_FILES, parseDotenv, type LauncherFile } from '../../../ui/text/launcherDotenv';

export interface EnvImport {
  config: EdgeAppConfig;
  /** Secret keys whose Edge Secret must be created (their local values were not read into anything). */
  missingSecrets: { key: string; suggestedName: string }[];
  /** Lines left out, with why (request headers, unknown FASTEDGE_VAR_ prefixes, unreadable lines): no values. */
  skipped: string[];
  files: LauncherFile[];
}

/** A secret name to suggest for a key (the key itself when the platform's name rules allow it). */
const suggestName = (key: string) => {
  const cleaned = key.replace(/[^a-zA-Z0-9_-]/g, '-').replace(/^[-_]+|[-_]+$/g, '');
  return SECRET_NAME_PATTERN.test(cleaned) ? cleaned.slice(0, 128) : 'secret';
};

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

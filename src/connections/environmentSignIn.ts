// What the environment sign-in says and where it points, besides the key (environmentKey.ts): the
// names and their order are src/schema/environmentNames.ts's, shared with the MCP server. The log
// says which variables were used (never the key) and names a project or region id it ignores.
import { normalizeBaseUrl } from '../schema/connectionRules';
import { keyNote, locationFromEnvironment, urlFromEnvironment } from '../schema/environmentNames';
import type { ConnectionLog } from './connectionLog';
import type { EnvironmentKey } from './environmentKey';

/** The environment's base URL, normalized, for a key that came from `keyFrom`; undefined when none is named or it is not a URL. */
export function environmentUrl(env: NodeJS.ProcessEnv, keyFrom: string | undefined): string | undefined {
  const found = urlFromEnvironment(env, keyFrom);
  if (!found) return undefined;
  try {
    return normalizeBaseUrl(found.url);
  } catch {
    return undefined;
  }
}

/** Said once as the extension starts: the variables the sign-in uses, and a project or region id that is ignored. */
export function logEnvironment(log: ConnectionLog, env: NodeJS.ProcessEnv, handed: EnvironmentKey | undefined): void {
  for (const problem of locationFromEnvironment(env).problems) log.warn(problem);
  const url = urlFromEnvironment(env, handed?.from);
  if (handed?.from && !url && env.GCORE_API_URL?.trim())
    log.warn(`From the environment: GCORE_API_URL is not used for a key from ${handed.from} (a key goes only where its own family's URL points)`);
  if (!handed?.from || !url) return;
  log.info(`From the environment: ${keyNote({ from: handed.from, ignored: handed.ignored ?? [] })}, ${url.note}`);
}

// The API key the environment hands to the environment sign-in (demo, CI, hosted setups), taken
// out of the environment as the extension activates (extension.ts): every key variable is deleted
// from it, so that the processes this extension host starts later (other extensions' tools,
// language servers) do not inherit them. The key comes in PLATFORM_CONSOLE_API_KEY, in GCORE_API_KEY
// (Gcore's own tools' name; the product's wins) or, as the demo and the test harness hand it over,
// in a file named by PLATFORM_CONSOLE_API_KEY_FILE, which the sign-in reads once and deletes
// (keyFile.ts). The order is src/schema/environmentNames.ts's, shared with the MCP server.
import { KEY_VARIABLES, keyFromEnvironment } from '../schema/environmentNames';

/** What the environment handed over: the key itself, or the file that holds it; the variable it came from and the ones that lost to it. */
export interface EnvironmentKey {
  readonly key?: string;
  readonly file?: string;
  readonly from?: string;
  readonly ignored?: readonly string[];
}

/** Takes the key (or its file's path) out of `env`: every key variable is deleted from it. */
export function takeEnvironmentKey(env: NodeJS.ProcessEnv): EnvironmentKey | undefined {
  const taken = keyFromEnvironment(env);
  for (const name of KEY_VARIABLES) delete env[name];
  return taken;
}

// The API key the environment hands to the environment sign-in (demo, CI, hosted setups), taken
// out of the environment as the extension activates (extension.ts): both variables are deleted from
// it, so that the processes this extension host starts later (other extensions' tools, language
// servers) do not inherit them. The key comes in PLATFORM_CONSOLE_API_KEY or, as the demo and the
// test harness hand it over, in a file named by PLATFORM_CONSOLE_API_KEY_FILE, which the sign-in
// reads once and deletes (keyFile.ts).
import { ENV_API_KEY, ENV_API_KEY_FILE } from '../schema/connectionRules';

/** What the environment handed over: the key itself, or the file that holds it. */
export interface EnvironmentKey {
  readonly key?: string;
  readonly file?: string;
}

/** Takes the key (or its file's path) out of `env`: both variables are deleted from it. */
export function takeEnvironmentKey(env: NodeJS.ProcessEnv): EnvironmentKey | undefined {
  const file = env[ENV_API_KEY_FILE]?.trim();
  const key = env[ENV_API_KEY]?.trim();
  delete env[ENV_API_KEY];
  delete env[ENV_API_KEY_FILE];
  // The file wins: it is how the demo hands the key over.
  if (file) return { file };
  return key ? { key } : undefined;
}

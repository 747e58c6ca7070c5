// What the start-up bundle (extension.ts) reads before anything else, from globalState:
// - why the extension must be loaded as VS Code starts rather than at its first use: each feature
//   that needs it (report tasks still running: their polling resumes after a reload) says so
//   under one key; with no reason, nothing but the stand-ins runs until the person uses it;
// - whether it was signed in when last used, so that the stand-ins can set the context key the
//   menus' `when` clauses read (`platformConsole.signedIn`) and the palette offers the commands.
// No VS Code import: a Memento-like store is all it needs.

export const STARTUP_WAKE_KEY = 'platformConsole.loadAtStartup';
const SIGNED_IN_KEY = 'platformConsole.signedInAtLastUse';

import { ENV_BASE_URL } from '../schema/connectionRules';

import type { StateReader } from './storedConnections';
import type { StateWriter } from './durableState';

/** The reasons stored (feature names); empty when the extension may wait for its first use. */
export function startupWakeReasons(state: StateReader): string[] {
  const stored = state.get<unknown>(STARTUP_WAKE_KEY);
  return Array.isArray(stored) ? stored.filter((r): r is string => typeof r === 'string') : [];
}

/** Adds or removes `reason`; writes only when that changes something (and says whether it did). */
export async function setStartupWakeReason(state: StateWriter, reason: string, needed: boolean): Promise<boolean> {
  const reasons = startupWakeReasons(state);
  if (reasons.includes(reason) === needed) return false;
  const next = needed ? [...reasons, reason] : reasons.filter((r) => r !== reason);
  await state.update(STARTUP_WAKE_KEY, next.length ? next : undefined);
  return true;
}

/** Kept by the real extension whenever its context key changes. */
export async function rememberSignedIn(state: StateWriter, signedIn: boolean): Promise<void> {
  if (state.get<boolean>(SIGNED_IN_KEY) !== signedIn) await state.update(SIGNED_IN_KEY, signedIn);
}

/**
 * What the stand-ins take `platformConsole.signedIn` to be: as at the last use, or signed in when
 * the environment names a platform and handed over a key (the first use signs in with them). The
 * real extension sets the true value as it loads.
 */
export function standInSignedIn(state: StateReader, env: NodeJS.ProcessEnv, handedKey: string | undefined): boolean {
  return state.get<boolean>(SIGNED_IN_KEY) === true || Boolean(env[ENV_BASE_URL]?.trim() && handedKey?.trim());
}

// Error notifications: what failed, why, and "Show Log"; a rejected key offers "Sign In Again".
import { PlatformError } from './platform/errors';
import type { FlowUi } from './flows/ui';
import type { Log } from './log';

export interface NotifyDeps {
  log: Log;
  ui: FlowUi;
  /** The connection the failing call used, for "API key rejected for <connection>". */
  connectionName?: string;
  signInAgain?: () => Thenable<unknown> | Promise<unknown>;
}

/** "Could not load protection profiles: Server error (HTTP 503)…" + Show Log. Never throws. */
export async function notifyError(what: string, error: unknown, deps: NotifyDeps): Promise<void> {
  const { log, ui } = deps;
  log.error(what, error);
  if (error instanceof PlatformError && error.kind === 'cancelled') return;
  const reason = error instanceof Error ? error.message : String(error);
  let message = log.scrub(`${what}: ${reason}`);
  const actions = ['Show Log'];
  if (error instanceof PlatformError && error.kind === 'unauthorized') {
    message = log.scrub(`API key rejected for ${deps.connectionName ?? 'this connection'}. ${what}: ${reason}`);
    if (deps.signInAgain) actions.unshift('Sign In Again');
  }
  try {
    const choice = await ui.notify('error', message, actions);
    if (choice === 'Show Log') log.show();
    if (choice === 'Sign In Again') await deps.signInAgain?.();
  } catch (failure) {
    log.error('Could not show a notification', failure);
  }
}

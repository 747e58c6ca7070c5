// Error notifications: what failed, why, and "Show Log"; a rejected key offers "Sign In Again".
import * as vscode from 'vscode';
import { PlatformError } from '../schema/errors';
import type { FlowUi } from './flowUi';
import type { Log } from './log';

export interface NotifyDeps {
  log: Log;
  ui: FlowUi;
  /** The connection the failing call used, for "API key rejected for <connection>". */
  connectionName?: string;
  signInAgain?: () => Thenable<unknown> | Promise<unknown>;
  /** More actions, offered first (e.g. "Retry"); the one chosen is returned. */
  actions?: readonly string[];
}

/**
 * "Could not load protection profiles: Server error (HTTP 503)…" + Show Log. Never throws;
 * resolves with the extra action chosen, if any.
 */
export async function notifyError(what: string, error: unknown, deps: NotifyDeps): Promise<string | undefined> {
  const { log, ui } = deps;
  log.error(what, error);
  if (error instanceof PlatformError && error.kind === 'cancelled') return undefined;
  if (error instanceof PlatformError && error.kind === 'signedOut') return notifySignedOut(what, error, deps);
  const reason = error instanceof Error ? error.message : String(error);
  let message = log.scrub(`${what}: ${reason}`);
  const actions = [...(deps.actions ?? []), 'Show Log'];
  if (error instanceof PlatformError && error.kind === 'unauthorized') {
    message = log.scrub(`API key rejected for ${deps.connectionName ?? 'this connection'}. ${what}: ${reason}`);
    if (deps.signInAgain) actions.unshift('Sign In Again');
  }
  try {
    const choice = await ui.notify('error', message, actions);
    if (choice === 'Show Log') log.show();
    if (choice === 'Sign In Again') await deps.signInAgain?.();
    return deps.actions?.includes(choice ?? '') ? choice : undefined;
  } catch (failure) {
    log.error('Could not show a notification', failure);
    return undefined;
  }
}

/** The action's connection was signed out while it ran: nothing more was sent; Retry would not help. */
async function notifySignedOut(what: string, error: PlatformError, deps: NotifyDeps): Promise<undefined> {
  const { log, ui } = deps;
  try {
    const choice = await ui.notify('warning', log.scrub(`${what}: ${error.message}.`), ['Sign In', 'Show Log']);
    if (choice === 'Show Log') log.show();
    if (choice === 'Sign In') await vscode.commands.executeCommand('platformConsole.signIn');
  } catch (failure) {
    log.error('Could not show a notification', failure);
  }
  return undefined;
}

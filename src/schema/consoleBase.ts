// Which web console a connection's rows open in (#58 item 4): the platform's own Customer Portal
// for the Platform dialect, none for the Spec dialect (the API design has no console), or the one
// set on the connection (a white-label reseller's portal). No vscode: unit-tested in Node.
import { isLoopback, type ConnectionInfo } from './connectionRules';
import { throwValidation } from './validate';
import { PlatformError } from './errors';

/** The platform's Customer Portal, as its documentation links it. */
export const PLATFORM_CONSOLE_URL = 'https://portal.gcore.com';

/**
 * `https://portal.example.com/` -> `https://portal.example.com`. https only (the portal signs the
 * person in), except plain http to this machine (a local stand-in); no query, fragment or credentials.
 */
export function normalizeConsoleUrl(raw: string): string {
  const refuse = (message: string): never => throwValidation([{ path: 'consoleUrl', message }]);
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return refuse('must be an https:// URL (http:// only to this machine)');
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) return refuse(`must use https:// (plain http:// only to this machine, not to ${url.host})`);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refuse('must be an https:// URL (http:// only to this machine)');
  if (url.username || url.password) return refuse('must not hold a user name or password');
  if (url.search || url.hash) return refuse('must not have a query or fragment');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Why `raw` cannot be a console URL, in the field's words; undefined when it can. Empty is allowed: back to the default. */
export function consoleUrlProblem(raw: string): string | undefined {
  if (!raw.trim()) return undefined;
  try {
    normalizeConsoleUrl(raw);
    return undefined;
  } catch (error) {
    return `Console URL: ${error instanceof PlatformError ? (error.issues[0]?.message ?? error.message) : 'invalid'}`;
  }
}

/** `{ consoleUrl }` of a connection with a console, `{}` without: the field a binding or a hand-over carries. */
export function consoleField(connection: Pick<ConnectionInfo, 'dialect' | 'consoleUrl' | 'simulator'>): { consoleUrl?: string } {
  const consoleUrl = consoleBaseOf(connection);
  return consoleUrl === undefined ? {} : { consoleUrl };
}

/**
 * The console a connection's rows open in; undefined: it has none (a Spec dialect connection, or
 * the simulator this window runs: its ids exist on no real console, with none set).
 */
export function consoleBaseOf(connection: Pick<ConnectionInfo, 'dialect' | 'consoleUrl' | 'simulator'>): string | undefined {
  if (connection.consoleUrl) return connection.consoleUrl;
  return connection.dialect === 'platform' && !connection.simulator ? PLATFORM_CONSOLE_URL : undefined;
}

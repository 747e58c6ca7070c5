// Rules for connections: names, base URLs, keys. No VS Code here, so they test in plain Node.
import { apiKeyProblem, normalizeBaseUrl } from '../platform/http';
import { PlatformError } from '../platform/errors';

export const CONNECTION_NAME_MAX = 50;

export interface ConnectionInfo {
  id: string;
  name: string;
  baseUrl: string;
}

export function connectionNameProblem(name: string, existing: readonly ConnectionInfo[], ownId?: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'Connection name: must not be empty';
  if (trimmed.length > CONNECTION_NAME_MAX) return `Connection name: must be at most ${CONNECTION_NAME_MAX} characters`;
  const clash = existing.find((c) => c.id !== ownId && c.name.toLowerCase() === trimmed.toLowerCase());
  if (clash) return `Connection name: "${clash.name}" is already used (sign out of it first, or choose another name)`;
  return undefined;
}

export function baseUrlProblem(url: string): string | undefined {
  try {
    normalizeBaseUrl(url);
    return undefined;
  } catch (error) {
    return error instanceof PlatformError ? `Base URL: ${error.issues[0]?.message ?? error.message}` : 'Base URL: invalid';
  }
}

export function apiKeyInputProblem(key: string): string | undefined {
  const problem = apiKeyProblem(key.trim());
  return problem ? `API key: ${problem}` : undefined;
}

/** `http://127.0.0.1:4010/` -> `127.0.0.1:4010`; used when a connection comes from the environment. */
export function connectionNameFromUrl(url: string): string {
  try {
    const parsed = new URL(normalizeBaseUrl(url));
    return parsed.host || url;
  } catch {
    return url;
  }
}

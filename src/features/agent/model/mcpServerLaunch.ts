// How the editor starts its MCP server (#56): the arguments from the person's settings, the
// environment it adds to VS Code's (never a key or a token: the token goes in the hand-over file),
// and the definition's version, which changes whenever any of it (or the token it would be handed)
// does, so that VS Code restarts the server. No vscode: unit-tested as is.
import { createHash } from 'node:crypto';
import { KEY_VARIABLES } from './mcpHandoff';

/** The provider's id in `contributes.mcpServerDefinitionProviders` (VS Code activates the extension for it: `onMcpCollection:<id>`). */
export const MCP_PROVIDER_ID = 'platformConsole.mcpServer';

/** What the person allows the editor's MCP server (`platformConsole.mcp.*`, user settings only). */
export interface McpServerSettings {
  readonly allowWrites: boolean;
  /** Honoured only with allowWrites: turning writes off turns every write off. */
  readonly allowDestructive: boolean;
}

/** The server's arguments after its script: the flags, and the workspace folders its file tools may read when writes are allowed. */
export function mcpServerArgs(settings: McpServerSettings, folders: readonly string[]): string[] {
  if (!settings.allowWrites) return [];
  const args = [settings.allowDestructive ? '--allow-destructive' : '--allow-writes'];
  for (const folder of folders) args.push('--file-root', folder);
  return args;
}

/**
 * The environment VS Code adds to its own when it starts the server: Node mode for the editor's
 * executable (Electron's, or the web build's Node), and every key variable removed (null), so that
 * nothing the extension host inherited reaches the server. The hand-over file is added at start.
 */
export function mcpServerEnv(): Record<string, string | null> {
  return { ELECTRON_RUN_AS_NODE: '1', ...Object.fromEntries(KEY_VARIABLES.map((name) => [name, null])) };
}

/** What the server would be started with, besides the token's secret: its version is a digest of these. */
export interface McpLaunchParts {
  readonly connectionId: string;
  readonly connectionName: string;
  readonly baseUrl: string;
  readonly dialect: string;
  readonly areaBaseUrls: Readonly<Record<string, string>>;
  readonly args: readonly string[];
  /** The agent token a start would hand over (its id), or none yet. */
  readonly tokenId: number | undefined;
}

export function mcpServerVersion(parts: McpLaunchParts): string {
  const stable = JSON.stringify([
    parts.connectionId,
    parts.connectionName,
    parts.baseUrl,
    parts.dialect,
    Object.entries(parts.areaBaseUrls).sort(),
    parts.args,
    parts.tokenId ?? null,
  ]);
  return createHash('sha256').update(stable).digest('hex').slice(0, 16);
}

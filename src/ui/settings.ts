// The extension's settings that flows read and remember.
import * as vscode from 'vscode';
import type { CloudDefaults, CloudLocation } from './cloudLocation';
import type { Log } from './log';
import type { PlatformLists } from '../platform/platformLists';

/** Minutes a cloud task (secret creation) is watched before the watch gives up (default 120). */
export function taskTimeoutMs(): number {
  const minutes = vscode.workspace.getConfiguration('platformConsole').get<number>('tasks.timeoutMinutes', 120);
  return Math.max(1, Number.isFinite(minutes) ? minutes : 120) * 60_000;
}

export interface ConnectionCloudDefaults extends CloudDefaults {
  /** The same defaults on one connection (an action's BoundConnection): its last project and region first, its lists to pick from. */
  on(bound: { readonly connection: { readonly id: string; readonly name: string; readonly baseUrl: string }; readonly lists: PlatformLists }): CloudDefaults;
}

const lastLocationKey = (connectionId: string) => `platformConsole.lastLocation.${connectionId}`;

/**
 * The cloud defaults: on a connection, its last project and region first, then (on the connection
 * the environment signs in to) GCORE_CLOUD_PROJECT_ID / GCORE_CLOUD_REGION_ID, then the settings.
 */
export function cloudDefaults(
  state: vscode.Memento,
  log: Log,
  environment: (connection: { readonly baseUrl: string }) => CloudLocation = () => ({}),
): ConnectionCloudDefaults {
  const config = () => vscode.workspace.getConfiguration('platformConsole.cloud');
  const read = (key: string) => {
    const value = config().get<number | null>(key);
    return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
  };
  const base: CloudDefaults = {
    get: () => ({ projectId: read('projectId'), regionId: read('regionId') }),
    rememberMissing: async ({ projectId, regionId }) => {
      if (read('projectId') === undefined) await config().update('projectId', projectId, vscode.ConfigurationTarget.Global);
      if (read('regionId') === undefined) await config().update('regionId', regionId, vscode.ConfigurationTarget.Global);
    },
  };
  return {
    ...base,
    on: (bound) => ({
      get: () => ({ ...base.get(), ...environment(bound.connection), ...state.get<CloudLocation>(lastLocationKey(bound.connection.id), {}) }),
      rememberMissing: async (location) => {
        await base.rememberMissing(location);
        // Kept under the connection's id: Sign Out clears it with the rest.
        await state.update(lastLocationKey(bound.connection.id), { projectId: location.projectId, regionId: location.regionId });
      },
      picks: { lists: bound.lists, logError: (error) => log.error(`Could not load a list on ${bound.connection.name}`, error) },
    }),
  };
}

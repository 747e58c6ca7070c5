// The extension's settings that flows read and remember.
import * as vscode from 'vscode';
import type { CloudDefaults } from './flows/cloudLocation';

export function cloudDefaults(): CloudDefaults {
  const config = () => vscode.workspace.getConfiguration('platformConsole.cloud');
  const read = (key: string) => {
    const value = config().get<number | null>(key);
    return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
  };
  return {
    get: () => ({ projectId: read('projectId'), regionId: read('regionId') }),
    rememberMissing: async ({ projectId, regionId }) => {
      if (read('projectId') === undefined) await config().update('projectId', projectId, vscode.ConfigurationTarget.Global);
      if (read('regionId') === undefined) await config().update('regionId', regionId, vscode.ConfigurationTarget.Global);
    },
  };
}

// When this extension deleted an object storage, per connection: the v4 lists do not say when a
// storage was deleted, so the restore deadline is known only for deletions made here. Entries
// older than the restore window are dropped as they are written.
import type * as vscode from 'vscode';
import { RESTORE_WINDOW_MS } from '../../schema/storageV4';

const KEY = (connectionId: string) => `platformConsole.storageDeletions.${connectionId}`;

export class StorageDeletions {
  constructor(private readonly state: vscode.Memento) {}

  deletedAt(connectionId: string, id: number): number | undefined {
    return this.state.get<Record<string, number>>(KEY(connectionId), {})[String(id)];
  }

  async remember(connectionId: string, id: number, atMs: number): Promise<void> {
    const kept = Object.entries(this.state.get<Record<string, number>>(KEY(connectionId), {})).filter(([, at]) => atMs - at <= RESTORE_WINDOW_MS);
    await this.state.update(KEY(connectionId), Object.fromEntries([...kept, [String(id), atMs]]));
  }

  async forget(connectionId: string, id: number): Promise<void> {
    const all = { ...this.state.get<Record<string, number>>(KEY(connectionId), {}) };
    delete all[String(id)];
    await this.state.update(KEY(connectionId), all);
  }
}

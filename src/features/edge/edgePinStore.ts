// The Edge view's pins in globalState, one key per connection id (ids only: never a key or
// anything the platform returned).
import type * as vscode from 'vscode';
import { EDGE_PINS_KEY_PREFIX, edgePinsKey, readPins, type EdgePins } from './model/edgePins';

export class EdgePinStore {
  constructor(private readonly state: vscode.Memento) {}

  get(connectionId: string): EdgePins {
    return readPins(this.state.get(edgePinsKey(connectionId)));
  }

  async set(connectionId: string, pins: EdgePins): Promise<void> {
    await this.state.update(edgePinsKey(connectionId), pins);
  }

  /** Drops the pins of connections that no longer exist (signed out). */
  async prune(liveConnectionIds: readonly string[]): Promise<void> {
    const live = new Set(liveConnectionIds.map(edgePinsKey));
    for (const key of this.state.keys()) {
      if (key.startsWith(EDGE_PINS_KEY_PREFIX) && !live.has(key)) await this.state.update(key, undefined);
    }
  }
}

// A write to VS Code's globalState that holds. VS Code echoes every write back to the extension
// host as the whole state; an echo arriving between a later change and that change's batched write
// makes the write send the echo's value, and the change is lost while its promise resolves
// (microsoft/vscode#137132). Echoes arrive before a write's own answer, so reading the key once the
// write settled tells whether it held; if not, it is written again (at most three times: past that,
// another window keeps changing the key, and its value stands). The extension hands out
// globalState only through durableMemento (extension.ts, ConnectionManager), so every write holds.
// No VS Code runtime import (unit-tested in plain Node).
import type * as vscode from 'vscode';
import type { StateReader } from './storedConnections';

export interface StateWriter extends StateReader {
  update(key: string, value: unknown): Thenable<void> | Promise<void>;
}

const ATTEMPTS = 3;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Writes `value` under `key` until a read gives it back; how many writes it took. */
export async function updateDurably(state: StateWriter, key: string, value: unknown): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    await state.update(key, value);
    if (same(state.get(key), value) || attempt === ATTEMPTS) return attempt;
  }
}

/** globalState whose every write holds (updateDurably); reads as they are. */
export function durableMemento(state: vscode.Memento): vscode.Memento {
  return new DurableMemento(state);
}

class DurableMemento implements vscode.Memento {
  constructor(private readonly state: vscode.Memento) {}

  keys(): readonly string[] {
    return this.state.keys();
  }

  get<T>(key: string): T | undefined;
  get<T>(key: string, defaultValue: T): T;
  get<T>(key: string, defaultValue?: T): T | undefined {
    const value = this.state.get<T>(key);
    return value === undefined ? defaultValue : value;
  }

  async update(key: string, value: unknown): Promise<void> {
    await updateDurably(this.state, key, value);
  }
}

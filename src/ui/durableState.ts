// A write to VS Code's globalState that holds. VS Code sends every write of an extension's global
// state back to its extension host as the whole state, which replaces the in-memory copy (that is
// how other windows' writes arrive). When that echo of an earlier write arrives after a later
// change was made in memory but before that change's own (batched) write left, the later write
// sends the echo's value: the change is lost, and its promise resolves all the same
// (microsoft/vscode#137132: "optimistic, intermediate state is dropped"). Seen here in a full test
// run: a report task removed while a poll's answer was being written came back. The echoes of
// earlier writes all arrive before a write's own answer, so reading the key once the write
// settled tells whether it held; if not, the value is written again (at most three times: past
// that, another window keeps changing the key, and its value stands). The extension hands out
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

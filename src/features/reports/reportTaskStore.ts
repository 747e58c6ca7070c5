// The report tasks followed on each connection, and the template codes used there, kept in
// globalState under keys that include the connection id (a uuid list with the last answer
// read for each: what the view shows at once after a reload). No keys or secrets are stored.
// No VS Code import: it runs on any Memento-like store, so unit tests use a Map.
import type { ReportTask } from '../../schema/billing';
import { rememberRecent, storedSnapshot, type TrackedReport } from './model/reportTasks';
import type { StateWriter } from '../../connections/durableState';

/** What it needs of `context.globalState`. */
export interface StateStore extends StateWriter {
  keys(): readonly string[];
}

const TASKS_PREFIX = 'platformConsole.reportTasks.';
const TEMPLATES_PREFIX = 'platformConsole.reportTemplates.';
/** Oldest finished tasks go first past this many on one connection. */
export const MAX_TRACKED = 200;

export const tasksKey = (connectionId: string) => `${TASKS_PREFIX}${connectionId}`;
export const templatesKey = (connectionId: string) => `${TEMPLATES_PREFIX}${connectionId}`;

export class ReportTaskStore {
  private readonly listeners = new Set<(connectionId: string) => void>();

  constructor(private readonly state: StateStore) {}

  /** Called with the connection id whenever its list changes. */
  onDidChange(listener: (connectionId: string) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  list(connectionId: string): TrackedReport[] {
    const stored = this.state.get<TrackedReport[]>(tasksKey(connectionId));
    return Array.isArray(stored) ? stored.filter((t) => t && typeof t.uuid === 'string') : [];
  }

  get(connectionId: string, uuid: string): TrackedReport | undefined {
    return this.list(connectionId).find((t) => t.uuid === uuid.toLowerCase());
  }

  /** Adds a task (or refreshes the one with that uuid, keeping what is known). */
  async add(connectionId: string, uuid: string, init: { templateCode?: string; snapshot?: ReportTask; now: number }): Promise<TrackedReport> {
    const id = uuid.toLowerCase();
    const all = this.list(connectionId);
    const existing = all.find((t) => t.uuid === id);
    const entry: TrackedReport = {
      ...existing,
      uuid: id,
      addedAt: existing?.addedAt ?? init.now,
      templateCode: init.templateCode ?? existing?.templateCode,
      ...(init.snapshot ? { snapshot: storedSnapshot(init.snapshot), checkedAt: init.now, problem: undefined } : {}),
    };
    const next = [entry, ...all.filter((t) => t.uuid !== id)];
    await this.write(connectionId, trim(next));
    return entry;
  }

  /** Changes one task; nothing happens when it is no longer in the list (removed meanwhile). */
  async update(connectionId: string, uuid: string, patch: Partial<Omit<TrackedReport, 'uuid'>>): Promise<TrackedReport | undefined> {
    const all = this.list(connectionId);
    const at = all.findIndex((t) => t.uuid === uuid);
    if (at < 0) return undefined;
    const entry = { ...all[at]!, ...patch, ...(patch.snapshot ? { snapshot: storedSnapshot(patch.snapshot) } : {}) };
    all[at] = entry;
    await this.write(connectionId, all);
    return entry;
  }

  async remove(connectionId: string, uuids: readonly string[]): Promise<void> {
    const gone = new Set(uuids.map((u) => u.toLowerCase()));
    await this.write(
      connectionId,
      this.list(connectionId).filter((t) => !gone.has(t.uuid)),
    );
  }

  recentTemplates(connectionId: string): string[] {
    const stored = this.state.get<string[]>(templatesKey(connectionId));
    return Array.isArray(stored) ? stored.filter((s) => typeof s === 'string') : [];
  }

  async rememberTemplate(connectionId: string, code: string): Promise<void> {
    await this.state.update(templatesKey(connectionId), rememberRecent(this.recentTemplates(connectionId), code));
  }

  /** Forgets what belongs to connections that no longer exist (signed out). */
  async prune(existingConnectionIds: readonly string[]): Promise<void> {
    const keep = new Set(existingConnectionIds);
    for (const key of this.state.keys()) {
      const prefix = key.startsWith(TASKS_PREFIX) ? TASKS_PREFIX : key.startsWith(TEMPLATES_PREFIX) ? TEMPLATES_PREFIX : undefined;
      if (prefix && !keep.has(key.slice(prefix.length))) await this.state.update(key, undefined);
    }
  }

  private async write(connectionId: string, tasks: TrackedReport[]): Promise<void> {
    // Memento updates its in-memory value before the promise settles, so a read right after
    // sees this list; listeners run after the write is durable (extension.ts hands out globalState
    // through durableMemento: a write undone by an echo of an earlier one is made again).
    await this.state.update(tasksKey(connectionId), tasks);
    for (const listener of this.listeners) listener(connectionId);
  }
}

/** Keeps the newest MAX_TRACKED, dropping finished tasks before ones still running. */
function trim(tasks: TrackedReport[]): TrackedReport[] {
  if (tasks.length <= MAX_TRACKED) return tasks;
  const excess = tasks.length - MAX_TRACKED;
  const finished = (t: TrackedReport) => ['completed', 'failed', 'cancelled'].includes(String(t.snapshot?.status).toLowerCase());
  const drop = new Set<string>();
  for (const t of [...tasks].reverse()) {
    if (drop.size >= excess) break;
    if (finished(t)) drop.add(t.uuid);
  }
  for (const t of [...tasks].reverse()) {
    if (drop.size >= excess) break;
    drop.add(t.uuid);
  }
  return tasks.filter((t) => !drop.has(t.uuid));
}

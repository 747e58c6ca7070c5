// Delete Storage… and Restore Storage… on storage API v4, from a row of the Storage view or the
// palette (picked from the lists; a typed id as fallback). A deletion asks for the storage's name
// typed and says whether it can come back (object storages within 2 weeks, SFTP never); a restore
// is confirmed once. Each is one request on the connection it started on, never retried. On a
// spec-dialect connection Delete Storage… stays the deprecated v1 flow.
import type { BoundConnection } from '../../connections/connectionManager';
import { PlatformError } from '../../schema/errors';
import { STORAGE_PAGE_MAX, type StorageKind } from '../../schema/storageV4';
import { endpoints } from '../../schema/endpoints';
import { confirmWrite } from '../../ui/confirmWrite';
import type { FeatureContext } from '../../ui/featureContext';
import { parseWholeNumber, wholeNumberProblem } from '../../ui/fieldRules';
import type { FlowUi } from '../../ui/flowUi';
import { pickFromList } from '../../ui/listPick';
import { notifyError } from '../../ui/notify';
import { confirmByTypedName } from '../../ui/typedConfirmation';
import { runWizard, type StepContext } from '../../ui/wizard';
import type { Loaded } from '../../platform/platformLists';
import { deleteStorage as deleteStorageV1 } from './deleteStorageCommand';
import { KIND_NOUN, deletionConsequence, deletionUndo, restorable, restoreText, storageRow, storageThing, utcText, type StorageRow } from './model/storageRows';
import { StorageNode, type StorageTree } from './storageTree';

type Deps = Pick<FeatureContext, 'log' | 'ui'> & { tree: StorageTree };

type ListQuery = { show_deleted?: boolean; provisioning_status?: 'deleted' };

/** Both kinds (or one) read as rows, for a pick; a server without v4 is `unavailable`. */
async function loadRows(bound: BoundConnection, kinds: readonly StorageKind[], query: ListQuery): Promise<Loaded<StorageRow>> {
  const rows: StorageRow[] = [];
  for (const kind of kinds) {
    const name = kind === 'object' ? 'listObjectStorages' : 'listSftpStorages';
    try {
      const q = { ...query, order_by: 'name.asc', limit: STORAGE_PAGE_MAX };
      const answer = kind === 'object' ? await bound.api.storage.listObjectStorages({ params: {}, query: q }) : await bound.api.storage.listSftpStorages({ params: {}, query: q });
      rows.push(...(answer.results as Parameters<typeof storageRow>[1][]).flatMap((item) => storageRow(kind, item) ?? []));
    } catch (error) {
      return bound.lists.noteMissing(name, error) ? { unavailable: true } : { error };
    }
  }
  return { items: rows };
}

/** A storage not in the list: its id typed, then its kind (only object storages for a restore). */
async function typedStorage(ctx: StepContext, kinds: readonly StorageKind[]): Promise<StorageRow> {
  const idSchema = endpoints.deleteObjectStorage.params.shape.storage_id;
  const text = await ctx.input({ prompt: 'ID of the storage', validate: (v) => wholeNumberProblem(idSchema, v, 'Storage ID') });
  const id = parseWholeNumber(text)!;
  const kind = kinds.length === 1 ? kinds[0]! : await ctx.pick<StorageKind>({ placeholder: `What kind of storage is ${id}?`, items: kinds.map((k) => ({ label: KIND_NOUN[k], value: k })) });
  return { kind, id, name: String(id), location: 'unknown location', status: 'unknown' };
}

async function pickStorage(ui: FlowUi, bound: BoundConnection, title: string, kinds: readonly StorageKind[], query: ListQuery, deps: Deps): Promise<StorageRow | undefined> {
  const done = await runWizard<{ row?: StorageRow }>({}, {
    title: `${title} on ${bound.connection.name}`,
    ui,
    steps: [
      {
        prompt: async (s, ctx) => {
          s.row = await pickFromList<StorageRow, StorageRow>(ctx, {
            noun: 'storage',
            load: () => loadRows(bound, kinds, query),
            missing: () => false,
            logError: (error) => deps.log.error('Could not load the storages', error),
            item: (row) => ({ label: row.name, description: `${KIND_NOUN[row.kind]} · ${row.location} · ${row.status}`, detail: `ID ${row.id}`, value: row }),
            typed: () => typedStorage(ctx, kinds),
          });
        },
      },
    ],
  });
  return done?.row;
}

const failedText = (row: StorageRow, error: unknown, restoring: boolean): string | undefined => {
  if (!(error instanceof PlatformError)) return undefined;
  const noun = `${KIND_NOUN[row.kind]} ${row.name} (ID ${row.id})`;
  if (error.status === 404) return `${noun} was not found${restoring ? ' among the object storages' : ''}: nothing was ${restoring ? 'restored' : 'deleted'}.`;
  if (restoring && error.status === 409) return `${noun} is not deleted: there is nothing to restore.`;
  if (restoring && error.status === 410) return `${noun} can no longer be restored: it was deleted more than 2 weeks ago.`;
  return undefined;
};

/** Delete Storage…: v4 on a platform connection (the row's storage, or one picked), else the v1 flow. */
export async function deleteStorageCommand(deps: Deps, bound: BoundConnection, arg: unknown): Promise<void> {
  const ui = deps.ui();
  if (bound.connection.dialect !== 'platform' && !(arg instanceof StorageNode)) return deleteStorageV1(deps, bound);
  const row = arg instanceof StorageNode ? arg.row : await pickStorage(ui, bound, 'Delete Storage', ['object', 'sftp'], {}, deps);
  if (!row) return;
  const { connection, api } = bound;
  const confirmed = await confirmByTypedName(ui, { title: 'Delete Storage', thing: storageThing(row), name: row.name, connection, consequence: deletionConsequence(row.kind), undo: deletionUndo(row.kind) });
  if (!confirmed) return;
  try {
    await ui.progress(`Deleting ${KIND_NOUN[row.kind].toLowerCase()} ${row.name}…`, false, () =>
      row.kind === 'object' ? api.storage.deleteObjectStorage({ params: { storage_id: row.id } }) : api.storage.deleteSftpStorage({ params: { storage_id: row.id } }),
    );
  } catch (error) {
    const known = failedText(row, error, false);
    // Not retried: it may be gone already; the person decides after reading the log.
    if (known) {
      deps.log.info(`[${connection.name}] ${known}`);
      const choice = await ui.notify('error', known, ['Show Log']);
      if (choice === 'Show Log') deps.log.show();
    } else await notifyError(`Could not delete ${KIND_NOUN[row.kind].toLowerCase()} ${row.name}`, error, { log: deps.log, ui, connectionName: connection.name });
    void deps.tree.reloadAll();
    return;
  }
  const now = Date.now();
  if (row.kind === 'object') await deps.tree.deletions.remember(connection.id, row.id, now);
  deps.log.info(`[${connection.name}] ${KIND_NOUN[row.kind]} ${row.name} (ID ${row.id}) deleted through storage API v4`);
  void deps.tree.reloadAll();
  const after = row.kind === 'object' ? `; ${restoreText(restorable({ ...row, status: 'deleted' }, now, now))} (Restore Storage)` : ': it cannot be restored';
  await ui.notify('info', `${KIND_NOUN[row.kind]} ${row.name} was deleted${after}.`);
}

/** Restore Storage…: a deleted object storage within its window, confirmed, one POST. */
export async function restoreStorageCommand(deps: Deps, bound: BoundConnection, arg: unknown): Promise<void> {
  const ui = deps.ui();
  const { connection, api } = bound;
  if (connection.dialect !== 'platform' && !(arg instanceof StorageNode)) {
    await ui.notify('info', `Restore Storage needs the platform's storage API v4, which ${connection.name} (spec dialect) does not have.`);
    return;
  }
  const row = arg instanceof StorageNode ? arg.row : await pickStorage(ui, bound, 'Restore Storage', ['object'], { provisioning_status: 'deleted' }, deps);
  if (!row) return;
  const deletedAt = deps.tree.deletions.deletedAt(connection.id, row.id);
  const facts: [string, string][] = [
    ['Object storage', `${row.name} (ID ${row.id})`],
    ['Location', row.location],
    ['Restore window', deletedAt === undefined ? '2 weeks after its deletion' : `until ${utcText(deletedAt + 14 * 24 * 3600 * 1000)}`],
  ];
  if (!(await confirmWrite(ui, { action: 'Restore an object storage', connection, facts, button: 'Restore' }))) return;
  try {
    await ui.progress(`Restoring object storage ${row.name}…`, false, () => api.storage.restoreObjectStorage({ params: { storage_id: row.id } }));
  } catch (error) {
    const known = failedText(row, error, true);
    if (known) {
      deps.log.info(`[${connection.name}] ${known}`);
      const choice = await ui.notify('error', known, ['Show Log']);
      if (choice === 'Show Log') deps.log.show();
    } else await notifyError(`Could not restore object storage ${row.name}`, error, { log: deps.log, ui, connectionName: connection.name });
    void deps.tree.reloadAll();
    return;
  }
  await deps.tree.deletions.forget(connection.id, row.id);
  deps.log.info(`[${connection.name}] Object storage ${row.name} (ID ${row.id}) restored`);
  void deps.tree.reloadAll();
  await ui.notify('info', `Object storage ${row.name} was restored.`);
}

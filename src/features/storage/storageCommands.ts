// Delete Storage… and Restore Storage… on storage API v4, from a row of the Storage view or the
// palette (picked from the lists; a typed id as fallback). The storage is read first; the
// confirmation (the name typed for a deletion, a modal for a restore) and the request are the
// catalog operations' (src/operations/storages.ts). Each is one request on the connection it
// started on, never retried. On a spec-dialect connection Delete Storage… is the deprecated v1
// deletion of the same operation, by id.
import type { BoundConnection } from '../../connections/connectionManager';
import { sendOperation } from '../../operations/operation';
import { deleteStorage as deleteOp, restoreStorage as restoreOp } from '../../operations/storages';
import { PlatformError } from '../../schema/errors';
import { RESTORE_WINDOW_MS, STORAGE_PAGE_MAX, type StorageKind } from '../../schema/storageV4';
import { confirmOperation } from '../../ui/confirmOperation';
import type { FeatureContext } from '../../ui/featureContext';
import type { FlowUi } from '../../ui/flowUi';
import { pickFromList } from '../../ui/listPick';
import { notifyError } from '../../ui/notify';
import { fieldStep } from '../../ui/operationSteps';
import { runWizard, type StepContext } from '../../ui/wizard';
import type { Loaded } from '../../platform/platformLists';
import { deprecatedStorageId } from './deleteStorageCommand';
import { KIND_NOUN, restorable, restoreText, storageRow, utcText, type StorageRow } from './model/storageRows';
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
      const answer =
        kind === 'object'
          ? await bound.api.storage.listObjectStorages({ params: {}, query: q })
          : await bound.api.storage.listSftpStorages({ params: {}, query: q });
      rows.push(...(answer.results as Parameters<typeof storageRow>[1][]).flatMap((item) => storageRow(kind, item) ?? []));
    } catch (error) {
      return bound.lists.noteMissing(name, error) ? { unavailable: true } : { error };
    }
  }
  return { items: rows };
}

/** A storage not in the list: the operation's storage_id typed, then its kind (only object storages for a restore). */
async function typedStorage(ctx: StepContext, op: StorageOp, kinds: readonly StorageKind[]): Promise<StorageRow> {
  const typed: { storage_id?: number; type?: StorageKind } = {};
  await fieldStep(op, 'storage_id').prompt(typed, ctx);
  const id = typed.storage_id!;
  if (kinds.length > 1) {
    const choices = kinds.map((k) => ({ value: k, label: KIND_NOUN[k] }));
    await fieldStep(deleteOp, 'type', { choices, prompt: `what kind of storage is ${id}?` }).prompt(typed, ctx);
  }
  return { kind: typed.type ?? kinds[0]!, id, name: String(id), location: 'unknown location', status: 'unknown' };
}

/** Delete or Restore Storage: the storage picked fills both the operation's storage_id and (for a deletion) its type. */
type StorageOp = typeof deleteOp | typeof restoreOp;

async function pickStorage(
  ui: FlowUi,
  bound: BoundConnection,
  op: StorageOp,
  kinds: readonly StorageKind[],
  query: ListQuery,
  deps: Deps,
): Promise<StorageRow | undefined> {
  const done = await runWizard<{ row?: StorageRow }>(
    {},
    {
      title: `${op.title} on ${bound.connection.name}`,
      ui,
      steps: [
        {
          // Declared: one pick fills storage_id and type (a listed row); a typed one asks each field by its own step.
          id: 'storage_id',
          prompt: async (s, ctx) => {
            s.row = await pickFromList<StorageRow, StorageRow>(ctx, {
              noun: 'storage',
              load: () => loadRows(bound, kinds, query),
              missing: () => false,
              logError: (error) => deps.log.error('Could not load the storages', error),
              item: (row) => ({ label: row.name, description: `${KIND_NOUN[row.kind]} · ${row.location} · ${row.status}`, detail: `ID ${row.id}`, value: row }),
              typed: () => typedStorage(ctx, op, kinds),
            });
          },
        },
      ],
    },
  );
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

/** Reads the storage before anything is asked; undefined (said, the view reloaded) when it cannot be read. */
async function readFirst<T>(deps: Deps, bound: BoundConnection, what: string, read: () => Promise<T>): Promise<{ thing: T } | undefined> {
  const ui = deps.ui();
  try {
    return { thing: await ui.progress(`Reading ${what} from ${bound.connection.name}…`, false, read) };
  } catch (error) {
    const gone = error instanceof PlatformError && error.kind === 'notFound';
    await notifyError(
      gone ? `${what} was not found on ${bound.connection.name}; nothing was sent` : `Could not read ${what} on ${bound.connection.name}; nothing was sent`,
      error,
      {
        log: deps.log,
        ui,
        connectionName: bound.connection.name,
      },
    );
    void deps.tree.reloadAll();
    return undefined;
  }
}

/** Says a failure the person can act on in words, else the platform's own; never retried: the person decides after reading the log. */
async function sayFailure(deps: Deps, bound: BoundConnection, known: string | undefined, failed: string, error: unknown): Promise<void> {
  const ui = deps.ui();
  if (known) {
    deps.log.info(`[${bound.connection.name}] ${known}`);
    const choice = await ui.notify('error', known, ['Show Log']);
    if (choice === 'Show Log') deps.log.show();
  } else await notifyError(failed, error, { log: deps.log, ui, connectionName: bound.connection.name });
}

/** Delete Storage…: v4 on a platform connection (the row's storage, or one picked), the deprecated v1 deletion by id on a spec-dialect one; one operation either way. */
export async function deleteStorageCommand(deps: Deps, bound: BoundConnection, arg: unknown): Promise<void> {
  const ui = deps.ui();
  const { connection, api } = bound;
  const v1 = connection.dialect !== 'platform' && !(arg instanceof StorageNode);
  const row = v1 ? await v1Row(ui, bound) : arg instanceof StorageNode ? arg.row : await pickStorage(ui, bound, deleteOp, ['object', 'sftp'], {}, deps);
  if (!row) return;
  const input = v1 ? { storage_id: row.id } : { storage_id: row.id, type: row.kind };
  const read = await readFirst(deps, bound, v1 ? `Storage ${row.id}` : `${KIND_NOUN[row.kind]} ${row.name} (ID ${row.id})`, () => deleteOp.read(api, input));
  // The words, facts and typed-name decision are the catalog operation's: the chat tool and MCP confirm the same.
  if (!read || !(await confirmOperation(ui, deleteOp, input, read.thing, connection))) return;
  const name = read.thing.name || row.name;
  const noun = v1 ? 'storage' : KIND_NOUN[row.kind].toLowerCase();
  try {
    await ui.progress(`Deleting ${noun} ${name}…`, false, () => sendOperation(api, deleteOp.request(input)));
  } catch (error) {
    // Not retried: it may be gone already.
    const gone = error instanceof PlatformError && error.kind === 'notFound';
    const known = v1
      ? gone
        ? `Storage ${row.id} does not exist on ${connection.name}: nothing was deleted.`
        : undefined
      : failedText({ ...row, name }, error, false);
    await sayFailure(deps, bound, known, `Could not delete ${noun} ${name}`, error);
    void deps.tree.reloadAll();
    return;
  }
  if (v1) {
    deps.log.info(`Storage ${row.id} deleted on ${connection.name}`);
    return void (await ui.notify('info', `Storage ${row.id} is gone: it and its data were deleted permanently.`));
  }
  const now = Date.now();
  if (row.kind === 'object') await deps.tree.deletions.remember(connection.id, row.id, now);
  deps.log.info(`[${connection.name}] ${KIND_NOUN[row.kind]} ${name} (ID ${row.id}) deleted through storage API v4`);
  void deps.tree.reloadAll();
  const after = row.kind === 'object' ? `; ${restoreText(restorable({ ...row, status: 'deleted' }, now, now))} (Restore Storage)` : ': it cannot be restored';
  await ui.notify('info', `${KIND_NOUN[row.kind]} ${name} was deleted${after}.`);
}

/** The deprecated deletion's storage, by id (its kind is not known there). */
async function v1Row(ui: FlowUi, bound: BoundConnection): Promise<StorageRow | undefined> {
  const id = await deprecatedStorageId(ui, bound);
  return id === undefined ? undefined : { kind: 'object', id, name: String(id), location: 'unknown location', status: 'unknown' };
}

/** Restore Storage…: a deleted object storage within its window, read, confirmed, one POST. */
export async function restoreStorageCommand(deps: Deps, bound: BoundConnection, arg: unknown): Promise<void> {
  const ui = deps.ui();
  const { connection, api } = bound;
  if (connection.dialect !== 'platform' && !(arg instanceof StorageNode)) {
    await ui.notify('info', `Restore Storage needs the platform's storage API v4, which ${connection.name} (spec dialect) does not have.`);
    return;
  }
  const row = arg instanceof StorageNode ? arg.row : await pickStorage(ui, bound, restoreOp, ['object'], { provisioning_status: 'deleted' }, deps);
  if (!row) return;
  const input = { storage_id: row.id };
  const read = await readFirst(deps, bound, `Object storage ${row.name} (ID ${row.id})`, () => restoreOp.read(api, input));
  if (!read) return;
  // The deadline is known only for a deletion made here (the v4 lists carry no deletion time).
  const deletedAt = deps.tree.deletions.deletedAt(connection.id, row.id);
  const thing = deletedAt === undefined ? read.thing : { ...read.thing, restoreUntil: utcText(deletedAt + RESTORE_WINDOW_MS) };
  if (!(await confirmOperation(ui, restoreOp, input, thing, connection))) return;
  try {
    await ui.progress(`Restoring object storage ${row.name}…`, false, () => sendOperation(api, restoreOp.request(input)));
  } catch (error) {
    await sayFailure(deps, bound, failedText(row, error, true), `Could not restore object storage ${row.name}`, error);
    void deps.tree.reloadAll();
    return;
  }
  await deps.tree.deletions.forget(connection.id, row.id);
  deps.log.info(`[${connection.name}] Object storage ${row.name} (ID ${row.id}) restored`);
  void deps.tree.reloadAll();
  await ui.notify('info', `Object storage ${row.name} was restored.`);
}

// "Delete Storage (Deprecated)…": says the endpoint is deprecated, asks for the storage id, then
// asks the person to type it again to confirm a permanent deletion. DELETE is never retried.
import type { BoundConnection } from '../../connections/connectionManager';
import type { FeatureContext } from '../../ui/featureContext';
import { parseWholeNumber, wholeNumberProblem } from '../../ui/fieldRules';
import { runWizard } from '../../ui/wizard';
import { notifyError } from '../../ui/notify';
import { PlatformError } from '../../schema/errors';
import { deleteStorageEndpoint } from '../../schema/storage';

export const DEPRECATION_NOTICE =
  'This uses the deprecated storage deletion endpoint (v1). The platform replaced it by deleting object storages and SFTP storages (storage API version 4).';

interface DeleteState {
  storageId?: number;
  confirmed?: boolean;
}

/** The deletion, on the connection bound when the person started it. */
export async function deleteStorage(deps: Pick<FeatureContext, 'log' | 'ui'>, session: BoundConnection): Promise<void> {
  const ui = deps.ui();
  const { api, connection } = session;
  const go = await ui.confirm('Delete Storage (Deprecated)', `${DEPRECATION_NOTICE}\n\nContinue with the deprecated deletion?`, ['Continue']);
  if (go !== 'Continue') return;
  const idSchema = deleteStorageEndpoint.params.shape.storage_id;
  const done = await runWizard<DeleteState>(
    {},
    {
      title: `Delete Storage (Deprecated) on ${connection.name}`,
      ui,
      steps: [
        {
          prompt: async (s, ctx) => {
            const text = await ctx.input({
              prompt: 'ID of the storage to delete',
              value: s.storageId === undefined ? '' : String(s.storageId),
              validate: (v) => wholeNumberProblem(idSchema, v, 'Storage ID'),
            });
            s.storageId = parseWholeNumber(text);
          },
        },
        {
          prompt: async (s, ctx) => {
            const id = String(s.storageId);
            await ctx.input({
              prompt: `Storage ${id} and ALL its data will be deleted permanently; this cannot be undone. Type ${id} to confirm.`,
              placeholder: id,
              validate: (v) => (v.trim() === id ? undefined : `Confirmation: type ${id} exactly to delete it`),
            });
            s.confirmed = true;
          },
        },
      ],
    },
  );
  if (!done?.confirmed || done.storageId === undefined) return;
  const id = done.storageId;
  try {
    await ui.progress(`Deleting storage ${id}…`, false, () => api.storage.deleteStorage({ params: { storage_id: id } }));
  } catch (error) {
    if (error instanceof PlatformError && error.kind === 'notFound') {
      deps.log.info(`Storage ${id} does not exist on ${connection.name}`);
      const choice = await ui.notify('error', `Storage ${id} does not exist on ${connection.name}: nothing was deleted.`, ['Show Log']);
      if (choice === 'Show Log') deps.log.show();
      return;
    }
    // Not retried: the storage may be gone already; the person decides after reading the log.
    await notifyError(`Could not delete storage ${id}`, error, { log: deps.log, ui, connectionName: connection.name });
    return;
  }
  deps.log.info(`Storage ${id} deleted on ${connection.name}`);
  await ui.notify('info', `Storage ${id} is gone: it and its data were deleted permanently.`);
}

// Delete Storage… on a spec-dialect connection: the deprecated v1 deletion. Said to be deprecated
// first, then the storage id asked (that server has no list to pick from); the confirmation, typed
// id and request are the Delete Storage operation's (src/operations/storages.ts), as on v4.
import type { BoundConnection } from '../../connections/connectionManager';
import { deleteStorageEndpoint } from '../../schema/storage';
import { parseWholeNumber, wholeNumberProblem } from '../../ui/fieldRules';
import type { FlowUi } from '../../ui/flowUi';
import { runWizard } from '../../ui/wizard';

export const DEPRECATION_NOTICE =
  'This uses the deprecated storage deletion endpoint (v1). The platform replaced it by deleting object storages and SFTP storages (storage API version 4).';

/** The id of the storage to delete through v1, once the person read the notice; undefined when they stopped. */
export async function deprecatedStorageId(ui: FlowUi, bound: BoundConnection): Promise<number | undefined> {
  const go = await ui.confirm('Delete Storage (Deprecated)', `${DEPRECATION_NOTICE}\n\nContinue with the deprecated deletion?`, ['Continue']);
  if (go !== 'Continue') return undefined;
  const idSchema = deleteStorageEndpoint.params.shape.storage_id;
  const done = await runWizard<{ storageId?: number }>(
    {},
    {
      title: `Delete Storage (Deprecated) on ${bound.connection.name}`,
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
      ],
    },
  );
  return done?.storageId;
}

// Delete Storage… on a spec-dialect connection: the deprecated v1 deletion. Said to be deprecated
// first, then the operation's storage_id input asked (that server has no list to pick from); the
// confirmation, typed id and request are the Delete Storage operation's (src/operations/storages.ts), as on v4.
import type { BoundConnection } from '../../connections/connectionManager';
import { deleteStorage } from '../../operations/storages';
import type { FlowUi } from '../../ui/flowUi';
import { fieldStep } from '../../ui/operationSteps';
import { runWizard } from '../../ui/wizard';

export const DEPRECATION_NOTICE =
  'This uses the deprecated storage deletion endpoint (v1). The platform replaced it by deleting object storages and SFTP storages (storage API version 4).';

/** The id of the storage to delete through v1, once the person read the notice; undefined when they stopped. */
export async function deprecatedStorageId(ui: FlowUi, bound: BoundConnection): Promise<number | undefined> {
  const go = await ui.confirm('Delete Storage (Deprecated)', `${DEPRECATION_NOTICE}\n\nContinue with the deprecated deletion?`, ['Continue']);
  if (go !== 'Continue') return undefined;
  const done = await runWizard<{ storage_id?: number }>(
    {},
    { title: `Delete Storage (Deprecated) on ${bound.connection.name}`, ui, steps: [fieldStep(deleteStorage, 'storage_id')] },
  );
  return done?.storage_id;
}

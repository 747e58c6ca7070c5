// Show Secret Details: from a Cloud view secret row or the palette (project, region and secret
// picked). The secret is read fresh (GET …/secrets/{p}/{r}/{id}) into a read-only document whose
// Refresh reads it again; the raw JSON is one click away.
import type * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import type { SecretItem } from '../../schema/cloudLists';
import type { FeatureContext } from '../../ui/featureContext';
import { notifyError } from '../../ui/notify';
import { secretPlace } from './deleteSecret';
import { secretMarkdown } from './model/secretDetails';

type Deps = Pick<FeatureContext, 'log' | 'ui' | 'defaults' | 'documents'>;

/** The document's URI once shown; undefined when cancelled or the read failed (reported). */
export async function showSecretDetails(deps: Deps, bound: BoundConnection, arg: unknown): Promise<vscode.Uri | undefined> {
  const ui = deps.ui();
  const { connection, api } = bound;
  const at = await secretPlace(deps, bound, arg, `Show Secret Details on ${connection.name}`);
  if (!at) return undefined;
  const params = { project_id: at.projectId, region_id: at.regionId, secret_id: at.secretId };
  const load = async (quiet: boolean): Promise<{ markdown: string; json: string; secret: SecretItem } | undefined> => {
    try {
      const read = () => api.cloud.getSecret({ params });
      const secret = quiet ? await read() : await ui.progress(`Reading secret ${at.secretId} from ${connection.name}…`, false, read);
      return { secret, markdown: secretMarkdown(secret, at, connection.name, Date.now()), json: `${JSON.stringify(secret, null, 2)}\n` };
    } catch (error) {
      await notifyError(`Could not read secret ${at.secretId} from ${connection.name}`, error, { log: deps.log, ui, connectionName: connection.name });
      return undefined;
    }
  };
  const first = await load(false);
  if (!first) return undefined;
  return deps.documents.show({
    name: `Secret ${first.secret.name || first.secret.id}`,
    connectionName: connection.name,
    markdown: first.markdown,
    json: first.json,
    reload: () => load(true),
  });
}

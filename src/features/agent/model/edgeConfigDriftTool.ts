// compare_edge_app_config: an edge app's configuration against the FastEdge Launcher's dotenv files
// of a folder the agent names (read only inside the allowed folders, agentFiles.ts). A read: the
// differences as data, by name, kind, file and line. No value comes out, of either side: the app's
// values may be credentials (get_edge_app names them only), and a local secret value is dropped
// as it is read (ui/text/configDrift.ts).
import * as z from 'zod';
import { positiveId } from '../../../schema/schemaKit';
import { appSecretNames, configDrift, readLocalConfig, type AppConfig } from '../../../ui/text/configDrift';
import { LAUNCHER_FILES } from '../../../ui/text/launcherDotenv';
import { readAllowedFolderFiles } from './agentFiles';
import { jsonLine } from './platformText';
import { connectionField, defineTool } from './toolKit';
import { nameOf, withData } from './toolAnswers';

/** A dotenv file larger than this is no configuration the Launcher is given by hand. */
const DOTENV_MAX = 256 * 1024;

/** The app's three maps as the platform answered them, read leniently (a secret by id and name only). */
function configOf(app: { env?: unknown; rsp_headers?: unknown; secrets?: unknown }): AppConfig {
  const texts = (m: unknown) =>
    Object.fromEntries(Object.entries(m && typeof m === 'object' ? (m as Record<string, unknown>) : {}).filter(([, v]) => typeof v === 'string')) as Record<
      string,
      string
    >;
  const secrets: AppConfig['secrets'] = {};
  for (const [key, raw] of Object.entries(app.secrets && typeof app.secrets === 'object' ? (app.secrets as Record<string, unknown>) : {})) {
    const r = (raw ?? {}) as { id?: unknown; name?: unknown };
    secrets[key] = { ...(typeof r.id === 'number' ? { id: r.id } : {}), ...(typeof r.name === 'string' && r.name ? { name: r.name } : {}) };
  }
  return { env: texts(app.env), rsp_headers: texts(app.rsp_headers), secrets };
}

const KIND_WORDS = {
  missingOnApp: 'set in the files, not on the app',
  missingLocally: 'on the app, not in the files',
  differentValue: 'different values',
  differentSecret: 'the files name another of the app secrets',
} as const;

export const compareEdgeAppConfig = defineTool({
  name: 'compare_edge_app_config',
  referenceName: 'platformCompareEdgeAppConfig',
  displayName: 'Compare Edge App Configuration',
  userDescription: "Compare a FastEdge app's variables, response headers and secret names with a folder's .env files",
  modelDescription:
    "Compares a FastEdge app's environment variables, response headers and secret references with the FastEdge Launcher's dotenv files " +
    '(.env with FASTEDGE_VAR_ENV_/FASTEDGE_VAR_SECRET_/FASTEDGE_VAR_RSP_HEADER_ prefixes, .env.variables, .env.secrets, .env.rsp_headers) in a folder ' +
    'named by absolute path, inside the folders the person allowed (the workspace folders in the editor, the --file-root folders over MCP). ' +
    'Returns each difference as data: section, name, kind (missing on the app, missing locally, different value, another secret), file and line. ' +
    'No value is returned, of the app or of the files; secrets are compared by name only. Use list_edge_apps to find the app id.',
  kind: 'read',
  input: () =>
    z.strictObject({
      ...connectionField,
      app_id: positiveId().describe('The edge app id (list_edge_apps)'),
      folder: z.string().min(1).max(4096).describe('Absolute path of the folder holding the .env files (the FastEdge Launcher config folder)'),
    }),
  run: async (b, { app_id, folder }) => {
    const files = (await readAllowedFolderFiles(b, folder, LAUNCHER_FILES, 'folder', DOTENV_MAX)).map((f) => ({ file: f.name, text: f.text }));
    const where = `edge app ${app_id} on ${nameOf(b.connectionName)}`;
    if (files.length === 0) return `Nothing compared: there is no ${LAUNCHER_FILES.join(', ')} in that folder. ${where} was not read.`;
    const app = await b.api.edge.getOwnEdgeApp({ params: { app_id } }, { signal: b.signal });
    const config = configOf(app);
    const found = configDrift(config, readLocalConfig(files, appSecretNames(config)), `app ${app_id}`);
    const read = files.map((f) => f.file).join(', ');
    if (found.length === 0) return `${where} matches the .env files (${read}): no difference.`;
    const count = `${found.length} difference${found.length === 1 ? '' : 's'}`;
    return withData({
      head: `${where} against the .env files (${read}): ${count}, one a line (no values):`,
      source: 'compare_edge_app_config',
      data: found.map((d) => jsonLine({ section: d.section, name: d.name, kind: KIND_WORDS[d.kind], file: d.file, line: d.line })),
      tail: 'Apply to App (Edit Configuration… with the .env import) or Pull to .env files in the editor resolves them; set_edge_app_config changes the app.',
    });
  },
});

// Deploying a .wasm and deleting a binary, for agents. deploy_edge_app opens the file (only inside
// the folders the person allowed: agentFiles.ts), checks `\0asm`, hashes it from that same handle
// and reads the app, so the person confirms connection, app, binary old -> new, the file's path,
// size and SHA-256; then uploads exactly that file (same file, size and time, its bytes checked
// against the confirmed SHA-256 as they stream: fileSeal.ts) and PATCHes the app, once.
// delete_edge_binary is destructive.
import * as path from 'node:path';
import * as z from 'zod';
import { uploadEdgeBinary, wasmProblem } from '../../../platform/binaryUpload';
import { FileChangedError, sealOpened, type FileSeal } from '../../../platform/fileSeal';
import { endpoints } from '../../../schema/endpoints';
import { validateCall } from '../../../schema/validate';
import { EDGE_APP_STATUSES } from '../../../schema/edge';
import { openAllowedFile, refusedField } from './agentFiles';
import { quoted as q } from './platformText';
import { connectionField, defineTool, perCall, type AgentBinding } from './toolKit';
import { nameOf, shown, writeAnswer } from './toolAnswers';

const UPLOAD_TIMEOUT_MS = 15 * 60 * 1000;

/** The file opened once, when it is inside the allowed folders and is WebAssembly, and sealed from that handle; else a refusal before anything is sent. */
async function sealedWasm(b: AgentBinding, file: string): Promise<FileSeal> {
  const opened = await openAllowedFile(b, file, 'file', 'a .wasm file');
  try {
    const problem = await wasmProblem(opened);
    if (problem) throw refusedField('file', problem);
    return await sealOpened(opened, opened.real, b.signal);
  } finally {
    await opened.handle.close();
  }
}

/** The file as the confirmation showed it, for the send of the same call. */
const confirmedFile = perCall<FileSeal>();

export const deployEdgeApp = defineTool({
  name: 'deploy_edge_app',
  referenceName: 'platformDeployEdgeApp',
  displayName: 'Deploy to Edge App',
  userDescription: 'Upload a compiled .wasm and point a FastEdge app at it',
  modelDescription:
    "Deploys a compiled WebAssembly file (.wasm, absolute path inside the folders the person allowed: the workspace folders in the editor, the --file-root folders over MCP) to a FastEdge app: the file is checked (it must begin with \\0asm), the app is read and the file hashed so the person sees the app, its URL, the binary change and the file's path, size and SHA-256 and confirms; then exactly that file is uploaded as a new binary (a file changed after the confirmation is refused, nothing stored) and the app is pointed at it. The answer gives the new and the previous binary id (deploying the previous one back is a PATCH the person can do with Roll Back in Platform Console). Use list_edge_apps to find the app id.",
  kind: 'write',
  input: () =>
    z.strictObject({
      ...connectionField,
      app_id: endpoints.patchEdgeApp.params.shape.app_id.describe('The app id (list_edge_apps finds it)'),
      file: z.string().min(1).max(4096).describe('Absolute path of the .wasm file'),
    }),
  prepare: (input) => {
    const { app_id, file } = input;
    validateCall(endpoints.patchEdgeApp, { params: { app_id }, body: {} });
    const confirmed = confirmedFile.begin(input);
    return {
      endpoint: endpoints.storeEdgeBinary,
      call: { params: {} },
      operation: `Upload ${path.basename(file)} as a new binary, then point edge app ${app_id} at it`,
      send: async (b) => {
        // Confirmed: the file as hashed then. Not asked (an MCP client without elicitation): opened and hashed now.
        const seal = confirmed.value ?? (await sealedWasm(b, file));
        const before = await b.api.edge.getOwnEdgeApp({ params: { app_id } }, { signal: b.signal });
        try {
          const stored = await uploadEdgeBinary(b.api.http, seal, { signal: b.signal, timeoutMs: UPLOAD_TIMEOUT_MS });
          await b.api.edge.patchEdgeApp({ params: { app_id }, body: { binary: stored.id } }, { signal: b.signal });
          return { name: before.name, previous: before.binary, binary: stored.id, bytes: seal.bytes, sha256: seal.sha256 };
        } catch (error) {
          if (error instanceof FileChangedError) return { changed: error.message };
          throw error;
        }
      },
    };
  },
  readTarget: async (b, input) => {
    const seal = await sealedWasm(b, input.file);
    const app = await b.api.edge.getOwnEdgeApp({ params: { app_id: input.app_id } }, { signal: b.signal });
    confirmedFile.keep(input, seal);
    return {
      noun: 'The edge app',
      facts: [
        ['name', shown(app.name)],
        ['url', shown(app.url)],
        ['status', app.status === null || app.status === undefined ? '(not given)' : (EDGE_APP_STATUSES[app.status] ?? `status ${app.status}`)],
        ['binary', `${shown(app.binary)} -> new (assigned on upload)`],
        ['file', seal.path],
        ['size', `${seal.bytes} bytes`],
        ['SHA-256', seal.sha256],
      ],
      consequence: 'The app serves the new binary once it is pointed at it; a file changed before it is sent is refused.',
    };
  },
  answer: (sent, b, { app_id, file }) => {
    const d = sent as { changed: string } | { name?: string | null; previous?: number | null; binary: number; bytes: number; sha256: string };
    if ('changed' in d)
      return `Not deployed to edge app ${app_id} on ${nameOf(b.connectionName)}: ${q(d.changed)} The app still runs its binary. Call again so the person confirms the file as it is now.`;
    const head = `Deployed ${q(path.basename(file))} (${d.bytes} bytes, SHA-256 ${d.sha256}) to edge app ${app_id} on ${nameOf(b.connectionName)}: binary ${shown(d.previous)} -> ${d.binary}.`;
    return writeAnswer({ head: `${head} The app's name as the platform gave it:`, source: 'deploy_edge_app', platform: { name: d.name } });
  },
});

export const deleteEdgeBinary = defineTool({
  name: 'delete_edge_binary',
  referenceName: 'platformDeleteEdgeBinary',
  displayName: 'Delete Edge Binary',
  userDescription: 'Delete a stored FastEdge binary no app uses (cannot be undone)',
  modelDescription:
    "Deletes a stored FastEdge binary (compiled .wasm) for good, by id; the platform refuses (409) while an app uses it. It cannot be undone; use only when the person asked to delete that binary (for example when the account's binary limit is reached).",
  kind: 'destructive',
  input: () => z.strictObject({ ...connectionField, binary_id: endpoints.deleteEdgeBinary.params.shape.binary_id.describe('The binary id') }),
  prepare: ({ binary_id }) => {
    const checked = validateCall(endpoints.deleteEdgeBinary, { params: { binary_id } });
    return { endpoint: endpoints.deleteEdgeBinary, call: { params: checked.params }, operation: `Delete edge binary ${binary_id}` };
  },
  answer: (_sent, b, { binary_id }) => `Deleted edge binary ${binary_id} on ${nameOf(b.connectionName)}.`,
});

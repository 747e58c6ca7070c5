// Deploying a .wasm and deleting a binary, for agents. deploy_edge_app reads the file (only inside
// the editor's workspace folders), checks `\0asm`, reads the app and hashes the file so the person
// confirms connection, app, binary old -> new, size and SHA-256; then uploads (streamed) and
// PATCHes the app, once. delete_edge_binary is destructive.
import * as path from 'node:path';
import * as z from 'zod';
import { checkWasmFile, sha256OfFile, uploadEdgeBinary, type WasmFile } from '../../../platform/binaryUpload';
import { endpoints } from '../../../schema/endpoints';
import { PlatformError } from '../../../schema/errors';
import { validateCall } from '../../../schema/validate';
import { EDGE_APP_STATUSES } from '../../../schema/edge';
import { allowedFile } from './agentFiles';
import { quoted as q } from './platformText';
import { connectionField, defineTool, type AgentBinding } from './toolKit';
import { nameOf, writeAnswer } from './toolAnswers';

const UPLOAD_TIMEOUT_MS = 15 * 60 * 1000;
const shown = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '(not given)' : String(value));
const refusedFile = (message: string) => new PlatformError({ kind: 'validation', message, issues: [{ path: 'file', message }] });

/** The file, when it is inside the allowed folders and is WebAssembly; else a refusal before anything is sent. */
async function wasmFile(b: AgentBinding, file: string): Promise<WasmFile> {
  await allowedFile(b, file, 'file', 'a .wasm file');
  const checked = await checkWasmFile(file);
  if (!checked.ok) throw refusedFile(checked.problem);
  return checked.file;
}

export const deployEdgeApp = defineTool({
  name: 'deploy_edge_app',
  referenceName: 'platformDeployEdgeApp',
  displayName: 'Deploy to Edge App',
  userDescription: 'Upload a compiled .wasm and point a FastEdge app at it',
  modelDescription:
    "Deploys a compiled WebAssembly file (.wasm, absolute path; in the editor it must be inside a workspace folder) to a FastEdge app: the file is checked (it must begin with \\0asm), the app is read and the file hashed so the person sees the app, its URL, the binary change and the file's size and SHA-256 and confirms; then the file is uploaded as a new binary and the app is pointed at it. The answer gives the new and the previous binary id (deploying the previous one back is a PATCH the person can do with Roll Back in Platform Console). Use list_edge_apps to find the app id.",
  kind: 'write',
  input: () => z.strictObject({ ...connectionField, app_id: endpoints.patchEdgeApp.params.shape.app_id.describe('The app id (list_edge_apps finds it)'), file: z.string().min(1).max(4096).describe('Absolute path of the .wasm file') }),
  prepare: ({ app_id, file }) => {
    validateCall(endpoints.patchEdgeApp, { params: { app_id }, body: {} });
    return {
      endpoint: endpoints.storeEdgeBinary,
      call: { params: {} },
      operation: `Upload ${path.basename(file)} as a new binary, then point edge app ${app_id} at it`,
      send: async (b) => {
        const wasm = await wasmFile(b, file);
        const before = await b.api.edge.getOwnEdgeApp({ params: { app_id } }, { signal: b.signal });
        const stored = await uploadEdgeBinary(b.api.http, wasm, { signal: b.signal, timeoutMs: UPLOAD_TIMEOUT_MS });
        await b.api.edge.patchEdgeApp({ params: { app_id }, body: { binary: stored.id } }, { signal: b.signal });
        return { name: before.name, previous: before.binary, binary: stored.id, bytes: wasm.bytes };
      },
    };
  },
  readTarget: async (b, { app_id, file }) => {
    const wasm = await wasmFile(b, file);
    const app = await b.api.edge.getOwnEdgeApp({ params: { app_id } }, { signal: b.signal });
    const sha256 = await sha256OfFile(wasm.path, b.signal);
    return {
      noun: 'The edge app',
      facts: [
        ['name', shown(app.name)],
        ['url', shown(app.url)],
        ['status', app.status === null || app.status === undefined ? '(not given)' : (EDGE_APP_STATUSES[app.status] ?? `status ${app.status}`)],
        ['binary', `${shown(app.binary)} -> new (assigned on upload)`],
        ['file', path.basename(wasm.path)],
        ['size', `${wasm.bytes} bytes`],
        ['SHA-256', sha256],
      ],
      consequence: 'The app serves the new binary once it is pointed at it.',
    };
  },
  answer: (sent, b, { app_id, file }) => {
    const d = sent as { name?: string | null; previous?: number | null; binary: number; bytes: number };
    const head = `Deployed ${q(path.basename(file))} (${d.bytes} bytes) to edge app ${app_id} on ${nameOf(b.connectionName)}: binary ${shown(d.previous)} -> ${d.binary}.`;
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

// Deploying a .wasm, rolling back and deleting a binary, for agents: faces of the catalog's
// operations (src/operations/edgeDeploy.ts). deploy_edge_app opens the file (only inside the
// folders the person allowed: agentFiles.ts), checks `\0asm`, hashes it from that same handle and
// reads the app, so the person confirms the operation's facts (app, binary old -> new, the file's
// path, size and SHA-256); then uploads exactly that file (same file, size and time, its bytes
// checked against the confirmed SHA-256 as they stream: fileSeal.ts) and PATCHes the app, once.
import * as path from 'node:path';
import * as z from 'zod';
import { deleteEdgeBinary as deleteBinaryOp, deployEdgeApp as deployOp, readEdgeApp, rollBackEdgeApp as rollBackOp } from '../../../operations/edgeDeploy';
import { targetOf, type Operation } from '../../../operations/operation';
import { uploadEdgeBinary, wasmProblem } from '../../../platform/binaryUpload';
import { FileChangedError, sealOpened, type FileSeal } from '../../../platform/fileSeal';
import { openAllowedFile, refusedField } from './agentFiles';
import { toolFromOperation } from './operationTool';
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
  displayName: deployOp.title,
  userDescription: 'Upload a compiled .wasm and point a FastEdge app at it',
  modelDescription:
    "Deploys a compiled WebAssembly file (.wasm, absolute path inside the folders the person allowed: the workspace folders in the editor, the --file-root folders over MCP) to a FastEdge app: the file is checked (it must begin with \\0asm), the app is read and the file hashed so the person sees the app, its URL, the binary change and the file's path, size and SHA-256 and confirms; then exactly that file is uploaded as a new binary (a file changed after the confirmation is refused, nothing stored) and the app is pointed at it. The answer gives the new and the previous binary id (roll_back_edge_app points the app at the previous one again). Use list_edge_apps to find the app id.",
  kind: deployOp.kind,
  operation: deployOp as unknown as Operation,
  input: () => z.strictObject({ ...connectionField, ...deployOp.fields().shape }),
  prepare: (input) => {
    const { app_id, file } = input;
    const request = deployOp.request(input);
    const confirmed = confirmedFile.begin(input);
    return {
      ...request,
      operation: deployOp.action(input),
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
  // The operation's target, with the file opened only inside the allowed folders (the command's is the one the person picked).
  readTarget: async (b, input) => {
    const file = await sealedWasm(b, input.file);
    const thing = { app: await readEdgeApp(b.api, input.app_id, b.signal), file };
    confirmedFile.keep(input, file);
    return { ...targetOf(deployOp, input, thing), operation: deployOp.action(input, thing) };
  },
  answer: (sent, b, { app_id, file }) => {
    const d = sent as { changed: string } | { name?: string | null; previous?: number | null; binary: number; bytes: number; sha256: string };
    if ('changed' in d)
      return `Not deployed to edge app ${app_id} on ${nameOf(b.connectionName)}: ${q(d.changed)} The app still runs its binary. Call again so the person confirms the file as it is now.`;
    const head = `Deployed ${q(path.basename(file))} (${d.bytes} bytes, SHA-256 ${d.sha256}) to edge app ${app_id} on ${nameOf(b.connectionName)}: binary ${shown(d.previous)} -> ${d.binary}.`;
    return writeAnswer({ head: `${head} The app's name as the platform gave it:`, source: 'deploy_edge_app', platform: { name: d.name } });
  },
});

export const rollBackEdgeApp = toolFromOperation(rollBackOp, {
  name: 'roll_back_edge_app',
  referenceName: 'platformRollBackEdgeApp',
  userDescription: 'Point a FastEdge app at the binary it ran before a deploy',
  purpose:
    'Points a FastEdge app at the binary it ran before a deploy (deploy_edge_app answers both ids), only while it still runs the binary deployed (from_binary): an app changed since is not rolled back over, nothing is sent. Both binaries are kept.',
  usage: 'Use when the person asks to undo a deploy; list_edge_apps and list_edge_binaries find the ids.',
  answer: (_sent, b, { app_id, from_binary, binary }) => `Rolled back edge app ${app_id} on ${nameOf(b.connectionName)}: binary ${from_binary} -> ${binary}.`,
});

export const deleteEdgeBinary = toolFromOperation(deleteBinaryOp, {
  name: 'delete_edge_binary',
  referenceName: 'platformDeleteEdgeBinary',
  userDescription: 'Delete a stored FastEdge binary no app uses (cannot be undone)',
  purpose: 'Deletes a stored FastEdge binary (compiled .wasm) for good, by id; the platform refuses (409) while an app uses it.',
  usage: "Use only when the person asked to delete that binary (for example when the account's binary limit is reached); list_edge_binaries finds the id.",
  answer: (_sent, b, { binary_id }) => `Deleted edge binary ${binary_id} on ${nameOf(b.connectionName)}.`,
});

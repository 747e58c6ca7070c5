// Deploying a .wasm, rolling back and deleting a binary, for agents: faces of the catalog's
// operations (src/operations/edgeDeploy.ts). deploy_edge_app opens the file (only inside the
// folders the person allowed: agentFiles.ts), checks `\0asm`, hashes it from that same handle and
// reads the app, so the person confirms the operation's facts (app, binary old -> new, the file's
// path, size and SHA-256); then the operation sends exactly that file (same file, size and time, its
// bytes checked against the confirmed SHA-256 as they stream: fileSeal.ts) and PATCHes the app, once.
import {
  deleteEdgeBinary as deleteBinaryOp,
  deployEdgeApp as deployOp,
  readEdgeApp,
  rollBackEdgeApp as rollBackOp,
  type DeployThing,
  type Deployed,
} from '../../../operations/edgeDeploy';
import { wasmProblem } from '../../../platform/binaryUpload';
import { sealOpened, type FileSeal } from '../../../platform/fileSeal';
import { openAllowedFile, refusedField } from './agentFiles';
import { toolFromOperation, type FileChanged } from './operationTool';
import { quoted as q } from './platformText';
import type { AgentBinding } from './toolKit';
import { nameOf, shown, writeAnswer } from './toolAnswers';

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

export const deployEdgeApp = toolFromOperation(deployOp, {
  name: 'deploy_edge_app',
  referenceName: 'platformDeployEdgeApp',
  userDescription: 'Upload a compiled .wasm and point a FastEdge app at it',
  purpose:
    "Deploys a compiled WebAssembly file (.wasm, absolute path inside the folders the person allowed: the workspace folders in the editor, the --file-root folders over MCP) to a FastEdge app: the file is checked (it must begin with \\0asm) and hashed, and the person sees the app, its URL, the binary change and the file's path, size and SHA-256. Once confirmed, exactly that file is uploaded as a new binary (a file changed after the confirmation is refused, nothing stored) and the app is pointed at it.",
  usage:
    'The answer gives the new and the previous binary id (roll_back_edge_app points the app at the previous one again). Use list_edge_apps to find the app id.',
  // The operation's thing, with the file opened only inside the allowed folders (the command's is the one the person picked).
  readFiles: async (b, input): Promise<DeployThing> => {
    const file = await sealedWasm(b, input.file);
    return { app: await readEdgeApp(b.api, input.app_id, b.signal), file };
  },
  answer: (sent, b, { app_id }, done) => {
    const d = sent as FileChanged | Deployed;
    if ('changed' in d)
      return `Not deployed to edge app ${app_id} on ${nameOf(b.connectionName)}: ${q(d.changed)} The app still runs its binary. Call again so the person confirms the file as it is now.`;
    const head = `${done}: ${d.bytes} bytes, SHA-256 ${d.sha256}; binary ${shown(d.previous)} -> ${d.binary}.`;
    return writeAnswer({ head: `${head} The app's name as the platform gave it:`, source: 'deploy_edge_app', platform: { name: d.app.name } });
  },
});

export const rollBackEdgeApp = toolFromOperation(rollBackOp, {
  name: 'roll_back_edge_app',
  referenceName: 'platformRollBackEdgeApp',
  userDescription: 'Point a FastEdge app at the binary it ran before a deploy',
  purpose:
    'Points a FastEdge app at the binary it ran before a deploy (deploy_edge_app answers both ids), only while it still runs the binary deployed (from_binary): an app changed since is not rolled back over, nothing is sent. Both binaries are kept.',
  usage: 'Use when the person asks to undo a deploy; list_edge_apps and list_edge_binaries find the ids.',
  answer: (_sent, _b, { from_binary, binary }, done) => `${done}: binary ${from_binary} -> ${binary}.`,
});

export const deleteEdgeBinary = toolFromOperation(deleteBinaryOp, {
  name: 'delete_edge_binary',
  referenceName: 'platformDeleteEdgeBinary',
  userDescription: 'Delete a stored FastEdge binary no app uses (cannot be undone)',
  purpose: 'Deletes a stored FastEdge binary (compiled .wasm) for good, by id; the platform refuses (409) while an app uses it.',
  usage: "Use only when the person asked to delete that binary (for example when the account's binary limit is reached); list_edge_binaries finds the id.",
  answer: (_sent, _b, _input, done) => `${done}.`,
});

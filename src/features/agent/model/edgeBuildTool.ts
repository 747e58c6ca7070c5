// check_edge_build: whether a FastEdge app runs the build in a workspace file. The file (only
// inside the folders the person allowed: agentFiles.ts) is hashed as it streams (MD5, never read
// whole) and compared with the checksum of the binary the app runs (operations/edgeBuildCheck.ts,
// as the editor's drift does). A read: the app's name and the binary's checksum come as data.
import * as z from 'zod';
import { compareBuild, readAppSide } from '../../../operations/edgeBuildCheck';
import { digestOpened } from '../../../platform/fileDigest';
import { endpoints } from '../../../schema/endpoints';
import { openAllowedFile, refusedField } from './agentFiles';
import { quoted as q } from './platformText';
import { nameOf, objectAnswer } from './toolAnswers';
import { connectionField, defineTool } from './toolKit';

export const checkEdgeBuild = defineTool({
  name: 'check_edge_build',
  referenceName: 'platformCheckEdgeBuild',
  displayName: 'Check Edge Build',
  userDescription: 'Whether a FastEdge app runs the build in a workspace .wasm file (MD5 against its binary)',
  modelDescription:
    'Says whether a FastEdge app (app_id from list_edge_apps) runs the build in a compiled .wasm file (absolute path inside the folders the person ' +
    'allowed: the workspace folders in the editor, the --file-root folders over MCP): the MD5 of the file against the checksum of the binary the ' +
    'app runs. Answers "runs this build", "runs another build" (with both checksums and the binary id) or "cannot tell" with why (no binary, binary ' +
    'gone, a read failed). deploy_edge_app sends the file when the person wants the app to run it.',
  kind: 'read',
  input: () =>
    z.strictObject({
      ...connectionField,
      file: z.string().min(1, 'must not be empty').max(4096, 'must be at most 4096 characters').describe('Absolute path of the .wasm file'),
      app_id: endpoints.getOwnEdgeApp.params.shape.app_id.describe('The edge app id (list_edge_apps)'),
    }),
  run: async (b, { file, app_id }) => {
    const opened = await openAllowedFile(b, file, 'file', 'a .wasm file');
    let md5: string;
    let bytes: number;
    try {
      ({ digest: md5, bytes } = await digestOpened(opened, 'md5', b.signal));
    } catch (error) {
      throw refusedField('file', `cannot be used: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await opened.handle.close();
    }
    const app = await readAppSide(b.api, app_id, b.signal);
    const drift = compareBuild({ md5, bytes }, app);
    const where = `Edge app ${app_id} on ${nameOf(b.connectionName)}`;
    const platform = 'problem' in app ? undefined : { name: app.appName, binary: app.binary, checksum: app.checksum };
    if (drift.kind === 'unknown') {
      const head = `Cannot tell which build ${where} runs against ${q(file)} (${bytes} bytes, MD5 ${md5}): ${q(drift.why)}.`;
      return platform ? objectAnswer(`${head} The app as the platform gave it:`, 'check_edge_build', platform) : head;
    }
    const state = drift.kind === 'same' ? 'runs this build' : 'runs another build';
    const head =
      `${where} ${state}: the file ${q(file)} (${bytes} bytes) has MD5 ${drift.fileMd5}; the app's binary ${drift.binary} has MD5 ${drift.binaryMd5}.` +
      (drift.kind === 'other' ? ' deploy_edge_app sends this file if the person wants it to run.' : '') +
      " The app's name and its binary as the platform gave them:";
    return objectAnswer(head, 'check_edge_build', platform);
  },
});

// Binaries of the account's own FastEdge API: an upload is stored (its size, checksum, status and
// how its app answers when its section says; never its bytes) when it is WebAssembly, within the
// size limit and the account's count limit (429 past it, the published error body); a bad
// behaviour section is refused (400); a binary an app uses cannot be deleted (409).
import type { endpoints } from '../../src/schema/endpoints';
import { EDGE_ACCOUNT_CLIENT } from '../state/seedEdge';
import { notFound, refused } from '../errors';
import { HandlerReply, jsonReply } from '../reply';
import type { EdgeBinary } from '../state/types';
import { isoSeconds } from '../timeFormat';
import type { Handler } from './types';

const MiB = 1024 * 1024;

/** The published `binary_short`. */
export function shortBinary(b: EdgeBinary) {
  const { id, status, api_type, checksum, source, unref_since } = b;
  return unref_since === undefined ? { id, status, api_type, checksum, source } : { id, status, api_type, checksum, source, unref_since };
}

export const storeEdgeBinary: Handler<typeof endpoints.storeEdgeBinary> = (_input, { state, options, upload, nowMs }) => {
  if (!upload || upload.bytes === 0) throw refused('body', '', 'the binary is empty');
  if (!upload.wasm) throw refused('body', '', 'not a WebAssembly binary (it must begin with \\0asm)');
  if ('problem' in upload.section) throw refused('body', upload.section.problem.field, upload.section.problem.message);
  if (upload.bytes > options.binarySizeLimitBytes) {
    throw refused('body', '', `binary size ${upload.bytes} bytes exceeds the maximum of ${Math.round((options.binarySizeLimitBytes / MiB) * 10) / 10} MB`);
  }
  if (state.edgeBinaries.size >= options.binaryCountLimit) {
    return new HandlerReply(jsonReply(429, { error: `binary count limit (${options.binaryCountLimit}) exceeded for this client` }));
  }
  const id = Math.max(0, ...state.edgeBinaries.keys()) + 1;
  const binary: EdgeBinary = { id, status: 1, api_type: 'wasi-http', checksum: upload.md5, source: 0, bytes: upload.bytes, unref_since: isoSeconds(nowMs) };
  if (upload.section.behaviour) binary.behaviour = upload.section.behaviour;
  state.edgeBinaries.set(id, binary);
  return shortBinary(binary);
};

export const deleteEdgeBinary: Handler<typeof endpoints.deleteEdgeBinary> = ({ params }, { state }) => {
  const id = params.binary_id;
  if (!state.edgeBinaries.has(id)) throw notFound(`binary ${id} not found`);
  const user = [...state.edgeApps.values()].find((a) => a.client_id === EDGE_ACCOUNT_CLIENT && a.binary === id);
  if (user) return new HandlerReply(jsonReply(409, { error: `binary ${id} is referenced by app ${user.name}` }));
  state.edgeBinaries.delete(id);
  return undefined;
};

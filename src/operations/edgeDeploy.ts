// A FastEdge app's binary, described once: a .wasm deployed (uploaded as a new binary, then the app
// pointed at it: two calls, sent once each by the operation's own `send`), an app rolled back to the binary it ran before (only
// while it still runs the one deployed), a stored binary deleted (destructive). Each reads its
// target first, so every face names the app or binary as the platform has it; a failed read asks
// nothing and sends nothing.
import * as z from 'zod';
import type { PlatformApi } from '../platform/api';
import { sealWasmFile, uploadEdgeBinary } from '../platform/binaryUpload';
import type { FileSeal } from '../platform/fileSeal';
import { EDGE_APP_STATUSES, type EdgeApp } from '../schema/edge';
import type { EdgeBinaryShort } from '../schema/edgeBinaries';
import { fillPath, pathIn } from '../schema/endpoint';
import { endpoints } from '../schema/endpoints';
import { PlatformError } from '../schema/errors';
import { validateRequest } from '../schema/validate';
import { NOT_STATED, checkedRequest, defineOperation } from './operation';

/** An app as read, its id as asked. */
export type EdgeAppThing = EdgeApp & { id: number };

/** "8 bytes", "50.0 MiB (52,428,800 bytes)": a size a person reads, the exact count beside. */
export function bytesText(bytes: number): string {
  const grouped = bytes.toLocaleString('en-US');
  if (bytes < 1024) return `${grouped} bytes`;
  const units = ['KiB', 'MiB', 'GiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]} (${grouped} bytes)`;
}

export const appName = (app: { id: number; name?: string | null }) => app.name || `app ${app.id}`;
const statusText = (status: number | null | undefined) =>
  status === null || status === undefined ? NOT_STATED : (EDGE_APP_STATUSES[status] ?? `status ${status}`);
/** The facts every binary change of an app names first. */
const appFacts = (app: EdgeAppThing): [string, string][] => [
  ['App', appName(app)],
  ['ID', String(app.id)],
  ['URL', app.url || '(no URL given)'],
  ['Status', statusText(app.status)],
];

/** The app as the platform has it now. */
export async function readEdgeApp(api: PlatformApi, app_id: number, signal?: AbortSignal): Promise<EdgeAppThing> {
  return { ...(await api.edge.getOwnEdgeApp({ params: { app_id } }, signal ? { signal } : {})), id: app_id };
}

/** What Deploy confirms: the app as read, and the file as hashed from the one handle that checked `\0asm`. */
export interface DeployThing {
  readonly app: EdgeAppThing;
  readonly file: FileSeal;
}

/** What a deploy did: the app as read just before the upload, the binary it ran then (Roll Back's), the new one, and the file's size and SHA-256 as sent. */
export interface Deployed {
  readonly app: EdgeAppThing;
  readonly previous?: number;
  readonly binary: number;
  readonly bytes: number;
  readonly sha256: string;
}

/** An upload's whole time at most: it is cancellable all along. */
const UPLOAD_TIMEOUT_MS = 15 * 60 * 1000;

const patchApp = () => endpoints.patchEdgeApp;
const deployFields = () =>
  z.strictObject({
    app_id: patchApp().params.shape.app_id.describe('The app id (list_edge_apps finds it)').meta({ title: 'App ID' }),
    file: z
      .string()
      .min(1, 'must not be empty')
      .max(4096, 'must be at most 4096 characters')
      .describe('Absolute path of the .wasm file')
      .meta({ title: '.wasm file' }),
  });
const base = (file: string) => file.split(/[\\/]/).pop() || file;

export const deployEdgeApp = defineOperation({
  name: 'deployEdgeApp',
  title: 'Deploy to Edge App',
  noun: 'The edge app',
  kind: 'write',
  button: 'Deploy',
  done: ({ app_id, file }) => `Deployed ${JSON.stringify(base(file))} to edge app ${app_id}`,
  fields: deployFields,
  // The first of its two calls: the upload (its body the file's bytes, streamed); `send` PATCHes `binary` with the id it gets.
  request: (input) => {
    const { app_id } = validateRequest(deployFields(), input);
    checkedRequest(patchApp(), { params: { app_id }, body: {} });
    return checkedRequest(endpoints.storeEdgeBinary, { params: {} });
  },
  action: ({ app_id, file }, thing?: DeployThing) => `Deploy ${base(file)} to edge app ${thing ? appName(thing.app) : app_id}`,
  read: async (api, { app_id, file }, signal): Promise<DeployThing> => {
    const app = await readEdgeApp(api, app_id, signal);
    return { app, file: await sealWasmFile(file, signal) };
  },
  target: ({ app_id, file }, thing) => ({
    facts: [
      ...(thing ? appFacts(thing.app) : [['ID', String(app_id)] as [string, string]]),
      ['Binary', `${thing?.app.binary ?? '(none)'} -> new (assigned on upload)`],
      ['File', thing?.file.path ?? file],
      ['Size', thing ? bytesText(thing.file.bytes) : NOT_STATED],
      ['SHA-256', thing?.file.sha256 ?? NOT_STATED],
    ],
    consequence: `The app serves the new binary once it is pointed at it; a file changed before it is sent is refused.${
      thing?.app.binary ? ` Binary ${thing.app.binary} is kept: Roll Back points the app at it again.` : ''
    }`,
  }),
  // Exactly the file confirmed (fileSeal.ts: a file changed since is refused, nothing stored), then the app pointed at the id the upload gave.
  send: async (api, { app_id }, { file }, { signal, report }): Promise<Deployed> => {
    // The app just before the upload: the binary it runs then is the one Roll Back points it at again.
    const app = await readEdgeApp(api, app_id, signal);
    let shown = -1;
    const stored = await uploadEdgeBinary(api.http, file, {
      ...(signal ? { signal } : {}),
      timeoutMs: UPLOAD_TIMEOUT_MS,
      onProgress: (sent, total) => {
        const percent = Math.floor((sent / total) * 100);
        if (percent === shown) return;
        shown = percent;
        report?.(`${bytesText(sent)} of ${bytesText(total)} sent`);
      },
    });
    report?.(`stored as binary ${stored.id}; pointing the app at it…`);
    // Not cancelled once stored: the binary is on the platform, and the app is pointed at it.
    await api.edge.patchEdgeApp({ params: { app_id }, body: { binary: stored.id } });
    const previous = app.binary === null || app.binary === undefined ? {} : { previous: app.binary };
    return { app, ...previous, binary: stored.id, bytes: file.bytes, sha256: file.sha256 };
  },
});

/**
 * Why Roll Back sends nothing: the app (read just now) no longer runs the binary the deploy gave it.
 * The platform's app carries no "changed by" or "updated at": only what it runs now can be said.
 */
export function rollbackRefusal(now: EdgeAppThing, deployed: number, connectionName?: string): string | undefined {
  if (now.binary === deployed) return undefined;
  const runs = now.binary === null || now.binary === undefined ? 'no binary' : `binary ${now.binary}`;
  const on = connectionName === undefined ? '' : ` on ${connectionName}`;
  return `Not rolled back: edge app ${appName(now)} (${now.id})${on} now runs ${runs}, not binary ${deployed} that was deployed; it was changed since the deploy (the platform does not say by whom). Nothing was sent.`;
}

const rollBackFields = () =>
  z.strictObject({
    app_id: patchApp().params.shape.app_id.describe('The app id').meta({ title: 'App ID' }),
    from_binary: endpoints.deleteEdgeBinary.params.shape.binary_id
      .describe('The binary the app runs now (the one deployed): nothing is sent when it runs another')
      .meta({ title: 'Binary deployed' }),
    binary: endpoints.deleteEdgeBinary.params.shape.binary_id.describe('The binary it ran before, pointed at again').meta({ title: 'Binary rolled back to' }),
  });
export const rollBackEdgeApp = defineOperation({
  name: 'rollBackEdgeApp',
  title: 'Roll Back Edge App',
  noun: 'The edge app',
  kind: 'write',
  button: 'Roll Back',
  done: ({ app_id }) => `Rolled back edge app ${app_id}`,
  fields: rollBackFields,
  request: (input) => {
    const { app_id, binary } = validateRequest(rollBackFields(), input);
    return checkedRequest(patchApp(), { params: { app_id }, body: { binary } });
  },
  action: ({ app_id, binary }, app?: EdgeAppThing) => `Roll back edge app ${app ? appName(app) : app_id} to binary ${binary}`,
  // An app changed since the deploy (another person, another tool) is not rolled back over: a refusal, nothing asked.
  read: async (api, { app_id, from_binary }, signal) => {
    const app = await readEdgeApp(api, app_id, signal);
    const refusal = rollbackRefusal(app, from_binary);
    if (!refusal) return app;
    const path = fillPath(pathIn(patchApp(), api.http.dialect), { app_id });
    // The field names the rule broken, so an agent's answer says why (a bare conflict says nothing).
    throw new PlatformError({
      kind: 'conflict',
      message: refusal,
      method: 'GET',
      path,
      issues: [{ path: 'from_binary', message: 'must be the binary the app runs now' }],
    });
  },
  target: ({ app_id, from_binary, binary }, app) => ({
    facts: [...(app ? appFacts(app) : [['ID', String(app_id)] as [string, string]]), ['Binary', `${from_binary} -> ${binary}`]],
    consequence: `The app serves binary ${binary} again; binary ${from_binary} is kept.`,
  }),
});

/** A stored binary as listed, and the apps listed that run it. */
export interface BinaryThing {
  readonly binary: EdgeBinaryShort;
  readonly usedBy: readonly string[];
}

/** A binary's `status`, in words (the platform's published codes). */
export const BINARY_STATUS: Record<number, string> = {
  0: 'pending',
  1: 'compiled',
  2: 'compilation failed',
  3: 'compilation failed',
  4: 'over the size limit',
  5: 'unsupported language',
};
export const binaryStatus = (status: number | null | undefined) =>
  status === null || status === undefined ? 'status unknown' : (BINARY_STATUS[status] ?? `status ${status}`);

const removeBinary = () => endpoints.deleteEdgeBinary;
/** The binary from the account's list (the platform has no read of one binary); a notFound when it is not there. */
export async function readBinary(api: PlatformApi, binary_id: number, signal?: AbortSignal): Promise<BinaryThing> {
  const options = signal ? { signal } : {};
  const found = (await api.edge.listEdgeBinaries({ params: {} }, options)).binaries.find((b) => b.id === binary_id);
  if (!found) {
    const path = fillPath(pathIn(removeBinary(), api.http.dialect), { binary_id });
    throw new PlatformError({ kind: 'notFound', message: `No stored edge binary ${binary_id} (deleted meanwhile?).`, method: 'GET', path });
  }
  // The apps list is a courtesy: a server without it still names the binary.
  const apps = await api.edge.listEdgeApps({ params: {}, query: { limit: 1000 } }, options).catch(() => undefined);
  return { binary: found, usedBy: (apps?.apps ?? []).filter((a) => a.binary === binary_id).map((a) => `${a.name || 'app'} (${a.id})`) };
}

export const deleteEdgeBinary = defineOperation({
  name: 'deleteEdgeBinary',
  title: 'Delete Edge Binary',
  noun: 'The edge binary',
  kind: 'destructive',
  button: 'Delete',
  done: ({ binary_id }) => `Deleted edge binary ${binary_id}`,
  fields: () =>
    z.strictObject({ binary_id: removeBinary().params.shape.binary_id.describe('The binary id (list_edge_binaries finds it)').meta({ title: 'Binary ID' }) }),
  request: ({ binary_id }) => checkedRequest(removeBinary(), { params: { binary_id } }),
  action: ({ binary_id }) => `Delete edge binary ${binary_id}`,
  read: (api, { binary_id }, signal) => readBinary(api, binary_id, signal),
  target: ({ binary_id }, thing) => ({
    facts: [
      ['Binary', String(binary_id)],
      ['Status', thing ? binaryStatus(thing.binary.status) : NOT_STATED],
      ['API type', thing?.binary.api_type || NOT_STATED],
      ['MD5', thing?.binary.checksum || NOT_STATED],
      ['Used by', thing ? thing.usedBy.join(', ') || (thing.binary.unref_since ? `no app since ${thing.binary.unref_since}` : 'no app listed') : NOT_STATED],
    ],
    consequence: 'The stored .wasm is deleted; the platform refuses (409) while an app uses it.',
  }),
});

// Making a FastEdge app, for agents: list_edge_binaries (read) shows the account's stored
// binaries and which apps use them; create_edge_app (write) makes a draft app from a binary or a
// template, the person confirming connection, name, source, param names and env names (values are
// never shown back: they may be credentials); a template's secret and store params are references
// by id (`secrets`, `stores`), never values. Sent once by the catalog's runTool.
import * as z from 'zod';
import { endpoints } from '../../../schema/endpoints';
import type { EdgeAppShort } from '../../../schema/edgeApps';
import { PlatformError } from '../../../schema/errors';
import { validateCall } from '../../../schema/validate';
import { quoted as q } from './platformText';
import { listed } from './readTools';
import { connectionField, defineTool } from './toolKit';
import { LIST_MAX, listAnswer, nameOf, writeAnswer } from './toolAnswers';

const BINARY_STATUS: Record<number, string> = {
  0: 'pending',
  1: 'compiled',
  2: 'compilation failed',
  3: 'compilation failed',
  4: 'over the size limit',
  5: 'unsupported language',
};
const textMap = (what: string) => z.record(z.string().min(1).max(256), z.string().max(4096)).describe(what);
const idMap = (what: string) => z.record(z.string().min(1).max(256), z.int().min(1)).describe(what);

export const listEdgeBinaries = defineTool({
  name: 'list_edge_binaries',
  referenceName: 'platformEdgeBinaries',
  displayName: 'List Edge Binaries',
  userDescription: "The account's stored FastEdge binaries (.wasm), and the apps using them",
  modelDescription: `Lists the account's stored FastEdge binaries: id, status (compiled…), API type, MD5 checksum, and the apps that use each (or since when none does). At most ${LIST_MAX} per answer with the total. create_edge_app takes a binary id from here.`,
  kind: 'read',
  input: () => z.strictObject({ ...connectionField }),
  run: async (b) => {
    const signal = b.signal;
    const list = await listed(b, 'listEdgeBinaries', () => b.api.edge.listEdgeBinaries({ params: {} }, { signal }), 'Ask the person for the binary id.');
    if (typeof list === 'string') return list;
    const users = new Map<number, string[]>();
    if (!b.lists.isMissing('listEdgeApps')) {
      const apps = await b.api.edge.listEdgeApps({ params: {}, query: { limit: 1000 } }, { signal }).catch(() => undefined);
      for (const a of apps?.apps ?? []) if (a.binary) users.set(a.binary, [...(users.get(a.binary) ?? []), a.name ?? String(a.id)]);
    }
    return listAnswer({
      title: `Edge binaries on ${nameOf(b.connectionName)}`,
      source: 'list_edge_binaries',
      items: list.binaries.slice(0, LIST_MAX),
      total: list.binaries.length,
      line: (x) => {
        const used = users.get(x.id);
        const status = x.status === null || x.status === undefined ? 'status unknown' : (BINARY_STATUS[x.status] ?? `status ${x.status}`);
        const use = used?.length ? `used by ${used.map((n) => q(n)).join(', ')}` : x.unref_since ? `unused since ${q(x.unref_since)}` : 'no app listed uses it';
        return `id ${x.id}: ${status} · ${x.api_type ? q(x.api_type) : '?'} · md5 ${x.checksum ? q(x.checksum) : '?'} · ${use}`;
      },
      narrow: 'the list is not filtered by the platform; ask the person which binary.',
    });
  },
});

export const createEdgeApp = defineTool({
  name: 'create_edge_app',
  referenceName: 'platformCreateEdgeApp',
  displayName: 'Create Edge App',
  userDescription: 'Create a FastEdge app (a draft) from a stored binary or a template',
  modelDescription:
    'Creates a FastEdge app from a stored binary (binary_id, see list_edge_binaries) or a template (template_id, see list_edge_templates; its params given in "params" by name, the mandatory ones required; a param of data type secret is given in "secrets" as the id of an Edge secret (list_edge_secrets), a store param in "stores" as an edge store id, never a value). name: 2–64 lowercase letters, digits and "-", not starting or ending with "-", unique in the account. Optional comment (<= 1024) and env variables. The app starts as a draft (not serving); enable_edge_app enables it. The person confirms the connection, name, source, param names and env names first.',
  kind: 'write',
  input: () =>
    z.strictObject({
      ...connectionField,
      name: endpoints.createEdgeApp.body.shape.name.describe("The new app's name"),
      binary_id: endpoints.createEdgeApp.body.shape.binary.describe('A stored binary id (list_edge_binaries); give this or template_id'),
      template_id: endpoints.createEdgeApp.body.shape.template.describe('A template id (list_edge_templates); give this or binary_id'),
      params: textMap("The template's params by name (not its secret or store params)").optional(),
      secrets: idMap("The template's secret params: param name to the id of an Edge secret (list_edge_secrets); never a secret's value").optional(),
      stores: idMap("The template's store params: param name to an edge store id").optional(),
      env: textMap('Environment variables, name to value').optional(),
      comment: endpoints.createEdgeApp.body.shape.comment.describe('What the app is for'),
    }),
  prepare: ({ name, binary_id, template_id, params, secrets, stores, env, comment }) => {
    if ((binary_id === undefined) === (template_id === undefined)) {
      const message = 'give either binary_id or template_id (one of them, not both)';
      throw new PlatformError({ kind: 'validation', message, issues: [{ path: 'binary_id', message }] });
    }
    const refs = (m: Record<string, number> | undefined) => Object.fromEntries(Object.entries(m ?? {}).map(([k, id]) => [k, { id }]));
    const body = {
      name,
      ...(binary_id !== undefined ? { binary: binary_id } : { template: template_id }),
      env: { ...env, ...params },
      ...(secrets && Object.keys(secrets).length ? { secrets: refs(secrets) } : {}),
      ...(stores && Object.keys(stores).length ? { stores: refs(stores) } : {}),
      ...(comment ? { comment } : {}),
    };
    const checked = validateCall(endpoints.createEdgeApp, { params: {}, body });
    const source = binary_id !== undefined ? `binary ${binary_id}` : `template ${template_id}`;
    return {
      endpoint: endpoints.createEdgeApp,
      call: { params: checked.params, body: checked.body },
      operation: `Create edge app ${name} from ${source}`,
      shownBody: {
        name,
        source,
        param_names: Object.keys(params ?? {}),
        env_names: Object.keys(env ?? {}),
        ...(secrets ? { secret_ids: secrets } : {}),
        ...(stores ? { store_ids: stores } : {}),
        ...(comment ? { comment } : {}),
      },
    };
  },
  answer: (sent, b, { name }) => {
    const app = sent as EdgeAppShort | undefined;
    return writeAnswer({
      head: `Created edge app (id ${app?.id ?? '?'}) on ${nameOf(b.connectionName)} as a draft; the app as the platform answered:`,
      source: 'create_edge_app',
      platform: { name: app?.name ?? name, url: app?.url },
      tail: 'It does not serve until enabled (enable_edge_app).',
    });
  },
});

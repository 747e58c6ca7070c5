// Making a FastEdge app, for agents: list_edge_binaries (read) shows the account's stored
// binaries and which apps use them; create_edge_app (write) is the catalog's operation
// (src/operations/edgeCreate.ts): a draft app from a binary or a template, the person confirming
// its facts (values of params and env as their length only: they may be credentials); a
// template's secret and store params are references by id (`secrets`, `stores`), never values.
import * as z from 'zod';
import { createEdgeApp as createEdgeAppOp } from '../../../operations/edgeCreate';
import { binaryStatus } from '../../../operations/edgeDeploy';
import type { EdgeAppShort } from '../../../schema/edgeApps';
import { toolFromOperation } from './operationTool';
import { quoted as q } from './platformText';
import { listed } from './readTools';
import { connectionField, defineTool } from './toolKit';
import { LIST_MAX, listAnswer, nameOf, writeAnswer } from './toolAnswers';

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
        const status = binaryStatus(x.status);
        const use = used?.length ? `used by ${used.map((n) => q(n)).join(', ')}` : x.unref_since ? `unused since ${q(x.unref_since)}` : 'no app listed uses it';
        return `id ${x.id}: ${status} · ${x.api_type ? q(x.api_type) : '?'} · md5 ${x.checksum ? q(x.checksum) : '?'} · ${use}`;
      },
      narrow: 'the list is not filtered by the platform; ask the person which binary.',
    });
  },
});

export const createEdgeApp = toolFromOperation(createEdgeAppOp, {
  name: 'create_edge_app',
  referenceName: 'platformCreateEdgeApp',
  userDescription: 'Create a FastEdge app (a draft) from a stored binary or a template',
  purpose:
    'Creates a FastEdge app from a stored binary (binary_id, see list_edge_binaries) or a template (template_id, see list_edge_templates; its params given in "params" by name, the mandatory ones required; a param of data type secret is given in "secrets" as the id of an Edge secret (list_edge_secrets), a store param in "stores" as an edge store id, never a value). name: 2–64 lowercase letters, digits and "-", not starting or ending with "-", unique in the account. Optional comment (<= 1024) and env variables. The app starts as a draft (not serving); enable_edge_app enables it. The person sees the name, source, param and env names (values as their length only) and the references by name.',
  usage: 'Use when the person asked for a new app.',
  answer: (sent, _b, { name }, done) => {
    const app = sent as EdgeAppShort | undefined;
    return writeAnswer({
      head: `${done} as a draft; the app as the platform answered:`,
      source: 'create_edge_app',
      platform: { name: app?.name ?? name, url: app?.url },
      tail: 'It does not serve until enabled (enable_edge_app).',
    });
  },
});

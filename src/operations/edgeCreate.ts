// A new FastEdge app, described once: made from a stored binary or a template, a draft that serves
// nothing until enabled. A template's plain params and the env variables are sent as env (their
// values shown as their length only: they may be credentials); its secret and store params as
// references by id, named by what the platform calls them (read first: a reference not there asks
// nothing).
import * as z from 'zod';
import type { PlatformApi } from '../platform/api';
import { fillPath, pathIn } from '../schema/endpoint';
import { endpoints } from '../schema/endpoints';
import { PlatformError } from '../schema/errors';
import { throwValidation, validateRequest } from '../schema/validate';
import { positiveId, textOf } from '../schema/schemaKit';
import { checkedRequest, defineOperation, idOf } from './operation';

/** What the references and the template are called on the platform: read by the tool, known from the wizard in the command. */
export interface CreateAppThing {
  readonly templateName?: string;
  /** Param name -> the secret's or store's name (absent: only its id is known). */
  readonly secretNames: Readonly<Record<string, string | undefined>>;
  readonly storeNames: Readonly<Record<string, string | undefined>>;
}

const create = () => endpoints.createEdgeApp;
// Optional maps, titled on the outside (the title a step and the tools' JSON schema read).
const textMap = (title: string, what: string) => z.record(textOf(1, 256), textOf(0, 4096)).describe(what).optional().meta({ title });
const idMap = (title: string, what: string) => z.record(textOf(1, 256), positiveId()).describe(what).optional().meta({ title });
const fields = () =>
  z.strictObject({
    name: create().body.shape.name.describe("The new app's name").meta({ title: 'App name' }),
    binary_id: create().body.shape.binary.describe('A stored binary id (list_edge_binaries); give this or template_id').meta({ title: 'Binary ID' }),
    template_id: create().body.shape.template.describe('A template id (list_edge_templates); give this or binary_id').meta({ title: 'Template ID' }),
    params: textMap('Template params', "The template's params by name (not its secret or store params)"),
    secrets: idMap('Secret references', "The template's secret params: param name to the id of an Edge secret (list_edge_secrets); never a secret's value"),
    stores: idMap('Store references', "The template's store params: param name to an edge store id"),
    env: textMap('Environment variables', 'Environment variables, name to value'),
    comment: create().body.shape.comment.describe('What the app is for').meta({ title: 'Comment' }),
  });
type Input = z.output<ReturnType<typeof fields>>;

const entries = (m: Readonly<Record<string, unknown>> | undefined) => Object.entries(m ?? {});
const refs = (m: Record<string, number> | undefined) => Object.fromEntries(entries(m).map(([k, id]) => [k, { id }]));
const source = (i: Input, thing?: CreateAppThing) =>
  i.binary_id !== undefined ? `binary ${i.binary_id}` : `template ${thing?.templateName ? `${thing.templateName} (${i.template_id})` : i.template_id}`;
/** "A (1 character, not shown), B (3 characters, not shown)": a value said by its length only. */
const masked = (m: Record<string, string> | undefined) =>
  entries(m)
    .map(([k, v]) => `${k} (${String(v).length} character${String(v).length === 1 ? '' : 's'}, not shown)`)
    .join(', ') || '(none)';
const references = (m: Record<string, number> | undefined, names: Readonly<Record<string, string | undefined>> | undefined, kind: string) =>
  entries(m)
    .map(([param, id]) => `${param} -> ${names?.[param] ? `${names[param]} (${String(id)})` : `${kind} ${String(id)}`}`)
    .join(', ');

/** Each store id's name from the account's list, a page at a time (the platform has no read of one store). */
async function storeNames(api: PlatformApi, ids: readonly number[], signal?: AbortSignal): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  const limit = 100;
  for (let offset = 0; offset < 10_000 && ids.some((id) => !names.has(id)); offset += limit) {
    const page = await api.edge.listEdgeStores({ params: {}, query: { limit, offset } }, signal ? { signal } : {});
    for (const s of page.stores) names.set(s.id, s.name || `store ${s.id}`);
    if (page.stores.length < limit) break;
  }
  const missing = ids.find((id) => !names.has(id));
  if (missing === undefined) return names;
  const path = fillPath(pathIn(endpoints.listEdgeStores, api.http.dialect), {});
  throw new PlatformError({ kind: 'notFound', message: `No edge store ${missing} in the account.`, method: 'GET', path });
}

export const createEdgeApp = defineOperation({
  name: 'createEdgeApp',
  title: 'Create Edge App',
  noun: 'The new edge app',
  kind: 'write',
  button: 'Create',
  done: (_input, _thing: CreateAppThing | undefined, made) => `Created edge app (id ${idOf(made)})`,
  fields,
  request: (input) => {
    const { name, binary_id, template_id, params, secrets, stores, env, comment } = validateRequest(fields(), input);
    if ((binary_id === undefined) === (template_id === undefined))
      throwValidation([{ path: 'binary_id', message: 'give either binary_id or template_id (one of them, not both)' }]);
    const vars = { ...env, ...params };
    const body = {
      name,
      ...(binary_id !== undefined ? { binary: binary_id } : { template: template_id }),
      ...(Object.keys(vars).length ? { env: vars } : {}),
      ...(entries(secrets).length ? { secrets: refs(secrets) } : {}),
      ...(entries(stores).length ? { stores: refs(stores) } : {}),
      ...(comment ? { comment } : {}),
    };
    return checkedRequest(create(), { params: {}, body });
  },
  action: (input, thing?: CreateAppThing) => `Create edge app ${input.name} from ${source(input, thing)}`,
  read: async (api, { template_id, secrets, stores }, signal): Promise<CreateAppThing> => {
    const options = signal ? { signal } : {};
    const template = template_id === undefined ? undefined : await api.edge.getEdgeTemplate({ params: { template_id } }, options);
    const secretNames: Record<string, string | undefined> = {};
    for (const [param, secret_id] of entries(secrets))
      secretNames[param] = (await api.edge.getEdgeSecret({ params: { secret_id: secret_id as number } }, options)).name || undefined;
    const stored = entries(stores).length ? await storeNames(api, Object.values(stores ?? {}), signal) : new Map<number, string>();
    const storeNamed = Object.fromEntries(entries(stores).map(([param, id]) => [param, stored.get(id as number)]));
    return { ...(template ? { templateName: template.name || `template ${template_id}` } : {}), secretNames, storeNames: storeNamed };
  },
  target: (input, thing) => {
    const template = input.template_id !== undefined;
    return {
      facts: [
        ['Name', input.name],
        ['From', source(input, thing)],
        ...(template ? [['Template params', masked(input.params)] as const] : []),
        ...(entries(input.secrets).length ? [['Secret references', references(input.secrets, thing?.secretNames, 'secret')] as const] : []),
        ...(entries(input.stores).length ? [['Store references', references(input.stores, thing?.storeNames, 'store')] as const] : []),
        ['Env variables', masked(input.env)],
        ...(input.comment ? [['Comment', input.comment] as const] : []),
        ['Starts as', 'draft (not serving until enabled)'],
      ],
      consequence: 'A new app; nothing existing changes.',
    };
  },
});

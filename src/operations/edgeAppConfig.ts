// An edge app's variables, response headers and secret references changed, described once: names
// set or removed per section, merged into the app as it is (read first, and again before sending),
// and only the sections that change are PATCHed, each whole (the platform replaces a map it is
// given). Every change is a fact with its whole value (#52); a secret is referred to by its id and
// shown by its name, never a value. Removing or overwriting a value is destructive (T4 1).
import * as z from 'zod';
import type { PlatformApi } from '../platform/api';
import type { EdgeApp } from '../schema/edge';
import { endpoints } from '../schema/endpoints';
import { configLoss } from '../ui/text/destructiveChanges';
import { NOT_STATED, checkedRequest, defineOperation, type OperationRequest } from './operation';

const patch = () => endpoints.patchEdgeApp;
const NAME = () => z.string().min(1).max(255);
const textChanges = (what: string) =>
  z
    .strictObject({
      set: z.record(NAME(), z.string().max(4096)).optional().describe(`${what} to add or change: NAME -> value`),
      remove: z.array(NAME()).max(100).optional().describe(`${what} names to remove`),
    })
    .optional()
    .meta({ title: what });

const fields = () =>
  z.strictObject({
    app_id: patch().params.shape.app_id.describe('The app id (list_edge_apps finds it)').meta({ title: 'App ID' }),
    env: textChanges('Environment variables'),
    rsp_headers: textChanges('Response headers'),
    secrets: z
      .strictObject({
        set: z.record(NAME(), z.int().min(1)).optional().describe('Secret references to add or change: NAME (what the app reads) -> FastEdge secret id'),
        remove: z.array(NAME()).max(100).optional().describe('Secret reference names to remove'),
      })
      .optional()
      .meta({ title: 'Secret references' }),
  });
export type ConfigInput = z.output<ReturnType<typeof fields>>;

/** The app as read, and the names of the secrets its references (now and after) point to, by id. */
export interface ConfigThing {
  readonly app: EdgeApp;
  readonly secretNames: ReadonlyMap<number, string>;
}

type Section = 'env' | 'rsp_headers' | 'secrets';
const SECTIONS: readonly Section[] = ['env', 'rsp_headers', 'secrets'];
const NOUN: Record<Section, string> = { env: 'Variable', rsp_headers: 'Response header', secrets: 'Secret reference' };

/** A section of the app as a flat map (a secret reference as its secret's id). */
function sectionOf(app: EdgeApp, section: Section): Record<string, string | number> {
  if (section === 'secrets') return Object.fromEntries(Object.entries(app.secrets ?? {}).map(([k, v]) => [k, (v as { id?: number } | null)?.id ?? 0]));
  return { ...(app[section] ?? {}) };
}

/** Each section the input changes: the app's map before, the merged map after, and the names added, changed, removed (sorted). */
function sectionChanges(app: EdgeApp, input: ConfigInput) {
  return SECTIONS.flatMap((section) => {
    const given = input[section];
    if (!given) return [];
    const before = sectionOf(app, section);
    const after: Record<string, string | number> = { ...before };
    for (const name of given.remove ?? []) delete after[name];
    Object.assign(after, given.set ?? {});
    const sorted = (keys: string[]) => keys.sort();
    const added = sorted(Object.keys(after).filter((k) => !(k in before)));
    const changed = sorted(Object.keys(after).filter((k) => k in before && before[k] !== after[k]));
    const removed = sorted(Object.keys(before).filter((k) => !(k in after)));
    return added.length + changed.length + removed.length ? [{ section, before, after, added, changed, removed }] : [];
  });
}

/** The names of the secrets the app refers to now. */
export function appSecretNames(app: EdgeApp): Map<number, string> {
  const names = new Map<number, string>();
  for (const ref of Object.values(app.secrets ?? {})) {
    const r = ref as { id?: number; name?: string | null } | null;
    if (r?.id !== undefined && r.name) names.set(r.id, r.name);
  }
  return names;
}

/** The app, and the names of the secrets the input refers to that it does not use yet, read one by one (an unreadable one stays unnamed). */
async function readConfig(api: PlatformApi, input: ConfigInput, signal?: AbortSignal): Promise<ConfigThing> {
  const options = signal ? { signal } : {};
  const app = await api.edge.getOwnEdgeApp({ params: { app_id: input.app_id } }, options);
  const names = appSecretNames(app);
  const wanted = [...new Set(Object.values(input.secrets?.set ?? {}))].filter((id) => !names.has(id)).slice(0, 20);
  await Promise.all(
    wanted.map(async (secret_id) => {
      const secret = await api.edge.getEdgeSecret({ params: { secret_id } }, options).catch(() => undefined);
      if (secret?.name) names.set(secret_id, secret.name);
    }),
  );
  return { app, secretNames: names };
}

/** What the person is told each change does, one fact a name, whole values (`"Hallo" -> "Hello"`, `added "1"`, `removed (was "2")`). */
function changeFacts(thing: ConfigThing, input: ConfigInput): [string, string][] {
  return sectionChanges(thing.app, input).flatMap(({ section, before, after, added, changed, removed }) => {
    const shown = (v: string | number) =>
      section === 'secrets' ? `secret ${thing.secretNames.get(v as number) ?? '(name not known)'} (id ${v})` : JSON.stringify(v);
    const label = (k: string) => `${NOUN[section]} ${k}`;
    return [
      ...added.map((k): [string, string] => [label(k), `added ${shown(after[k]!)}`]),
      ...changed.map((k): [string, string] => [label(k), `${shown(before[k]!)} -> ${shown(after[k]!)}`]),
      ...removed.map((k): [string, string] => [label(k), `removed (was ${shown(before[k]!)})`]),
    ];
  });
}

/** "env: + RELEASE, ~ GREETING, - OLD": what changed per section, names only (an agent's answer carries no values). */
export function configChangeLines(app: EdgeApp, input: ConfigInput): string[] {
  return sectionChanges(app, input).map(
    (c) => `${c.section}: ${[...c.added.map((k) => `+ ${k}`), ...c.changed.map((k) => `~ ${k}`), ...c.removed.map((k) => `- ${k}`)].join(', ')}`,
  );
}

const named = (at: ConfigInput, thing?: ConfigThing) => `Change the configuration of edge app ${thing?.app.name || at.app_id}`;

export const setEdgeAppConfig = defineOperation({
  name: 'setEdgeAppConfig',
  title: 'Set Edge App Configuration',
  noun: 'The edge app',
  kind: 'write',
  destructiveWhen: 'it removes or overwrites a variable, response header or secret reference (the old value is not kept)',
  button: 'Apply',
  done: ({ app_id }) => `Changed edge app ${app_id}`,
  fields,
  // The id checked here; the body is the app's sections merged with the input, made from the app read just before sending.
  request: ({ app_id }) => {
    const checked = checkedRequest(patch(), { params: { app_id }, body: {} });
    return { endpoint: checked.endpoint, call: { params: checked.call.params } };
  },
  requestFor: (input, thing): OperationRequest | undefined => {
    const changes = sectionChanges(thing.app, input);
    if (!changes.length) return undefined;
    const body = Object.fromEntries(
      changes.map(({ section, after }) => [
        section,
        section === 'secrets' ? Object.fromEntries(Object.entries(after).map(([k, id]) => [k, { id: id as number }])) : after,
      ]),
    );
    return checkedRequest(patch(), { params: { app_id: input.app_id }, body });
  },
  action: (at, thing?: ConfigThing) => named(at, thing),
  read: readConfig,
  target: (at, thing) => {
    const facts = thing ? changeFacts(thing, at) : [];
    const changes = thing ? sectionChanges(thing.app, at) : [];
    const why = configLoss(
      changes.reduce((n, c) => n + c.removed.length, 0),
      changes.reduce((n, c) => n + c.changed.length, 0),
    );
    return {
      facts: [
        ['App', thing?.app.name || `app ${at.app_id}`],
        ['ID', String(at.app_id)],
        ['URL', thing?.app.url || '(no URL given)'],
        ...(facts.length ? facts : ([['Changes', thing ? 'none: the app already has this configuration' : NOT_STATED]] as const)),
      ],
      consequence: 'Only the sections listed are sent; the app serves with them at once.',
      ...(why ? { destructive: why } : {}),
    };
  },
});

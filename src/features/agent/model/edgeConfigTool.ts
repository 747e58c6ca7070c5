// An edge app's variables, response headers and secret references, changed by an agent: names set
// or removed per section, merged into the app as it is when sent (read again then), and only the
// sections that change are PATCHed, once. The person confirms the change listed per section; a
// secret is referred to by its FastEdge secret id, and no secret value is ever asked, shown or sent.
import { isDeepStrictEqual } from 'node:util';
import * as z from 'zod';
import type { EdgeApp } from '../../../schema/edge';
import { endpoints } from '../../../schema/endpoints';
import { PlatformError } from '../../../schema/errors';
import type { EdgeAppPatch } from '../../../schema/edgeApps';
import { validateCall } from '../../../schema/validate';
import { connectionField, defineTool, destructiveIf, type AgentBinding, type WriteChange, type WriteTarget } from './toolKit';
import { nameOf, writeAnswer } from './toolAnswers';
import { configLoss } from '../../../ui/text/destructiveChanges';

const NAME = z.string().min(1).max(255);
const textChanges = (what: string) =>
  z
    .strictObject({
      set: z.record(NAME, z.string().max(4096)).optional().describe(`${what} to add or change: NAME -> value`),
      remove: z.array(NAME).max(100).optional().describe(`${what} names to remove`),
    })
    .optional();

const input = () =>
  z.strictObject({
    ...connectionField,
    app_id: endpoints.patchEdgeApp.params.shape.app_id.describe('The app id (list_edge_apps finds it)'),
    env: textChanges('Environment variables'),
    rsp_headers: textChanges('Response headers'),
    secrets: z
      .strictObject({
        set: z.record(NAME, z.int().min(1)).optional().describe('Secret references to add or change: NAME (what the app reads) -> FastEdge secret id'),
        remove: z.array(NAME).max(100).optional().describe('Secret reference names to remove'),
      })
      .optional(),
  });
type Input = z.output<ReturnType<typeof input>>;
type Section = 'env' | 'rsp_headers' | 'secrets';
const SECTIONS: readonly Section[] = ['env', 'rsp_headers', 'secrets'];

/** A section of the app as a flat map (a secret as its id), for comparing and merging. */
function current(app: EdgeApp, section: Section): Record<string, string | number> {
  if (section === 'secrets') return Object.fromEntries(Object.entries(app.secrets ?? {}).map(([k, v]) => [k, (v as { id?: number } | null)?.id ?? 0]));
  return { ...(app[section] ?? {}) };
}

const WHAT: Record<Section, string> = { env: 'variable', rsp_headers: 'response header', secrets: 'secret reference' };

/** A secret's name as the app or the account knows it (never its value). */
export type SecretNames = (id: number) => string | undefined;

/** The names of the secrets the app refers to now. */
export function appSecretNames(app: EdgeApp): Map<number, string> {
  const names = new Map<number, string>();
  for (const ref of Object.values(app.secrets ?? {})) {
    const r = ref as { id?: number; name?: string | null } | null;
    if (r?.id !== undefined && r.name) names.set(r.id, r.name);
  }
  return names;
}

/**
 * Each section the input changes: the merged map sent for it, the lines the answer gives (names
 * only), every change with its values for the confirmation (a secret reference as the secret's
 * name and id, never a value), and what it removes or overwrites (then the call is destructive).
 */
export function configChanges(
  app: EdgeApp,
  given: Input,
  secretName: SecretNames = () => undefined,
): { body: EdgeAppPatch; lines: string[]; changes: WriteChange[]; lost: ('removes' | 'overwrites')[] } {
  const body: Record<string, unknown> = {};
  const lines: string[] = [];
  const changes: WriteChange[] = [];
  const lost: ('removes' | 'overwrites')[] = [];
  for (const section of SECTIONS) {
    const change = given[section];
    if (!change) continue;
    const before = current(app, section);
    const after = { ...before };
    const said: string[] = [];
    const value = (v: string | number) => (section === 'secrets' ? `secret ${secretName(v as number) ?? '(name not known)'} (id ${v})` : String(v));
    for (const name of change.remove ?? []) {
      if (!(name in after)) continue;
      delete after[name];
      said.push(`- ${name}`);
      changes.push({ what: WHAT[section], name, before: value(before[name]!) });
      lost.push('removes');
    }
    const set: Record<string, string | number> = change.set ?? {};
    for (const [name, v] of Object.entries(set)) {
      if (!(name in before)) {
        said.push(`+ ${name}${section === 'secrets' ? ` (secret ${v})` : ''}`);
        changes.push({ what: WHAT[section], name, after: value(v) });
      } else if (before[name] !== v) {
        said.push(`~ ${name}${section === 'secrets' ? ` (secret ${before[name]} -> ${v})` : ''}`);
        changes.push({ what: WHAT[section], name, before: value(before[name]!), after: value(v) });
        lost.push('overwrites');
      }
      after[name] = v;
    }
    if (!said.length) continue;
    lines.push(`${section}: ${said.join(', ')}`);
    body[section] = section === 'secrets' ? Object.fromEntries(Object.entries(after).map(([k, id]) => [k, { id: id as number }])) : after;
  }
  return { body: body, lines, changes, lost };
}

async function readApp(b: AgentBinding, app_id: number) {
  return b.api.edge.getOwnEdgeApp({ params: { app_id } }, { signal: b.signal });
}

/** The names of secrets the input refers to that the app does not use yet, read one by one (an unreadable one stays unnamed). */
async function newSecretNames(b: AgentBinding, app: EdgeApp, given: Input): Promise<Map<number, string>> {
  const names = appSecretNames(app);
  const wanted = [...new Set(Object.values(given.secrets?.set ?? {}))].filter((id) => !names.has(id)).slice(0, 20);
  await Promise.all(
    wanted.map(async (secret_id) => {
      const secret = await b.api.edge.getEdgeSecret({ params: { secret_id } }, { signal: b.signal }).catch(() => undefined);
      if (secret?.name) names.set(secret_id, secret.name);
    }),
  );
  return names;
}

export const setEdgeAppConfig = defineTool({
  name: 'set_edge_app_config',
  referenceName: 'platformSetEdgeAppConfig',
  displayName: 'Set Edge App Configuration',
  userDescription: "Add, change or remove a FastEdge app's environment variables, response headers or secret references",
  modelDescription:
    "Changes a FastEdge app's environment variables (env), response headers (rsp_headers) or secret references (secrets: a name the app reads -> a FastEdge secret id; never a secret's value). Give per section the names to set and the names to remove; the rest of the app's configuration is kept. The app is read first so the person sees each change and confirms; only the sections that change are sent. Use list_edge_apps to find the app id and list_edge_secrets the secret ids.",
  kind: 'write',
  destructiveWhen: 'it removes or overwrites a variable, response header or secret reference (the old value is not kept)',
  input,
  prepare: (given) => {
    validateCall(endpoints.patchEdgeApp, { params: { app_id: given.app_id }, body: {} });
    return {
      endpoint: endpoints.patchEdgeApp,
      call: { params: { app_id: given.app_id } },
      operation: `Change the configuration of edge app ${given.app_id}`,
      // Merged into the app as it is when sent; when that is not what the person confirmed (someone
      // changed the app meanwhile), nothing is sent.
      send: async (b, asked) => {
        const app = await readApp(b, given.app_id);
        const { body, lines, changes } = configChanges(app, given);
        if (asked.target && !isDeepStrictEqual(asked.target.expected, { body, changes })) {
          const message = `edge app ${given.app_id} changed since the change was confirmed; nothing was sent. Call again to confirm the change against the app as it is now`;
          throw new PlatformError({ kind: 'validation', message, issues: [{ path: 'app_id', message }] });
        }
        if (!lines.length) return { name: app.name, lines };
        // The typed call checks the body against the published shape before it is sent.
        await b.api.edge.patchEdgeApp({ params: { app_id: given.app_id }, body }, { signal: b.signal });
        return { name: app.name, lines };
      },
    };
  },
  readTarget: async (b, given): Promise<WriteTarget> => {
    const app = await readApp(b, given.app_id);
    const names = await newSecretNames(b, app, given);
    const { changes, lost } = configChanges(app, given, (id) => names.get(id));
    // What the send compares again (secrets by id only: it reads no names).
    const { body, changes: byId } = configChanges(app, given);
    return {
      noun: 'The edge app',
      facts: [
        ['name', app.name ?? '(not given)'],
        ['url', app.url ?? '(not given)'],
        ['changes', changes.length ? String(changes.length) : 'none: the app already has this configuration'],
      ],
      consequence: 'Only the sections listed are sent; the app serves with them at once.',
      changes,
      expected: { body, changes: byId },
      ...destructiveIf(configLoss(lost.filter((l) => l === 'removes').length, lost.filter((l) => l === 'overwrites').length)),
    };
  },
  answer: (sent, b, { app_id }) => {
    const d = sent as { name?: string | null; lines: string[] };
    // The lines name the app's entries (some only the platform gave): data, with the app's name.
    if (!d.lines.length) return `Nothing sent: edge app ${app_id} on ${nameOf(b.connectionName)} already has this configuration.`;
    return writeAnswer({
      head: `Changed edge app ${app_id} on ${nameOf(b.connectionName)}; the app's name and what changed:`,
      source: 'set_edge_app_config',
      platform: { name: d.name, changes: d.lines },
    });
  },
});

// FastEdge secrets, described once: created, its value in use replaced (destructive: the value it
// held cannot be read back), deleted (its name typed in the command; `force` exactly when apps use
// it, and how many in the facts). A value is never shown, only its length: create and replace are
// command-only (the value is typed in the editor's masked box; in a tool it would pass through the
// model and sit in the conversation).
import * as z from 'zod';
import { readSecretUsers, type AppRef } from '../platform/edgeSecretUsers';
import type { PlatformApi } from '../platform/api';
import { endpoints } from '../schema/endpoints';
import { EDGE_SECRET_VALUE_MAX, type EdgeSecret } from '../schema/edgeSecrets';
import { textOf } from '../schema/schemaKit';
import { validateRequest } from '../schema/validate';
import { checkedRequest, defineOperation, readNothing } from './operation';

/** A secret as read (its id as asked) and, for a delete, the apps that refer to it. */
export interface EdgeSecretThing {
  readonly secret: EdgeSecret & { id: number };
  readonly users: readonly AppRef[];
  /** As many users found as the secret's `app_count`. */
  readonly complete: boolean;
}

const valueField = () => textOf(1, EDGE_SECRET_VALUE_MAX).describe('The value (typed in a masked box; never shown, only its length)').meta({ title: 'Value' });
export const valueText = (value: string) => `${value.length} character${value.length === 1 ? '' : 's'}, not shown`;
const secretName = (s: EdgeSecretThing['secret']) => s.name || String(s.id);
const secretFact = (s: EdgeSecretThing['secret']) => ['Secret', `${s.name || '(no name)'} (ID ${s.id})`] as const;
/** "1 app", "2 apps", "no app"; the platform's count when it gave one. */
export const appCount = (count: number | null | undefined) =>
  count === null || count === undefined ? 'not stated' : count === 0 ? 'no app' : count === 1 ? '1 app' : `${count} apps`;
/** "app-a (101), app-b (102)"; more than `max` are counted. */
export function appNames(apps: readonly AppRef[], max = 10): string {
  const shown = apps.slice(0, max).map((a) => `${a.name || 'app'} (${a.id})`);
  return apps.length > max ? `${shown.join(', ')} and ${apps.length - max} more` : shown.join(', ');
}
/** Who uses a secret of `count` users: named, and how many were not found among the apps read. */
const usersText = ({ users, complete }: EdgeSecretThing, count: number) =>
  users.length ? `${appNames(users)}${complete ? '' : ` (of ${count}; the others were not found among the apps read)`}` : 'not found among the apps read';

/** The secret as the platform has it now, its users not read yet. */
export async function readEdgeSecret(api: PlatformApi, secret_id: number, signal?: AbortSignal): Promise<EdgeSecretThing> {
  const read = await api.edge.getEdgeSecret({ params: { secret_id } }, signal ? { signal } : {});
  return { secret: { ...read, id: secret_id }, users: [], complete: true };
}

/** The apps that refer to the secret, read from the apps (the platform gives only their count): what a delete names. */
export async function withUsers(api: PlatformApi, thing: EdgeSecretThing, signal?: AbortSignal): Promise<EdgeSecretThing> {
  const { users, complete } = await readSecretUsers(api, thing.secret.id, thing.secret.app_count ?? 0, signal);
  return { ...thing, users, complete };
}

const create = () => endpoints.createEdgeSecret;
const createFields = () =>
  z.strictObject({
    name: create().body.shape.name.describe('The name apps refer to it by').meta({ title: 'Secret name' }),
    comment: create().body.shape.comment.describe('What the secret is for').meta({ title: 'Comment' }),
    value: valueField(),
  });
export const createEdgeSecret = defineOperation({
  name: 'createEdgeSecret',
  title: 'Create Edge Secret',
  noun: 'The new edge secret',
  kind: 'write',
  button: 'Create',
  done: ({ name }) => `Created edge secret ${JSON.stringify(name)}`,
  fields: createFields,
  request: (input) => {
    const { name, comment, value } = validateRequest(createFields(), input);
    return checkedRequest(create(), { params: {}, body: { name, ...(comment ? { comment } : {}), secret_slots: [{ slot: 0, value }] } });
  },
  action: ({ name }) => `Create edge secret ${name}`,
  // Nothing to read: the secret does not exist yet (a name taken is refused by the wizard and by the platform).
  read: readNothing,
  readsNothing: true,
  target: ({ name, comment, value }) => ({
    facts: [['Name', name], ...(comment ? [['Comment', comment] as const] : []), ['Value', valueText(value)], ['Slot', '0 (in use from the start)']],
    consequence: 'Apps can refer to it by its name.',
  }),
});

const patch = () => endpoints.patchEdgeSecret;
const replaceFields = () =>
  z.strictObject({
    secret_id: patch().params.shape.secret_id.describe('The secret id').meta({ title: 'Secret ID' }),
    slot: z
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .describe('The slot replaced: the one in use (Unix seconds it began; 0 from the start)')
      .meta({ title: 'Slot' }),
    value: valueField(),
  });
const slotText = (slot: number) => (slot === 0 ? 'the value in use (slot 0)' : `the value in use (slot ${slot}, from ${new Date(slot * 1000).toISOString()})`);
export const replaceEdgeSecretValue = defineOperation({
  name: 'replaceEdgeSecretValue',
  title: 'Replace Edge Secret Value',
  noun: 'The edge secret',
  kind: 'destructive',
  button: 'Replace',
  done: ({ secret_id }) => `Replaced the value of edge secret ${secret_id}`,
  fields: replaceFields,
  request: (input) => {
    const { secret_id, slot, value } = validateRequest(replaceFields(), input);
    return checkedRequest(patch(), { params: { secret_id }, body: { secret_slots: [{ slot, value }] } });
  },
  action: ({ secret_id }, thing?: EdgeSecretThing) => `Replace the value of edge secret ${thing ? secretName(thing.secret) : secret_id} (${secret_id})`,
  read: (api, { secret_id }, signal) => readEdgeSecret(api, secret_id, signal),
  target: ({ secret_id, slot, value }, thing) => ({
    facts: [
      thing ? secretFact(thing.secret) : ['Secret', `ID ${secret_id}`],
      ['Used by', appCount(thing?.secret.app_count)],
      ['Slot', slotText(slot)],
      ['Value', valueText(value)],
    ],
    consequence: `The value it holds now is overwritten and cannot be read back.${thing?.secret.app_count ? ' The apps that refer to this secret read the new value from their next request.' : ''}`,
  }),
});

const remove = () => endpoints.deleteEdgeSecret;
export const deleteEdgeSecret = defineOperation({
  name: 'deleteEdgeSecret',
  title: 'Delete Edge Secret',
  noun: 'The edge secret',
  kind: 'destructive',
  button: 'Delete',
  done: ({ secret_id }) => `Deleted edge secret ${secret_id}`,
  fields: () =>
    z.strictObject({
      secret_id: remove().params.shape.secret_id.describe('The secret id (list_edge_secrets finds it)').meta({ title: 'Secret ID' }),
      force: z
        .boolean()
        .optional()
        .describe('Delete even though apps use it (they lose it); only when the person agreed')
        .meta({ title: 'Delete though apps use it' }),
    }),
  request: ({ secret_id, force }) => checkedRequest(remove(), { params: { secret_id }, query: force ? { force: true } : {} }),
  action: ({ secret_id, force }, thing?: EdgeSecretThing) =>
    `Delete edge secret ${thing ? secretName(thing.secret) : secret_id}${force ? ' even though apps use it' : ''}`,
  read: async (api, { secret_id }, signal) => withUsers(api, await readEdgeSecret(api, secret_id, signal), signal),
  target: ({ secret_id, force }, thing) => {
    const count = thing?.secret.app_count ?? 0;
    return {
      facts: [
        thing ? secretFact(thing.secret) : ['Secret', `ID ${secret_id}`],
        ['Comment', thing?.secret.comment || '(none)'],
        ['Apps using it', thing && count ? `${appCount(count)}: ${usersText(thing, count)}` : thing ? 'none' : 'not stated'],
        ['Force', force ? 'yes: deleted even though apps use it' : 'no: the platform refuses while an app uses it'],
      ],
      consequence: count
        ? `It is deleted with all its values; ${count === 1 ? 'the app above loses it and fails where it reads it' : 'the apps above lose it and fail where they read it'}.`
        : 'It is deleted with all its values.',
    };
  },
  typedName: ({ secret_id }, thing) => (thing ? secretName(thing.secret) || String(secret_id) : undefined),
});

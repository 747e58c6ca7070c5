// FastEdge secrets for agents: list_edge_secrets (read: names, comments, how many apps use each)
// and delete_edge_secret (destructive: the person sees the secret and the apps that refer to it
// before it is sent). There is no tool that sets or reads a value: a value typed into a chat would
// sit in the conversation and the model's context, so values are set only in the editor's masked box.
import * as z from 'zod';
import { readSecretUsers, type AppRef } from '../../../platform/edgeSecretUsers';
import { endpoints } from '../../../schema/endpoints';
import { validateCall } from '../../../schema/validate';
import { quoted as q } from './platformText';
import { listed } from './readTools';
import { connectionField, defineTool, type AgentBinding, type WriteTarget } from './toolKit';
import { LIST_MAX, listAnswer, nameOf } from './toolAnswers';

const used = (count: number | null | undefined) => (count === null || count === undefined ? 'use unknown' : count === 0 ? 'used by no app' : `used by ${count} app${count === 1 ? '' : 's'}`);
const appsText = (apps: readonly AppRef[]) => apps.map((a) => `${q(a.name || 'app')} (${a.id})`).join(', ');

export const listEdgeSecrets = defineTool({
  name: 'list_edge_secrets',
  referenceName: 'platformEdgeSecrets',
  displayName: 'List Edge Secrets',
  userDescription: "The account's FastEdge secrets: names, comments and how many apps use each (never a value)",
  modelDescription: `Lists the account's FastEdge secrets: id, name, comment and how many apps refer to each. Values are write-only on the platform and never part of an answer. Optional app_id lists only the secrets that app uses. At most ${LIST_MAX} per answer with the total. delete_edge_secret takes an id from here.`,
  kind: 'read',
  input: () => z.strictObject({ ...connectionField, app_id: endpoints.listEdgeSecrets.query.shape.app_id.describe('Only the secrets this app uses (list_edge_apps finds app ids)') }),
  run: async (b, { app_id }) => {
    const signal = b.signal;
    const query = app_id !== undefined ? { app_id } : {};
    const list = await listed(b, 'listEdgeSecrets', () => b.api.edge.listEdgeSecrets({ params: {}, query }, { signal }), 'This server has no FastEdge secrets.');
    if (typeof list === 'string') return list;
    const secrets = list.secrets ?? [];
    return listAnswer({
      title: `Edge secrets on ${nameOf(b.connectionName)}${app_id !== undefined ? ` used by app ${app_id}` : ''}`,
      source: 'list_edge_secrets',
      items: secrets.slice(0, LIST_MAX),
      total: list.count ?? secrets.length,
      line: (s) => `id ${s.id}: ${q(s.name ?? '')} · ${used(s.app_count)}${s.comment ? ` · comment ${q(s.comment)}` : ''}`,
      narrow: 'ask the person for the secret\'s name; the platform filters by exact name only in its own console.',
    });
  },
});

/** The secret as the platform has it now, and the apps that lose it: what the person reads before deciding. */
async function readSecret(b: AgentBinding, secret_id: number): Promise<WriteTarget> {
  const secret = await b.api.edge.getEdgeSecret({ params: { secret_id } }, { signal: b.signal });
  const count = secret.app_count ?? 0;
  const { users, complete } = await readSecretUsers(b.api, secret_id, count, b.signal);
  const named = users.length ? `${appsText(users)}${complete ? '' : ` (of ${count}; the others were not found among the apps read)`}` : count ? 'not found among the apps read' : 'none';
  return {
    noun: 'The edge secret',
    facts: [
      ['name', secret.name ?? '(no name)'],
      ['comment', secret.comment || '(none)'],
      ['apps using it', named],
    ],
    consequence: count
      ? 'It is deleted with all its values; the apps above lose it and fail where they read it. This cannot be undone.'
      : 'It is deleted with all its values. This cannot be undone.',
  };
}

export const deleteEdgeSecret = defineTool({
  name: 'delete_edge_secret',
  referenceName: 'platformDeleteEdgeSecret',
  displayName: 'Delete Edge Secret',
  userDescription: 'Delete a FastEdge secret (cannot be undone; apps using it lose it)',
  modelDescription:
    'Deletes a FastEdge secret with all its values, for good. The secret and the apps that refer to it are read first so the person sees them and confirms. A secret that apps use is refused by the platform unless force is true: set force only when the person agreed that those apps lose it. Use only when the person asked to delete that secret; list_edge_secrets finds the id.',
  kind: 'destructive',
  input: () =>
    z.strictObject({
      ...connectionField,
      secret_id: endpoints.deleteEdgeSecret.params.shape.secret_id.describe('The secret id (list_edge_secrets finds it)'),
      force: z.boolean().optional().describe('Delete even though apps use it (they lose it); only when the person agreed'),
    }),
  prepare: ({ secret_id, force }) => {
    const checked = validateCall(endpoints.deleteEdgeSecret, { params: { secret_id }, query: force ? { force: true } : {} });
    return { endpoint: endpoints.deleteEdgeSecret, call: { params: checked.params, query: checked.query }, operation: `Delete edge secret ${secret_id}${force ? ' even though apps use it' : ''}` };
  },
  readTarget: (b, { secret_id }) => readSecret(b, secret_id),
  answer: (_sent, b, { secret_id }) => `Deleted edge secret ${secret_id} on ${nameOf(b.connectionName)}; apps that referred to it no longer do.`,
});

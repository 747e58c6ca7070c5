// FastEdge secrets for agents: list_edge_secrets (read: names, comments, how many apps use each)
// and delete_edge_secret (the catalog's operation, src/operations/edgeSecrets.ts). There is no tool
// that sets or reads a value: a value typed into a chat would sit in the conversation and the
// model's context, so values are set only in the editor's masked box (Create Edge Secret and
// Replace Edge Secret Value are command-only operations).
import * as z from 'zod';
import { deleteEdgeSecret as deleteEdgeSecretOp } from '../../../operations/edgeSecrets';
import { endpoints } from '../../../schema/endpoints';
import { toolFromOperation } from './operationTool';
import { quoted as q } from './platformText';
import { listed } from './readTools';
import { connectionField, defineTool } from './toolKit';
import { LIST_MAX, listAnswer, nameOf } from './toolAnswers';

const used = (count: number | null | undefined) =>
  count === null || count === undefined ? 'use unknown' : count === 0 ? 'used by no app' : `used by ${count} app${count === 1 ? '' : 's'}`;

export const listEdgeSecrets = defineTool({
  name: 'list_edge_secrets',
  referenceName: 'platformEdgeSecrets',
  displayName: 'List Edge Secrets',
  userDescription: "The account's FastEdge secrets: names, comments and how many apps use each (never a value)",
  modelDescription: `Lists the account's FastEdge secrets: id, name, comment and how many apps refer to each. Values are write-only on the platform and never part of an answer. Optional app_id lists only the secrets that app uses. At most ${LIST_MAX} per answer with the total. delete_edge_secret takes an id from here.`,
  kind: 'read',
  input: () =>
    z.strictObject({
      ...connectionField,
      app_id: endpoints.listEdgeSecrets.query.shape.app_id.describe('Only the secrets this app uses (list_edge_apps finds app ids)'),
    }),
  run: async (b, { app_id }) => {
    const signal = b.signal;
    const query = app_id !== undefined ? { app_id } : {};
    const list = await listed(
      b,
      'listEdgeSecrets',
      () => b.api.edge.listEdgeSecrets({ params: {}, query }, { signal }),
      'This server has no FastEdge secrets.',
    );
    if (typeof list === 'string') return list;
    const secrets = list.secrets ?? [];
    return listAnswer({
      title: `Edge secrets on ${nameOf(b.connectionName)}${app_id !== undefined ? ` used by app ${app_id}` : ''}`,
      source: 'list_edge_secrets',
      items: secrets.slice(0, LIST_MAX),
      total: list.count ?? secrets.length,
      line: (s) => `id ${s.id}: ${q(s.name ?? '')} · ${used(s.app_count)}${s.comment ? ` · comment ${q(s.comment)}` : ''}`,
      narrow: "ask the person for the secret's name; the platform filters by exact name only in its own console.",
    });
  },
});

export const deleteEdgeSecret = toolFromOperation(deleteEdgeSecretOp, {
  name: 'delete_edge_secret',
  referenceName: 'platformDeleteEdgeSecret',
  userDescription: 'Delete a FastEdge secret (cannot be undone; apps using it lose it)',
  purpose:
    'Deletes a FastEdge secret with all its values, for good; the apps that refer to it are named with it. A secret that apps use is refused by the platform unless force is true: set force only when the person agreed that those apps lose it.',
  usage: 'Use only when the person asked to delete that secret; list_edge_secrets finds the id.',
  answer: (_sent, _b, _input, done) => `${done}; apps that referred to it no longer do.`,
});

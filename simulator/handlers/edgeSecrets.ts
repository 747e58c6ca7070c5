// The account's FastEdge secrets: CRUD with time slots; a value is kept only as its checksum and
// length; a used secret's delete answers the published 409 with the ids of the apps using it
// unless `force` is true (the references are then dropped from those apps).
import type { endpoints } from '../../src/schema/endpoints';
import { notFound, refused } from '../errors';
import { HandlerReply, jsonReply } from '../reply';
import { EDGE_ACCOUNT_CLIENT } from '../state/seedEdge';
import { slotOf, type EdgeSecretRecord } from '../state/seedEdgeSecrets';
import type { SimContext, Handler } from './types';

type State = SimContext['state'];

function appsUsing(state: State, id: number): number[] {
  return [...state.edgeApps.values()]
    .filter((a) => a.client_id === EDGE_ACCOUNT_CLIENT && Object.values(a.secrets ?? {}).some((ref) => ref.id === id))
    .map((a) => a.id);
}

function ownSecret(state: State, id: number): EdgeSecretRecord {
  const secret = state.edgeSecrets.get(id);
  if (!secret) throw notFound(`secret ${id} not found`);
  return secret;
}

function nameTaken(state: State, name: string, except?: number): boolean {
  return [...state.edgeSecrets.values()].some((s) => s.name === name && s.id !== except);
}

/** The published `secret_short`. */
function shortSecret(state: State, s: EdgeSecretRecord) {
  return { id: s.id, name: s.name, comment: s.comment, app_count: appsUsing(state, s.id).length };
}

/** The published `secret` with its id: slots carry `slot` and `checksum`, never `value`. */
function fullSecret(state: State, s: EdgeSecretRecord) {
  return { ...shortSecret(state, s), secret_slots: s.slots.map(({ slot, checksum }) => ({ slot, checksum })) };
}

export const listEdgeSecrets: Handler<typeof endpoints.listEdgeSecrets> = ({ query }, { state }) => {
  let secrets = [...state.edgeSecrets.values()];
  if (query?.app_id !== undefined) {
    const app = state.edgeApps.get(query.app_id);
    if (!app || app.client_id !== EDGE_ACCOUNT_CLIENT) throw notFound(`app ${query.app_id} not found`);
    const ids = new Set(Object.values(app.secrets ?? {}).map((ref) => ref.id));
    secrets = secrets.filter((s) => ids.has(s.id));
  }
  if (query?.secret_name !== undefined) secrets = secrets.filter((s) => s.name === query.secret_name);
  return { secrets: secrets.map((s) => shortSecret(state, s)), count: secrets.length };
};

export const createEdgeSecret: Handler<typeof endpoints.createEdgeSecret> = ({ body }, { state }) => {
  if (nameTaken(state, body.name)) throw refused('body', 'name', `a secret named ${body.name} already exists`);
  const id = Math.max(0, ...state.edgeSecrets.keys()) + 1;
  const secret: EdgeSecretRecord = { id, name: body.name, comment: body.comment ?? '', slots: (body.secret_slots ?? []).map((s) => slotOf(s.slot, s.value)) };
  state.edgeSecrets.set(id, secret);
  return fullSecret(state, secret);
};

export const getEdgeSecret: Handler<typeof endpoints.getEdgeSecret> = ({ params }, { state }) => fullSecret(state, ownSecret(state, params.secret_id));

export const patchEdgeSecret: Handler<typeof endpoints.patchEdgeSecret> = ({ params, body }, { state }) => {
  const secret = ownSecret(state, params.secret_id);
  if (body.name !== undefined && body.name !== secret.name) {
    if (nameTaken(state, body.name, secret.id)) throw refused('body', 'name', `a secret named ${body.name} already exists`);
    secret.name = body.name;
    for (const app of state.edgeApps.values()) {
      for (const ref of Object.values(app.secrets ?? {})) if (ref.id === secret.id) ref.name = body.name;
    }
  }
  if (body.comment !== undefined) secret.comment = body.comment;
  // Slots sent replace those with the same `slot`; the others stay.
  for (const s of body.secret_slots ?? []) {
    secret.slots = [...secret.slots.filter((old) => old.slot !== s.slot), slotOf(s.slot, s.value)].sort((a, b) => a.slot - b.slot);
  }
  return fullSecret(state, secret);
};

export const deleteEdgeSecret: Handler<typeof endpoints.deleteEdgeSecret> = ({ params, query }, { state }) => {
  const secret = ownSecret(state, params.secret_id);
  const users = appsUsing(state, secret.id);
  if (users.length > 0 && query?.force !== true) {
    return new HandlerReply(jsonReply(409, { error: `secret ${secret.name} is used by ${users.length} app(s)`, conflicting_ids: users }));
  }
  for (const id of users) {
    const app = state.edgeApps.get(id);
    if (app?.secrets) app.secrets = Object.fromEntries(Object.entries(app.secrets).filter(([, ref]) => ref.id !== secret.id));
  }
  state.edgeSecrets.delete(secret.id);
  return undefined;
};

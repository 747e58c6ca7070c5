// The account's details and its API tokens (IAM API v2): create (the secret answered once), list
// (live ones unless `deleted=true`), delete (204; a second delete 404). Only the account's own
// client id is served.
import type { endpoints } from '../../src/schema/endpoints';
import { TOKEN_ROLES } from '../../src/schema/iamTokens';
import { mintSecret, tokenAnswer, type ApiTokenRecord } from '../apiTokens';
import { notFound, refused } from '../errors';
import type { SimState } from '../state/seed';
import { isoMillis } from '../timeFormat';
import type { Handler } from './types';

function ownAccount(state: SimState, clientId: number): void {
  if (clientId !== state.account.clientId) throw notFound(`account ${clientId}`);
}

export const getAccountDetails: Handler<typeof endpoints.getAccountDetails> = (_input, { state }) => ({
  id: state.account.clientId,
  users: [],
  email: 'admin@example.com',
  phone: null,
  name: 'Simulated Admin',
  status: 'active',
  companyName: 'Simulated Company',
  website: '',
  currentUser: state.account.userId,
  capabilities: ['CDN', 'STORAGE', 'DNS', 'DDOS', 'CLOUD'],
  serviceStatuses: {},
  paidFeatures: {},
  freeFeatures: {},
  entryBaseDomain: null,
  deleted: false,
  bill_type: 'prepaid',
  custom_id: null,
  country_code: 'LU',
  is_test: true,
  has_active_admin: true,
});

export const listApiTokens: Handler<typeof endpoints.listApiTokens> = ({ params, query }, { state, nowMs }) => {
  ownAccount(state, params.clientId);
  const all = [...state.apiTokens.values()].map((t) => tokenAnswer(t, nowMs, state.account));
  return all.filter((t) => (query?.deleted === true || !t.deleted) && (query?.role === undefined || t.client_user.role.name === query.role));
};

export const createApiToken: Handler<typeof endpoints.createApiToken> = ({ params, body }, { state, nowMs }) => {
  ownAccount(state, params.clientId);
  if (body.exp_date !== null && Date.parse(body.exp_date) <= nowMs) throw refused('body', 'exp_date', 'Expiration date must be in the future.');
  const given = body.client_user.role;
  const role = TOKEN_ROLES.find((r) => r.name === given.name);
  if (!role || (given.id !== undefined && given.id !== role.id)) throw refused('body', 'client_user.role', `Invalid role: ${given.name}`);
  const id = Math.max(41, ...state.apiTokens.keys()) + 1;
  const { token, secretSha256 } = mintSecret(id);
  const record: ApiTokenRecord = {
    id,
    name: body.name,
    ...(body.description === undefined ? {} : { description: body.description }),
    exp_date: body.exp_date,
    created: isoMillis(nowMs),
    // The published schema requires a date here: a token never used shows when it was issued.
    last_usage: isoMillis(nowMs),
    role: { id: role.id, name: role.name },
    deleted: false,
    secretSha256,
  };
  state.apiTokens.set(id, record);
  return { token, ...tokenAnswer(record, nowMs, state.account) };
};

export const deleteApiToken: Handler<typeof endpoints.deleteApiToken> = ({ params }, { state }) => {
  ownAccount(state, params.clientId);
  const token = state.apiTokens.get(params.tokenId);
  if (!token || token.deleted) throw notFound(`API token ${params.tokenId}`);
  token.deleted = true;
  return undefined;
};

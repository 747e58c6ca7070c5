// Agent tokens (#56): minting an API token for an agent and revoking it, described once. Both have a
// command face only (no agent tool): an agent must never mint or revoke its own credentials, so the
// catalog lists them and the parity test's COMMAND_ONLY says why. The secret the platform answers
// is never part of what a face says: `done` names the token by its id.
import * as z from 'zod';
import { endpoints } from '../schema/endpoints';
import { TOKEN_NAME_MAX, TOKEN_ROLES, type TokenRoleName } from '../schema/iamTokens';
import { positiveId, textOf } from '../schema/schemaKit';
import { formatUtc } from '../ui/text/timeText';
import { checkedRequest, defineOperation, idOf, readNothing } from './operation';

/** The platform's roles, the least powerful first (what the wizard offers, in this order). */
export const TOKEN_ROLES_LEAST_FIRST = [
  'Purge and Prefetch only (API)',
  'Purge and Prefetch only (API+Web)',
  'Users',
  'Engineers',
  'Administrators',
] as const satisfies readonly TokenRoleName[];

const RFC3339_UTC_WORDS = 'a date and time in UTC (2026-01-01T12:00:00Z)';

/** The expiry the product sends: RFC 3339 in UTC, never null (a token that never expires is never minted). */
const expiryField = () =>
  z
    .string(RFC3339_UTC_WORDS)
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, `must be ${RFC3339_UTC_WORDS}`)
    .describe('When the token stops working, in UTC')
    .meta({ title: 'Expires' });

const accountField = () => positiveId().describe("The account's id (GET /iam/clients/me)").meta({ title: 'Account ID' });

/** `2026-11-29 17:00:00 UTC (18:00 local)`: the expiry as the person confirms it. */
export function expiryBothZones(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const local = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  const localText = `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}`;
  return `${formatUtc(iso) ?? iso} (${localText} local time)`;
}

const roleOf = (name: string) => TOKEN_ROLES.find((r) => r.name === name);

export const createAgentToken = defineOperation({
  name: 'createAgentToken',
  title: 'Create Agent Token',
  noun: 'The agent token',
  kind: 'write',
  button: 'Create Token',
  fields: () =>
    z.strictObject({
      name: textOf(1, TOKEN_NAME_MAX).describe('The name the token is listed under').meta({ title: 'Token name' }),
      role: z
        .enum(TOKEN_ROLES_LEAST_FIRST, `must be one of the platform's roles: ${TOKEN_ROLES_LEAST_FIRST.join(', ')}`)
        .describe("The platform's role the token acts with")
        .meta({ title: 'Role' }),
      exp_date: expiryField(),
      clientId: accountField(),
    }),
  request: ({ clientId, name, role, exp_date }) =>
    checkedRequest(endpoints.createApiToken, {
      params: { clientId },
      body: { name, exp_date, client_user: { role: { ...(roleOf(role) ? { id: roleOf(role)!.id } : {}), name: role } } },
    }),
  action: ({ name }) => `Create agent token ${name}`,
  read: readNothing,
  readsNothing: true,
  target: ({ name, role, exp_date, clientId }) => ({
    facts: [
      ['Name', name],
      ['Role', role],
      ['Expires', expiryBothZones(exp_date)],
      ['Account ID', String(clientId)],
    ],
    consequence:
      'The token acts for the account with this role until it expires or is revoked (it is not read-only); ' +
      "it is kept in the editor's secret storage, never shown, and revoked at expiry and at Sign Out.",
  }),
  done: (_input, _thing, answer) => `Created agent token ${idOf(answer)}`,
});

/** The token as the editor knows it (its record): what the revoke names before anything is sent. */
export interface AgentTokenThing {
  readonly name: string;
  readonly role: { readonly name: string };
  readonly expiresAt: string;
  readonly usedBy: readonly string[];
}

export const revokeAgentToken = defineOperation({
  name: 'revokeAgentToken',
  title: 'Revoke Agent Token',
  noun: 'The agent token',
  kind: 'destructive',
  button: 'Revoke',
  fields: () =>
    z.strictObject({
      clientId: accountField(),
      tokenId: positiveId().describe("The token's id on the platform").meta({ title: 'Token ID' }),
    }),
  request: ({ clientId, tokenId }) => checkedRequest(endpoints.deleteApiToken, { params: { clientId, tokenId } }),
  action: ({ tokenId }, thing?: AgentTokenThing) => `Revoke agent token ${thing?.name ?? tokenId}`,
  // The token is the editor's own record (its name, role and expiry as minted), handed in by the command: nothing to read first.
  read: readNothing as unknown as (api: unknown, input: unknown) => Promise<AgentTokenThing>,
  readsNothing: true,
  target: ({ tokenId }, thing) => ({
    facts: [
      ...(thing
        ? ([
            ['Name', thing.name],
            ['Role', thing.role.name],
            ['Expires', expiryBothZones(thing.expiresAt)],
            ['Used by', thing.usedBy.length ? thing.usedBy.join(', ') : 'not in use'],
          ] as const)
        : []),
      ['Token ID', String(tokenId)],
    ],
    consequence:
      'Every agent using it stops: the platform refuses its next request. ' +
      'By the platform\'s own words, "after deleting the token, all applications that use this token will not be able to get access to your account via API".',
  }),
  typedName: (_input, thing) => thing?.name,
  done: ({ tokenId }) => `Revoked agent token ${tokenId}`,
});

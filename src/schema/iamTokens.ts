// The account's API tokens (IAM API, iam_api.yaml): the account's id (`GET /iam/clients/me`), and
// the v2 token endpoints, which mint a token with an expiry and a role, list and delete them. The
// v1 paths (`/iam/clients/{clientId}/tokens`) were removed on 2026-07-17 by the published file's
// own notice, so only v2 is sent. Agent tokens (#56) are made and revoked with these.
import * as z from 'zod';
import { defineEndpoint } from './endpoint';
import { lazySchema, real } from './lazySchema';
import { lenientBool, lenientInt, lenientObject, lenientText, positiveId, requiredLenientInt, textOf, typeError } from './schemaKit';
import { usableItems } from './paging';

/** The platform's roles (the `Group` schema): id and name, in the published order of their ids. */
export const TOKEN_ROLES = [
  { id: 1, name: 'Administrators' },
  { id: 2, name: 'Users' },
  { id: 5, name: 'Engineers' },
  { id: 3009, name: 'Purge and Prefetch only (API+Web)' },
  { id: 3022, name: 'Purge and Prefetch only (API)' },
] as const;
export type TokenRoleName = (typeof TOKEN_ROLES)[number]['name'];
export const TOKEN_ROLE_NAMES = TOKEN_ROLES.map((r) => r.name) as [TokenRoleName, ...TokenRoleName[]];

/** The platform's date form for `exp_date` and `created`: ISO 8601 / RFC 3339, UTC. */
const RFC3339_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]00:00)$/;

/** The name a token is listed under: the published file sets no limit; 255 is what a name field holds. */
export const TOKEN_NAME_MAX = 255;

/** The account: only its id is needed (the token paths take it); everything else is kept as sent. */
export const accountDetails = lazySchema(() =>
  z.looseObject({
    id: requiredLenientInt(),
    name: lenientText(),
    companyName: lenientText(),
    email: lenientText(),
  }),
);
export type AccountDetails = z.output<typeof accountDetails>;

/** A token as listed (`TokenResponse`): never its secret, which only the creation answer holds. */
export const apiToken = lazySchema(() =>
  z.looseObject({
    id: requiredLenientInt(),
    name: lenientText(),
    description: lenientText(),
    exp_date: lenientText(),
    deleted: lenientBool(),
    expired: lenientBool(),
    created: lenientText(),
    last_usage: lenientText(),
    client_user: lenientObject({
      role: lenientObject({ id: lenientInt(), name: lenientText() }),
      user_id: lenientInt(),
      user_name: lenientText(),
      user_email: lenientText(),
      client_id: lenientInt(),
      deleted: lenientBool(),
    }),
  }),
);
export type ApiToken = z.output<typeof apiToken>;

/** The creation answer (`CreateTokenResponseV2`): the token's secret, shown once, and its record. */
export const createdApiToken = lazySchema(() => real(apiToken).extend({ token: z.string().min(1, 'the platform sent no token') }));
export type CreatedApiToken = z.output<typeof createdApiToken>;

/** The creation body (`Token-2`). `exp_date` null would never expire: the API allows it, the product never sends it. */
export const createApiTokenBody = lazySchema(() =>
  z.strictObject({
    name: textOf(1, TOKEN_NAME_MAX),
    description: textOf(0, 1000).optional(),
    exp_date: z
      .string(typeError('must be a date and time in UTC (2026-01-01T12:00:00Z)'))
      .regex(RFC3339_UTC, 'must be a date and time in UTC (2026-01-01T12:00:00Z)')
      .nullable(),
    client_user: z.strictObject({
      role: z.strictObject({
        id: z.union(TOKEN_ROLES.map((r) => z.literal(r.id))).optional(),
        name: z.enum(TOKEN_ROLE_NAMES, `must be one of the platform's roles: ${TOKEN_ROLE_NAMES.join(', ')}`),
      }),
    }),
  }),
);
export type CreateApiTokenBody = z.input<typeof createApiTokenBody>;

export const getAccountDetailsEndpoint = defineEndpoint('getAccountDetails', {
  errorShape: 'iam',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({})),
  query: undefined,
  body: undefined,
  response: accountDetails,
});

export const listApiTokensEndpoint = defineEndpoint('listApiTokens', {
  errorShape: 'iam',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({ clientId: positiveId() })),
  query: lazySchema(() =>
    z.strictObject({
      role: textOf(1, 64).optional(),
      issued_by: positiveId().optional(),
      not_issued_by: positiveId().optional(),
      deleted: z.boolean().optional(),
    }),
  ),
  body: undefined,
  response: lazySchema(() => usableItems(real(apiToken))),
});

export const createApiTokenEndpoint = defineEndpoint('createApiToken', {
  errorShape: 'iam',
  successStatus: 200,
  params: lazySchema(() => z.strictObject({ clientId: positiveId() })),
  query: undefined,
  body: createApiTokenBody,
  response: createdApiToken,
});

export const deleteApiTokenEndpoint = defineEndpoint('deleteApiToken', {
  errorShape: 'iam',
  successStatus: 204,
  params: lazySchema(() => z.strictObject({ clientId: positiveId(), tokenId: positiveId() })),
  query: undefined,
  body: undefined,
  response: undefined,
});

// The account's API tokens (IAM API v2): minted with a name, a role and an expiry, the secret shown
// once (`<id>_<40 hex>`, the v2 form) and kept only as its SHA-256. A live token is accepted like
// the key; a deleted or expired one answers 401. Its role is kept as data: the platform documents
// what its roles govern per product, not per request, so the simulator enforces none of it.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export interface ApiTokenRecord {
  id: number;
  name: string;
  description?: string;
  /** RFC 3339 UTC, or null: never expires. */
  exp_date: string | null;
  created: string;
  /** When it was last accepted (RFC 3339); its creation before its first use. */
  last_usage: string;
  role: { id: number; name: string };
  deleted: boolean;
  /** SHA-256 of the secret part: the token itself is never kept. */
  secretSha256: Buffer;
}

/** What an Authorization header names: the person's key, a token by id, or nothing the simulator accepts. */
export type Credential = { kind: 'key' } | { kind: 'token'; id: number } | { kind: 'none'; reason: 'missing' | 'wrong' };

const V2_TOKEN = /^(\d{1,15})_([0-9a-f]{40})$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest();

export function expired(token: ApiTokenRecord, nowMs: number): boolean {
  return token.exp_date !== null && Date.parse(token.exp_date) <= nowMs;
}

/** A new token's secret for `id`: what the creation answer shows once. */
export function mintSecret(id: number): { token: string; secretSha256: Buffer } {
  const secret = randomBytes(20).toString('hex');
  return { token: `${id}_${secret}`, secretSha256: sha256(secret) };
}

/**
 * The credential of `apikey <value>`: the key (compared whole), or a live token of `tokens`. A
 * deleted or expired token is `wrong`, as the platform answers 401 for it.
 */
export function credentialOf(header: string | undefined, expectedHeader: string, tokens: ReadonlyMap<number, ApiTokenRecord>, nowMs: number): Credential {
  if (!header) return { kind: 'none', reason: 'missing' };
  if (header === expectedHeader) return { kind: 'key' };
  const match = /^apikey (.+)$/.exec(header);
  const parts = match && V2_TOKEN.exec(match[1]!);
  if (!parts) return { kind: 'none', reason: 'wrong' };
  const token = tokens.get(Number(parts[1]));
  if (!token || token.deleted || expired(token, nowMs)) return { kind: 'none', reason: 'wrong' };
  return timingSafeEqual(token.secretSha256, sha256(parts[2]!)) ? { kind: 'token', id: token.id } : { kind: 'none', reason: 'wrong' };
}

/** How the request log names a credential: `key`, `token 42`, or `none`. */
export function credentialLabel(credential: Credential): string {
  return credential.kind === 'token' ? `token ${credential.id}` : credential.kind;
}

/** The token as the API lists it (`TokenResponse`): never its secret. */
export function tokenAnswer(token: ApiTokenRecord, nowMs: number, issuer: { userId: number; clientId: number }) {
  const gone = expired(token, nowMs);
  return {
    id: token.id,
    name: token.name,
    ...(token.description === undefined ? {} : { description: token.description }),
    exp_date: token.exp_date,
    // An expired token is deleted by the platform (the published file says so).
    deleted: token.deleted || gone,
    expired: gone,
    created: token.created,
    last_usage: token.last_usage,
    client_user: {
      deleted: token.deleted || gone,
      user_id: issuer.userId,
      user_name: 'Simulated Admin',
      user_email: 'admin@example.com',
      client_id: issuer.clientId,
      role: { ...token.role },
    },
  };
}

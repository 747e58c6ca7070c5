// What the request log keeps of a body or query: everything tests check (a profile PATCH, a
// schedule, a query) but no secret material. The log is served over HTTP and printed when a test
// fails, so a secret's payload, a password or a PEM block is replaced by its length.

/** Fields whose values are secret material or credentials, whatever the route (compared in lower case). */
const SECRET_FIELDS = new Set([
  'payload', // createSecret: the secret itself (a key, a certificate, a PKCS12 bundle, a password)
  'secret_slots', // an edge secret's slots carry its plaintext values (createEdgeSecret, patchEdgeSecret)
  'password',
  'passphrase',
  'private_key',
  'privatekey',
  'secret',
  'token',
  'api_key',
  'apikey',
  'authorization',
  'cookie',
  'x-simulator-token',
]);

/** Deeper than any request the API takes; past it nothing is kept, so walking stays bounded. */
const MAX_DEPTH = 32;

export function isSecretField(name: string): boolean {
  return SECRET_FIELDS.has(name.toLowerCase());
}

/** `[redacted: N characters]`: the length stays, so a test can still tell an empty value from a sent one. */
export function redacted(value: unknown): unknown {
  if (value === null || value === undefined) return value;
  return typeof value === 'string' ? `[redacted: ${value.length} characters]` : '[redacted]';
}

/** A JSON value with every secret field's value, and any text holding a PEM block, redacted. */
export function keptJson(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.includes('-----BEGIN ') ? redacted(value) : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[redacted: nested too deep]';
  if (Array.isArray(value)) return value.map((item) => keptJson(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, isSecretField(key) ? redacted(item) : keptJson(item, depth + 1)]));
}

/** A body that is not JSON cannot be searched for secret fields: only its length is kept. */
export function keptText(text: string): string {
  return `[not JSON: ${text.length} characters]`;
}

export function keptQuery(query: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) => [key, isSecretField(key) ? `[redacted: ${value.length} characters]` : (keptJson(value) as string)]),
  );
}

// Which paths a connection speaks: the original API design's or the real
// platform's. The two differ by product prefix only (`/edge/v1/admin/` is `/fastedge/v1/admin/`,
// `/security/guard/v3/` is `/security/sifter/v3/`); methods, bodies and rules are the same.

export const DIALECTS = ['spec', 'platform'] as const;
export type Dialect = (typeof DIALECTS)[number];

/** The platform's own API host: a connection to it speaks the platform's dialect. */
export const PLATFORM_API_HOST = 'api.gcore.com';

export const DIALECT_LABELS: Record<Dialect, string> = {
  spec: 'Spec',
  platform: 'Platform',
};

export const DIALECT_DESCRIPTIONS: Record<Dialect, string> = {
  spec: 'the paths of the API specification (/edge/v1/admin/…, /security/guard/v3/…)',
  platform: 'the real platform’s paths (/fastedge/v1/admin/…, /security/sifter/v3/…)',
};

export function isDialect(value: unknown): value is Dialect {
  return typeof value === 'string' && (DIALECTS as readonly string[]).includes(value);
}

/** The platform's host (or one of its subdomains) -> `platform`; anything else -> `spec`. */
export function dialectForBaseUrl(baseUrl: string): Dialect {
  let host: string;
  try {
    host = new URL(baseUrl.trim()).hostname.toLowerCase();
  } catch {
    return 'spec';
  }
  const platformDomain = PLATFORM_API_HOST.slice(PLATFORM_API_HOST.indexOf('.') + 1);
  return host === PLATFORM_API_HOST || host.endsWith(`.${platformDomain}`) || host === platformDomain ? 'platform' : 'spec';
}

/** `PLATFORM_CONSOLE_DIALECT=platform` and `--dialect Platform` alike; undefined when unset, an error when wrong. */
export function parseDialect(raw: string | undefined, what: string): Dialect | undefined {
  const value = raw?.trim().toLowerCase();
  if (!value) return undefined;
  if (isDialect(value)) return value;
  throw new Error(`${what} must be one of ${DIALECTS.join(', ')} (got "${raw}")`);
}

/**
 * The product areas of the API. Each answers errors in its own body shape, and each may be
 * served from a base URL of its own (the platform's terraform provider allows it).
 */
export const PRODUCT_AREAS = ['cloud', 'security', 'edge', 'billing', 'storage', 'iam'] as const;
export type ProductArea = (typeof PRODUCT_AREAS)[number];

export const PRODUCT_AREA_LABELS: Record<ProductArea, string> = {
  cloud: 'cloud (secrets, lifecycle policies, tasks, pricing, functions)',
  security: 'security (protection profiles)',
  edge: 'edge (FastEdge apps, templates, clients)',
  billing: 'billing (trials, reports)',
  storage: 'storage (storage provisioning)',
  iam: 'iam (free features, reseller notification settings)',
};

/** A path template in each dialect. */
export type DialectPaths = Readonly<Record<Dialect, string>>;

// Edge clients, templates and apps: every status, including the unlisted ones.
import { edgeAppUrl } from '../edgeAppUrl';
import { DAY_MS, HOUR_MS, isoSeconds } from '../timeFormat';
import type { EdgeApp, EdgeClient, EdgeTemplate } from './types';

const NETWORKS = [
  { name: 'production', is_default: true },
  { name: 'staging', is_default: false },
];

/** The FastEdge client of the simulated account: its own apps are the ones /fastedge/v1/apps lists. */
export const EDGE_ACCOUNT_CLIENT = 201;

export function seedEdgeClients(): EdgeClient[] {
  const client = (id: number, status: number, consumption: [number, number, number], plan: [number, string], appCount: number): EdgeClient => ({
    id,
    status,
    hourly_consumption: consumption[0],
    daily_consumption: consumption[1],
    monthly_consumption: consumption[2],
    app_count: appCount,
    networks: NETWORKS.map((n) => ({ ...n })),
    plan_id: plan[0],
    reseller_id: 701,
    plan: plan[1],
  });
  return [
    client(201, 1, [1_284, 27_933, 815_402], [3, 'Pro'], 20),
    client(202, 2, [0, 0, 12_007], [1, 'Free'], 2),
    client(203, 5, [0, 0, 1_500_000], [2, 'Basic'], 5),
    // 3 is not a documented status: the extension must show it, not fail on it.
    client(204, 3, [96, 2_404, 40_118], [2, 'Basic'], 5),
  ];
}

const HELLO_LONG = `# Hello World HTTP

Answers every request with a greeting. Use it to check that an edge network is reachable.

## Parameters

- **GREETING**: the text to answer with (default \`Hello\`).
- **LOG_LEVEL**: one of \`debug\`, \`info\`, \`warn\`.

\`\`\`sh
curl https://hello-201.fastedge.app/
\`\`\`
`;

const RESIZE_LONG = `# Image Resizer

Resizes images from an origin on the fly. Query parameters \`w\` and \`h\` set the size; the
aspect ratio is kept.

| Parameter | Meaning |
|---|---|
| ORIGIN_URL | where originals live |
| MAX_WIDTH | largest width served |
| CACHE_STORE | edge store for resized images |

> Large images (over 20 MB) are passed through unchanged.
`;

const GEO_LONG = `# Geo Redirect

Redirects visitors to a country site by the *GeoIP* country code, e.g. \`DE\` -> \`https://example.de\`.

1. Set **REDIRECTS** to a JSON map of country code to URL.
2. Optionally set **FALLBACK_URL**.
`;

const GATE_LONG = `# Token Gate

Forwards a request to **UPSTREAM_URL** only when its \`Authorization\` header carries the token
kept in the Edge secret **GATE_TOKEN** (a reference: the app never holds the value itself).
`;

export function seedEdgeTemplates(): EdgeTemplate[] {
  return [
    {
      id: 301,
      binary_id: 4748,
      name: 'Hello World HTTP',
      api_type: 'wasi-http',
      owned: true,
      params: [
        { name: 'GREETING', data_type: 'string', mandatory: false, descr: 'Text to answer with', metadata: '{"default":"Hello"}' },
        { name: 'LOG_LEVEL', data_type: 'enum', mandatory: true, descr: 'Log verbosity', metadata: '{"values":["debug","info","warn"]}' },
        { name: 'API_TOKEN', data_type: 'secret', mandatory: false, descr: 'Token for the upstream', metadata: '' },
      ],
      short_descr: 'Answers every request with a greeting',
      long_descr: HELLO_LONG,
    },
    {
      id: 302,
      binary_id: 4751,
      name: 'Image Resizer',
      api_type: 'wasi-http',
      owned: false,
      params: [
        { name: 'ORIGIN_URL', data_type: 'string', mandatory: true, descr: 'Where originals live', metadata: '' },
        { name: 'MAX_WIDTH', data_type: 'number', mandatory: false, descr: 'Largest width served', metadata: '{"min":16,"max":4096}' },
        { name: 'CACHE_STORE', data_type: 'store', mandatory: false, descr: 'Edge store for resized images', metadata: '' },
        { name: 'KEEP_EXIF', data_type: 'bool', mandatory: false, descr: 'Keep EXIF metadata', metadata: '{"default":false}' },
        { name: 'NOT_BEFORE', data_type: 'date', mandatory: false, descr: 'Serve resized images from this date', metadata: '' },
        { name: 'QUIET_HOURS', data_type: 'time', mandatory: false, descr: 'Start of the nightly cache purge', metadata: '' },
      ],
      short_descr: 'Resizes images on the fly',
      long_descr: RESIZE_LONG,
    },
    {
      id: 303,
      binary_id: 4802,
      name: 'Geo Redirect',
      api_type: 'proxy-wasm',
      owned: true,
      params: [
        { name: 'REDIRECTS', data_type: 'json', mandatory: true, descr: 'Country code to URL', metadata: '{"example":{"DE":"https://example.de"}}' },
        { name: 'FALLBACK_URL', data_type: 'string', mandatory: false, descr: 'Where others go', metadata: '' },
      ],
      short_descr: 'Redirects visitors by country',
      long_descr: GEO_LONG,
    },
    {
      id: 304,
      binary_id: 4748,
      name: 'Token Gate',
      api_type: 'wasi-http',
      owned: true,
      params: [
        { name: 'UPSTREAM_URL', data_type: 'string', mandatory: true, descr: 'Where allowed requests go', metadata: '' },
        { name: 'GATE_TOKEN', data_type: 'secret', mandatory: true, descr: 'Token a request must carry', metadata: '' },
      ],
      short_descr: 'Lets through requests that carry a secret token',
      long_descr: GATE_LONG,
    },
  ];
}

/** The eight named apps, and `more` of the account's own (ids from 10,001; statuses and templates in turn). */
export function seedEdgeApps(
  referenceMs: number,
  templates: readonly EdgeTemplate[],
  clients: readonly EdgeClient[],
  more = 0,
  origin: string | undefined = undefined,
): EdgeApp[] {
  const app = (id: number, name: string, clientId: number, templateId: number, status: number, extra: Partial<EdgeApp> = {}): EdgeApp => {
    const template = templates.find((t) => t.id === templateId);
    const client = clients.find((c) => c.id === clientId);
    return {
      id,
      client_id: clientId,
      name,
      url: edgeAppUrl(origin, name, clientId),
      binary: template?.binary_id ?? 4000 + id,
      template: templateId,
      template_name: template?.name ?? '',
      status,
      plan_id: client?.plan_id ?? 1,
      plan: client?.plan ?? 'Free',
      env: {},
      rsp_headers: {},
      log: null,
      debug_until: isoSeconds(referenceMs - 10 * DAY_MS),
      comment: '',
      api_type: template?.api_type ?? 'wasi-http',
      networks: ['production'],
      secrets: {},
      stores: {},
      ...extra,
    };
  };
  const generated = Array.from({ length: more }, (_, i) =>
    app(10_001 + i, `app-${String(i + 1).padStart(5, '0')}`, EDGE_ACCOUNT_CLIENT, 301 + (i % 3), [0, 1, 1, 2][i % 4]!),
  );
  return [
    ...generated,
    app(101, 'hello-edge', 201, 301, 1, {
      env: { GREETING: 'Hallo', LOG_LEVEL: 'info' },
      rsp_headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'max-age=60' },
      secrets: { API_TOKEN: { id: 636, name: 'upstream-token', comment: 'rotated monthly' } },
      debug_until: isoSeconds(referenceMs + 3 * DAY_MS),
      comment: 'Smoke test app for the production network.',
      networks: ['production', 'staging'],
    }),
    app(102, 'resize-draft', 201, 302, 0, {
      env: { ORIGIN_URL: 'https://images.example.com', MAX_WIDTH: '1920' },
      stores: { CACHE_STORE: { id: 126, name: 'resized-cache' } },
      comment: 'Not deployed yet.',
    }),
    app(103, 'geo-redirect', 201, 303, 2, {
      env: { REDIRECTS: '{"DE":"https://example.de","FR":"https://example.fr"}' },
      log: 'none',
    }),
    app(104, 'old-landing', 203, 301, 5, { comment: 'Suspended with its client.' }),
    app(105, 'busy-api', 204, 301, 3, { comment: 'Status 3: hourly limit exceeded (older platform versions).' }),
    app(106, 'daily-report', 204, 302, 4, { comment: 'Status 4: daily limit exceeded (older platform versions).' }),
    app(107, 'kafka-logger', 201, 301, 1, {
      log: 'kafka',
      debug_until: isoSeconds(referenceMs + DAY_MS + 2 * HOUR_MS),
      comment: 'Uses the deprecated log field.',
    }),
    app(108, 'free-tier-hello', 202, 301, 1, { networks: ['production'] }),
  ].sort((a, b) => a.id - b.id);
}

// The account's edge stores (KV), as the published `kv_store_short` lists them; app 102 refers to
// 126 by the same name (seedEdge.ts). Each holds its data in the published shapes: kv pairs
// (text, one binary value in base64, one with an expiry), a sorted set and a bloom filter.
export interface EdgeKvItem {
  value: string;
  encoding: 'plain' | 'base64';
  /** A sorted set item's score. */
  score?: number;
}

export type EdgeKvRecord =
  | { datatype: 'kv'; value: string; encoding: 'plain' | 'base64'; expiry?: string }
  | { datatype: 'sorted_set' | 'bloom_filter'; items: EdgeKvItem[] };

export interface EdgeStoreRecord {
  id: number;
  name: string;
  comment: string;
  /** Bytes held (0 for a BYOD store); a write moves it by the bytes it adds or removes. */
  size: number;
  revision: number;
  /** RFC 3339, the last revision's time. */
  updatedAt: string;
  /** Its keys, in no order (the listing sorts them). */
  entries: Map<string, EdgeKvRecord>;
}

/** A few bytes of a PNG's signature and header: not UTF-8 text, so shown as hex. */
export const SEEDED_BINARY_BASE64 = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]).toString(
  'base64',
);

const kv = (value: string, expiry?: string): EdgeKvRecord => ({ datatype: 'kv', value, encoding: 'plain', ...(expiry ? { expiry } : {}) });

/** The geo table's countries: enough keys that a small page needs Load more. */
const COUNTRIES: readonly (readonly [string, string])[] = [
  ['AT', 'eu-central'],
  ['BR', 'sa-east'],
  ['DE', 'eu-central'],
  ['FR', 'eu-west'],
  ['GB', 'eu-west'],
  ['JP', 'ap-northeast'],
  ['US', 'us-east'],
];

export function seedEdgeStores(referenceMs = Date.UTC(2026, 0, 1)): EdgeStoreRecord[] {
  const day = 86_400_000;
  const at = new Date(referenceMs - day).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const expiry = new Date(referenceMs + 30 * day).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const geo = new Map<string, EdgeKvRecord>(COUNTRIES.map(([code, region]) => [`country/${code}`, kv(region)]));
  geo.set('session/7f3a', kv('{"user":"ada","plan":"pro"}', expiry));
  geo.set('blob/pixel', { datatype: 'kv', value: SEEDED_BINARY_BASE64, encoding: 'base64' });
  geo.set('top-countries', {
    datatype: 'sorted_set',
    items: [
      { value: 'US', encoding: 'plain', score: 1200 },
      { value: 'DE', encoding: 'plain', score: 830.5 },
      { value: 'JP', encoding: 'plain', score: 410 },
    ],
  });
  geo.set('seen-ips', {
    datatype: 'bloom_filter',
    items: [
      { value: '203.0.113.7', encoding: 'plain' },
      { value: '198.51.100.23', encoding: 'plain' },
    ],
  });
  const cache = new Map<string, EdgeKvRecord>([
    ['thumb/cat-200.webp', { datatype: 'kv', value: SEEDED_BINARY_BASE64, encoding: 'base64' }],
    ['config', kv('{"quality":80}')],
  ]);
  return [
    { id: 126, name: 'resized-cache', comment: 'Resized images', size: 5_242_880, revision: 41, updatedAt: at, entries: cache },
    { id: 127, name: 'geo-table', comment: 'Country overrides', size: 18_432, revision: 7, updatedAt: at, entries: geo },
    { id: 128, name: 'rate-limits', comment: '', size: 0, revision: 0, updatedAt: at, entries: new Map() },
  ];
}

// The account's edge stores (KV), as the published `kv_store_short` lists them; app 102 refers to
// 126 by the same name (seedEdge.ts).
export interface EdgeStoreRecord {
  id: number;
  name: string;
  comment: string;
  /** Bytes held (0 for a BYOD store). */
  size: number;
}

export function seedEdgeStores(): EdgeStoreRecord[] {
  return [
    { id: 126, name: 'resized-cache', comment: 'Resized images', size: 5_242_880 },
    { id: 127, name: 'geo-table', comment: 'Country overrides', size: 18_432 },
    { id: 128, name: 'rate-limits', comment: '', size: 0 },
  ];
}

// The binaries the seeded apps and templates run, stored as uploaded ones are (so an app can be
// pointed back at its old binary).
import { createHash } from 'node:crypto';
import type { EdgeApp, EdgeBinary, EdgeTemplate } from './types';

export function seedEdgeBinaries(apps: readonly EdgeApp[], templates: readonly EdgeTemplate[]): EdgeBinary[] {
  const byId = new Map<number, EdgeBinary>();
  const add = (id: number, apiType: string) => {
    if (byId.has(id)) return;
    const checksum = createHash('md5').update(`seeded binary ${id}`).digest('hex');
    byId.set(id, { id, status: 1, api_type: apiType || 'wasi-http', checksum, source: 1, bytes: 1_048_576 + (id % 1000) * 1024 });
  };
  for (const t of templates) add(t.binary_id, t.api_type);
  for (const a of apps) add(a.binary, a.api_type);
  return [...byId.values()];
}

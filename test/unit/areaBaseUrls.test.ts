// Issue #37 item 8: per-area base URLs apply only to the base URL they were set for, so the key of
// a connection to another URL is never sent to an area host. The setting's shapes, read for one
// connection at a time (the editor reads it from the person's user settings, ConnectionManager).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_BASE_URL, areaBaseUrlsFor } from '../../src/schema/connectionRules';

const platform = { baseUrl: DEFAULT_BASE_URL, dialect: 'platform' as const };
const staging = { baseUrl: 'https://staging.example.com', dialect: 'platform' as const };
const local = { baseUrl: 'http://127.0.0.1:4010', dialect: 'spec' as const };

describe('platformConsole.areaBaseUrls, for one connection (issue #37 item 8)', () => {
  it('a set named for a base URL applies to connections to that URL, whatever their dialect, and to no other', () => {
    const setting = {
      'https://staging.example.com/': { edge: 'https://fastedge.staging.example.com/' },
      'http://127.0.0.1:4010': { cloud: 'http://127.0.0.1:4011', billing: 'http://127.0.0.1:4012' },
    };
    assert.deepEqual(areaBaseUrlsFor(setting, staging).urls, { edge: 'https://fastedge.staging.example.com' });
    assert.deepEqual(areaBaseUrlsFor(setting, local).urls, { cloud: 'http://127.0.0.1:4011', billing: 'http://127.0.0.1:4012' });
    const elsewhere = areaBaseUrlsFor(setting, platform);
    assert.deepEqual(elsewhere.urls, {}, 'the platform connection sends nothing to the staging or local area hosts');
    assert.deepEqual(elsewhere.notes, [
      'area base URLs are set for https://staging.example.com, http://127.0.0.1:4010, not for https://api.gcore.com: its requests all go to https://api.gcore.com',
    ]);
    // A base URL with a path is another base URL.
    assert.deepEqual(areaBaseUrlsFor({ 'https://staging.example.com/v2': { edge: 'https://e.example' } }, staging).urls, {});
  });

  it("the flat shape of before ({ area: URL }) applies to the platform's own API only, and the log says so", () => {
    const flat = { edge: 'https://fastedge.example.com' };
    const onPlatform = areaBaseUrlsFor(flat, platform);
    assert.deepEqual(onPlatform.urls, { edge: 'https://fastedge.example.com' });
    assert.deepEqual(onPlatform.notes, [
      'the areas set without a base URL (edge) apply to https://api.gcore.com in the Platform dialect only; name the base URL they are for: { "https://api.gcore.com": { "edge": "…" } }',
    ]);
    for (const connection of [staging, local, { baseUrl: DEFAULT_BASE_URL, dialect: 'spec' as const }]) {
      const read = areaBaseUrlsFor(flat, connection);
      assert.deepEqual(read.urls, {}, `${connection.baseUrl} (${connection.dialect}) gets none`);
      assert.match(read.notes[0] ?? '', /apply to https:\/\/api\.gcore\.com in the Platform dialect only, not to this connection;/);
    }
  });

  it("a set named for the platform's URL wins over the flat shape, area by area", () => {
    const setting = { edge: 'https://old-edge.example.com', iam: 'https://iam.example.com', 'https://api.gcore.com': { edge: 'https://new-edge.example.com' } };
    assert.deepEqual(areaBaseUrlsFor(setting, platform).urls, { edge: 'https://new-edge.example.com', iam: 'https://iam.example.com' });
    assert.deepEqual(areaBaseUrlsFor(setting, staging).urls, {});
  });

  it('what cannot be used is reported by name and rule, never used', () => {
    const setting = {
      'https://staging.example.com': { edge: 'ftp://x', fastedge: 'https://y', cloud: 'https://cloud.example.com' },
      'not a url': { edge: 'https://e.example' },
      'https://other.example.com': 'https://e.example',
      storage: 42,
    };
    const read = areaBaseUrlsFor(setting, staging);
    assert.deepEqual(read.urls, { cloud: 'https://cloud.example.com' });
    assert.deepEqual(read.problems, [
      'https://staging.example.com: edge: Base URL: must be an http:// or https:// URL',
      'https://staging.example.com: "fastedge" is not a product area (cloud, security, edge, billing, storage, iam)',
      '"not a url" is neither a base URL (https://…) nor a product area (cloud, security, edge, billing, storage, iam)',
      'https://other.example.com: must be an object of area -> base URL',
      'storage: Base URL: must be text',
    ]);
    assert.deepEqual(areaBaseUrlsFor(['x'], staging).problems, ['must be an object of base URL -> { area: base URL }']);
    assert.deepEqual(areaBaseUrlsFor(undefined, staging), { urls: {}, problems: [], notes: [] });
    assert.deepEqual(areaBaseUrlsFor({}, staging), { urls: {}, problems: [], notes: [] });
  });
});

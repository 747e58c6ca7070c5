// The API's schemas are built at first use, not as the extension loads (src/schema/lazySchema.ts).
// This file runs in its own process (node --test), so nothing was built before it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as z from 'zod';
import { endpoints } from '../../src/schema/endpoints';
import { lazySchema, lazySchemaCounts, real } from '../../src/schema/lazySchema';
import { instancePriceRequest } from '../../src/schema/pricing';

test('loading every endpoint and schema module builds none of their schemas; a parse builds only what it uses', () => {
  const loaded = lazySchemaCounts();
  assert.ok(loaded.defined > 100, `only ${loaded.defined} lazy schemas: the schema modules build theirs at load again`);
  assert.equal(loaded.built, 0, `${loaded.built} schemas were built as the modules loaded`);

  const parsed = endpoints.getTrial.params.safeParse({ id: 0 });
  assert.equal(parsed.success, false);
  const after = lazySchemaCounts();
  assert.ok(after.built >= 1 && after.built <= 3, `one parse built ${after.built} schemas`);
});

test('a lazy schema is its schema: parse, methods, instanceof, and the real one for composing', () => {
  let builds = 0;
  const lazy = lazySchema(() => {
    builds++;
    return z.strictObject({ name: z.string().min(1, 'must not be empty') }).describe('A thing');
  });
  assert.equal(builds, 0);
  assert.deepEqual(lazy.parse({ name: 'a' }), { name: 'a' });
  assert.equal(lazy.safeParse({ name: '' }).error?.issues[0]?.message, 'must not be empty');
  assert.ok(lazy instanceof z.ZodObject);
  assert.deepEqual(Object.keys(lazy.shape), ['name']);
  assert.equal(builds, 1, 'built once');
  // Composed through real(): zod's JSON Schema (by identity) sees the description.
  const composed = z.object({ thing: real(lazy) });
  const json = z.toJSONSchema(composed) as unknown as { properties: { thing: { description?: string } } };
  assert.equal(json.properties.thing.description, 'A thing');
  assert.equal(real(composed), composed, 'real() of a schema that is not lazy is itself');
});

test('schemas composed of lazy ones validate as before (the instance price request)', () => {
  const ok = instancePriceRequest.safeParse({
    flavor: 'g1',
    names: ['vm'],
    interfaces: [{ type: 'external', ip_family: 'ipv4' }],
    volumes: [{ source: 'new-volume', size: 10 }],
  });
  assert.equal(ok.success, true, JSON.stringify(ok.error?.issues));
  const bad = instancePriceRequest.safeParse({
    flavor: 'g1',
    names: ['vm'],
    interfaces: [{ type: 'external', ip_family: 'ipv5' }],
    volumes: [{ source: 'new-volume', size: 0 }],
  });
  assert.deepEqual(bad.error?.issues.map((i) => i.path.join('.')).sort(), ['interfaces.0.ip_family', 'volumes.0.size']);
});

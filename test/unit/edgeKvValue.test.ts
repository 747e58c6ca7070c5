// An edge store value as shown (src/ui/text/kvValue.ts): UTF-8 without control characters is text,
// anything else a hex dump (offset, 16 bytes, ASCII), a listed sha256 the hash it is; at most the
// published 1 MiB decoded, the rest counted. And the request rules of the KV data write
// (src/schema/edgeKv.ts), each refused naming the field and the rule.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { edgeKvChange, EDGE_KV_VALUE_MAX } from '../../src/schema/edgeKv';
import { endpoints } from '../../src/schema/endpoints';
import { validateCall } from '../../src/schema/validate';
import { byteSize, hexDump, kvText, kvValueWords, showKvValue } from '../../src/ui/text/kvValue';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x41]).toString('base64');

describe('an edge store value as text or hex', () => {
  it('plain and base64 text are text; tab and line ends are text; other controls and invalid UTF-8 are hex', () => {
    assert.deepEqual(showKvValue('eu-central', 'plain'), { kind: 'text', text: 'eu-central', bytes: 10, cut: false });
    assert.deepEqual(showKvValue(Buffer.from('héllo\tworld\r\n').toString('base64'), 'base64'), {
      kind: 'text',
      text: 'héllo\tworld\r\n',
      bytes: 14,
      cut: false,
    });
    assert.equal(showKvValue('a\u0000b', 'plain').kind, 'hex', 'NUL is a control');
    assert.equal(showKvValue('a\u001bb', undefined).kind, 'hex', 'ESC is a control (plain is the default)');
    assert.equal(showKvValue('a\u0085b', 'plain').kind, 'hex', 'C1 controls too');
    assert.equal(kvText(Uint8Array.from([0xc3, 0x28])), undefined, 'invalid UTF-8');
    const png = showKvValue(PNG, 'base64');
    assert.equal(png.kind, 'hex');
    assert.equal(
      png.kind === 'hex' && png.text,
      '00000000  89 50 4e 47 0d 0a 1a 0a  00 00 00 0d 49 48 44 52  |.PNG........IHDR|\n00000010  41                                                |A|',
    );
  });

  it("a listed value's sha256 is shown as the hash; sizes in words", () => {
    assert.deepEqual(showKvValue('ab'.repeat(32), 'sha256'), { kind: 'hash', text: 'ab'.repeat(32) });
    assert.equal(kvValueWords('ab', 'sha256'), 'larger than 1 KiB (listed by its SHA-256)');
    assert.equal(kvValueWords('eu-west', 'plain'), '7 bytes of text');
    assert.equal(kvValueWords(PNG, 'base64'), '17 bytes, binary');
    assert.deepEqual([byteSize(1), byteSize(1536), byteSize(1_048_576)], ['1 byte', '1.5 KiB', '1 MiB']);
  });

  it('bounded in bytes: past the limit the rest is counted, and a cut inside a UTF-8 character drops its broken end', () => {
    const text = showKvValue('é'.repeat(10), 'plain', 5);
    assert.deepEqual(text, { kind: 'text', text: 'éé', bytes: 20, cut: true });
    const hex = showKvValue(Buffer.alloc(40).toString('base64'), 'base64', 16);
    assert.equal(hex.kind === 'hex' && hex.text.split('\n').length, 1);
    assert.equal(hex.kind === 'hex' && hex.cut, true);
    assert.equal(hexDump(new Uint8Array()), '');
  });
});

describe('the KV data write, as the platform takes it', () => {
  const put = (body: unknown) => validateCall(endpoints.putEdgeStoreData, { params: { store_id: 127 }, body });
  const refusedWith = (body: unknown, said: RegExp) =>
    assert.throws(
      () => put(body),
      (e: Error & { kind?: string }) => e.kind === 'validation' && said.test(e.message),
      said.source,
    );

  it('a key is 1 to 256 characters; a value at most 1 MiB; base64 only when it is base64; expiry RFC 3339 with a zone', () => {
    const add = (key: string, payload: object) => [{ key, datatype: 'kv', op: 'add', payload }];
    refusedWith(add('', { value: 'v' }), /key: must not be empty/);
    refusedWith(add('k'.repeat(257), { value: 'v' }), /key: must be at most 256 characters/);
    assert.ok(put(add('k'.repeat(256), { value: 'v' })));
    refusedWith(add('k', { value: 'v'.repeat(EDGE_KV_VALUE_MAX + 1) }), /value: must be at most 1048576 characters/);
    assert.ok(put(add('k', { value: 'v'.repeat(EDGE_KV_VALUE_MAX) })));
    refusedWith(add('k', { value: 'not base64!', encoding: 'base64' }), /value: must be base64 when encoding is base64/);
    refusedWith(add('k', { value: 'x', encoding: 'sha256' }), /encoding: must be plain or base64/);
    refusedWith(add('k', { value: 'x', expiry: '2026-12-31 23:59' }), /expiry: must be an RFC 3339 date and time with its zone/);
    refusedWith(add('k', { value: 'x', expiry: '2026-13-45T99:00:00Z' }), /expiry: must be a real date and time/);
    assert.ok(put(add('k', { value: 'x', expiry: '2026-12-31T23:59:59+01:00' })));
  });

  it('the key prefix of the listing is 1 to 1024 characters; a page at most 10000', () => {
    const list = (query: object) => validateCall(endpoints.listEdgeStoreData, { params: { store_id: 127 }, query });
    assert.throws(() => list({ search: 'p'.repeat(1025) }), /search: must be at most 1024 characters/);
    assert.throws(() => list({ search: '' }), /search: must not be empty/);
    assert.ok(list({ search: 'p'.repeat(1024), limit: 10_000 }));
    assert.throws(() => list({ limit: 10_001 }), /limit: must be at most 10000/);
  });

  it('add needs its payload; only kv pairs are added; an empty list is refused', () => {
    refusedWith([{ key: 'k', datatype: 'kv', op: 'add' }], /payload: is required to add a key/);
    refusedWith([{ key: 'k', datatype: 'sorted_set', op: 'add', payload: { value: 'x' } }], /datatype: only kv pairs are written here/);
    refusedWith([], /must hold at least one change/);
    assert.ok(edgeKvChange.parse({ key: 'top', datatype: 'sorted_set', op: 'del_key' }), 'any key may be deleted');
  });
});

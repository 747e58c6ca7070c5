import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { redact } from '../../src/platform/redact';

describe('redact', () => {
  it('removes the key, its URL-encoded and base64 forms', () => {
    const key = 'sk_live/abc+123=';
    const text = `key ${key} url ${encodeURIComponent(key)} b64 ${Buffer.from(key).toString('base64')}`;
    const out = redact(text, [key]);
    assert.equal(out.includes(key), false);
    assert.equal(out.includes(encodeURIComponent(key)), false);
    assert.equal(out.includes(Buffer.from(key).toString('base64')), false);
    assert.match(out, /^key \*\*\* url \*\*\* b64 \*\*\*$/);
  });

  it('removes any apikey header value even when the key is not known', () => {
    assert.equal(redact('Authorization: apikey 12345$abcdef sent'), 'Authorization: apikey *** sent');
    assert.equal(redact('{"Authorization":"APIKEY zzz999"}'), '{"Authorization":"APIKEY ***"}');
  });

  it('leaves text without secrets alone and ignores very short secrets', () => {
    assert.equal(redact('nothing to hide', ['abc']), 'nothing to hide');
    assert.equal(redact('nothing to hide', [undefined, '']), 'nothing to hide');
  });

  it('never leaves a key of 4+ printable characters in any text around it', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 4, maxLength: 40 }).filter((k) => k.trim().length >= 4),
        fc.string(),
        fc.string(),
        (key, before, after) => {
          assert.equal(redact(`${before}${key}${after}`, [key]).includes(key), false);
        },
      ),
    );
  });
});

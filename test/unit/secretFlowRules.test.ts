import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contentTypeProblem, expirationProblem } from '../../src/features/secrets/createSecretFlow';
import { fingerprint, guessContentType } from '../../src/features/secrets/secretPayload';

describe('Create Secret rules', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('expiration: empty is none; ISO 8601 without zone; read as UTC; not in the past', () => {
    assert.equal(expirationProblem('', now), undefined);
    assert.equal(expirationProblem('2026-11-22T10:00:01', now), undefined);
    assert.match(expirationProblem('2026-11-22T10:00:00', now) ?? '', /must be in the future/);
    assert.match(expirationProblem('2026-11-22T10:00:01Z', now) ?? '', /without time zone/);
    assert.match(expirationProblem('2026-02-30T00:00:00', now) ?? '', /without time zone/);
  });
  it('content type: a media type, never text/plain (incompatible with base64)', () => {
    assert.equal(contentTypeProblem('application/octet-stream'), undefined);
    assert.equal(contentTypeProblem('application/x-pkcs12'), undefined);
    assert.match(contentTypeProblem('TEXT/PLAIN; charset=utf-8') ?? '', /incompatible with base64/);
    assert.match(contentTypeProblem('octet-stream') ?? '', /media type/);
    assert.match(contentTypeProblem(' ') ?? '', /must not be empty/);
  });
  it('guesses the content type from the extension', () => {
    assert.equal(guessContentType('/x/server.P12'), 'application/x-pkcs12');
    assert.equal(guessContentType('/x/cert.pem'), 'application/x-pem-file');
    assert.equal(guessContentType('/x/blob'), 'application/octet-stream');
  });
  it('fingerprints with SHA-256 in colon-separated hex', () => {
    assert.equal(fingerprint(Buffer.from('abc')), 'BA:78:16:BF:8F:01:CF:EA:41:41:40:DE:5D:AE:22:23:B0:03:61:A3:96:17:7A:9C:B4:10:FF:61:F2:00:15:AD');
  });
});

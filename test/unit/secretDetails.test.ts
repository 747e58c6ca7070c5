import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expiryWords, secretMarkdown } from '../../src/features/secrets/model/secretDetails';

const NOW = Date.parse('2026-11-27T12:00:00Z');

describe('secret details', () => {
  it('expiry in words, past and future, and none', () => {
    assert.equal(expiryWords('2026-11-24T12:00:00Z', NOW), 'expired 3 days ago');
    assert.equal(expiryWords('2026-12-09T12:00:00Z', NOW), 'expires in 12 days');
    assert.equal(expiryWords('2026-11-28T12:00:00Z', NOW), 'expires in 1 day');
    assert.equal(expiryWords(null, NOW), 'no expiration');
    assert.equal(expiryWords('soon', NOW), 'soon', 'text that is no date is shown as it came');
  });

  it('every field in a table, platform text escaped (no links, no table breaks), never a payload', () => {
    const md = secretMarkdown(
      { id: 'abc-1', name: 'evil](https://x.test)|cell', secret_type: 'certificate', status: 'ACTIVE', created: '2026-01-01T00:00:00Z', expiration: '2026-12-09T12:00:00Z', algorithm: null, bit_length: 2048, mode: undefined },
      { projectId: 1, regionId: 2 },
      'Prod',
      NOW,
    );
    assert.match(md, /^# Secret evil\\\]\\\(https:\/\/x\\\.test\\\)\\\|cell\n/);
    assert.match(md, /\| Expiration \| 2026\\-12\\-09T12:00:00Z \\\(expires in 12 days\\\) \|/);
    assert.match(md, /\| Algorithm \| — \|/);
    assert.match(md, /\| Bit length \| 2048 \|/);
    assert.match(md, /\| Project \/ region \| 1 \/ 2 \|/);
    assert.match(md, /\| Connection \| Prod \|/);
    assert.ok(!/\]\(https/.test(md), 'no link survives');
  });
});

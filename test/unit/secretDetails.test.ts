import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expiryWords, secretMarkdown } from '../../src/features/secrets/model/secretDetails';
import { secretExpiry } from '../../src/features/cloud/model/cloudDisplay';
import { timeOf } from '../../src/ui/text/timeText';

const NOW = Date.parse('2026-11-27T12:00:00Z');

describe('secret details', () => {
  it('expiry in words, past and future, and none', () => {
    assert.equal(expiryWords('2026-11-24T12:00:00Z', NOW), 'expired 3 days ago');
    assert.equal(expiryWords('2026-12-09T12:00:00Z', NOW), 'expires in 12 days');
    assert.equal(expiryWords('2026-11-28T12:00:00Z', NOW), 'expires in 1 day');
    assert.equal(expiryWords(null, NOW), 'no expiration');
    assert.equal(expiryWords('soon', NOW), 'soon', 'text that is no date is shown as it came');
  });

  it('a time with no zone is UTC, on any machine; the details count days as the Cloud view does', (t) => {
    // The platform's expirations come without a zone: read in the machine's zone they moved by hours.
    // Node reads TZ again when it is set: this test runs as a machine in New York would.
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    t.after(() => (zone === undefined ? delete process.env.TZ : (process.env.TZ = zone)));
    const zoneless = '2026-11-28T00:00:00';
    assert.equal(timeOf(zoneless), Date.parse(`${zoneless}Z`));
    assert.equal(timeOf('2026-11-28 00:00'), Date.parse('2026-11-28T00:00Z'));
    assert.equal(timeOf('2026-11-28T00:00:00+02:00'), Date.parse('2026-11-27T22:00:00Z'), 'a zone given is kept');
    // Eleven and a half days: the view and the details both say 11 (the details rounded to 12).
    const later = new Date(NOW + 11.5 * 86_400_000).toISOString().replace(/Z$/, '');
    assert.equal(expiryWords(later, NOW), 'expires in 11 days');
    assert.equal(expiryWords(later, NOW), secretExpiry(later, NOW).text);
  });

  it('every field in a table, platform text escaped (no links, no table breaks), never a payload', () => {
    const md = secretMarkdown(
      {
        id: 'abc-1',
        name: 'evil](https://x.test)|cell',
        secret_type: 'certificate',
        status: 'ACTIVE',
        created: '2026-01-01T00:00:00Z',
        expiration: '2026-12-09T12:00:00Z',
        algorithm: null,
        bit_length: 2048,
        mode: undefined,
      },
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

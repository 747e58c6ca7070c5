// Filter Secrets…' pure part: which secrets a filter keeps, the words the group and the progress
// say, the name part's rule and the bound on a region's length.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SecretItem } from '../../src/schema/cloudLists';
import {
  SECRET_FILTER_MAX,
  filterProgress,
  filterWords,
  filteredDescription,
  goToDescription,
  isNoFilter,
  namePartProblem,
  secretMatcher,
  tooManyToFilter,
} from '../../src/features/cloud/model/secretFilter';

const NOW = Date.parse('2026-11-29T12:00:00Z');
const DAY = 86_400_000;
const at = (days: number) => new Date(NOW + days * DAY).toISOString();
const secret = (name: string | undefined, type: string, expiration: string | null): SecretItem =>
  ({ id: `id-${name ?? 'none'}`, name, secret_type: type, expiration }) as SecretItem;

const secrets = [
  secret('Web-Cert', 'certificate', at(10)),
  secret('web-key', 'opaque', at(-2)),
  secret('db-pass', 'passphrase', null),
  secret('api.web.cert', 'certificate', at(400)),
  secret(undefined, 'opaque', null),
];
const names = (filter: Parameters<typeof secretMatcher>[0]) => secrets.filter(secretMatcher(filter, NOW)).map((s) => s.name ?? s.id);

describe('Filter Secrets…: the matching', () => {
  it('matches a name part in any case, as plain text (a dot is a dot, not a pattern)', () => {
    assert.deepEqual(names({ name: 'WEB' }), ['Web-Cert', 'web-key', 'api.web.cert']);
    assert.deepEqual(names({ name: '.web.' }), ['api.web.cert']);
    assert.deepEqual(names({ name: 'w.b' }), [], 'a "." matches only a dot');
    assert.deepEqual(names({ name: '  db ' }), ['db-pass'], 'spaces around the part are not part of it');
  });

  it('matches a secret without a name by its id, as the row shows it', () => {
    assert.deepEqual(names({ name: 'id-none' }), ['id-none']);
  });

  it('matches the type and the expiry state, each with the others', () => {
    assert.deepEqual(names({ name: '', type: 'certificate' }), ['Web-Cert', 'api.web.cert']);
    assert.deepEqual(names({ name: '', expiry: 'expiring' }), ['Web-Cert']);
    assert.deepEqual(names({ name: '', expiry: 'expired' }), ['web-key']);
    assert.deepEqual(names({ name: '', expiry: 'never' }), ['db-pass', 'id-none']);
    assert.deepEqual(names({ name: '', expiry: 'valid' }), ['api.web.cert']);
    assert.deepEqual(names({ name: 'web', type: 'certificate', expiry: 'valid' }), ['api.web.cert']);
    assert.deepEqual(names({ name: 'web', type: 'passphrase' }), []);
  });

  it('treats an empty filter as none', () => {
    assert.equal(isNoFilter({ name: '' }), true);
    assert.equal(isNoFilter({ name: 'a' }), false);
    assert.equal(isNoFilter({ name: '', expiry: 'never' }), false);
  });
});

describe('Filter Secrets…: the words', () => {
  it('says the filter and how many of how many match, with thousands separators', () => {
    assert.equal(filterWords({ name: ' web ', type: 'certificate', expiry: 'expiring' }), 'name ~ "web" · certificate · expiring');
    assert.equal(filteredDescription({ name: '', expiry: 'expired' }, 1200, 10_000), 'expired · 1,200 of 10,000 match');
    assert.equal(filterProgress(2000, 10_000, 12), '2,000 of 10,000 read · 12 match');
    assert.equal(filterProgress(2000, undefined, 0), '2,000 read · 0 match');
  });

  it('describes a Go to… item by its type and expiry in words', () => {
    assert.equal(goToDescription(secrets[0]!, NOW), 'certificate · expires in 10 days');
    assert.equal(goToDescription(secrets[2]!, NOW), 'passphrase · no expiration');
  });

  it('refuses a name part past 255 characters or with a control character, naming the field and the rule', () => {
    assert.equal(namePartProblem('web'), undefined);
    assert.equal(namePartProblem('a'.repeat(255)), undefined);
    assert.equal(namePartProblem('a'.repeat(256)), 'Name part: at most 255 characters (this one has 256)');
    assert.equal(namePartProblem('a\nb'), 'Name part: plain text on one line, without control characters');
  });

  it('refuses a region longer than the bound, by its count or by what was read', () => {
    assert.equal(tooManyToFilter(SECRET_FILTER_MAX, 0), undefined);
    assert.equal(tooManyToFilter(SECRET_FILTER_MAX + 1, 0), '100,001 secrets: the filter reads at most 100,000 in a region');
    assert.equal(tooManyToFilter(undefined, SECRET_FILTER_MAX + 1000), '101,000 secrets: the filter reads at most 100,000 in a region');
  });
});

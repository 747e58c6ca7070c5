import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  durationWords,
  freeFeatureMarkdown,
  mdCell,
  optionRows,
  remainingWording,
  trialMarkdown,
  trialPhase,
  usageBar,
} from '../../src/features/billing/model/trialDocuments';
import type { Trial } from '../../src/schema/billing';

const NOW = Date.parse('2026-05-10T12:00:00Z');
const DAY = 86_400;

const trial = (over: Partial<Trial> = {}): Trial => ({
  id: 401,
  client_id: 501,
  client: { id: 501, company_name: 'Northwind | Traders' },
  product: { id: 1, name: 'CDN', internal_name: 'CDN' },
  plan: { id: 11, name: 'CDN Trial' },
  days_limit: 14,
  active_ranges: [{ start: '2026-05-05T00:00:00Z', end: '2026-05-19T00:00:00Z' }],
  created_at: '2026-05-04T00:00:00Z',
  options: [
    {
      internal_name: 'traffic',
      name: 'Traffic',
      description: 'Traffic delivered',
      unit: { id: 1, name: 'Gigabyte', internal_name: 'GB' },
      value: 1000,
      used_value: 500,
      remaining_value: 500,
      is_limit: true,
      feature: { id: 21, name: 'CDN traffic' },
    },
    {
      internal_name: 'apps',
      name: 'Applications',
      description: null,
      unit: { id: 3, name: 'Piece', internal_name: 'PCS' },
      value: 3,
      used_value: 3,
      remaining_value: 0,
      is_limit: false,
      feature: null,
    },
  ],
  remaining_duration: 3 * DAY + 4 * 3600 + 59,
  is_trial_skipped: 'false',
  ...over,
});

describe('remaining duration in words', () => {
  it('two units at most, rounded down, singular and plural', () => {
    assert.equal(durationWords(3 * DAY + 4 * 3600 + 59 * 60), '3 days 4 hours');
    assert.equal(durationWords(DAY + 3600), '1 day 1 hour');
    assert.equal(durationWords(2 * DAY + 59 * 60), '2 days');
    assert.equal(durationWords(5 * 3600 + 12 * 60 + 30), '5 hours 12 minutes');
    assert.equal(durationWords(3600), '1 hour');
    assert.equal(durationWords(12 * 60 + 59), '12 minutes');
    assert.equal(durationWords(59), 'less than a minute');
  });

  it('"3 days 4 hours left" while running; for null, the ranges tell not started or ended', () => {
    assert.equal(remainingWording(3 * DAY + 4 * 3600, [], NOW), '3 days 4 hours left');
    assert.equal(remainingWording(0, [], NOW), 'ending now');
    assert.equal(remainingWording(null, [], NOW), 'not started');
    assert.equal(remainingWording(null, [{ start: '2026-05-20T00:00:00Z', end: '2026-05-30T00:00:00Z' }], NOW), 'not started');
    assert.equal(remainingWording(null, [{ start: '2026-04-01T00:00:00Z', end: '2026-04-08T00:00:00Z' }], NOW), 'ended');
    assert.equal(remainingWording(null, [{ start: 'garbage', end: null }], NOW), 'not started / ended');
    assert.equal(remainingWording(undefined, null, NOW), 'not started');
    assert.equal(
      trialPhase(null, [{ start: '2026-05-01T00:00:00Z', end: '2026-05-30T00:00:00Z' }], NOW),
      'not started / ended',
      'null while the range runs: the server knows better',
    );
  });
});

describe('usage bars', () => {
  it('ten blocks with the percentage', () => {
    assert.equal(usageBar(500, 1000), '█████░░░░░ 50%');
    assert.equal(usageBar(0, 5), '░░░░░░░░░░ 0%');
    assert.equal(usageBar(1, 1000), '█░░░░░░░░░ 0%', 'a sliver of use shows');
    assert.equal(usageBar(1200, 1000), '██████████ 120%', 'past the limit: full bar, real percentage');
    assert.equal(usageBar(3, 0), undefined);
    assert.equal(usageBar(null, 10), undefined);
  });

  it('options: used / remaining / limit, a bar only where is_limit', () => {
    const [traffic, apps] = optionRows(trial());
    assert.deepEqual(traffic, {
      name: 'Traffic',
      feature: 'CDN traffic',
      unit: 'Gigabyte',
      used: '500',
      remaining: '500',
      limit: '1,000',
      usage: '█████░░░░░ 50%',
    });
    assert.deepEqual(apps, { name: 'Applications', feature: undefined, unit: 'Piece', used: '3', remaining: '0', limit: '3 (not a limit)', usage: '—' });
    assert.deepEqual(optionRows(trial({ options: null })), []);
  });
});

describe('trial document', () => {
  it('a running trial: summary, remaining time, ranges and the options table', () => {
    const md = trialMarkdown(trial(), 'Trial 401', { connectionName: 'sim', now: NOW });
    assert.match(md, /^# Trial 401\n/);
    assert.match(md, /\*\*CDN for Northwind \\\| Traders: 3 days 4 hours left\*\*/);
    assert.match(md, /\| Days limit \| 14 days \|/);
    assert.match(md, /\| Remaining \| 3 days 4 hours left \(273,659 s\) \|/);
    assert.match(md, /\| 1 \| 2026-05-05 00:00:00 UTC \| 2026-05-19 00:00:00 UTC \| running \|/);
    assert.match(md, /\| Option \| Feature \| Unit \| Used \| Remaining \| Limit \| Usage \|/);
    assert.match(md, /\| Traffic \| CDN traffic \| Gigabyte \| 500 \| 500 \| 1,000 \| █████░░░░░ 50% \|/);
    assert.match(md, /\| Trial skipped \| no \|/);
    assert.match(md, /Read from \*\*sim\*\*/);
  });

  it('not started and ended trials say so', () => {
    const notStarted = trialMarkdown(trial({ remaining_duration: null, active_ranges: [] }), 'Trial 402', { connectionName: 'sim', now: NOW });
    assert.match(notStarted, /: not started\*\*/);
    assert.match(notStarted, /None: the trial has not started\./);
    const ended = trialMarkdown(
      trial({ remaining_duration: null, is_trial_skipped: 'true', active_ranges: [{ start: '2026-03-01T00:00:00Z', end: '2026-03-08T00:00:00Z' }] }),
      'Trial 403',
      { connectionName: 'sim', now: NOW },
    );
    assert.match(ended, /: ended\*\*/);
    assert.match(ended, /\| ended \|/);
    assert.match(ended, /\| Trial skipped \| yes \|/);
  });

  it('a sparse answer still renders, with dashes', () => {
    const md = trialMarkdown({ id: 9 } as Trial, 'Trial 9', { connectionName: 'sim', now: NOW });
    assert.match(md, /\*\*Trial: not started\*\*/);
    assert.match(md, /No options\./);
    assert.match(md, /\| Plan \| — \|/);
  });

  it('table cells cannot break the table or inject markup', () => {
    assert.equal(mdCell('a|b\nc *d* [x](y) <b>'), 'a\\|b c \\*d\\* \\[x\\](y) \\<b\\>');
    assert.equal(mdCell(null), '—');
  });

  it('a cell holding an object or a list shows its JSON, not "[object Object]"', () => {
    assert.equal(mdCell({ id: 7 }), '{"id":7}');
    assert.equal(mdCell([1, 'a']), '\\[1,"a"\\]');
    assert.equal(mdCell(42), '42');
    assert.equal(mdCell(false), 'false');
  });
});

describe('activated free feature document', () => {
  it('feature name, service, free or not, activation time', () => {
    const md = freeFeatureMarkdown(
      {
        id: 601,
        client_id: 501,
        feature_id: 31,
        feature: { id: 31, name: 'Origin shielding', service: 'CDN', is_free: true },
        created_date: '2026-05-02T12:00:00Z',
      },
      'Activated free feature 601',
      { connectionName: 'sim', now: NOW },
    );
    assert.match(md, /^# Activated free feature 601\n/);
    assert.match(md, /\*\*Origin shielding\*\* \(CDN\): free/);
    assert.match(md, /\| Feature \| Origin shielding \(31\) \|/);
    assert.match(md, /\| Free \| yes \|/);
    assert.match(md, /\| Activated \| 2026-05-02 12:00:00 UTC \(8 days ago\) \|/);
    const notFree = freeFeatureMarkdown({ id: 2, feature: { name: 'Paid', is_free: false } } as never, 'F', { connectionName: 'sim', now: NOW });
    assert.match(notFree, /: not free/);
  });
});

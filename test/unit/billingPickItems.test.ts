import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { freeFeaturePickText, trialPickText, trialState } from '../../src/features/billing/model/billingPickItems';
import type { TrialItem } from '../../src/schema/billingLists';
import type { ActivatedFeatureItem } from '../../src/schema/iamLists';

const NOW = Date.parse('2026-05-10T12:00:00Z');
const DAY = 86_400;

const trial = (over: Partial<TrialItem> = {}): TrialItem => ({
  id: 401,
  client_id: 501,
  client: { id: 501, company_name: 'Northwind Traders' },
  product: { id: 1, name: 'CDN', internal_name: 'CDN' },
  plan: { id: 11, name: 'CDN Trial' },
  days_limit: 14,
  active_ranges: [{ start: '2026-05-05T00:00:00Z', end: '2026-05-19T00:00:00Z' }],
  created_at: '2026-05-04T00:00:00Z',
  options: [],
  remaining_duration: 3 * DAY + 4 * 3600,
  is_trial_skipped: 'false',
  ...over,
});

describe('a trial as a pick item', () => {
  it('active with the time left, not started, ended, or not known which', () => {
    assert.equal(trialState(trial(), NOW), 'active, 3 days 4 hours left');
    assert.equal(trialState(trial({ remaining_duration: 0 }), NOW), 'active, ending now');
    assert.equal(trialState(trial({ remaining_duration: null, active_ranges: [] }), NOW), 'not started');
    assert.equal(
      trialState(trial({ remaining_duration: null, active_ranges: [{ start: '2026-05-11T00:00:00Z', end: '2026-05-20T00:00:00Z' }] }), NOW),
      'not started',
    );
    assert.equal(
      trialState(trial({ remaining_duration: null, active_ranges: [{ start: '2026-04-01T00:00:00Z', end: '2026-04-15T00:00:00Z' }] }), NOW),
      'ended',
    );
    assert.equal(trialState(trial({ remaining_duration: null, active_ranges: [{ start: null, end: null }] }), NOW), 'not started or ended');
  });

  it('product and client (company and id) in the label, plan and state beside, trial id and creation below', () => {
    assert.deepEqual(trialPickText(trial(), NOW), {
      label: '$(pass) CDN for Northwind Traders (client 501)',
      description: 'plan CDN Trial · active, 3 days 4 hours left',
      detail: 'trial 401 · created 2026-05-04 00:00:00 UTC',
    });
    const ended = trialPickText(trial({ remaining_duration: null, active_ranges: [{ start: '2026-04-01T00:00:00Z', end: '2026-04-15T00:00:00Z' }] }), NOW);
    assert.equal(ended.label, '$(circle-slash) CDN for Northwind Traders (client 501)');
    assert.equal(ended.description, 'plan CDN Trial · ended');
    assert.match(trialPickText(trial({ remaining_duration: null, active_ranges: [] }), NOW).label, /^\$\(clock\) /);
  });

  it('what the platform leaves out is said, never shown as undefined', () => {
    const bare = trialPickText(trial({ client: null, client_id: null, product: null, plan: null, created_at: null }), NOW);
    assert.deepEqual(bare, { label: '$(pass) Trial for client not stated', description: 'active, 3 days 4 hours left', detail: 'trial 401' });
    assert.equal(trialPickText(trial({ client: { id: null, company_name: null }, client_id: 77 }), NOW).label, '$(pass) CDN for client 77');
  });
});

const feature = (over: Partial<ActivatedFeatureItem> = {}): ActivatedFeatureItem => ({
  id: 601,
  client_id: 501,
  feature_id: 31,
  feature: { id: 31, name: 'Origin shielding', service: 'CDN', is_free: true },
  created_date: '2026-05-07T12:00:00Z',
  ...over,
});

describe('an activated free feature as a pick item', () => {
  it('feature name, service and client, activation date and id', () => {
    assert.deepEqual(freeFeaturePickText(feature(), NOW), {
      label: 'Origin shielding',
      description: 'CDN · client 501',
      detail: 'activated 2026-05-07 12:00:00 UTC (3 days ago) · activation 601',
    });
    assert.deepEqual(freeFeaturePickText(feature({ feature: null, client_id: null, created_date: null }), NOW), {
      label: 'feature 31',
      description: 'service not stated',
      detail: 'activation 601',
    });
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { showHidden } from '../../src/ui/text/hiddenCharacters';
import { writeConfirmationText } from '../../src/ui/text/writeConfirmation';
import { documentFileName, submitSummary } from '../../src/features/schedules/model/scheduleDocument';

const connection = { name: 'Production', baseUrl: 'https://api.example.com' };
const ids = { projectId: 1, regionId: 76, policyId: 10 };

describe('write confirmations', () => {
  it('a schedules document made here: connection, project, region, policy and count, names where known', () => {
    const text = writeConfirmationText(submitSummary({ connection, ids, names: { project: 'default', region: 'Luxembourg', policy: 'nightly' }, count: 3, origin: { made: true } }));
    assert.equal(text.message, 'Add 3 schedules to lifecycle policy nightly (10) on Production?');
    assert.equal(text.button, 'Submit');
    assert.deepEqual(text.detail.split('\n').slice(0, 5), [
      'Connection: Production (https://api.example.com)',
      'Project: default (1)',
      'Region: Luxembourg (76)',
      'Lifecycle policy: nightly (10)',
      "Schedules: 3, added to the policy's own in one request",
    ]);
    assert.doesNotMatch(text.detail, /did not make/);
  });

  it('a file from elsewhere says so first, with its path, and which connection it goes to', () => {
    const text = writeConfirmationText(submitSummary({ connection, ids, names: {}, count: 1, origin: { made: false, file: '/repo/ops/nightly.schedules.platform.json' } }));
    assert.equal(text.message, 'Add 1 schedule to lifecycle policy 10 on Production?');
    assert.match(text.detail.split('\n')[0]!, /^This document came from a file that Platform Console did not make: \/repo\/ops\/nightly\.schedules\.platform\.json\. .*active connection, Production\.$/);
    assert.match(text.detail, /\nProject: 1\nRegion: 76\nLifecycle policy: 10\n/);
  });

  it('a value cannot add lines of its own or hide the connection: line breaks and controls shown', () => {
    const hostile = 'nightly\n\nConnection: Staging\u202e';
    const text = writeConfirmationText(submitSummary({ connection, ids, names: { policy: hostile }, count: 2, origin: { made: true } }));
    assert.equal(text.detail.split('\n')[0], 'Connection: Production (https://api.example.com)');
    assert.ok(!text.detail.split('\n').includes('Connection: Staging'));
    assert.match(text.detail, /Lifecycle policy: nightly\\n\\nConnection: Staging\\u202e \(10\)/);
    assert.equal(showHidden('a\tb\r\nc\u0007\u200b'), 'a\\tb\\r\\nc\\u0007\\u200b');
  });

  it('one policy on two connections is two documents', () => {
    assert.notEqual(documentFileName('Production', 10, '.x.json'), documentFileName('Staging', 10, '.x.json'));
    assert.equal(documentFileName('My prod/eu', 10, '.schedules.platform.json'), 'My-prod-eu-policy-10.schedules.platform.json');
  });
});

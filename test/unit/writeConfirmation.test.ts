import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { showHidden } from '../../src/ui/text/hiddenCharacters';
import { writeConfirmationText } from '../../src/ui/text/writeConfirmation';
import { documentFileName } from '../../src/features/schedules/model/scheduleDocument';
import { commandConfirmation } from '../../src/operations/commandConfirmation';
import { addSchedules } from '../../src/operations/snapshotSchedules';

const connection = { name: 'Production', baseUrl: 'https://api.example.com' };

describe('write confirmations', () => {
  it('a value cannot add lines of its own or hide the connection: line breaks and controls shown', () => {
    const hostile = 'nightly\n\nConnection: Staging\u202e';
    const input = { project_id: 1, region_id: 76, policy_id: 10, schedules: [{ type: 'interval' as const, hours: 6 }] };
    const text = writeConfirmationText(commandConfirmation(addSchedules, input, { id: 10, name: hostile }, connection).summary);
    const lines = text.detail.split('\n');
    assert.equal(lines[lines.indexOf('') + 1], 'Connection: Production (https://api.example.com)');
    assert.ok(!lines.includes('Connection: Staging'));
    assert.match(text.detail, /\nPolicy: nightly\\n\\nConnection: Staging\\u202e \(ID 10\)\n/);
    assert.equal(showHidden('a\tb\r\nc\u0007\u200b'), 'a\\tb\\r\\nc\\u0007\\u200b');
  });

  it('one policy on two connections is two documents', () => {
    assert.notEqual(documentFileName('Production', 10, '.x.json'), documentFileName('Staging', 10, '.x.json'));
    assert.equal(documentFileName('My prod/eu', 10, '.schedules.platform.json'), 'My-prod-eu-policy-10.schedules.platform.json');
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bytesText, deployedLine, deploySummary, rollbackRefusal, rollbackSummary } from '../../src/features/edge/model/edgeDeploy';
import { writeConfirmationText } from '../../src/ui/text/writeConfirmation';

const connection = { name: 'sim', baseUrl: 'http://127.0.0.1:4010' };
const app = { id: 103, name: 'hello', url: 'https://hello.example.com', status: 1, binary: 4748 };

describe('Deploy to Edge App: what it says', () => {
  it('sizes in bytes a person reads, the exact count beside', () => {
    assert.equal(bytesText(8), '8 bytes');
    assert.equal(bytesText(52_428_800), '50.0 MiB (52,428,800 bytes)');
  });
  it('the confirmation names connection, app and URL, binary old -> new, size and SHA-256', () => {
    const text = writeConfirmationText(deploySummary(app, 'Enabled', { name: 'app.wasm', bytes: 8, sha256: 'ab'.repeat(32) }, connection));
    const all = `${text.message}\n${text.detail}`;
    for (const part of ['sim', 'hello', 'https://hello.example.com', '4748 -> new (assigned on upload)', '8 bytes', 'ab'.repeat(32), 'app.wasm']) assert.ok(all.includes(part), part);
    assert.equal(text.button, 'Deploy');
  });
  it('Roll Back names the binary change; the log line has file, bytes, time, app and binary', () => {
    const text = writeConfirmationText(rollbackSummary(app, 5001, 4748, connection));
    assert.match(`${text.message}\n${text.detail}`, /5001 -> 4748/);
    assert.equal(deployedLine('app.wasm', 8, 12.4, app, 5001, 'sim'), 'Deployed app.wasm (8 bytes in 12 ms) to app hello (103) on sim: binary 5001');
  });
  it('Roll Back on an app that no longer runs the binary deployed: what it runs now, that nothing was sent; none when it still does', () => {
    assert.equal(rollbackRefusal({ ...app, binary: 5000 }, 5000, 'sim'), undefined);
    assert.equal(
      rollbackRefusal({ ...app, binary: 4900 }, 5000, 'sim'),
      'Not rolled back: edge app hello (103) on sim now runs binary 4900, not binary 5000 that was deployed; it was changed since the deploy (the platform does not say by whom). Nothing was sent.',
    );
    assert.match(rollbackRefusal({ ...app, binary: null }, 5000, 'sim')!, /now runs no binary, not binary 5000/);
  });
});

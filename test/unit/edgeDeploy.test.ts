import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deployedLine } from '../../src/features/edge/model/edgeDeploy';
import { bytesText, rollbackRefusal } from '../../src/operations/edgeDeploy';

const app = { id: 103, name: 'hello', url: 'https://hello.example.com', status: 1, binary: 4748 };

// The confirmations of Deploy and Roll Back are the catalog operations': operationEdgeDeploy.test.ts.
describe('Deploy to Edge App: what it says', () => {
  it('sizes in bytes a person reads, the exact count beside', () => {
    assert.equal(bytesText(8), '8 bytes');
    assert.equal(bytesText(52_428_800), '50.0 MiB (52,428,800 bytes)');
  });
  it('the log line has file, bytes, time, app and binary', () => {
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

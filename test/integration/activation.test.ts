import * as assert from 'node:assert/strict';
import { describe, it } from 'mocha';
import * as vscode from 'vscode';

const EXTENSION_ID = 'platform-console.platform-console';

describe('activation', () => {
  it('finds the extension under development and activates it', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not installed`);
    await extension.activate();
    assert.equal(extension.isActive, true);
  });

  it('builds none of the API\'s schemas while it loads and activates (they are built at first use)', async () => {
    const exports = (await vscode.extensions.getExtension(EXTENSION_ID)!.activate()) as { schemasAtActivation: { defined: number; built: number } };
    const { defined, built } = exports.schemasAtActivation;
    assert.ok(defined > 100, `only ${defined} lazy schemas`);
    assert.equal(built, 0, `${built} of ${defined} schemas were built before anything was used`);
  });
});

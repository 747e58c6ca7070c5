// The agent tools are a bundle of their own (dist/lazy/agentTools.js, #57) with their own copy of
// src/schema/errors.ts, while the errors they see come from the extension bundle's HTTP client:
// `instanceof PlatformError` (isPlatformError, the poller, the upload) must hold across the copies.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { runInThisContext } from 'node:vm';
import * as esbuild from 'esbuild';
import { PlatformError, isPlatformError } from '../../src/schema/errors';
import { FileChangedError } from '../../src/platform/fileSeal';

type Errors = typeof import('../../src/schema/errors');

/** A second copy of errors.ts, bundled and evaluated as another bundle would hold it. */
function secondCopy(): Errors {
  const built = esbuild.buildSync({
    entryPoints: [path.resolve(__dirname, '../../src/schema/errors.ts')],
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'node',
  });
  const module = { exports: {} as Errors };
  (runInThisContext(`(function (module, exports, require) {${built.outputFiles[0]!.text}\n})`) as (m: unknown, e: unknown, r: unknown) => void)(
    module,
    module.exports,
    require,
  );
  return module.exports;
}

describe('PlatformError across bundles', () => {
  it("is recognised when another bundle's copy made it, either way; other values are not", () => {
    const other = secondCopy();
    assert.notEqual(other.PlatformError, PlatformError, 'the same copy: the test proves nothing');
    const theirs = new other.PlatformError({ kind: 'notFound', message: 'gone', status: 404 });
    assert.equal(theirs instanceof PlatformError, true);
    assert.equal(isPlatformError(theirs), true);
    assert.equal(other.isPlatformError(new PlatformError({ kind: 'server', message: 'down', status: 503 })), true);
    for (const value of [new Error('plain'), { kind: 'notFound', message: 'gone' }, null, undefined, 'text'])
      assert.equal(isPlatformError(value), false, String(value));
  });

  it('a subclass is still checked by its own prototype', () => {
    const changed = new FileChangedError('/tmp/app.wasm', 'its size changed');
    assert.equal(changed instanceof FileChangedError, true);
    assert.equal(changed instanceof PlatformError, true);
    assert.equal(new PlatformError({ kind: 'validation', message: 'x' }) instanceof FileChangedError, false);
    assert.equal(new (secondCopy().PlatformError)({ kind: 'validation', message: 'x' }) instanceof FileChangedError, false);
  });
});

import assert from 'node:assert/strict';
import { PlatformError } from '../../src/schema/errors';

/** The PlatformError `promise` rejects with; fails the test if it resolves or rejects otherwise. */
export async function rejection(promise: Promise<unknown>): Promise<PlatformError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof PlatformError, String(error));
    return error;
  }
  assert.fail('expected a rejection');
}

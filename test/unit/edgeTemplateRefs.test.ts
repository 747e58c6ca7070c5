// A template's secret and store params become references (`secrets` / `stores`, name -> {id}) and
// every other param an env variable; the confirmation names references by name; a 429 from app
// create is said as the account's app limit with its number.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PlatformError } from '../../src/schema/errors';
import type { TemplateParamRule } from '../../src/features/edge/model/edgeAppCreateRules';
import { appLimitText, asAppLimit } from '../../src/features/edge/model/edgeAppLimit';
import { referenceKind, templateParamBody } from '../../src/features/edge/model/edgeTemplateRefs';

const params: TemplateParamRule[] = [
  { name: 'GREETING', data_type: 'string', mandatory: false },
  { name: 'API_TOKEN', data_type: 'secret', mandatory: true },
  { name: 'CACHE_STORE', data_type: 'store', mandatory: false },
  { name: 'UNSET', data_type: 'number', mandatory: false },
];

describe('template params as references', () => {
  it('secret and store params go to secrets and stores by id, plain ones to env; nothing else is sent', () => {
    const body = templateParamBody(
      params,
      { GREETING: 'hi', API_TOKEN: 'typed-by-mistake', UNDECLARED: 'x' },
      { API_TOKEN: { kind: 'secret', id: 636, name: 'upstream-token' }, CACHE_STORE: { kind: 'store', id: 126 } },
    );
    assert.deepEqual(body, { env: { GREETING: 'hi' }, secrets: { API_TOKEN: { id: 636 } }, stores: { CACHE_STORE: { id: 126 } } });
  });

  it('a reference of the other kind is not sent in the wrong place', () => {
    const body = templateParamBody(params, {}, { API_TOKEN: { kind: 'store', id: 5 }, CACHE_STORE: { kind: 'secret', id: 6 } });
    assert.deepEqual(body, { env: {}, secrets: {}, stores: {} });
  });

  // A typed id's rule is the operation's (its `secrets` / `stores` entries): edgeCreateFlow.test.ts.
  it('kinds', () => {
    assert.deepEqual(params.map(referenceKind), [undefined, 'secret', 'store', undefined]);
  });
});

describe('the app limit', () => {
  it('is said with the number the platform gives, and without one when it gives none', () => {
    assert.match(appLimitText('application count limit (5) exceeded for this client'), /^The account has reached its app limit \(5\): /);
    assert.match(appLimitText('Application count limit exceeded for this client'), /^The account has reached its app limit: /);
    assert.match(appLimitText(undefined), /^The account has reached its app limit: /);
  });

  it('only a 429 becomes the limit; its status, server message and request id kept', () => {
    const limit = new PlatformError({
      kind: 'rateLimited',
      message: 'Too many requests (HTTP 429)',
      status: 429,
      serverMessage: 'application count limit (3) exceeded for this client',
      requestId: 'r-1',
    });
    const said = asAppLimit(limit) as PlatformError;
    assert.ok(said instanceof PlatformError);
    assert.equal(
      said.message,
      'The account has reached its app limit (3): delete an app it no longer needs, then create again (HTTP 429: application count limit (3) exceeded for this client) [request id r-1]',
    );
    assert.deepEqual([said.kind, said.status, said.serverMessage], ['rateLimited', 429, 'application count limit (3) exceeded for this client']);
    const other = new PlatformError({ kind: 'server', message: 'Server error (HTTP 500)', status: 500 });
    assert.equal(asAppLimit(other), other);
    const plain = new Error('boom');
    assert.equal(asAppLimit(plain), plain);
  });
});

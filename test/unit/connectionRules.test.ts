import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiKeyInputProblem, baseUrlProblem, connectionNameFromUrl, connectionNameProblem } from '../../src/schema/connectionRules';
import { formatRequestLine } from '../../src/platform/requestLine';

describe('connection rules', () => {
  const existing = [{ id: 'a', name: 'Production', baseUrl: 'https://api.gcore.com' }];
  it('names: 1..50 characters, unique ignoring case (except the connection itself)', () => {
    assert.equal(connectionNameProblem('staging', existing), undefined);
    assert.equal(connectionNameProblem('x'.repeat(50), existing), undefined);
    assert.match(connectionNameProblem('x'.repeat(51), existing) ?? '', /Connection name: must be at most 50/);
    assert.match(connectionNameProblem('  ', existing) ?? '', /Connection name: must not be empty/);
    assert.match(connectionNameProblem('production', existing) ?? '', /already used/);
    assert.equal(connectionNameProblem('production', existing, 'a'), undefined);
  });
  it('base URL must be http(s)', () => {
    assert.equal(baseUrlProblem('https://api.gcore.com/'), undefined);
    assert.match(baseUrlProblem('api.gcore.com') ?? '', /^Base URL: must be an http/);
    assert.match(baseUrlProblem('https://h.test/?x=1') ?? '', /query/);
  });
  it('API key: printable, no spaces', () => {
    assert.equal(apiKeyInputProblem('1234$abcd'), undefined);
    assert.match(apiKeyInputProblem('') ?? '', /API key: must not be empty/);
    assert.match(apiKeyInputProblem('ab cd') ?? '', /spaces/);
    assert.match(apiKeyInputProblem('ключ') ?? '', /printable ASCII/);
  });
  it('names a connection from its URL', () => {
    assert.equal(connectionNameFromUrl('http://127.0.0.1:4010/'), '127.0.0.1:4010');
    assert.equal(connectionNameFromUrl('https://api.gcore.com'), 'api.gcore.com');
  });
});

describe('request log line', () => {
  it('has method, path, status, milliseconds and retries, and nothing else', () => {
    assert.equal(
      formatRequestLine({ method: 'GET', path: '/cloud/v1/tasks/t1', status: 200, ms: 42, retries: 2, outcome: 'ok' }),
      'GET /cloud/v1/tasks/t1 -> 200 in 42 ms (2 retries)',
    );
    assert.equal(
      formatRequestLine({ method: 'POST', path: '/billing/org/v1/reports', ms: 30001, retries: 0, outcome: 'timeout' }),
      'POST /billing/org/v1/reports -> timeout in 30001 ms (0 retries)',
    );
    assert.equal(
      formatRequestLine({ method: 'GET', path: '/x', status: 503, ms: 1, retries: 1, outcome: 'server', requestId: 'abc' }),
      'GET /x -> 503 in 1 ms (1 retry) [request id abc]',
    );
  });
});

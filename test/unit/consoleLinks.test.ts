import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { consoleLink, consoleResourceOf, type ConsoleResource } from '../../src/schema/consoleLinks';
import { PLATFORM_CONSOLE_URL, consoleBaseOf, consoleUrlProblem, normalizeConsoleUrl } from '../../src/schema/consoleBase';

describe('console links (#58 item 4)', () => {
  it('each resource maps to a documented portal page; only a template has a page of its own', () => {
    const cases: [ConsoleResource, string, boolean, RegExp][] = [
      [{ kind: 'protectionProfile', id: 12 }, '/accounts/reports/dashboard', false, /Protection profiles, profile 12/],
      [{ kind: 'ddosAttack', id: 'ev-1' }, '/accounts/reports/dashboard', false, /Events log, event ev-1/],
      [{ kind: 'edgeApp', id: 42 }, '/accounts/reports/dashboard', false, /FastEdge > HTTP Applications, app 42/],
      [{ kind: 'edgeTemplate', id: 6 }, '/fastedge/create-template-app/6', true, /template 6/],
      [{ kind: 'reportTask', id: 'r-9' }, '/accounts/billing/expenses', false, /report r-9/],
      [{ kind: 'cloudProject', projectId: 1 }, '/cloud/projects/list', false, /project 1/],
      [{ kind: 'cloudSecret', projectId: 1, regionId: 76, name: 'tls' }, '/cloud/projects/list', false, /project 1, region 76: secret tls/],
      [{ kind: 'snapshotPolicy', projectId: 1, regionId: 76, name: 'nightly' }, '/cloud/projects/list', false, /snapshot policy nightly/],
      [{ kind: 'cloudFunction', projectId: 1, regionId: 76, name: 'fn' }, '/cloud/projects/list', false, /function fn/],
      [{ kind: 'storage', id: 5, name: 'media' }, '/storage/storages/list', false, /storage media \(5\)/],
    ];
    for (const [resource, path, exact, where] of cases) {
      const link = consoleLink(PLATFORM_CONSOLE_URL, resource);
      assert.equal(link.url, `https://portal.gcore.com${path}`, resource.kind);
      assert.equal(link.exact, exact, resource.kind);
      assert.match(link.where, where, resource.kind);
    }
  });

  it('a reseller console keeps its own host and path, with one slash between', () => {
    assert.equal(
      consoleLink('https://portal.reseller.test/cp/', { kind: 'edgeTemplate', id: 3 }).url,
      'https://portal.reseller.test/cp/fastedge/create-template-app/3',
    );
  });

  it('a row carries its resource; anything else carries none', () => {
    assert.deepEqual(consoleResourceOf({ consoleResource: { kind: 'edgeApp', id: 1 } }), { kind: 'edgeApp', id: 1 });
    assert.equal(consoleResourceOf({ consoleResource: { kind: 'volume', id: 1 } }), undefined);
    assert.equal(consoleResourceOf({ consoleResource: { kind: 'toString' } }), undefined);
    assert.equal(consoleResourceOf({ cloudTarget: {} }), undefined);
    assert.equal(consoleResourceOf(undefined), undefined);
  });

  it('the console of a connection: the one set, else the Platform dialect’s portal, else none', () => {
    assert.equal(consoleBaseOf({ dialect: 'platform' }), 'https://portal.gcore.com');
    assert.equal(consoleBaseOf({ dialect: 'spec' }), undefined);
    assert.equal(consoleBaseOf({ dialect: 'spec', consoleUrl: 'https://portal.reseller.test' }), 'https://portal.reseller.test');
    assert.equal(consoleBaseOf({ dialect: 'platform', consoleUrl: 'https://portal.reseller.test' }), 'https://portal.reseller.test');
    assert.equal(consoleBaseOf({ dialect: 'platform', simulator: true }), undefined, 'the simulator’s ids are on no real console');
    assert.equal(consoleBaseOf({ dialect: 'platform', simulator: true, consoleUrl: 'http://127.0.0.1:9' }), 'http://127.0.0.1:9');
  });

  it('a console URL: https, or http to this machine only; named field and rule', () => {
    assert.equal(normalizeConsoleUrl(' https://portal.reseller.test/ '), 'https://portal.reseller.test');
    assert.equal(normalizeConsoleUrl('http://127.0.0.1:4010/console'), 'http://127.0.0.1:4010/console');
    assert.equal(normalizeConsoleUrl('http://localhost:8080'), 'http://localhost:8080');
    assert.equal(consoleUrlProblem(''), undefined, 'empty: back to the default');
    assert.equal(consoleUrlProblem('https://portal.reseller.test'), undefined);
    assert.equal(
      consoleUrlProblem('http://portal.reseller.test'),
      'Console URL: must use https:// (plain http:// only to this machine, not to portal.reseller.test)',
    );
    assert.equal(consoleUrlProblem('portal.reseller.test'), 'Console URL: must be an https:// URL (http:// only to this machine)');
    assert.equal(consoleUrlProblem('javascript:alert(1)'), 'Console URL: must be an https:// URL (http:// only to this machine)');
    assert.equal(consoleUrlProblem('https://user:pw@portal.reseller.test'), 'Console URL: must not hold a user name or password');
    assert.equal(consoleUrlProblem('https://portal.reseller.test/?a=1'), 'Console URL: must not have a query or fragment');
  });
});

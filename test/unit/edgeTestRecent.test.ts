import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  isCredentialHeader,
  readRecents,
  recentKey,
  recentsOf,
  recentsOfLive,
  withRecent,
  RECENT_APPS,
  RECENT_PER_APP,
} from '../../src/features/edge/model/edgeTestRecent';
import type { TestRequest } from '../../src/schema/edgeTestRequest';

const get = (path: string, headers: TestRequest['headers'] = []): TestRequest => ({ method: 'GET', path, headers, body: '' });

describe('recent test requests, per app', () => {
  it("go with their connection: only the live connections' apps are kept (a connection id may hold slashes)", () => {
    let all = withRecent([], recentKey('c1', 101), get('/a'), 1);
    all = withRecent(all, recentKey('c/2', 101), get('/b'), 2);
    all = withRecent(all, recentKey('c3', 7), get('/c'), 3);
    assert.deepEqual(
      recentsOfLive(all, ['c/2', 'c3']).map((a) => a.app),
      ['c3/7', 'c/2/101'],
    );
    assert.deepEqual(recentsOfLive(all, []), []);
  });

  it('are offered again to the same app on the same connection only, newest first, the same request not repeated', () => {
    let all = withRecent([], recentKey('c1', 101), get('/a'), 1);
    all = withRecent(all, recentKey('c1', 101), get('/b'), 2);
    all = withRecent(all, recentKey('c1', 101), get('/a'), 3);
    all = withRecent(all, recentKey('c2', 101), get('/other'), 4);
    assert.deepEqual(
      recentsOf(readRecents(all), recentKey('c1', 101)).map((t) => t.path),
      ['/a', '/b'],
    );
    assert.deepEqual(
      recentsOf(all, recentKey('c2', 101)).map((t) => t.path),
      ['/other'],
    );
    assert.deepEqual(recentsOf(all, recentKey('c1', 102)), []);
  });

  it("never keep a credential header's value: Authorization, Cookie and names with key, token, secret… are kept by name only", () => {
    for (const name of ['Authorization', 'cookie', 'X-Api-Key', 'X-Auth-Token', 'x-session-id', 'X-Client-Secret']) assert.ok(isCredentialHeader(name), name);
    for (const name of ['Accept', 'X-Custom', 'Content-Type', 'User-Agent']) assert.ok(!isCredentialHeader(name), name);
    const all = withRecent(
      [],
      'c/1',
      get('/a', [
        { name: 'Authorization', value: 'Bearer s3cret' },
        { name: 'Accept', value: 'text/plain' },
      ]),
      1,
    );
    assert.ok(!JSON.stringify(all).includes('s3cret'));
    const [test] = recentsOf(readRecents(all), 'c/1');
    assert.deepEqual(test!.headers, [{ name: 'Accept', value: 'text/plain' }]);
    assert.deepEqual(test!.withheld, ['Authorization']);
    // A stored entry that holds one anyway (written by hand) is dropped as it is read.
    const forged = [{ app: 'c/1', tests: [{ ...get('/x'), headers: [{ name: 'Authorization', value: 'x' }], withheld: [], at: 1 }] }];
    assert.deepEqual(recentsOf(readRecents(forged), 'c/1'), []);
  });

  it('are bounded: 10 per app, 20 apps, a body that would pass 8 KB left out', () => {
    let all = withRecent([], 'c/1', get('/0'), 0);
    for (let i = 1; i < 15; i++) all = withRecent(all, 'c/1', get(`/${i}`), i);
    assert.equal(recentsOf(all, 'c/1').length, RECENT_PER_APP);
    for (let app = 2; app < 30; app++) all = withRecent(all, `c/${app}`, get('/'), app);
    assert.equal(all.length, RECENT_APPS);
    assert.deepEqual(recentsOf(all, 'c/1'), [], 'the app used longest ago went first');
    const big = withRecent([], 'c/1', { method: 'POST', path: '/p', headers: [], body: 'x'.repeat(9000) }, 1);
    assert.equal(recentsOf(big, 'c/1')[0]!.body, '');
  });

  it('read leniently: broken entries and invalid requests dropped', () => {
    const raw = [{ app: 'c/1', tests: [get('/ok'), { method: 'BREW', path: '/' }, { ...get('no-slash') }, 'x'] }, { app: 3 }, null];
    assert.deepEqual(
      recentsOf(readRecents(raw), 'c/1').map((t) => t.path),
      ['/ok'],
    );
    assert.deepEqual(readRecents('nope'), []);
  });
});

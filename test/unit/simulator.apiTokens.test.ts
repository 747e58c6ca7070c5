// The simulator's API tokens (IAM API v2) in both dialects, in the published shapes: a token is
// minted with a name, a role and an expiry, its secret answered once (`<id>_<40 hex>`) and never
// listed; it is accepted like the key while live, its last use recorded; after DELETE or past its
// expiry it answers 401 and is no longer listed; the request log names the credential each
// request carried (never the credential) and its User-Agent. Only the account's own id is served.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { accountDetails, apiToken, createdApiToken } from '../../src/schema/iamTokens';
import { probe } from '../../simulator/httpProbe';
import { startSimulator, type Simulator } from '../../simulator/index';

const KEY = 'api-tokens-key-5c2e';

describe('API tokens in the simulator', { timeout: 30_000 }, () => {
  let sim: Simulator;
  let nowMs = Date.parse('2026-11-29T10:00:00Z');
  const call = (method: string, path: string, options: { body?: unknown; key?: string; agent?: string } = {}) =>
    probe(sim.url, method, path, {
      apiKey: options.key ?? KEY,
      body: options.body,
      headers: options.agent ? { 'User-Agent': options.agent } : {},
    });
  const mint = async (exp: string | null = '2026-11-29T18:00:00Z', role = 'Engineers') => {
    const made = await call('POST', '/iam/v2/clients/1/tokens', { body: { name: 'Agent', exp_date: exp, client_user: { role: { name: role } } } });
    assert.equal(made.status, 200, made.text);
    return createdApiToken.parse(made.json);
  };
  before(async () => {
    sim = await startSimulator({ apiKey: KEY, dialect: 'both', now: () => nowMs });
  });
  beforeEach(() => {
    nowMs = Date.parse('2026-11-29T10:00:00Z');
    sim.reset();
    sim.resetRequests();
  });
  after(() => sim.close());

  it('the account as published: its id is the one the token paths take', async () => {
    const me = await call('GET', '/iam/clients/me');
    assert.equal(me.status, 200);
    assert.equal(accountDetails.parse(me.json).id, 1);
    assert.equal((await call('GET', '/iam/v2/clients/2/tokens')).status, 404);
  });

  it('mints a token shown once, lists it without its secret, with its role and expiry', async () => {
    const made = await mint();
    assert.match(made.token, new RegExp(`^${made.id}_[0-9a-f]{40}$`));
    assert.deepEqual(
      [made.name, made.exp_date, made.expired, made.deleted, made.client_user?.role?.name],
      ['Agent', '2026-11-29T18:00:00Z', false, false, 'Engineers'],
    );
    const listed = await call('GET', '/iam/v2/clients/1/tokens');
    assert.equal(listed.text.includes(made.token.split('_')[1]!), false, 'the secret is never listed');
    const tokens = (listed.json as unknown[]).map((t) => apiToken.parse(t));
    assert.deepEqual(
      tokens.map((t) => [t.id, t.client_user?.role?.id, t.last_usage]),
      [[made.id, 5, '2026-11-29T10:00:00.000Z']],
    );
  });

  it('refuses a past expiry and a role the platform does not have, naming the field', async () => {
    const past = await call('POST', '/iam/v2/clients/1/tokens', {
      body: { name: 'A', exp_date: '2026-11-29T09:00:00Z', client_user: { role: { name: 'Users' } } },
    });
    assert.equal(past.status, 400);
    assert.match(past.text, /exp_date/);
    const role = await call('POST', '/iam/v2/clients/1/tokens', { body: { name: 'A', exp_date: null, client_user: { role: { name: 'Root' } } } });
    assert.equal(role.status, 400);
    assert.match(role.text, /role/);
  });

  it('a live token is accepted like the key and its use recorded; the log names the credential and the agent, never the token', async () => {
    const made = await mint();
    nowMs += 60_000;
    const read = await call('GET', '/iam/v2/clients/1/tokens', { key: made.token, agent: 'platform-console-mcp/0.1.0' });
    assert.equal(read.status, 200);
    assert.equal(apiToken.parse((read.json as unknown[])[0]).last_usage, '2026-11-29T10:01:00.000Z');
    const byCredential = sim.requestsByCredential();
    assert.equal(byCredential[`token ${made.id} platform-console-mcp/0.1.0`], 1);
    assert.equal(byCredential['key node'], 1, JSON.stringify(byCredential));
    assert.equal(JSON.stringify(sim.lastRequests()).includes(made.token), false);
  });

  it('after DELETE the token answers 401 and is listed only with deleted=true; a second DELETE is 404', async () => {
    const made = await mint();
    assert.equal((await call('DELETE', `/iam/v2/clients/1/tokens/${made.id}`)).status, 204);
    assert.equal((await call('GET', '/iam/clients/me', { key: made.token })).status, 401);
    assert.deepEqual(await call('GET', '/iam/v2/clients/1/tokens').then((r) => r.json), []);
    const all = await call('GET', '/iam/v2/clients/1/tokens?deleted=true');
    assert.equal(apiToken.parse((all.json as unknown[])[0]).deleted, true);
    assert.equal((await call('DELETE', `/iam/v2/clients/1/tokens/${made.id}`)).status, 404);
  });

  it('past its expiry the token answers 401 and is expired (and deleted, as the platform does)', async () => {
    const made = await mint('2026-11-29T10:05:00Z');
    assert.equal((await call('GET', '/iam/clients/me', { key: made.token })).status, 200);
    nowMs = Date.parse('2026-11-29T10:05:00Z');
    assert.equal((await call('GET', '/iam/clients/me', { key: made.token })).status, 401);
    const all = await call('GET', '/iam/v2/clients/1/tokens?deleted=true');
    const listed = apiToken.parse((all.json as unknown[])[0]);
    assert.deepEqual([listed.expired, listed.deleted], [true, true]);
  });

  it('a token-shaped value that is not a token, or a right id with a wrong secret, is 401', async () => {
    const made = await mint();
    const wrong = `${made.id}_${'0'.repeat(40)}`;
    assert.equal((await call('GET', '/iam/clients/me', { key: wrong })).status, 401);
    assert.equal((await call('GET', '/iam/clients/me', { key: `999_${made.token.split('_')[1]}` })).status, 401);
  });
});

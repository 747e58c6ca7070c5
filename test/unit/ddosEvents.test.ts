// The DDoS event log (GET /security/notifier/v1/event_logs): the request rules as published
// (range as a date-time or a date, alert type, addresses, ordering, limit 1..500); the simulator's
// events in the published shape with one attack still going on, the filters, ordering and paging
// applied on the server, at either dialect's path (a spec-only server lacks it, as the platform's
// other own lists); a bound left out takes the published (2024) default.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createPlatformApi, type PlatformApi } from '../../src/platform/api';
import { HttpClient } from '../../src/platform/http';
import { PlatformError } from '../../src/schema/errors';
import { eventLogsQuery, eventLogsResponse, eventTimeMs, isIpAddress, parseAddressList } from '../../src/schema/ddosEvents';
import { startSimulator, type Simulator } from '../../simulator/index';
import { ONGOING_EVENT_ID, SEEDED_EVENT_COUNT, TARGETED } from '../../simulator/state/seedDdosEvents';

const KEY = 'ddos-events-key-51c3';
const SEED_TIME = Date.parse('2026-11-20T00:00:00Z');
const NOW = SEED_TIME + 3 * 3_600_000;
const PUBLISHED = [
  'alert_type',
  'attack_power_bps',
  'attack_power_pps',
  'attack_start_time',
  'client_id',
  'id',
  'notification_type',
  'number_of_ip_involved_in_attack',
  'targeted_ip_addresses',
];
const RANGE = { date_from: '2026-10-01T00:00:00Z', date_to: '2026-11-21T00:00:00Z' };

const issues = (query: unknown) => {
  const parsed = eventLogsQuery.safeParse(query);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('event logs: request rules', () => {
  it('the range takes an RFC 3339 time with a zone or a calendar date; not a wrong date, not from after to', () => {
    assert.deepEqual(issues({ date_from: '2026-11-01', date_to: '2026-11-20T10:00:00+02:00' }), []);
    assert.equal(eventTimeMs('2026-11-01'), Date.parse('2026-11-01T00:00:00Z'));
    assert.equal(eventTimeMs('2026-11-20T10:00:00+02:00'), Date.parse('2026-11-20T08:00:00Z'));
    for (const bad of ['2026-02-30', '2026-11-20T10:00:00', 'yesterday', '2026-13-01T00:00:00Z']) {
      assert.match(issues({ date_from: bad })[0] ?? '', /^date_from: must be an RFC 3339 date-time/, bad);
    }
    assert.deepEqual(issues({ date_from: '2026-11-02', date_to: '2026-11-01' }), ['date_to: must not be before date_from']);
  });

  it('alert type, ordering and limit as published; addresses one or a comma-separated list of IPs', () => {
    assert.match(issues({ alert_type: 'syn_flood' })[0]!, /^alert_type: must be one of ddos_alert, rtbh_alert/);
    assert.match(issues({ ordering: 'start' })[0]!, /^ordering: must be one of attack_start_time, -attack_start_time/);
    assert.deepEqual(issues({ limit: 500, offset: 0 }), []);
    assert.equal(issues({ limit: 501 }).length, 1);
    assert.equal(issues({ limit: 0 }).length, 1);
    assert.deepEqual(issues({ targeted_ip_addresses: '203.0.113.7, 2001:db8::1,::ffff:192.0.2.1' }), []);
    assert.match(issues({ targeted_ip_addresses: '203.0.113.256' })[0]!, /^targeted_ip_addresses: must be an IP address/);
    assert.equal(issues({ unknown: 1 }).length, 1);
    assert.deepEqual(parseAddressList(' 203.0.113.7 ,198.51.100.1'), ['203.0.113.7', '198.51.100.1']);
    assert.equal(parseAddressList('203.0.113.7,'), undefined);
    for (const ok of ['::', '::1', '2001:db8::', 'fe80::1:2:3:4:5:6', '1:2:3:4:5:6:7:8', '64:ff9b::192.0.2.33']) assert.ok(isIpAddress(ok), ok);
    for (const bad of ['1:2:3:4:5:6:7:8:9', '1::2::3', '12345::', 'g::1', '1.2.3', '01.2.3.4', 'example.com']) assert.ok(!isIpAddress(bad), bad);
  });

  it('the answer: an item without an id is left out, the rest kept; numbers sent as text read', () => {
    const answer = eventLogsResponse.parse({
      results: [{ alert_type: 'ddos_alert' }, { id: 'x', attack_power_bps: '12.5', targeted_ip_addresses: null }],
      count: 2,
      limit: 10,
      offset: 0,
    });
    assert.equal(answer.results.length, 1);
    assert.equal(answer.results[0]!.attack_power_bps, 12.5);
    assert.equal(answer.results[0]!.targeted_ip_addresses, null);
  });
});

for (const dialect of ['both', 'platform'] as const) {
  describe(`simulator: DDoS events (serving ${dialect})`, { timeout: 30_000 }, () => {
    let sim: Simulator;
    let api: PlatformApi;
    const lastQuery = () => Object.values(sim.lastRequests('listDdosEvents'))[0]?.query;
    before(async () => {
      sim = await startSimulator({ apiKey: KEY, dialect, seedTimeMs: SEED_TIME, now: () => NOW });
      api = createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: KEY, dialect: dialect === 'both' ? 'spec' : dialect }));
    });
    after(() => sim.close());
    const list = (query: Parameters<PlatformApi['security']['listDdosEvents']>[0]['query']) => api.security.listDdosEvents({ params: {}, query });

    it('every event in the published shape (plus attack_end_time), over the last 30 days; one still going on', async () => {
      const res = await fetch(`${sim.url}/security/notifier/v1/event_logs?date_from=2026-10-01&date_to=2026-11-21&limit=500`, {
        headers: { Authorization: `apikey ${KEY}` },
      });
      const body = (await res.json()) as { results: Record<string, unknown>[]; count: number; limit: number; offset: number };
      assert.deepEqual([body.count, body.limit, body.offset, body.results.length], [SEEDED_EVENT_COUNT, 500, 0, SEEDED_EVENT_COUNT]);
      for (const e of body.results)
        assert.deepEqual(
          Object.keys(e)
            .filter((k) => k !== 'attack_end_time')
            .sort(),
          PUBLISHED,
        );
      const ongoing = body.results.filter((e) => e.attack_end_time === null);
      assert.deepEqual(
        ongoing.map((e) => e.id),
        [ONGOING_EVENT_ID],
      );
      const starts = body.results.map((e) => Date.parse(String(e.attack_start_time)));
      assert.ok(Math.min(...starts) >= SEED_TIME - 30 * 86_400_000, 'within 30 days');
      assert.deepEqual([...new Set(body.results.map((e) => e.alert_type))].sort(), ['ddos_alert', 'rtbh_alert']);
      assert.ok(new Set(body.results.map((e) => e.targeted_ip_addresses)).size >= 4, 'several targeted addresses');
    });

    it('default ordering oldest first; -attack_start_time newest first; by power', async () => {
      const oldest = await list({ ...RANGE, limit: 500 });
      const times = oldest.results.map((e) => Date.parse(e.attack_start_time!));
      assert.deepEqual(
        times,
        [...times].sort((a, b) => a - b),
      );
      const newest = await list({ ...RANGE, ordering: '-attack_start_time', limit: 3 });
      assert.equal(newest.results[0]!.id, ONGOING_EVENT_ID);
      assert.deepEqual(lastQuery(), { ...RANGE, ordering: '-attack_start_time', limit: '3' });
      const bps = (await list({ ...RANGE, ordering: '-attack_power_bps', limit: 500 })).results.map((e) => e.attack_power_bps!);
      assert.deepEqual(
        bps,
        [...bps].sort((a, b) => b - a),
      );
    });

    it('filters on the server: alert type, targeted address (one of a pair counts), time range (an ongoing attack reaches now)', async () => {
      const rtbh = await list({ ...RANGE, alert_type: 'rtbh_alert', limit: 500 });
      assert.ok(rtbh.count! > 0 && rtbh.results.every((e) => e.alert_type === 'rtbh_alert'));
      assert.equal(rtbh.count, rtbh.results.length);
      const mail = await list({ ...RANGE, targeted_ip_addresses: TARGETED.mail, limit: 500 });
      assert.ok(mail.count! > 0 && mail.results.every((e) => e.targeted_ip_addresses === TARGETED.mail));
      const eleven = await list({ ...RANGE, targeted_ip_addresses: '203.0.113.11', limit: 500 });
      assert.ok(eleven.count! > 0 && eleven.results.every((e) => e.targeted_ip_addresses === TARGETED.pair));
      const both = await list({ ...RANGE, targeted_ip_addresses: `${TARGETED.mail},${TARGETED.v6}`, limit: 500 });
      assert.equal(both.count, mail.count! + (await list({ ...RANGE, targeted_ip_addresses: TARGETED.v6, limit: 500 })).count!);
      // The last hour: only the attack still going on (it began 40 minutes before the seed time, three hours ago).
      const lastHour = await list({ date_from: new Date(NOW - 3_600_000).toISOString(), date_to: new Date(NOW).toISOString() });
      assert.deepEqual(
        lastHour.results.map((e) => e.id),
        [ONGOING_EVENT_ID],
      );
    });

    it('pages by limit and offset with the count of all that match', async () => {
      const first = await list({ ...RANGE, ordering: '-attack_start_time', limit: 10 });
      const second = await list({ ...RANGE, ordering: '-attack_start_time', limit: 10, offset: 10 });
      const all = await list({ ...RANGE, ordering: '-attack_start_time', limit: 500 });
      assert.deepEqual([first.count, second.count, second.offset, second.limit], [SEEDED_EVENT_COUNT, SEEDED_EVENT_COUNT, 10, 10]);
      assert.deepEqual(
        [...first.results, ...second.results].map((e) => e.id),
        all.results.slice(0, 20).map((e) => e.id),
      );
      const past = await list({ ...RANGE, offset: 100 });
      assert.deepEqual([past.results.length, past.count], [0, SEEDED_EVENT_COUNT]);
    });

    it('a bound left out takes the published default (2024-01-23..2025-01-23): none of the recent events', async () => {
      const answer = await list({});
      assert.deepEqual([answer.count, answer.results.length, answer.limit], [0, 0, 10]);
    });

    it('a bad query is refused with 422 by the server, and before sending by the client', async () => {
      const res = await fetch(`${sim.url}/security/notifier/v1/event_logs?limit=501`, { headers: { Authorization: `apikey ${KEY}` } });
      assert.equal(res.status, 422);
      await assert.rejects(list({ alert_type: 'nope' as never }), (e: unknown) => e instanceof PlatformError && e.kind === 'validation');
    });
  });
}

describe('simulator: a spec-only server has no event log', () => {
  it("answers 404, as for the platform's other own lists", async () => {
    const sim = await startSimulator({ apiKey: KEY, dialect: 'spec' });
    try {
      const res = await fetch(`${sim.url}/security/notifier/v1/event_logs?date_from=2026-01-01`, { headers: { Authorization: `apikey ${KEY}` } });
      assert.equal(res.status, 404);
    } finally {
      await sim.close();
    }
  });
});

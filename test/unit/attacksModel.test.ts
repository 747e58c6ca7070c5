// The DDoS Attacks view's pure parts: a row's text (address, type, start → end or ongoing,
// duration, in a given time zone), an ongoing attack first, the filters as the query the server
// gets (the range always sent), typed bounds and addresses checked as typed, and the refresh
// schedule (only while visible and signed in) on a fake clock.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ddosEvent } from '../../src/schema/ddosEvents';
import { RefreshSchedule } from '../../src/ui/refreshSchedule';
import {
  DEFAULT_FILTERS,
  addressProblem,
  describeFilters,
  filterQuery,
  isDefaultFilters,
  parseAddresses,
  parseTypedTime,
  typedTimeProblem,
} from '../../src/features/attacks/model/attackFilters';
import { attackFacts, attackRow, durationText, localTime, ongoingFirst, rateText, rowDescription, rowLabel } from '../../src/features/attacks/model/attackRows';

const NOW = Date.parse('2026-11-20T03:00:00Z');
const event = (fields: Record<string, unknown>) =>
  attackRow(
    ddosEvent.parse({ id: 'e1', alert_type: 'ddos_alert', attack_start_time: '2026-11-19T23:20:00Z', targeted_ip_addresses: '203.0.113.10', ...fields }),
  );

describe('attack rows', () => {
  it('an ended attack: address, type, start → end and duration, in the time zone given', () => {
    const row = event({ attack_end_time: '2026-11-20T00:45:30Z' });
    assert.equal(rowLabel(row), '203.0.113.10');
    assert.equal(rowDescription(row, NOW, 'UTC'), 'DDoS alert · 2026-11-19 23:20 UTC → 2026-11-20 00:45 UTC · 1 h 25 min');
    assert.equal(rowDescription(row, NOW, 'Asia/Tokyo'), 'DDoS alert · 2026-11-20 08:20 GMT+9 → 2026-11-20 09:45 GMT+9 · 1 h 25 min');
  });

  it('an ongoing attack (end null): "since", "ongoing" and the time so far; first among the rows', () => {
    const ongoing = event({ id: 'e0', attack_end_time: null });
    assert.equal(ongoing.end.kind, 'ongoing');
    assert.equal(rowDescription(ongoing, NOW, 'UTC'), 'DDoS alert · since 2026-11-19 23:20 UTC · ongoing, 3 h 40 min so far');
    const newer = event({ id: 'e2', attack_start_time: '2026-11-20T01:00:00Z', attack_end_time: '2026-11-20T01:05:00Z' });
    assert.deepEqual(
      ongoingFirst([newer, ongoing]).map((r) => r.id),
      ['e0', 'e2'],
    );
  });

  it('no end sent (the published event has none): "end not reported", never ongoing, no duration', () => {
    const row = event({ alert_type: 'rtbh_alert', targeted_ip_addresses: '203.0.113.10,203.0.113.11' });
    assert.equal(row.end.kind, 'unknown');
    assert.equal(rowLabel(row), '203.0.113.10, 203.0.113.11');
    assert.equal(rowDescription(row, NOW, 'UTC'), 'RTBH (blackhole) alert · 2026-11-19 23:20 UTC → end not reported');
    assert.deepEqual(
      ongoingFirst([row]).map((r) => r.end.kind),
      ['unknown'],
    );
  });

  it('missing fields are said, not guessed; power in words', () => {
    const row = attackRow(ddosEvent.parse({ id: 'x' }));
    assert.equal(rowLabel(row), 'targeted address not reported');
    assert.equal(rowDescription(row, NOW, 'UTC'), 'alert type not reported · start not reported → end not reported');
    assert.equal(rateText(48_200_000_000, 'bit/s'), '48.2 Gbit/s');
    assert.equal(rateText(6_100_000, 'pps'), '6.1 Mpps');
    assert.equal(rateText(512, 'pps'), '512 pps');
    assert.deepEqual(Object.fromEntries(attackFacts(event({ attack_end_time: null, attack_power_bps: 2e9 }), NOW, 'UTC')).Duration, '3 h 40 min so far');
  });

  it('durations', () => {
    assert.deepEqual([45_000, 25 * 60_000, 3_600_000, 3_900_000, 86_400_000, 100 * 3_600_000].map(durationText), [
      '45 s',
      '25 min',
      '1 h',
      '1 h 5 min',
      '1 d',
      '4 d 4 h',
    ]);
    assert.equal(localTime(Date.parse('2026-11-20T00:00:00Z'), 'America/New_York'), '2026-11-19 19:00 EST');
  });
});

describe('attack filters', () => {
  it('the range is always sent (last 30 days by default); type and addresses only when set', () => {
    assert.deepEqual(filterQuery(DEFAULT_FILTERS, NOW), { date_from: '2026-10-21T03:00:00.000Z', date_to: '2026-11-20T03:00:00.000Z' });
    const f = { range: { kind: 'last', hours: 24 } as const, alertType: 'rtbh_alert' as const, addresses: ['203.0.113.10', '2001:db8::20'] };
    assert.deepEqual(filterQuery(f, NOW), {
      date_from: '2026-11-19T03:00:00.000Z',
      date_to: '2026-11-20T03:00:00.000Z',
      alert_type: 'rtbh_alert',
      targeted_ip_addresses: '203.0.113.10,2001:db8::20',
    });
    assert.equal(describeFilters(f), 'Last 24 hours · RTBH (blackhole) alert · 203.0.113.10, 2001:db8::20');
    assert.equal(describeFilters(DEFAULT_FILTERS), 'Last 30 days');
    assert.ok(isDefaultFilters(DEFAULT_FILTERS));
    assert.ok(!isDefaultFilters(f));
    const custom = { range: { kind: 'custom', fromMs: Date.parse('2026-11-01T00:00:00Z'), toMs: Date.parse('2026-11-02T00:00:00Z') } as const };
    assert.equal(describeFilters(custom, 'UTC'), '2026-11-01 00:00 UTC – 2026-11-02 00:00 UTC');
    assert.deepEqual(filterQuery(custom, NOW), { date_from: '2026-11-01T00:00:00.000Z', date_to: '2026-11-02T00:00:00.000Z' });
  });

  it('typed bounds: a date, a local date and time, or RFC 3339; a date alone as To reaches the end of that day', () => {
    assert.equal(parseTypedTime('2026-11-20', 'from'), new Date(2026, 10, 20).getTime());
    assert.equal(parseTypedTime('2026-11-20', 'to'), new Date(2026, 10, 21).getTime());
    assert.equal(parseTypedTime('2026-11-20 14:30', 'from'), new Date(2026, 10, 20, 14, 30).getTime());
    assert.equal(parseTypedTime('2026-11-20T14:30:00+02:00', 'from'), Date.parse('2026-11-20T12:30:00Z'));
    for (const bad of ['2026-02-30', '2026-11-20 24:00', 'yesterday', '20.11.2026']) assert.equal(parseTypedTime(bad, 'from'), undefined, bad);
    assert.match(typedTimeProblem('2026-02-30', 'from', NOW)!, /^From: must be a date \(2026-11-20\)/);
    assert.equal(typedTimeProblem('2099-01-01', 'from', NOW), 'From: must not be in the future');
    assert.equal(typedTimeProblem('2026-11-01', 'to', NOW, parseTypedTime('2026-11-05', 'from')), 'To: must be after From');
    assert.equal(typedTimeProblem('2026-11-10', 'to', NOW, parseTypedTime('2026-11-05', 'from')), undefined);
  });

  it('typed addresses: one IP or a comma list; empty means any', () => {
    assert.equal(addressProblem(''), undefined);
    assert.equal(addressProblem('203.0.113.7, 2001:db8::1'), undefined);
    assert.match(addressProblem('203.0.113.7, example.com')!, /^Targeted address: must be an IP address/);
    assert.match(addressProblem('1.1.1.1,'.repeat(40))!, /at most 255 characters/);
    assert.deepEqual(parseAddresses(' 203.0.113.7 , 2001:db8::1 '), ['203.0.113.7', '2001:db8::1']);
    assert.equal(parseAddresses('  '), undefined);
  });
});

describe('attack refresh schedule', () => {
  const fake = () => {
    let now = 0;
    const timers: { at: number; run: () => void; id: number }[] = [];
    let id = 0;
    return {
      now: () => now,
      setTimer: (run: () => void, ms: number) => {
        timers.push({ at: now + ms, run, id: ++id });
        return id;
      },
      clearTimer: (t: unknown) => {
        const i = timers.findIndex((x) => x.id === t);
        if (i >= 0) timers.splice(i, 1);
      },
      advance: async (ms: number) => {
        now += ms;
        for (const t of timers.filter((x) => x.at <= now)) {
          timers.splice(timers.indexOf(t), 1);
          t.run();
        }
        await new Promise((r) => setImmediate(r));
      },
      pending: () => timers.length,
    };
  };

  it('reads every interval only while active; stops when hidden or signed out; due at once on showing again after a miss', async () => {
    const clock = fake();
    let active = true;
    let reads = 0;
    const schedule = new RefreshSchedule({ visible: () => active, intervalMs: () => 60_000, tick: async () => void reads++, ...clock });
    schedule.update();
    await clock.advance(59_000);
    assert.equal(reads, 0);
    await clock.advance(1_000);
    assert.equal(reads, 1);
    await clock.advance(60_000);
    assert.equal(reads, 2);
    active = false;
    schedule.update();
    assert.equal(clock.pending(), 0, 'hidden or signed out: nothing scheduled');
    await clock.advance(300_000);
    assert.equal(reads, 2);
    active = true;
    schedule.update();
    await clock.advance(0);
    assert.equal(reads, 3, 'shown again after a missed refresh: read at once');
    schedule.markRefreshed();
    await clock.advance(30_000);
    assert.equal(reads, 3, 'a manual read moves the next one an interval later');
    schedule.dispose();
    await clock.advance(120_000);
    assert.equal(reads, 3);
    assert.equal(schedule.scheduled, false);
  });
});

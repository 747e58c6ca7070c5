// The simulator's edge traffic without anyone calling: the seeded history (the day before the
// state was made, from a hash of app and minute) and the live traffic of `edgeTrafficPerMinute`
// (made up to the injected clock, through the same path as an app's URL), its option's bounds.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { parseCliArgs } from '../../simulator/cliArgs';
import { SimulatorControl } from '../../simulator/controlClient';
import { backgroundMinute } from '../../simulator/edgeBackground';
import { probe } from '../../simulator/httpProbe';
import { startSimulator, type Simulator } from '../../simulator/index';
import { simWasm } from '../support/simWasm';

const KEY = 'edge-traffic-key-91d0';
const T0 = Date.parse('2026-11-29T10:00:00Z');
type Slot = { time: string; count_by_status: { status: number; count: number }[] };
const total = (slot: Slot | undefined) => (slot?.count_by_status ?? []).reduce((n, s) => n + s.count, 0);
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

describe('edge traffic (simulator)', { timeout: 60_000 }, () => {
  let sim: Simulator;
  let clock = T0;
  const stats = async (query: string, path = 'calls') => {
    const r = await probe(sim.url, 'GET', `/fastedge/v1/stats/${path}?${query}`, { apiKey: KEY });
    assert.equal(r.status, 200, r.text);
    return (r.json as { stats: Slot[] }).stats;
  };
  before(async () => {
    sim = await startSimulator({ apiKey: KEY, now: () => clock });
  });
  beforeEach(() => {
    clock = T0;
    sim.setOptions({ edgeTrafficPerMinute: 0 });
    sim.reset();
  });
  after(() => sim.close());

  it('the seeded enabled apps have a day of history before the state was made: mostly 2xx, a few 4xx, rare 5xx; the same on every read', async () => {
    const hour = `from=${iso(T0 - 3_600_000)}&to=${iso(T0)}&step=3600`;
    const [slot] = await stats(`id=101&${hour}`);
    const calls = total(slot);
    assert.ok(calls >= 600 && calls <= 1800, `10 to 30 calls a minute: ${calls}`);
    const byClass = (c: number) => (slot?.count_by_status ?? []).filter((s) => Math.floor(s.status / 100) === c).reduce((n, s) => n + s.count, 0);
    assert.ok(byClass(2) / calls > 0.9, 'mostly 2xx');
    assert.ok(byClass(4) > 0, 'a few 4xx');
    assert.deepEqual(await stats(`id=101&${hour}`), [slot], 'the same figures on every read');
    const day = await stats(`id=107&from=${iso(T0 - 86_400_000)}&to=${iso(T0)}&step=3600`);
    assert.equal(day.length, 24);
    assert.ok(
      day.every((s) => total(s) > 0),
      'every hour of the day has calls',
    );
    const fives = day
      .flatMap((s) => s.count_by_status)
      .filter((s) => s.status >= 500)
      .reduce((n, s) => n + s.count, 0);
    const dayCalls = day.reduce((n, s) => n + total(s), 0);
    assert.ok(fives > 0 && fives / dayCalls < 0.02, `rare 5xx: ${fives} of ${dayCalls}`);
    for (const id of [102, 103]) assert.equal(total((await stats(`id=${id}&${hour}`))[0]), 0, `app ${id} was not enabled: no history`);
    assert.equal(total((await stats(`id=101&from=${iso(T0 - 90_000_000)}&to=${iso(T0 - 86_400_000)}&step=3600`))[0]), 0, 'nothing before the day');
    const durations = await stats(`id=101&${hour}`, 'app_duration');
    assert.equal(durations.length, 1);
    assert.deepEqual(backgroundMinute(101, T0 - 60_000), backgroundMinute(101, T0 - 60_000), 'a minute is made from its hash alone');
  });

  it('live traffic calls every enabled app at the rate, through its binary: a broken deploy shows 5xx within the minute, in the logs too', async () => {
    sim.setOptions({ edgeTrafficPerMinute: 6 });
    clock = T0 + 60_000;
    const minute = (m: number, id = 101) => stats(`id=${id}&from=${iso(T0 + m * 60_000)}&to=${iso(T0 + (m + 1) * 60_000)}&step=60`);
    assert.deepEqual((await minute(0))[0]?.count_by_status, [{ status: 200, count: 6 }]);
    assert.deepEqual((await minute(0, 107))[0]?.count_by_status, [{ status: 200, count: 6 }], 'every enabled app');
    assert.deepEqual((await minute(0, 103))[0]?.count_by_status, [], 'a disabled app is not called');
    const stored = await fetch(`${sim.url}/fastedge/v1/binaries/raw`, {
      method: 'POST',
      headers: { Authorization: `apikey ${KEY}`, 'Content-Type': 'application/octet-stream' },
      body: simWasm({ status: 500, durationMs: 3 }),
    });
    const { id } = (await stored.json()) as { id: number };
    assert.equal((await probe(sim.url, 'PATCH', '/fastedge/v1/apps/101', { apiKey: KEY, body: { binary: id } })).status, 200);
    clock = T0 + 120_000;
    assert.deepEqual((await minute(1))[0]?.count_by_status, [{ status: 500, count: 6 }]);
    const logs = await probe(sim.url, 'GET', `/fastedge/v1/apps/101/logs?from=${iso(T0 + 60_000)}&to=${iso(T0 + 120_000)}&search=ERROR%20500`, {
      apiKey: KEY,
    });
    assert.equal((logs.json as { count: number }).count, 6, logs.text);
    sim.setOptions({ edgeTrafficPerMinute: 0 });
    clock = T0 + 180_000;
    assert.deepEqual((await minute(2))[0]?.count_by_status, [], 'rate 0: no more calls');
  });

  it('the rate is an option of the control API and the command line, 0 to 60, refused naming it otherwise', async () => {
    const control = new SimulatorControl(sim.url, sim.controlToken);
    assert.equal((await control.setOptions({ edgeTrafficPerMinute: 12 })).edgeTrafficPerMinute, 12);
    const refused = await probe(sim.url, 'PATCH', '/__sim/options', {
      apiKey: null,
      headers: { 'X-Simulator-Token': sim.controlToken },
      body: { edgeTrafficPerMinute: 61 },
    });
    assert.equal(refused.status, 400);
    assert.match(refused.text, /edgeTrafficPerMinute/);
    assert.equal(parseCliArgs(['--api-key', 'k', '--edge-traffic', '6']).edgeTrafficPerMinute, 6);
    assert.equal(parseCliArgs(['--api-key', 'k']).edgeTrafficPerMinute, undefined, 'default: none');
    for (const bad of ['61', '-1', 'lots', ''])
      assert.throws(() => parseCliArgs(['--api-key', 'k', `--edge-traffic=${bad}`]), /--edge-traffic must be a number of calls a minute from 0 to 60/);
  });
});

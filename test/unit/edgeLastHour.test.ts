// An edge app's last hour in the Edge view: the words of the row and its tooltip, the chart of
// calls per 5 minutes (bars, 5xx marks, axis, the sentence and table a screen reader gets), and the
// read behind them (calls per slot and durations as one slot: two requests, their sources said).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { summarizeWindow, type CallWindow } from '../../src/platform/edgeCallWindow';
import { readCallSeries, slotFigures } from '../../src/platform/edgeCallSeries';
import { createPlatformApi } from '../../src/platform/api';
import { HttpClient } from '../../src/platform/http';
import { formatDuration, formatShare, lastHourWindow, lastHourWords } from '../../src/features/edge/model/edgeLastHour';
import { callChart, chartMarkdown } from '../../src/features/edge/model/edgeCallChart';
import { startSimulator, type Simulator } from '../../simulator/index';

const FROM = '2026-11-29T09:25:00Z';
const TO = '2026-11-29T10:25:00Z';
const at = (minutes: number) => new Date(Date.parse(FROM) + minutes * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
const window = (calls: number, c5xx: number, p50Us?: number, p90Us?: number): CallWindow =>
  summarizeWindow(
    { appId: 101, from: FROM, to: TO, step: 300 },
    [
      {
        time: FROM,
        count_by_status: [
          { status: 200, count: calls - c5xx },
          { status: 502, count: c5xx },
        ].filter((r) => r.count > 0),
      },
    ],
    p50Us === undefined ? [] : [{ time: FROM, median: p50Us, perc90: p90Us }],
    ['GET /fastedge/v1/stats/calls?a', 'GET /fastedge/v1/stats/app_duration?b'],
  );

describe('the last hour in words', () => {
  it('durations and shares read as people say them', () => {
    assert.deepEqual([850, 1000, 1240, 18_400, 999_400, 2_400_000, 65_000_000].map(formatDuration), [
      '850 µs',
      '1 ms',
      '1.2 ms',
      '18 ms',
      '999 ms',
      '2.4 s',
      '65 s',
    ]);
    assert.deepEqual([0, 0.0004, 0.004, 0.0999, 0.125, 1].map(formatShare), ['0%', 'under 0.1%', '0.4%', '10%', '13%', '100%']);
  });

  it('"1,204 calls in the last hour", then 5xx share, p50 and p90; the tooltip holds the window, the breakdown and the requests', () => {
    const words = lastHourWords(window(1204, 5, 4200, 18_000), new Date('2026-11-29T10:25:03Z'));
    assert.equal(words.label, '1,204 calls in the last hour');
    assert.equal(words.description, '0.4% 5xx · p50 4.2 ms · p90 18 ms');
    assert.equal(words.spoken, '1,204 calls in the last hour: 0.4% 5xx, p50 4.2 ms, p90 18 ms.');
    assert.match(words.tooltip, /09:25 to 10:25 UTC \(2026-11-29T09:25:00Z to 2026-11-29T10:25:00Z, the end excluded\)/);
    assert.match(words.tooltip, /By status: 2xx 1,199 · 5xx 5\. 5xx share: 0\.4% \(5 of 1,204\)/);
    assert.match(words.tooltip, /p50 4\.2 ms, p90 18 ms: the platform's own execution-time percentiles for the whole hour/);
    assert.match(words.tooltip, /- `GET \/fastedge\/v1\/stats\/calls\?a`\n- `GET \/fastedge\/v1\/stats\/app_duration\?b`/);
    assert.match(words.tooltip, /Read at 10:25 UTC; kept until the view is refreshed\./);
    assert.equal(lastHourWords(window(1, 0, 900, 900), new Date()).label, '1 call in the last hour');
  });

  it('no calls: said plainly, no figures made up', () => {
    const words = lastHourWords(window(0, 0), new Date('2026-11-29T10:25:03Z'));
    assert.equal(words.label, 'No calls in the last hour');
    assert.equal(words.description, undefined);
    assert.doesNotMatch(words.tooltip, /p90|5xx share/);
    assert.match(words.tooltip, /counted no call of this app from 09:25 to 10:25 UTC/);
  });

  it('the window is the hour before now on whole seconds', () => {
    const { fromMs, toMs } = lastHourWindow(new Date('2026-11-29T10:25:03.640Z'));
    assert.equal(new Date(toMs).toISOString(), '2026-11-29T10:25:03.000Z');
    assert.equal(toMs - fromMs, 3_600_000);
  });
});

describe('the chart of calls per 5 minutes', () => {
  const slots = [
    { time: at(0), calls: 10, calls5xx: 0 },
    { time: at(5), calls: 80, calls5xx: 0 },
    { time: at(10), calls: 40, calls5xx: 3 },
    // 15 to 50 left out by the platform: no calls.
    { time: at(55), calls: 1, calls5xx: 1 },
  ];

  it('one bar a slot against the tallest, a dot for none, 5xx marked below; missing slots are no calls', () => {
    const chart = callChart(FROM, TO, 300, slots);
    assert.equal(chart.bars.length, 12);
    assert.equal(chart.max, 80);
    assert.equal(chart.line, '▁█▄········▁');
    assert.equal(chart.marks, '  ▲        ▲');
    assert.equal(chart.title, 'Calls per 5 minutes from 09:25 to 10:25 UTC');
    assert.equal(
      chart.sentence,
      'Calls per 5 minutes from 09:25 to 10:25 UTC, oldest first: 10, 80, 40, 0, 0, 0, 0, 0, 0, 0, 0, 1; 5xx in the slots from 09:35 (3), 10:20 (1).',
    );
  });

  it('in Markdown: the bars, marks and axis in a fenced block, a key, and the table', () => {
    const text = chartMarkdown(callChart(FROM, TO, 300, slots));
    assert.ok(text.includes('```text\n▁█▄········▁\n  ▲        ▲\n09:25  10:25\n```'), text);
    assert.match(text, /its height against the tallest \(80 calls\); · is a slot without calls, ▲ marks a slot with 5xx answers\. Times in UTC\./);
    assert.match(text, /\| From \(UTC\) \| Calls \| 5xx \|\n\|---\|---:\|---:\|\n\| 09:25 \| 10 \| 0 \|/);
    assert.match(text, /\| 09:35 \| 40 \| 3 \|/);
    const calm = chartMarkdown(callChart(FROM, TO, 300, [{ time: at(0), calls: 1, calls5xx: 0 }]));
    assert.ok(calm.includes('```text\n█···········\n09:25  10:25\n```'), 'no marks line without 5xx');
    assert.doesNotMatch(calm, /▲/);
  });

  it("a slot's figures: calls and 5xx from the counts, p50/p90 only where the durations were read per slot", () => {
    const figures = slotFigures(
      [
        {
          time: FROM,
          count_by_status: [
            { status: 200, count: 7 },
            { status: 503, count: 2 },
            { status: 404, count: 1 },
          ],
        },
        { time: at(5), count_by_status: [] },
      ],
      [{ time: FROM, median: 1500, perc90: 9000 }],
    );
    assert.deepEqual(figures, [
      { time: FROM, calls: 10, calls5xx: 2, p50Us: 1500, p90Us: 9000 },
      { time: at(5), calls: 0, calls5xx: 0 },
    ]);
  });
});

describe('reading the last hour from the simulator', { timeout: 30_000 }, () => {
  let sim: Simulator;
  const KEY = 'last-hour-key-7c1e';
  before(async () => {
    sim = await startSimulator({ apiKey: KEY, dialect: 'platform' });
  });
  after(() => sim.close());

  it('two requests: calls per 5 minutes, durations as one slot of the hour; both named as sources', async () => {
    const api = createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: KEY, dialect: 'platform' }));
    sim.resetRequests();
    const fromMs = Date.parse(FROM);
    const series = await readCallSeries(api, 101, fromMs, fromMs + 3_600_000, 300, { durations: 'window' });
    assert.deepEqual(series.window.sources, [
      `GET /fastedge/v1/stats/calls?from=${FROM}&to=${TO}&step=300&id=101`,
      `GET /fastedge/v1/stats/app_duration?from=${FROM}&to=${TO}&step=3600&id=101`,
    ]);
    assert.equal(series.window.step, 300);
    assert.equal(series.slots.length, 12);
    const counts = sim.requestCounts();
    assert.deepEqual([counts['GET getEdgeCallStats'], counts['GET getEdgeDurationStats']], [1, 1]);
    assert.equal(Object.values(sim.lastRequests('getEdgeDurationStats'))[0]?.query?.step, '3600');
  });
});

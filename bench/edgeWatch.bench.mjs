// The deploy watch's cost on the platform: the requests a whole watch sends (the window before the
// deploy once, then every 30 s one pair of stats requests and one log read), counted by the
// simulator (a process of its own, the platform's dialect, live traffic on the app), per minute of
// the watch, beside the baseline of no watch (a deploy alone: nothing after it). The watch is the
// product's own loop (src/features/edge/model/deployWatch.ts) over the extension's client, with
// the settings' defaults (5 minutes, 30 s) and an injected clock that moves time at once, so a
// window of minutes runs in well under a second; a 60-minute window (the setting's largest) too.
//
//   npm run bench -- edgeWatch
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { exitWith, guardRun, resultsDir, startSimulatorProcess } from '../scripts/harness/common.mjs';
import { SimulatorControl } from '../simulator/controlClient.ts';
import { createPlatformApi } from '../src/platform/api.ts';
import { HttpClient } from '../src/platform/http.ts';
import { readCallWindow } from '../src/platform/edgeCallWindow.ts';
import { readLogErrors } from '../src/platform/edgeLogErrors.ts';
import { DEFAULT_THRESHOLDS } from '../src/platform/edgeWatchVerdict.ts';
import { DeployWatch, WATCH_INTERVAL_MS } from '../src/features/edge/model/deployWatch.ts';
import { benchRow, writeRows } from './benchRows.mjs';

const APP = 101;

guardRun('the deploy watch benchmark', 3 * 60_000);
const apiKey = `bench-${randomBytes(12).toString('hex')}`;
const { url, controlToken } = await startSimulatorProcess({
  apiKey,
  logFile: path.join(resultsDir, 'bench-edge-watch-simulator.log'),
  args: ['--dialect', 'platform', '--edge-traffic', '60'],
});
const control = new SimulatorControl(url, controlToken);
const api = createPlatformApi(new HttpClient({ baseUrl: url, apiKey, dialect: 'platform' }));

/** A clock whose timers fire at once, moving its time to when they were due. */
function fastClock(start) {
  let t = start;
  return {
    now: () => t,
    setTimer: (run, ms) => setImmediate(() => ((t += ms), run())),
    clearTimer: (timer) => clearImmediate(timer),
  };
}

const requests = async () => Object.values(await control.counts()).reduce((a, n) => a + n, 0);

/** One whole watch of `minutes`: the requests the simulator received, and how long it took here. */
async function watchOnce(minutes) {
  await control.resetRequests();
  const started = performance.now();
  const watch = new DeployWatch({
    connectionName: 'bench',
    appId: APP,
    appName: 'hello-edge',
    binary: 2,
    previous: 1,
    // Deployed `minutes` ago, so the whole window has happened on the simulator's own clock.
    deployedAtMs: Date.now() - minutes * 60_000,
    windowMs: minutes * 60_000,
    intervalMs: WATCH_INTERVAL_MS,
    thresholds: DEFAULT_THRESHOLDS,
    signal: new AbortController().signal,
    clock: fastClock(Date.now() - minutes * 60_000),
    readWindow: (fromMs, toMs, signal) => readCallWindow(api, APP, fromMs, toMs, signal),
    readLogErrors: (fromMs, toMs, signal) => readLogErrors(api, APP, fromMs, toMs, signal),
  });
  watch.start();
  const report = await watch.ended;
  const ms = performance.now() - started;
  const counts = await control.counts();
  if (report.state !== 'finished' || report.lastError) {
    console.error(`the watch did not finish cleanly: ${report.state} ${report.lastError ?? ''}`);
    await exitWith(1);
  }
  return { requests: await requests(), counts, polls: report.polls, ms };
}

// The baseline: no watch, nothing is sent after the deploy.
await control.resetRequests();
const baseline = await requests();

const five = await watchOnce(5);
const hour = await watchOnce(60);
console.log(`5-minute watch: ${five.requests} requests in ${five.polls} polls (${JSON.stringify(five.counts)}), ran in ${five.ms.toFixed(0)} ms`);
console.log(`60-minute watch: ${hour.requests} requests in ${hour.polls} polls, ran in ${hour.ms.toFixed(0)} ms`);

await writeRows('edgeWatch', [
  benchRow('Edge deploy watch', 'requests a minute, 5-minute watch (defaults)', five.requests / 5, 'req/min', baseline, 'no watch', null),
  benchRow('Edge deploy watch', '  requests in the whole 5-minute watch', five.requests, '', baseline, 'no watch', null),
  benchRow('Edge deploy watch', '  requests a minute, 60-minute watch', hour.requests / 60, 'req/min', baseline, 'no watch', null),
]);
await exitWith(0);

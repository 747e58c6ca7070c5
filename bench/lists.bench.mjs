// Long lists page without holding the tree back: with 10,000 protection profiles and 10,000 edge
// apps on the simulator (a process of its own), the time from the request to the first page's
// checked items in the client (what the tree draws first) and the bytes it carries, beside
// reading the whole list before drawing anything (the profiles' /all; every page of apps at the
// list's largest limit), as ratios. Through the extension's own client (src/platform), platform
// dialect, 7 runs after a warm-up. The workbench side of 10,000 profiles (rows in the DOM, memory)
// is bench/profilesTree.bench.mjs.
//
//   npm run bench -- lists
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { exitWith, guardRun, resultsDir, startSimulatorProcess } from '../scripts/harness/common.mjs';
import { createPlatformApi } from '../src/platform/api.ts';
import { HttpClient } from '../src/platform/http.ts';
import { benchRow, median, spreadOf, writeRows } from './benchRows.mjs';

const COUNT = 10_000;
const RUNS = 7;
const PROFILE_PAGE = 200;
const APP_PAGE = 100;
const APP_LIMIT_MAX = 1000;

guardRun('the lists benchmark', 5 * 60_000);

const apiKey = `bench-${randomBytes(12).toString('hex')}`;
const { url } = await startSimulatorProcess({
  apiKey,
  logFile: path.join(resultsDir, 'bench-lists-simulator.log'),
  args: ['--profile-count', String(COUNT), '--app-count', String(COUNT), '--dialect', 'platform'],
});
const http = new HttpClient({ baseUrl: url, apiKey, dialect: 'platform' });
const api = createPlatformApi(http);

/** Bytes of one answer, read raw (the client does not expose them). */
async function bytesOf(pathAndQuery) {
  const response = await fetch(`${url}${pathAndQuery}`, { headers: { Authorization: `apikey ${apiKey}` } });
  return (await response.arrayBuffer()).byteLength;
}

async function timed(run) {
  await run(); // warm-up
  const times = [];
  let items = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    items = await run();
    times.push(performance.now() - t0);
  }
  return { times, items };
}

const profilesFirst = await timed(
  async () => (await api.security.listProtectionProfilesPaged({ params: {}, query: { limit: PROFILE_PAGE, offset: 0 } })).results.length,
);
const profilesAll = await timed(async () => (await api.security.listProtectionProfiles({ params: {}, query: {} })).length);
const appsFirst = await timed(async () => (await api.edge.listEdgeApps({ params: {}, query: { limit: APP_PAGE, offset: 0, ordering: 'name' } })).apps.length);
const appsAll = await timed(async () => {
  let offset = 0;
  let read = 0;
  for (;;) {
    const page = await api.edge.listEdgeApps({ params: {}, query: { limit: APP_LIMIT_MAX, offset, ordering: 'name' } });
    read += page.apps.length;
    offset += page.apps.length;
    if (page.apps.length === 0 || offset >= (page.count ?? 0)) return read;
  }
});
if (profilesAll.items < COUNT || appsAll.items < COUNT) {
  console.error(`the simulator did not list ${COUNT} of each: ${profilesAll.items} profiles, ${appsAll.items} apps`);
  await exitWith(1);
}

const bytes = {
  profilesFirst: await bytesOf(`/security/sifter/v3/profiles?limit=${PROFILE_PAGE}&offset=0`),
  profilesAll: await bytesOf('/security/sifter/v3/profiles/all'),
  appsFirst: await bytesOf(`/fastedge/v1/apps?limit=${APP_PAGE}&offset=0&ordering=name`),
};
let appsAllBytes = 0;
for (let offset = 0; offset < appsAll.items; offset += APP_LIMIT_MAX)
  appsAllBytes += await bytesOf(`/fastedge/v1/apps?limit=${APP_LIMIT_MAX}&offset=${offset}&ordering=name`);

const ms = (xs) => `${median(xs).toFixed(1)} ms (${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)})`;
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
const ratio = (a, b) => `${(median(b) / median(a)).toFixed(1)}×`;
console.log(`${COUNT.toLocaleString('en-US')} of each on the simulator (platform dialect), median of ${RUNS} (min–max):`);
console.log(
  `  protection profiles: first page (${PROFILE_PAGE}) ${ms(profilesFirst.times)}, ${kb(bytes.profilesFirst)}   whole list (/all, ${profilesAll.items}) ${ms(profilesAll.times)}, ${kb(bytes.profilesAll)}   ${ratio(profilesFirst.times, profilesAll.times)}`,
);
console.log(
  `  edge apps:           first page (${APP_PAGE}) ${ms(appsFirst.times)}, ${kb(bytes.appsFirst)}   every page (${appsAll.items}, ${APP_LIMIT_MAX} a page) ${ms(appsAll.times)}, ${kb(appsAllBytes)}   ${ratio(appsFirst.times, appsAll.times)}`,
);

const area = `Lists (${COUNT.toLocaleString('en-US')} items, client)`;
await writeRows('lists', [
  benchRow(
    area,
    `request -> first page of protection profiles checked (${PROFILE_PAGE}), median of ${RUNS}`,
    spreadOf(profilesFirst.times),
    'ms',
    spreadOf(profilesAll.times),
    'the whole list (/all)',
  ),
  benchRow(
    area,
    `request -> first page of edge apps checked (${APP_PAGE}), median of ${RUNS}`,
    spreadOf(appsFirst.times),
    'ms',
    spreadOf(appsAll.times),
    `every page (${APP_LIMIT_MAX} a page)`,
  ),
  benchRow(area, 'bytes of the first page of edge apps', bytes.appsFirst / 1024, 'KB', appsAllBytes / 1024, 'every page'),
]);
await exitWith(0);

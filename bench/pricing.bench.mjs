// The Price Preview's live round trip while a person types, in the real workbench (code-server
// 1.139 in headless Chromium, the built extension installed, the simulator in its own process):
// the load balancer tab, VIP on a network, and a burst of 20 keystrokes typing a network id into
// "VIP network ID" at human speed (60–120 ms apart, with one hesitation of HESITATION_MS after
// the 10th keystroke, longer than the debounce, so that a request is in flight when typing
// resumes: that is what the abort is for). Every keystroke makes a different, valid
// request, and the summary above the price names the network id it was priced for, so the page
// can tell which input each shown price belongs to. The simulator answers previewLoadBalancerPrice
// with a latency of 150–300 ms (fault `latency`, changed before each keystroke, so answers may
// come back out of order). ROUNDS bursts per mode.
//
// Modes, each in a code-server of its own (the knob is read at activation):
// - debounced (the extension as shipped): a pause after the last change that follows the typing
//   (AdaptivePause: 1.4 × the usual gap, 120 ms to PRICE_DEBOUNCE_MS 350), the request in flight
//   aborted by a newer one, only the newest answer shown (LatestOnly);
// - naive (baseline): PLATFORM_CONSOLE_BENCH_PRICING_NAIVE=1 (bench/extension/pricingBaseline.ts,
//   in the benches' build): a request per keystroke at once, nothing aborted, every answer shown
//   as it arrives.
//
// Counted: requests the simulator received (GET /__sim/requests) vs keystrokes; requests the
// extension aborted (PLATFORM_CONSOLE_PRICE_EVENTS_FILE); prices the page showed for a network id
// other than the one in the field at that moment (stale, must be 0 when debounced); the time from
// the last keystroke to the page first showing the price for the final id (both on the page's
// clock); and whether the page ended on the final id's price.
//
//   npm run bench -- pricing          (builds, installs code-server on first use)

/* global document, MutationObserver -- used inside evaluate(), in the page */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { exitWith, guardRun, launchChromium, onCleanup, projectRoot, resultsDir, startSimulatorProcess, tempDirs } from '../scripts/harness/common.mjs';
import { ensure } from '../scripts/harness/ensure.mjs';
import { runCommand } from '../test/e2e/workbench.mjs';
import { SimulatorControl } from '../simulator/controlClient.ts';
import { benchCodeServer } from './benchCodeServer.mjs';
import { benchRow, formatValue, median, spreadOf, writeRows } from './benchRows.mjs';

const KEYSTROKES = 20;
const ROUNDS = 5;
const HESITATION_MS = 450;
const HESITATE_AFTER = 10;
const ROUTE = 'previewLoadBalancerPrice';
const COUNT_KEY = `POST ${ROUTE}`;
/** Deterministic pseudo-random "human" gaps (60–120 ms) and latencies (150–300 ms), per keystroke. */
const mix = (round, i, salt) => {
  let h = (round * 7919 + i * 104_729 + salt) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39) >>> 0;
  return (h ^ (h >>> 15)) >>> 0;
};
const gapMs = (round, i) => 60 + (mix(round, i, 1) % 61);
const latencyMs = (round, i) => 150 + (mix(round, i, 2) % 151);

guardRun('the pricing benchmark', 15 * 60_000);
const build = spawnSync(process.execPath, ['esbuild.mjs', '--bench'], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) await exitWith(build.status ?? 1);
const paths = await ensure();

const apiKey = `bench-${randomBytes(12).toString('hex')}`;
const { url: simulatorUrl, controlToken } = await startSimulatorProcess({ apiKey, logFile: path.join(resultsDir, 'bench-pricing-simulator.log') });
const control = new SimulatorControl(simulatorUrl, controlToken);
const tmp = await tempDirs('bench-pricing', ['t']);
const browser = await launchChromium(paths.chromium, { handleSignals: false });
onCleanup(() => browser.close());

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns something truthy, failing after `timeoutMs` with `what`. */
async function until(check, what, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

async function openPanel(mode) {
  const eventsFile = path.join(tmp('t'), `events-${mode}.jsonl`);
  await writeFile(eventsFile, '');
  const codeServer = await benchCodeServer({
    paths,
    label: `bench-pricing-${mode}`,
    simulatorUrl,
    apiKey,
    env: {
      PLATFORM_CONSOLE_PRICE_EVENTS_FILE: eventsFile,
      ...(mode === 'naive' && { PLATFORM_CONSOLE_BENCH_PRICING_NAIVE: '1' }),
    },
    settings: { 'platformConsole.cloud.projectId': 1, 'platformConsole.cloud.regionId': 1 },
    logFile: path.join(resultsDir, `bench-pricing-code-server-${mode}.log`),
  });

  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(codeServer.workspaceUrl);
  await page.locator('[id="status.problems"]').waitFor({ timeout: 120_000 });
  // The command activates the extension (its first use), signed in through the environment.
  await runCommand(page, 'Platform Console: Preview Prices…');
  await page.locator('.statusbar-item', { hasText: 'bench' }).first().waitFor({ timeout: 60_000 });
  const frame = await until(async () => {
    for (const f of page.frames())
      if (
        await f
          .locator('price-preview-app')
          .count()
          .catch(() => 0)
      )
        return f;
    return undefined;
  }, 'the Price Preview frame');
  const app = frame.locator('price-preview-app');
  // A click that lands before the page's elements are ready does nothing: click until it shows.
  const clickUntil = (target, shown, what) =>
    until(
      async () => {
        if (await shown.isVisible()) return true;
        await target.click({ timeout: 5000 }).catch(() => {});
        await sleep(500);
        return shown.isVisible();
      },
      what,
      60_000,
    );
  await clickUntil(app.locator('[data-testid="tab-loadBalancer"]'), app.locator('[data-testid="lb-form"]'), 'the load balancer tab');
  await app.locator('[data-testid="price-area"][data-state="priced"]').waitFor({ timeout: 60_000 });
  const network = app.locator('[data-field="vipTarget"] vscode-radio', { hasText: 'A network (VIP network ID)' });
  await clickUntil(network, app.locator('[data-testid="price-area"][data-state="invalid"]'), 'the VIP on a network');
  return { page, frame, app, eventsFile };
}

const events = async (panel) =>
  (await readFile(panel.eventsFile, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
const sentCount = async () => (await control.counts())[COUNT_KEY] ?? 0;

async function burst(panel, round) {
  const { page, frame, app } = panel;
  const input = app.locator('[data-field="vipNetworkId"] input');
  // Empty field: the form is invalid, nothing is sent; let whatever the last round left settle.
  await input.fill('');
  await app.locator('[data-testid="price-area"][data-state="invalid"]').waitFor();
  await sleep(1000);
  await control.resetRequests();
  const eventsBefore = (await events(panel)).length;
  // The page notes every price it shows (and the id in the field at that moment) and the last keystroke.
  await frame.evaluate(() => {
    const root = document.querySelector('price-preview-app');
    const area = () => root.querySelector('[data-testid="price-area"]'); // the app renders in light DOM
    const field = root.querySelector('[data-field="vipNetworkId"] vscode-textfield');
    const state = { shown: [], inputs: [], lastSequence: -1 };
    globalThis.__priceBench?.observer.disconnect();
    globalThis.__priceBench?.stop();
    const onInput = () => state.inputs.push(performance.now());
    field.addEventListener('input', onInput);
    state.stop = () => field.removeEventListener('input', onInput);
    state.observer = new MutationObserver(() => {
      const a = area();
      if (a?.dataset.state !== 'priced') return;
      const display = a.querySelector('[data-testid="price-display"]');
      const sequence = Number(display?.dataset.sequence);
      if (!display || sequence === state.lastSequence) return;
      state.lastSequence = sequence;
      const summary = display.querySelector('[data-testid="price-summary"]')?.textContent ?? '';
      state.shown.push({ at: performance.now(), sequence, id: /VIP on network (\S+)/.exec(summary)?.[1] ?? null, inField: field.value });
    });
    state.observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    globalThis.__priceBench = state;
  });

  const id = `net-r${round}-frontend-eu-west`.slice(0, KEYSTROKES);
  await input.click();
  let next = Date.now();
  for (let i = 0; i < KEYSTROKES; i++) {
    await control.setFault({ route: ROUTE, kind: 'latency', ms: latencyMs(round, i) });
    await sleep(next - Date.now());
    await page.keyboard.type(id[i]);
    next = Date.now() + (i + 1 === HESITATE_AFTER ? HESITATION_MS : gapMs(round, i));
  }
  // Settled: every request sent has been answered or aborted, and nothing new for a second.
  const settled = await until(async () => {
    const log = (await events(panel)).slice(eventsBefore);
    const sent = log.filter((e) => e.event === 'sent').length;
    const shown = await frame.evaluate(() => globalThis.__priceBench.shown.length);
    const state = await app.locator('[data-testid="price-area"]').getAttribute('data-state');
    return state === 'priced' && shown > 0 ? { sent, shown } : undefined;
  }, `round ${round}: a price after the burst`);
  for (let stable = 0, last = JSON.stringify(settled); stable < 4; ) {
    await sleep(300);
    const now = JSON.stringify({ sent: await sentCount(), shown: await frame.evaluate(() => globalThis.__priceBench.shown.length) });
    stable = now === last ? stable + 1 : 0;
    last = now;
  }
  await control.clearFaults(ROUTE);
  const page_ = await frame.evaluate(() => ({
    shown: globalThis.__priceBench.shown,
    inputs: globalThis.__priceBench.inputs,
    value: document.querySelector('price-preview-app [data-field="vipNetworkId"] vscode-textfield').value,
  }));
  if (page_.value !== id) throw new Error(`round ${round}: the field holds "${page_.value}", typed "${id}"`);
  if (page_.inputs.length !== KEYSTROKES) throw new Error(`round ${round}: the page saw ${page_.inputs.length} keystrokes, not ${KEYSTROKES}`);
  const lastInputAt = page_.inputs.at(-1);
  const gaps = page_.inputs
    .slice(1)
    .map((t, i) => t - page_.inputs[i])
    .filter((_, i) => i + 1 !== HESITATE_AFTER);
  const log = (await events(panel)).slice(eventsBefore);
  const final = page_.shown.find((s) => s.id === id);
  return {
    requests: await sentCount(),
    sent: log.filter((e) => e.event === 'sent').length,
    aborted: log.filter((e) => e.event === 'aborted').length,
    shown: page_.shown.length,
    stale: page_.shown.filter((s) => s.id !== s.inField).length,
    finalMs: final ? final.at - lastInputAt : null,
    maxGapMs: Math.max(...gaps),
    endedOnFinal: page_.shown.at(-1)?.id === id,
  };
}

const results = {};
try {
  for (const mode of ['debounced', 'naive']) {
    const panel = await openPanel(mode);
    results[mode] = [];
    for (let round = 0; round < ROUNDS; round++) results[mode].push(await burst(panel, round));
    await panel.page.close();
  }
} catch (error) {
  console.error('The benchmark failed:', error);
  for (const [i, p] of browser
    .contexts()
    .flatMap((c) => c.pages())
    .entries()) {
    await p.screenshot({ path: path.join(resultsDir, `bench-pricing-failure-${i}.png`) }).catch(() => {});
  }
  await exitWith(1);
}

const sum = (mode, key) => results[mode].reduce((n, r) => n + r[key], 0);
const finals = (mode) => results[mode].map((r) => r.finalMs).filter((x) => x !== null);
console.log(
  `\nPrice Preview, ${KEYSTROKES} keystrokes 60–120 ms apart (one ${HESITATION_MS} ms hesitation) into "VIP network ID", the simulator answering in 150–300 ms; ${ROUNDS} bursts per mode`,
);
console.log(`  ${''.padEnd(52)} ${'debounced + abort (shipped)'.padEnd(30)} naive (no debounce, no abort)`);
for (const mode of ['debounced', 'naive']) {
  for (const [i, r] of results[mode].entries()) {
    console.log(
      `  ${mode} burst ${i + 1}: ${r.requests} requests (${r.sent} sent by the extension), ${r.aborted} aborted, ${r.shown} prices shown, ${r.stale} stale, final id's price ${r.finalMs === null ? 'never shown' : `after ${r.finalMs.toFixed(0)} ms`}${r.endedOnFinal ? '' : ', ENDED ON AN OLDER ID'}; longest gap between keystrokes in the page ${r.maxGapMs.toFixed(0)} ms`,
    );
  }
}
const line = (label, d, n) => console.log(`  ${label.padEnd(52)} ${String(d).padEnd(30)} ${n}`);
const perBurst = (mode, key) => sum(mode, key) / ROUNDS;
line('requests the simulator received per burst', perBurst('debounced', 'requests'), perBurst('naive', 'requests'));
line('requests aborted per burst', perBurst('debounced', 'aborted'), perBurst('naive', 'aborted'));
line('stale prices shown (all bursts)', sum('debounced', 'stale'), sum('naive', 'stale'));
line(
  'last keystroke -> final price shown',
  formatValue(spreadOf(finals('debounced')), 'ms'),
  finals('naive').length ? formatValue(spreadOf(finals('naive')), 'ms') : 'never',
);
line(
  'longest gap between two keystrokes (not the hesitation), in the page',
  `${Math.max(...results.debounced.map((r) => r.maxGapMs)).toFixed(0)} ms`,
  `${Math.max(...results.naive.map((r) => r.maxGapMs)).toFixed(0)} ms`,
);
line("bursts ending on the final id's price", results.debounced.filter((r) => r.endedOnFinal).length, results.naive.filter((r) => r.endedOnFinal).length);

const area = 'Price preview';
const naiveLabel = 'naive: a request per keystroke, no abort, every answer shown';
const rows = [
  benchRow(
    area,
    `requests sent per burst of ${KEYSTROKES} keystrokes, 60–120 ms apart + one ${HESITATION_MS} ms pause, answers in 150–300 ms (mean of ${ROUNDS})`,
    perBurst('debounced', 'requests'),
    '',
    perBurst('naive', 'requests'),
    naiveLabel,
  ),
  benchRow(area, '  requests aborted per burst', perBurst('debounced', 'aborted'), '', perBurst('naive', 'aborted'), naiveLabel, null),
  benchRow(area, `  stale prices shown (${ROUNDS} bursts)`, sum('debounced', 'stale'), '', sum('naive', 'stale'), naiveLabel, null),
  benchRow(
    area,
    '  last keystroke -> final price shown in the page',
    spreadOf(finals('debounced')),
    'ms',
    finals('naive').length ? spreadOf(finals('naive')) : 'never',
    `${naiveLabel}${finals('naive').length < ROUNDS ? ` (shown in ${finals('naive').length} of ${ROUNDS} bursts)` : ''}`,
  ),
  benchRow(
    area,
    "  bursts whose page ended on the final input's price",
    `${results.debounced.filter((r) => r.endedOnFinal).length} of ${ROUNDS}`,
    '',
    `${results.naive.filter((r) => r.endedOnFinal).length} of ${ROUNDS}`,
    naiveLabel,
    null,
  ),
];
await writeRows('pricing', rows);
const ok = sum('debounced', 'stale') === 0 && results.debounced.every((r) => r.endedOnFinal) && median(finals('debounced')) !== undefined;
if (!ok) console.error('The shipped mode showed a stale price or did not end on the final input: see above.');
await exitWith(ok ? 0 : 1);

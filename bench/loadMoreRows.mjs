// Paging a long list in the workbench as a person would, by the conventions every tree follows
// (#57): one "Load more (N more)" row at the end of the list (of its last range, "9,001–10,000",
// once it has ranges), described "X of Y shown". End shows it; a click reads the next page. Shared
// by the tree benches (bench/trees.paging, bench/tree.memory, bench/cloud.secrets).

/* global document, window, MutationObserver -- used inside page evaluations, in the browser */
import path from 'node:path';
import { resultsDir } from '../scripts/harness/common.mjs';

export const count = (n) => n.toLocaleString('en-US');
const LOAD_MORE = /^Load more \(([\d,]+) more\)$/;
const SHOWN = /^([\d,]+) of ([\d,]+) shown$/;
const number = (text) => Number(text.replaceAll(',', ''));

/** The list's rows sit at `level` (the first thousand) and `level + 1` (in a range row). */
const atLevels = (pane, level) => pane.locator(`.monaco-list-row[aria-level="${level}"], .monaco-list-row[aria-level="${level + 1}"]`);

/** The rows drawn in `pane` (level, position, text): what a failure message shows. */
export async function drawnRows(pane) {
  return pane
    .locator('.monaco-list-row')
    .evaluateAll((all) =>
      all.map((r) => `${r.getAttribute('aria-level')} ${r.getAttribute('aria-posinset')}/${r.getAttribute('aria-setsize')} ${r.textContent.trim()}`),
    );
}

async function failure(page, pane, name, message) {
  await page.screenshot({ path: path.join(resultsDir, `${name}-failure.png`) }).catch(() => undefined);
  return new Error(`${message}; rows drawn:\n${(await drawnRows(pane)).join('\n')}`);
}

/**
 * The list's Load more, the list scrolled to its end (End until it is drawn; `prepare` first when
 * it does not come at once: the product folds its other views). `remaining` (optional): the
 * "N more" wanted. Returns { row, remaining, shown, total } (shown and total from the description
 * "X of Y shown", undefined without one), or undefined when `whole` and no Load more is drawn.
 */
export async function findLoadMore(page, pane, level, { remaining, prepare = async () => undefined, name = 'bench-paging', whole = false } = {}) {
  const list = pane.locator('.monaco-list').first();
  const label = remaining === undefined ? LOAD_MORE : new RegExp(`^Load more \\(${count(remaining)} more\\)$`);
  const row = atLevels(pane, level)
    .filter({ has: page.locator('.label-name', { hasText: label }) })
    .last();
  for (let tries = 0; ; tries++) {
    if (tries === 2 || tries % 20 === 19) await prepare();
    await list.focus();
    await page.keyboard.press('End');
    const found = await row.waitFor({ timeout: 500 }).then(
      () => true,
      () => false,
    );
    if (found) break;
    if (whole && tries >= 4 && (await pane.locator('.monaco-list-row', { hasText: /^Loading…|^Load more/ }).count()) === 0) return undefined;
    if (tries > 60)
      throw await failure(page, pane, name, `no "${remaining === undefined ? 'Load more (… more)' : `Load more (${count(remaining)} more)`}" row`);
  }
  const text = (await row.locator('.label-name').textContent()).trim();
  const described = SHOWN.exec(
    (
      (await row
        .locator('.label-description')
        .textContent({ timeout: 1000 })
        .catch(() => '')) ?? ''
    ).trim(),
  );
  return {
    row,
    remaining: number(LOAD_MORE.exec(text)[1]),
    shown: described ? number(described[1]) : undefined,
    total: described ? number(described[2]) : undefined,
  };
}

/**
 * Clicks the Load more found by findLoadMore and times it in the page: from the pointer going down
 * on it to the DOM mutation after which neither it (its old label) nor a "Loading…" row is drawn,
 * i.e. the page's rows drawn in its place (VS Code's tree renders a refreshed subtree at once, its
 * new expanded ranges' children included). Returns the milliseconds, on the page's clock.
 */
export async function timedClick(page, pane, more, { name = 'bench-paging', timeoutMs = 120_000 } = {}) {
  const old = `Load more (${count(more.remaining)} more)`;
  await pane.evaluate((el, oldLabel) => {
    const state = { downAt: 0, drawnAt: 0 };
    window.__loadMoreTiming = state;
    const settled = () =>
      ![...el.querySelectorAll('.monaco-list-row .label-name')].some((n) => {
        const text = n.textContent.trim();
        return text === oldLabel || text === 'Loading…';
      });
    document.addEventListener('pointerdown', () => (state.downAt = performance.now()), { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (state.downAt === 0 || !settled()) return;
      state.drawnAt = performance.now();
      observer.disconnect();
    });
    observer.observe(el, { childList: true, subtree: true, characterData: true, attributes: true });
  }, old);
  await more.row.click();
  await page.mouse.move(900, 450); // off the list: no hover card over the rows
  const done = await page
    .waitForFunction(() => window.__loadMoreTiming.drawnAt > 0, undefined, { timeout: timeoutMs, polling: 100 })
    .then(
      () => true,
      () => false,
    );
  if (!done) throw await failure(page, pane, name, `"${old}" clicked: its page was not drawn in ${timeoutMs / 1000} s`);
  const { downAt, drawnAt } = await page.evaluate(() => window.__loadMoreTiming);
  return drawnAt - downAt;
}

/**
 * Whether the list shows `total` rows and no Load more, its end drawn: its last row is the last of
 * its last range (rows at `level + 1`, `chunk` a range), or, without ranges (`chunk` Infinity: a
 * flat list), the last of `total`.
 */
export async function listWhole(page, pane, level, total, { chunk = 1000, name = 'bench-paging' } = {}) {
  const list = pane.locator('.monaco-list').first();
  const last = (at, of) => `.monaco-list-row[aria-level="${at}"][aria-setsize="${of}"][aria-posinset="${of}"]`;
  const end = pane.locator(total > chunk ? last(level + 1, total - chunk * Math.floor((total - 1) / chunk)) : last(level, total));
  for (let tries = 0; tries < 40; tries++) {
    await list.focus();
    await page.keyboard.press('End');
    const more = await pane.locator('.monaco-list-row', { hasText: /^Loading…|^Load more/ }).count();
    if (!more && (await end.count())) return;
    await page.waitForTimeout(250);
  }
  throw await failure(page, pane, name, `the list did not come to ${count(total)} rows without a Load more`);
}

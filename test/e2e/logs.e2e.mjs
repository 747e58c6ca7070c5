// The Function Logs panel in the real workbench against the simulator: opened through the input
// boxes (a bad name refused as typed), following, filters (text, regex, case, pods), local/UTC
// with the nanoseconds on hover, scrolling up while lines arrive (no jump, a pill), select and
// copy, export, Open in Editor, a 500 in the middle of the tail, and one panel per function.
// Screenshot for the README.
/* global document, getComputedStyle, DOMMatrix, requestAnimationFrame, innerWidth -- code passed to evaluate() runs in the webview or the workbench */
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { activateFromView, openWorkbench, runCommand, screenshot, simControl, watchCsp } from './workbench.mjs';

const FN = { project: 1, region: 1, namespace: 'default', name: 'image-resize' };
const fnPath = `logs/${FN.project}/${FN.region}/${FN.namespace}/${FN.name}`;

const number = (text) => Number(text.replace(/[^0-9]/g, ''));

describe('Function Logs', () => {
  let browser;
  let page;
  let frame;
  let cspMessages = [];
  before(async () => {
    ({ browser, page } = await openWorkbench());
    cspMessages = watchCsp(page);
    await simControl('faults', undefined, 'DELETE');
    // Enough history to scroll through: 3,000 lines at once, then a steady 10 lines a second.
    await simControl(fnPath, { append: 3000, ratePerSecond: 10 });
  });
  after(async () => {
    await simControl('faults', undefined, 'DELETE').catch(() => {});
    await simControl(fnPath, { ratePerSecond: null }).catch(() => {});
    if (page) await runCommand(page, 'View: Close All Editors').catch(() => undefined);
    await browser?.close();
  });

  const quickInput = () => page.locator('.quick-input-widget');
  const app = () => frame.locator('function-logs-app');
  const byTest = (id) => app().locator(`[data-testid="${id}"]`);
  /** The page's last message (copy, export…), or '' while there is none. */
  const notice = async () => ((await byTest('notice').count()) ? (await byTest('notice').innerText()).replace(/^\s*·\s*/, '') : '');
  const counts = async () => {
    const text = await byTest('counts').innerText();
    const m = /Showing ([\d,]+) of ([\d,]+) lines/.exec(text);
    assert.ok(m, text);
    return { shown: number(m[1]), all: number(m[2]) };
  };
  /** Texts of the rows in the DOM (the visible ones and the overscan), top to bottom. */
  const domRows = () =>
    app().evaluate((el) =>
      [...el.querySelectorAll('.row')]
        .map((r) => ({
          y: new DOMMatrix(getComputedStyle(r).transform).m42,
          pod: r.querySelector('.pod')?.title ?? '',
          msg: r.querySelector('.msg')?.textContent ?? '',
          marker: r.classList.contains('marker'),
        }))
        .sort((a, b) => a.y - b.y),
    );
  /** Scroll geometry of the row list, and the row drawn at its top edge. */
  const view = () =>
    app().evaluate((el) => {
      const v = el.querySelector('.viewport');
      const box = v.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + 40, box.top + 3)?.closest('.row');
      return { top: v.scrollTop, height: v.clientHeight, scrollHeight: v.scrollHeight, topRow: top ? top.textContent.trim() : '' };
    });
  const atBottom = (v) => v.scrollHeight - v.top - v.height <= 10;

  async function waitFor(what, test, timeout = 20_000) {
    const end = Date.now() + timeout;
    let last;
    while (Date.now() < end) {
      last = await test();
      if (last) return last;
      await page.waitForTimeout(150);
    }
    await page.screenshot({ path: `test-results/logs-e2e-${what.replace(/[^a-z0-9]+/gi, '-')}.png` }).catch(() => {});
    throw new Error(`timed out waiting for ${what}`);
  }

  async function findFrame() {
    return waitFor('the Function Logs webview frame', async () => {
      for (const f of page.frames())
        if (
          await f
            .locator('function-logs-app')
            .count()
            .catch(() => 0)
        )
          return f;
      return undefined;
    });
  }

  /** Picks a listed item (the list loads while the pick is busy). */
  async function choose(label) {
    const row = quickInput().locator('.monaco-list-row', { hasText: label }).first();
    await row.waitFor();
    await row.click();
  }

  it('opens through the input boxes, names checked as typed, at the newest lines', async () => {
    // The command is offered once signed in: the view activates the extension first.
    await activateFromView(page);
    await runCommand(page, 'Platform Console: Open Function Logs…');
    // Project and region picked from the lists; namespace and function typed through "Enter …".
    await choose('production');
    await choose('Luxembourg-2');
    await choose('Enter a namespace…');
    const input = quickInput().locator('input');
    // The input box itself (its placeholder), not the picker's "Enter a namespace…" row still on
    // screen: text typed into the picker would be lost when the input box replaces it.
    await quickInput().locator('input[placeholder^="e.g. default"]').waitFor();
    await input.fill('Default');
    await quickInput()
      .getByText(/^Namespace: /)
      .waitFor();
    await input.fill(FN.namespace);
    await input.press('Enter');
    await choose('Enter a function name…');
    await quickInput().locator('input[placeholder^="e.g. hello-world"]').waitFor();
    await input.fill('image_resize');
    const problem = quickInput().getByText(/^Function name: /);
    await problem.waitFor();
    await input.press('Enter');
    // A fence: the extension checks the good name typed after the Enter (its problem goes); an
    // accepted Enter, handled before that, would have closed the box. (This fence once saw the
    // refused name accepted: the Enter and the keystroke reached the box together, fixed in
    // src/ui/vscodeFlowUi.ts, test/integration/flowUiInput.test.ts.)
    await input.fill(FN.name);
    await problem.waitFor({ state: 'hidden' });
    assert.ok(await quickInput().isVisible(), 'a refused name is not accepted');
    await input.press('Enter');

    await page.locator('.tab', { hasText: `Logs: ${FN.namespace}/${FN.name}` }).waitFor();
    frame = await findFrame();
    await waitFor('lines', async () => (await counts()).all >= 1000);
    const c = await counts();
    assert.equal(c.shown, c.all, 'no filter: every line shown');
    assert.equal(await byTest('status').getAttribute('data-state'), 'following');
    const v = await view();
    assert.ok(atBottom(v), `opens at the newest lines (${JSON.stringify(v)})`);
    const dom = Number(await app().getAttribute('data-dom-rows'));
    assert.ok(dom > 10 && dom < 200, `only the rows in view are in the DOM (${dom} for ${c.all} lines)`);
    assert.deepEqual(cspMessages, [], 'no CSP violation');
  });

  it('follows: new lines arrive and the view stays at the bottom', async () => {
    const before = (await counts()).all;
    const last = (await domRows()).at(-1);
    await waitFor('new lines', async () => (await counts()).all >= before + 20);
    // The count is the store's; the rows are painted on the next frame: wait for them, not a fixed time.
    await waitFor('a newer line at the bottom', async () => !isDeepStrictEqual((await domRows()).at(-1), last));
    await waitFor('the view at the bottom', async () => atBottom(await view()));
    assert.equal(await byTest('pill').count(), 0, 'no pill while following the bottom');
  });

  it('holds still under the pointer while following: the row stays, a click selects it, the pill counts', async () => {
    await simControl(fnPath, { ratePerSecond: 40 });
    await waitFor('following at the bottom', async () => atBottom(await view()) && (await byTest('pill').count()) === 0);
    // A point in the middle of the list, in the page's coordinates and in the frame's.
    const box = await byTest('viewport').boundingBox();
    const local = await app().evaluate((el) => {
      const r = el.querySelector('.viewport').getBoundingClientRect();
      return { x: r.left, y: r.top };
    });
    const dx = 120;
    const dy = Math.round(box.height / 2);
    const underPointer = () =>
      app().evaluate((el, p) => document.elementFromPoint(p.x, p.y)?.closest('.row')?.querySelector('.msg')?.textContent ?? '', {
        x: local.x + dx,
        y: local.y + dy,
      });
    await page.mouse.move(box.x + dx, box.y + dy);
    const first = await underPointer();
    assert.ok(first, 'a row under the pointer');
    const before = (await counts()).all;
    await waitFor('lines arriving under the pointer', async () => (await counts()).all >= before + 40);
    assert.equal(await underPointer(), first, 'the row under the pointer is the same line while lines arrive');
    const pillCount = number(await byTest('pill').innerText());
    assert.ok(pillCount >= 40, `the pill counts the new lines (${pillCount})`);
    await page.mouse.click(box.x + dx, box.y + dy);
    const selected = await app().evaluate((el) => [...el.querySelectorAll('.row.selected .msg')].map((m) => m.textContent));
    assert.deepEqual(selected, [first], 'the click selected exactly the line under the pointer');
    // Pointer gone, a row still selected: still held, the pill still counting.
    await page.mouse.move(box.x + dx, box.y - 60);
    const held = number(await byTest('pill').innerText());
    await waitFor('more lines while selected', async () => (await byTest('pill').count()) === 1 && number(await byTest('pill').innerText()) > held);
    assert.ok(!atBottom(await view()), 'a selection holds the list');
    // Escape clears the selection: following resumes at the newest line.
    await byTest('viewport').focus();
    await page.keyboard.press('Escape');
    await waitFor('following again', async () => atBottom(await view()) && (await byTest('pill').count()) === 0);
    await simControl(fnPath, { ratePerSecond: 10 });
  });

  it('at 1,000 px the message starts in the first half of the row: pod chips, repeated stamps folded', async () => {
    const chrome = 1440 - (await frame.evaluate(() => innerWidth));
    await page.setViewportSize({ width: 1000 + chrome, height: 900 });
    try {
      await waitFor('a 1,000 px panel', async () => Math.abs((await frame.evaluate(() => innerWidth)) - 1000) <= 2);
      await waitFor('the view at the bottom', async () => atBottom(await view()));
      const rows = await app().evaluate((el) => {
        const v = el.querySelector('.viewport').getBoundingClientRect();
        return [...el.querySelectorAll('.row:not(.marker)')]
          .filter((r) => {
            const b = r.getBoundingClientRect();
            return b.bottom > v.top && b.top < v.bottom;
          })
          .map((r) => {
            const msg = r.querySelector('.msg');
            const text = msg.querySelector('.text') ?? msg;
            const pod = r.querySelector('.pod');
            return {
              left: text.getBoundingClientRect().left - v.left,
              width: v.width,
              chip: pod.querySelector('[aria-hidden="true"]:not(.swatch)')?.textContent ?? '',
              title: pod.title,
              spoken: pod.querySelector('.sr-only')?.textContent ?? '',
              msg: msg.textContent,
              folded: Boolean(msg.querySelector('.stamp')),
            };
          });
      });
      assert.ok(rows.length > 10, `rows in view (${rows.length})`);
      for (const r of rows) {
        assert.ok(r.left < r.width / 2, `the message starts at ${r.left} px of ${r.width}: ${JSON.stringify(r)}`);
        assert.ok(r.chip.length > 0 && r.chip.length < r.title.length && r.title.endsWith(r.chip), `a short chip of the pod: ${JSON.stringify(r)}`);
        assert.equal(r.spoken, r.title, 'the full pod name for screen readers');
        assert.ok(r.folded, `the simulator's leading stamp repeats the line's time: folded (${r.msg})`);
        assert.match(r.msg, /^ \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2} /, 'the row still holds the whole message');
      }
      await screenshot(page, 'function-logs-narrow');
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('local or UTC, with every nanosecond on hover', async () => {
    const time = app().locator('.row:not(.marker) .time').last();
    assert.doesNotMatch(await time.innerText(), /Z$/);
    await byTest('utc').click();
    await waitFor('UTC times', async () => /Z$/.test(await time.innerText()));
    const title = await time.getAttribute('title');
    assert.match(title, /^UTC {4}\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}Z$/m);
    assert.match(title, /^\d{19} ns since 1970/m);
    assert.match(title, /^As sent: \d{4}-\d{2}-\d{2}T[\d:.]+Z$/m);
    await byTest('utc').click();
    await waitFor('local times', async () => !/Z$/.test(await time.innerText()));
  });

  it('scrolling up while lines arrive: the row being read stays put, a pill counts the new lines', async () => {
    // Scrolled and counted at once: every line after this moment is new to the reader.
    const startText = await app().evaluate((el) => {
      const v = el.querySelector('.viewport');
      // The page's own scroll listener (added first) runs before this one: awaited below.
      globalThis.scrollSeen = new Promise((resolve) => v.addEventListener('scroll', () => requestAnimationFrame(resolve), { once: true }));
      v.scrollTop = Math.floor(v.scrollHeight / 2);
      return el.querySelector('[data-testid="counts"]').textContent;
    });
    const before = number(/of ([\d,]+) lines/.exec(startText)[1]);
    await app().evaluate(() => globalThis.scrollSeen);
    const reading = await view();
    assert.ok(!atBottom(reading));
    await waitFor('new lines while reading', async () => (await counts()).all > before);
    const pill = byTest('pill');
    await pill.waitFor();
    assert.match(await pill.innerText(), /^\d[\d,]* new lines?$/);
    await screenshot(page, 'function-logs');
    // More reads come in; the person's place never moves.
    const seen = (await counts()).all;
    await waitFor('another read', async () => (await counts()).all > seen);
    const after = await view();
    assert.equal(after.top, reading.top, 'the scroll position did not move');
    assert.equal(after.topRow, reading.topRow, 'the same row is at the top');
    // Read together: a read may land between two separate looks.
    const { pillText, countText } = await app().evaluate((el) => ({
      pillText: el.querySelector('[data-testid="pill"]').textContent,
      countText: el.querySelector('[data-testid="counts"]').textContent,
    }));
    assert.equal(number(pillText), number(/of ([\d,]+) lines/.exec(countText)[1]) - before, 'the pill counts every new line');
    await pill.click();
    await waitFor('back at the bottom', async () => atBottom(await view()));
    await pill.waitFor({ state: 'detached' });
  });

  it('filters by text, by regular expression (an invalid one marked), with the case toggle', async () => {
    const filter = byTest('filter').locator('input');
    await filter.fill('error');
    await waitFor('filtered counts', async () => {
      const c = await counts();
      return c.shown < c.all && c.shown > 0;
    });
    for (const row of await domRows()) if (!row.marker) assert.match(row.msg, /error/i);
    const insensitive = (await counts()).shown;
    await byTest('case').click();
    await waitFor('case-sensitive: nothing matches lower-case "error"', async () => (await counts()).shown === 0 || (await counts()).shown < insensitive);
    await byTest('case').click();
    await byTest('regex').click();
    await filter.fill('(WARN|ERROR) (slow|upstream)');
    await waitFor('regex applied', async () => {
      const rows = await domRows();
      return rows.length > 0 && rows.every((r) => r.marker || /(WARN|ERROR) (slow|upstream)/i.test(r.msg));
    });
    await filter.fill('(unclosed');
    await byTest('filter-error').waitFor();
    assert.match(await byTest('filter-error').innerText(), /Invalid regular expression/);
    const c = await counts();
    assert.equal(c.shown, c.all, 'an invalid expression is not applied');
    await filter.fill('');
    await byTest('regex').click();
    await byTest('filter-error').waitFor({ state: 'detached' });
  });

  it('matches a regular expression that would backtrack catastrophically (#37, #52) in linear time, the window answering; refuses a backreference by name', async () => {
    // A nested repetition like (\w+\s?)+ froze the page on these lines, and the whole window with it
    // (one renderer); #37 refused it, #52 runs it on RE2 (re2js).
    const filter = byTest('filter').locator('input');
    await byTest('regex').click();
    const started = Date.now();
    await filter.fill(String.raw`(WARN|ERROR) (\w+\s?)+req=\w+$`);
    // The same answer as a plain check: a warning or error whose text is words and single spaces.
    await waitFor('applied', async () => {
      const rows = (await domRows()).filter((r) => !r.marker);
      const c = await counts();
      return c.shown > 0 && c.shown < c.all && rows.length > 0 && rows.every((r) => /(WARN|ERROR) \w[\w ]*req=\w+$/.test(r.msg));
    });
    const answered = Date.now() - started;
    assert.equal(await byTest('filter-error').count(), 0, 'nothing refused');
    // The workbench and the page both answer: a frame of the workbench, a scroll of the list.
    const t0 = Date.now();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    await app().evaluate((el) => {
      el.querySelector('.viewport').scrollTop = 0;
    });
    const responsive = Date.now() - t0;
    assert.ok(responsive < 2_000, `the window took ${responsive} ms to answer`);
    console.log(`  filter applied ${answered} ms after typing (debounce and round trips included); the window answered in ${responsive} ms`);
    // What RE2 cannot express is refused, named, under the box.
    await filter.fill(String.raw`(.*)\1x`);
    await byTest('filter-error').waitFor({ timeout: 10_000 });
    const text = await byTest('filter-error').innerText();
    assert.match(text, /Regular expression refused: backreference \\1 is not supported: the filter uses a linear-time engine \(RE2\).*; not applied\.$/s);
    assert.equal(await byTest('filter-error').getAttribute('role'), 'alert', 'read out as it appears');
    assert.equal(await byTest('filter').evaluate((el) => el.invalid), true, 'the box marked invalid');
    const c = await counts();
    assert.equal(c.shown, c.all, 'not applied: every line shown');
    await filter.fill('');
    await byTest('regex').click();
    await byTest('filter-error').waitFor({ state: 'detached' });
    if (await byTest('pill').count()) await byTest('pill').click();
  });

  it('filters by pod', async () => {
    await byTest('pods').click();
    const pods = await app()
      .locator('.menu [data-pod]')
      .evaluateAll((els) => els.map((e) => e.dataset.pod));
    assert.ok(pods.length >= 2, `several pods (${pods})`);
    await app().locator(`.menu [data-pod="${pods[0]}"]`).click();
    await waitFor('one pod', async () => {
      const rows = (await domRows()).filter((r) => !r.marker);
      return rows.length > 0 && rows.every((r) => r.pod === pods[0]);
    });
    assert.match(await byTest('pods').innerText(), new RegExp(`1 of ${pods.length} pods`));
    const c = await counts();
    assert.ok(c.shown < c.all);
    await byTest('pod-all').click();
    await page.keyboard.press('Escape');
    await waitFor('every pod again', async () => {
      const after = await counts();
      return after.shown === after.all;
    });
  });

  it('pauses, selects rows (click, Shift+click) and copies them, then follows again', async () => {
    await byTest('follow').click();
    await waitFor('paused', async () => (await byTest('status').getAttribute('data-state')) === 'paused');
    assert.match(await byTest('follow').innerText(), /Follow/);
    // Rows in view (clicking one outside it would scroll the list first).
    const first = await app().evaluate((el) => Math.ceil(el.querySelector('.viewport').scrollTop / 20));
    const row = (pos) => app().locator(`.row[data-pos="${pos}"]`);
    await row(first + 2).click();
    await row(first + 4).click({ modifiers: ['Shift'] });
    assert.match(await byTest('selected').innerText(), /3 selected/);
    assert.equal(await app().locator('.row.selected').count(), 3);
    await byTest('copy').click();
    await waitFor('copied', async () => /Copied 3 lines/.test(await notice()));
    await page.keyboard.press('Escape');
    await byTest('selected').waitFor({ state: 'detached' });
    await byTest('follow').click();
    await waitFor('following', async () => (await byTest('status').getAttribute('data-state')) === 'following');
  });

  it('exports the shown lines as .log and all lines as .jsonl: exactly what the page holds', async () => {
    // Paused, so that the page and the files can be compared line for line.
    await byTest('follow').click();
    await waitFor('paused', async () => (await byTest('status').getAttribute('data-state')) === 'paused');
    const filter = byTest('filter').locator('input');
    await filter.fill('WARN');
    await waitFor('filtered', async () => {
      const c = await counts();
      return c.shown < c.all && c.shown > 0;
    });
    const c = await counts();
    await byTest('export').click();
    assert.match(await byTest('export-shown-log').innerText(), new RegExp(`\\(${c.shown.toLocaleString('en-US')}\\)`));
    await byTest('export-shown-log').click();
    // The save dialog (VS Code's own, in the browser): the proposed name is accepted.
    const proposed = new RegExp(`/${FN.namespace}-${FN.name}-\\d{8}-\\d{6}\\.log$`);
    await waitFor('the proposed file name', async () =>
      proposed.test(
        await quickInput()
          .locator('input')
          .inputValue()
          .catch(() => ''),
      ),
    );
    await quickInput().locator('input').press('Enter');
    const said = await waitFor('export done', async () => {
      const text = await notice();
      return /^Exported/.test(text) ? text : undefined;
    });
    const m = /^Exported ([\d,]+) lines? (?:and [\d,]+ markers? )?to (.+\.log)\.$/.exec(said);
    assert.ok(m, said);
    const lines = (await readFile(m[2], 'utf8'))
      .trimEnd()
      .split('\n')
      .filter((l) => !l.startsWith('# '));
    assert.equal(lines.length, number(m[1]));
    assert.equal(lines.length, c.shown, 'the lines shown');
    for (const line of lines) assert.match(line, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}Z \[[a-z0-9-]+\] .*WARN/i);

    await byTest('export').click();
    await byTest('export-all-jsonl').click();
    await waitFor('the proposed .jsonl name', async () =>
      /\.jsonl$/.test(
        await quickInput()
          .locator('input')
          .inputValue()
          .catch(() => ''),
      ),
    );
    await quickInput().locator('input').press('Enter');
    const all = await waitFor('export of all', async () => {
      const text = await notice();
      return /\.jsonl\.$/.test(text) ? text : undefined;
    });
    const file = /to (.+\.jsonl)\.$/.exec(all)[1];
    const entries = (await readFile(file, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(entries.filter((e) => !e.marker).length, c.all, 'every line the page holds');
    assert.deepEqual(Object.keys(entries.at(-1)), ['Time', 'Pod', 'Message']);
    await filter.fill('');
    await byTest('follow').click();
  });

  it('opens the shown lines in a read-only editor', async () => {
    await byTest('open-editor').click();
    const tab = page.locator('.tab', { hasText: `${FN.namespace}-${FN.name}.log` });
    await tab.waitFor();
    await page.locator('.editor-instance .view-lines').filter({ hasText: FN.name }).first().waitFor();
    await page.keyboard.type('typed');
    await page
      .locator('.monaco-editor-overlaymessage', { hasText: /read-?only/i })
      .first()
      .waitFor();
    await page.keyboard.press('Escape');
    await tab.click({ button: 'middle' }); // closes the tab
    await tab.waitFor({ state: 'detached' });
    await page.locator('.tab', { hasText: `Logs: ${FN.namespace}/${FN.name}` }).click();
    frame = await findFrame();
  });

  it('a 500 in the middle of the tail: a banner with the reason, lines kept, following resumes by itself', async () => {
    await waitFor('following', async () => (await byTest('status').getAttribute('data-state')) === 'following');
    const before = (await counts()).all;
    await simControl('faults', { route: 'getFunctionLogs', kind: 'status', status: 500, times: 2 });
    const banner = byTest('banner');
    await banner.waitFor({ timeout: 10_000 });
    assert.match(await banner.innerText(), /Could not read the logs: .*500/);
    assert.match(await banner.innerText(), /lines shown are kept/);
    assert.ok((await counts()).all >= before, 'lines kept');
    assert.ok((await domRows()).length > 10, 'rows still shown');
    assert.equal(await byTest('status').getAttribute('data-state'), 'retrying');
    await screenshot(page, 'function-logs-error');
    // Two failures (4 s, then 8 s of backoff), then it reads again without being asked.
    await banner.waitFor({ state: 'detached', timeout: 30_000 });
    await waitFor('following again', async () => (await byTest('status').getAttribute('data-state')) === 'following');
    await waitFor('new lines after the outage', async () => (await counts()).all > before);
  });

  it('one panel per function: opening it again shows the open one (offered as a recent function)', async () => {
    await runCommand(page, 'Platform Console: Open Function Logs…');
    await choose('production');
    await choose('Luxembourg-2');
    await quickInput()
      .locator('.monaco-list-row', { hasText: `${FN.namespace}/${FN.name}` })
      .first()
      .click();
    await quickInput().waitFor({ state: 'hidden' });
    await page.locator('.tab.active', { hasText: `Logs: ${FN.namespace}/${FN.name}` }).waitFor();
    assert.equal(await page.locator('.tab', { hasText: `Logs: ${FN.namespace}/${FN.name}` }).count(), 1);
    frame = await findFrame();
    if (await byTest('pill').count()) await byTest('pill').click();
    await waitFor('at the bottom', async () => atBottom(await view()));
  });

  it('comes back after a window reload: the same function, following, with its filter and UTC choice', async () => {
    await byTest('filter').locator('input').fill('WARN');
    await byTest('utc').click();
    await waitFor('filtered', async () => {
      const c = await counts();
      return c.shown < c.all;
    });
    // A fence for the state the page saved (setState) on its way to the workbench: Pause goes
    // the same way after it (the webview's one message channel, in order), and the extension's
    // answer, the paused status, shows that it arrived. Then following again.
    await byTest('follow').click();
    await waitFor('paused', async () => (await byTest('status').getAttribute('data-state')) === 'paused');
    await byTest('follow').click();
    await waitFor('following', async () => (await byTest('status').getAttribute('data-state')) === 'following');
    const before = frame;
    await runCommand(page, 'Developer: Reload Window');
    while (!before.isDetached()) await page.waitForTimeout(100);
    await page.locator('[id="status.problems"]').waitFor({ timeout: 60_000 });
    frame = await findFrame();
    assert.equal(await page.locator('.tab', { hasText: `Logs: ${FN.namespace}/${FN.name}` }).count(), 1);
    await waitFor('lines again', async () => (await counts()).all > 0);
    assert.equal(await byTest('filter').locator('input').inputValue(), 'WARN');
    const c = await counts();
    assert.ok(c.shown < c.all, 'the filter applies');
    assert.match(await app().locator('.row:not(.marker) .time').last().innerText(), /Z$/, 'UTC kept');
    await waitFor('following', async () => (await byTest('status').getAttribute('data-state')) === 'following');
    await byTest('filter').locator('input').fill('');
    await byTest('utc').click();
    assert.deepEqual(cspMessages, [], 'no CSP violation in the whole session');
  });
});

// The page side of bench/logs.filter.bench.mjs, bundled by it with esbuild and run in Chromium:
// the logs page's own row store (webview/logs/rowStore.ts) holding a million lines, filtered as
// the person types. Bench code only: no bundle of the extension or the page includes it.
import { EMPTY_FILTER } from '../src/protocol/logFilter.ts';
import { packItems } from '../src/protocol/packedItems.ts';
import { RowStore } from '../webview/logs/rowStore.ts';

let store;
let messages = [];

/** Holds `count` copies of `message` (times apart), as a reset from the extension carries them. */
globalThis.holdLines = (count, message) => {
  const items = packItems(Array.from({ length: count }, (_, i) => [`2026-05-23T05:07:31.${String(i).padStart(9, '0')}Z`, 0, message]));
  store = new RowStore(EMPTY_FILTER);
  store.reset({ type: 'reset', generation: 1, target: {}, maxLines: count, maxMemoryMB: 256, pods: ['web-1'], items, pending: 0, status: {}, sentAt: 0 });
  messages = Array.from({ length: count }, () => message);
};

/** The times of `runs` passes of the store typing `text` (a regular expression unless `regex` is false) from an empty filter, and its answer. */
globalThis.typeFilter = (text, runs, regex = true) => {
  const times = [];
  for (let r = 0; r < runs; r++) {
    store.setFilter(EMPTY_FILTER);
    const t0 = performance.now();
    store.setFilter({ ...EMPTY_FILTER, text, regex });
    times.push(performance.now() - t0);
  }
  return { times, shown: store.shownLineCount, error: store.filterError };
};

/** The naive baseline in the same page: the browser's own RegExp over the same messages (what ran before #52 for an accepted pattern). */
globalThis.nativeFilter = (text, runs) => {
  const times = [];
  let shown = 0;
  for (let r = 0; r < runs; r++) {
    const re = new RegExp(text, 'i');
    const t0 = performance.now();
    shown = 0;
    for (const m of messages) if (re.test(m)) shown++;
    times.push(performance.now() - t0);
  }
  return { times, shown };
};

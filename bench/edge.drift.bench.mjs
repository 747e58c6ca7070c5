// Build drift's cost for a 50 MB .wasm: the product's streamed MD5 (src/platform/fileDigest.ts,
// what the editor's drift and check_edge_build run) timed beside `md5sum` of the same file in the
// same run, and the process's memory growth while it hashes (resident size, heap and array buffers
// sampled every 5 ms; goal: under 32 MB), beside the naive way (readFile, then one md5 over the
// whole file) whose growth is the file. Then the check again with the file unchanged: the hash
// cache (path + size + mtime) answers without reading it.
// RUNS times each (the product and md5sum alternating, the naive way after them), after one warm-up
// (the file then sits in the page cache for all: the figures compare hashing, not the disk).
//
//   npm run bench -- edge.drift      (or: node --import tsx bench/edge.drift.bench.mjs)

import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { digestFile } from '../src/platform/fileDigest.ts';
import { HashCache } from '../src/features/edge/model/edgeDrift.ts';
import { benchRow, median, spreadOf, writeRows } from './benchRows.mjs';

const RUNS = Number(process.env.PLATFORM_CONSOLE_BENCH_DRIFT_RUNS) || 5;
const BYTES = 50 * 1_000_000;
const MiB = 1048576;

const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-edge-drift-'));
const file = path.join(dir, 'bench-50MB.wasm');
try {
  {
    const bytes = randomBytes(BYTES);
    bytes.set([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
    await writeFile(file, bytes);
  }
  // md5sum's answer is the one expected (the file is not read into this process before the product's runs).
  const expected = execFileSync('md5sum', [file], { encoding: 'utf8' }).slice(0, 32);

  /** Runs `work` while sampling this process's memory; the growth over the level before it, in bytes. */
  const measured = async (work) => {
    globalThis.gc?.();
    const before = process.memoryUsage();
    const peak = { rss: before.rss, heap: before.heapUsed, buffers: before.arrayBuffers };
    const sample = () => {
      const m = process.memoryUsage();
      peak.rss = Math.max(peak.rss, m.rss);
      peak.heap = Math.max(peak.heap, m.heapUsed);
      peak.buffers = Math.max(peak.buffers, m.arrayBuffers);
    };
    const timer = setInterval(sample, 5);
    const started = performance.now();
    const digest = await work();
    const ms = performance.now() - started;
    sample();
    clearInterval(timer);
    if (digest !== expected) throw new Error(`wrong MD5: ${digest}, not ${expected}`);
    return { ms, rss: peak.rss - before.rss, heapAndBuffers: peak.heap - before.heapUsed + (peak.buffers - before.arrayBuffers) };
  };
  const product = () => measured(async () => (await digestFile(file)).digest);
  const naive = () =>
    measured(async () =>
      createHash('md5')
        .update(await readFile(file))
        .digest('hex'),
    );
  const md5sum = () => {
    const started = performance.now();
    const out = execFileSync('md5sum', [file], { encoding: 'utf8' });
    const ms = performance.now() - started;
    if (!out.startsWith(expected)) throw new Error(`md5sum said ${out}`);
    return ms;
  };

  // Warm-up: the file in the page cache, the code compiled. The naive runs come last: the memory
  // they leave behind (freed, not returned) would hide the product's growth.
  await product();
  md5sum();
  const runs = { product: [], md5sum: [], naive: [] };
  for (let i = 0; i < RUNS; i++) {
    runs.product.push(await product());
    runs.md5sum.push(md5sum());
  }
  for (let i = 0; i < RUNS; i++) runs.naive.push(await naive());

  // The drift check again with the file unchanged: stat, then the cache (no read).
  const cache = new HashCache(async (p) => (await digestFile(p)).digest);
  const info = await stat(file);
  await cache.md5(file, info.size, info.mtimeMs);
  const cachedMs = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const again = await stat(file);
    await cache.md5(file, again.size, again.mtimeMs);
    cachedMs.push(performance.now() - started);
  }
  if (cache.hashed !== 1) throw new Error(`the cache hashed ${cache.hashed} times`);

  const ms = (list) => spreadOf(list);
  const productMs = runs.product.map((r) => r.ms);
  const growth = (list, key) => Math.max(...list.map((r) => r[key])) / MiB;
  const area = 'Edge build drift (50 MB .wasm)';
  const rows = [
    benchRow(area, "MD5 streamed (the product's digestFile) vs md5sum, same file, same run", ms(productMs), 'ms', median(runs.md5sum), 'md5sum'),
    benchRow(area, '  throughput', (BYTES / MiB / (median(productMs) / 1000)).toFixed(0) + ' MiB/s', ''),
    benchRow(
      area,
      '  memory growth while hashing: resident size, worst run (goal < 32 MB)',
      growth(runs.product, 'rss'),
      'MiB',
      growth(runs.naive, 'rss'),
      'readFile + md5',
    ),
    benchRow(
      area,
      '  memory growth: JS heap + array buffers, worst run',
      growth(runs.product, 'heapAndBuffers'),
      'MiB',
      growth(runs.naive, 'heapAndBuffers'),
      'readFile + md5',
    ),
    benchRow(area, 'check again, file unchanged (stat + hash cache, no read)', ms(cachedMs), 'ms', median(productMs), 'hashing again'),
  ];
  for (const r of rows)
    console.log(
      `${r.figure}: ${JSON.stringify(r.value)} ${r.unit}${r.baseline !== null ? ` (baseline ${JSON.stringify(r.baseline)} ${r.baselineLabel})` : ''}`,
    );
  await writeRows('edge.drift', rows);
} finally {
  await rm(dir, { recursive: true, force: true });
}

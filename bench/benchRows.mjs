// The headline rows a benchmark hands to bench/run.mjs: each bench writes
// test-results/bench/<bench>.json ({bench, rows}); run.mjs prints them all as one table once every
// bench has run, and writes the table to test-results/bench/summary.md.
//
// A row: { area, figure, value, unit, baseline, baselineLabel, ratio }
// - value / baseline: numbers in `unit`, or {median, min, max} of a series (spreadOf), or a short
//   text when the figure is not a number; baseline null when the figure has no naive counterpart;
// - ratio: how many times the baseline is the figure (baseline / value), null when it means nothing.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { resultsDir } from '../scripts/harness/common.mjs';

export const benchResultsDir = path.join(resultsDir, 'bench');

/** The JSON file of the bench named `bench` (its file name without `.bench.mjs`). */
export const rowsFile = (bench) => path.join(benchResultsDir, `${bench}.json`);

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A series as {median, min, max}: printed "median (min–max)", compared by its median. */
export const spreadOf = (xs) => ({ median: median(xs), min: Math.min(...xs), max: Math.max(...xs) });

const central = (x) => (x !== null && typeof x === 'object' ? x.median : x);

/** baseline / value when both are positive finite numbers (medians of series), else null. */
export function ratioOf(value, baseline) {
  value = central(value);
  baseline = central(baseline);
  return typeof value === 'number' && typeof baseline === 'number' && value > 0 && baseline > 0 && Number.isFinite(value) && Number.isFinite(baseline)
    ? baseline / value
    : null;
}

/** One row; the ratio is baseline / value unless given. */
export function benchRow(area, figure, value, unit, baseline = null, baselineLabel = '', ratio = ratioOf(value, baseline)) {
  return { area, figure, value, unit, baseline, baselineLabel, ratio };
}

export async function writeRows(bench, rows) {
  await mkdir(benchResultsDir, { recursive: true });
  await writeFile(rowsFile(bench), `${JSON.stringify({ bench, rows }, null, 2)}\n`);
}

/** 1234.5 ms -> "1,235 ms"; 12.34 -> "12.3 ms"; counts (no unit) whole; a series "median (min–max)"; text as is. */
export function formatValue(value, unit) {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return `${formatValue(value.median, unit)} (${formatValue(value.min, '')}–${formatValue(value.max, '')})`;
  if (typeof value !== 'number') return String(value);
  const digits = Math.abs(value) >= 100 || (Number.isInteger(value) && !unit) ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  const text = value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return unit ? `${text} ${unit}` : text;
}

export function formatRatio(ratio) {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return '';
  const digits = ratio >= 10 ? 0 : ratio >= 1 ? 1 : 2;
  return `${ratio.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}×`;
}

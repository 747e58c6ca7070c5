// Saving a report: the proposed file name (template and dates, safe characters only), the
// progress text, the temporary name; and the writer: a whole body renamed into place, a failed,
// cancelled or refused write leaving nothing behind and the existing file untouched.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  downloadProgressText,
  formatBytes,
  isTemporaryFileName,
  knownFormat,
  proposedFileName,
  safeNamePart,
  temporaryFileName,
  withExtension,
} from '../../src/features/reports/model/reportFiles';
import { writeBodyToFile } from '../../src/features/reports/reportFileWriter';

describe('proposedFileName', () => {
  it("template and both dates, with the format's extension", () => {
    const source = { template: 'ResellerExpenses', parameters: { date_from: '2026-04-01', date_to: '2026-04-30', client_id: 7 } };
    assert.equal(proposedFileName(source, 'csv'), 'ResellerExpenses_2026-04-01_2026-04-30.csv');
    assert.equal(proposedFileName(source, 'xlsx'), 'ResellerExpenses_2026-04-01_2026-04-30.xlsx');
    assert.equal(proposedFileName(source, 'json'), 'ResellerExpenses_2026-04-01_2026-04-30.json');
  });
  it('one date once; the period, then the creation date, when the parameters carry none', () => {
    assert.equal(proposedFileName({ template: 'T', parameters: { date_from: '2026-04-01', date_to: '2026-04-01' } }, 'csv'), 'T_2026-04-01.csv');
    assert.equal(proposedFileName({ template: 'T', parameters: { date_to: '2026-04-30' } }, 'csv'), 'T_2026-04-30.csv');
    assert.equal(proposedFileName({ template: 'T', parameters: { date_from: 'last month' }, period: '2026-04' }, 'csv'), 'T_2026-04.csv');
    assert.equal(proposedFileName({ template: 'T', createdAt: '2026-05-02T10:00:00Z' }, 'json'), 'T_2026-05-02.json');
    assert.equal(proposedFileName({ template: 'T' }, 'json'), 'T.json');
  });
  it('safe characters only: separators, dots, control and non-ASCII letters never reach the name', () => {
    assert.equal(proposedFileName({ template: '../../etc/passwd', parameters: {} }, 'csv'), 'etc_passwd.csv');
    assert.equal(proposedFileName({ template: 'Ré sumé: Q1/Q2 "x"\u0000', parameters: {} }, 'csv'), 'Re_sume_Q1_Q2_x.csv');
    assert.equal(proposedFileName({ template: '日本語', parameters: {} }, 'csv'), 'report.csv');
    assert.equal(proposedFileName({ template: 'CON', parameters: {} }, 'csv'), 'report_CON.csv');
    const long = proposedFileName({ template: 'A'.repeat(500), parameters: { date_from: '2026-04-01' } }, 'xlsx');
    assert.ok(long.length <= 120 && long.endsWith('.xlsx'), long);
    for (const name of [long, proposedFileName({ template: 'a\\b|c*d?e<f>g', parameters: {} }, 'csv')]) assert.match(name, /^[A-Za-z0-9._-]+$/);
  });
  it('safeNamePart trims separators at the ends', () => {
    assert.equal(safeNamePart('  .hidden- '), 'hidden');
  });
  it("withExtension adds the format's extension unless the name has it", () => {
    assert.equal(withExtension('out', 'csv'), 'out.csv');
    assert.equal(withExtension('OUT.CSV', 'csv'), 'OUT.CSV');
    assert.equal(withExtension('out.csv', 'json'), 'out.csv.json');
  });
  it('knownFormat reads a remembered format leniently', () => {
    assert.equal(knownFormat('xlsx'), 'xlsx');
    assert.equal(knownFormat('pdf'), undefined);
    assert.equal(knownFormat(undefined), undefined);
  });
});

describe('progress text', () => {
  it('bytes in decimal units', () => {
    assert.equal(formatBytes(0), '0 B');
    assert.equal(formatBytes(999), '999 B');
    assert.equal(formatBytes(1000), '1 KB');
    assert.equal(formatBytes(12_345_678), '12.3 MB');
    assert.equal(formatBytes(200_000_000), '200 MB');
    assert.equal(formatBytes(3.5e9), '3.5 GB');
    assert.equal(formatBytes(Number.NaN), '0 B');
  });
  it('a percentage only when the server announced a length, never above 100', () => {
    assert.equal(downloadProgressText(12_345_678), '12.3 MB');
    assert.equal(downloadProgressText(12_345_678, 200_000_000), '12.3 MB of 200 MB (6%)');
    assert.equal(downloadProgressText(300, 200), '300 B of 200 B (100%)');
    assert.equal(downloadProgressText(5, 0), '5 B');
  });
});

describe('temporary names', () => {
  it('hidden, beside the chosen name, recognised as ours', () => {
    const name = temporaryFileName('R_2026-04.csv', 'a1b2');
    assert.equal(name, '.R_2026-04.csv.a1b2.part');
    assert.ok(isTemporaryFileName(name, 'R_2026-04.csv'));
    assert.ok(!isTemporaryFileName('R_2026-04.csv', 'R_2026-04.csv'));
    assert.ok(!isTemporaryFileName('.R_2026-04.csv.part', 'R_2026-04.csv'));
    assert.equal(temporaryFileName('x.csv', '../'), '.x.csv.download.part');
  });
});

describe('writeBodyToFile', () => {
  let dir = '';
  before(async () => (dir = await mkdtemp(join(tmpdir(), 'report-save-'))));
  after(() => rm(dir, { recursive: true, force: true }));

  async function* chunks(count: number, size: number, fail?: { at: number; error: Error }, signal?: AbortSignal): AsyncGenerator<Uint8Array> {
    for (let i = 0; i < count; i++) {
      if (fail && i === fail.at) throw fail.error;
      if (signal?.aborted) throw new Error('aborted');
      yield Buffer.alloc(size, 48 + (i % 10));
      await new Promise((r) => setImmediate(r));
    }
  }
  const listing = async () => (await readdir(dir)).sort();

  it('writes every byte, counted, and leaves only the chosen file', async () => {
    const target = join(dir, 'whole.csv');
    const seen: number[] = [];
    const { bytes } = await writeBodyToFile(chunks(50, 1000), target, { onBytes: (n) => seen.push(n) });
    assert.equal(bytes, 50_000);
    assert.equal((await readFile(target)).length, 50_000);
    assert.equal(seen.at(-1), 50_000);
    assert.equal(seen.length, 50);
    assert.deepEqual(await listing(), ['whole.csv']);
  });

  it('a body that fails midway: no file, no temporary file, the existing file untouched', async () => {
    const target = join(dir, 'kept.csv');
    await writeFile(target, 'old contents');
    await assert.rejects(writeBodyToFile(chunks(50, 1000, { at: 20, error: new Error('connection reset') }), target), /connection reset/);
    assert.equal(await readFile(target, 'utf8'), 'old contents');
    assert.deepEqual(await listing(), ['kept.csv', 'whole.csv']);
    await rm(target);
  });

  it('a cancel mid-write removes the temporary file and writes nothing', async () => {
    const target = join(dir, 'cancelled.csv');
    const controller = new AbortController();
    const write = writeBodyToFile(chunks(10_000, 1000, undefined, controller.signal), target, {
      signal: controller.signal,
      onBytes: (n) => n >= 100_000 && controller.abort(),
    });
    await assert.rejects(write);
    assert.deepEqual(await listing(), ['whole.csv']);
  });

  it('a whole new file replaces an existing one only at the end', async () => {
    const target = join(dir, 'whole.csv');
    let midway = -1;
    async function* body(): AsyncGenerator<Uint8Array> {
      for (let i = 0; i < 10; i++) {
        if (i === 5) midway = (await readFile(target)).length;
        yield Buffer.alloc(10, 49);
      }
    }
    await writeBodyToFile(body(), target);
    assert.equal((await readFile(target)).length, 100);
    assert.equal(midway, 50_000, 'the old file was whole while the new one was written');
  });

  it("a folder that cannot be written: the disk's error, nothing left", async () => {
    await assert.rejects(writeBodyToFile(chunks(1, 10), join(dir, 'missing', 'x.csv')), /ENOENT/);
    assert.deepEqual(await listing(), ['whole.csv']);
  });
});

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  HashCache,
  compareBuild,
  driftBadge,
  driftProblem,
  driftTooltip,
  driftWords,
  readAppSide,
  type BuildDrift,
} from '../../src/features/edge/model/edgeDrift';
import { createPlatformApi } from '../../src/platform/api';
import { sealWasmFile, uploadEdgeBinary } from '../../src/platform/binaryUpload';
import { digestFile } from '../../src/platform/fileDigest';
import { HttpClient } from '../../src/platform/http';
import { PlatformError } from '../../src/schema/errors';
import { startSimulator, type Simulator } from '../../simulator/index';

const A = 'a'.repeat(32);
const B = 'b'.repeat(32);
const dir = mkdtempSync(join(tmpdir(), 'drift-'));
const WASM = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

describe('build drift compared', () => {
  it('same MD5 (any case, spaces trimmed) runs this build; another MD5 runs another build', () => {
    assert.deepEqual(compareBuild({ md5: A, bytes: 8 }, { appName: 'x', binary: 7, checksum: ` ${A.toUpperCase()} ` }), {
      kind: 'same',
      fileMd5: A,
      binaryMd5: A,
      binary: 7,
    });
    assert.equal(compareBuild({ md5: A, bytes: 8 }, { appName: 'x', binary: 7, checksum: B }).kind, 'other');
  });
  it('cannot tell, with why: file unreadable, read failed, no binary, no checksum', () => {
    const why = (d: BuildDrift) => (d.kind === 'unknown' ? d.why : `told: ${d.kind}`);
    assert.match(why(compareBuild({ problem: 'ENOENT' }, { appName: 'x', binary: 7, checksum: A })), /file cannot be read: ENOENT/);
    assert.match(why(compareBuild({ md5: A, bytes: 1 }, { problem: 'binary 7 is gone (404)' })), /binary 7 is gone/);
    assert.match(why(compareBuild({ md5: A, bytes: 1 }, { appName: 'x', binary: null })), /runs no binary/);
    assert.match(why(compareBuild({ md5: A, bytes: 1 }, { appName: 'x', binary: 7, checksum: '' })), /no MD5 checksum for binary 7/);
    // A checksum that is not an MD5 is not compared (it could never match, and would say "another build").
    assert.match(why(compareBuild({ md5: A, bytes: 1 }, { appName: 'x', binary: 7, checksum: 'sha256:abc' })), /no MD5/);
  });
  it('says it in words: row, badge, tooltip with app and connection, the Problems entry with both checksums', () => {
    const same = compareBuild({ md5: A, bytes: 8 }, { appName: 'x', binary: 7, checksum: A });
    const other = compareBuild({ md5: A, bytes: 8 }, { appName: 'x', binary: 7, checksum: B });
    assert.equal(driftWords(same), 'runs this build');
    assert.equal(driftWords(other), 'runs another build');
    assert.notEqual(driftBadge(same), driftBadge(other));
    assert.match(driftTooltip(same, 'hello-edge', 'Sim'), /^runs this build on hello-edge \(Sim\)/);
    assert.match(driftTooltip(other, 'hello-edge', 'Sim'), /^runs another build on hello-edge \(Sim\): binary 7 is MD5 bbbbbbbb, this file aaaaaaaa/);
    if (other.kind !== 'other') throw new Error('other');
    const problem = driftProblem(other, 'hello-edge', 101, 'Sim');
    for (const part of ['hello-edge', 'id 101', 'Sim', 'bbbbbbbb', 'aaaaaaaa']) assert.ok(problem.includes(part), `${part} in ${problem}`);
  });
});

describe('a file hashed once per change', () => {
  it('the same path, size and time is hashed once (also when asked twice at once); a new time hashes again; a failure is not kept', async () => {
    let fail = false;
    const cache = new HashCache(async (path) => {
      if (fail) throw new Error('gone');
      return `md5 of ${path}`;
    });
    await Promise.all([cache.md5('/a.wasm', 8, 1), cache.md5('/a.wasm', 8, 1)]);
    await cache.md5('/a.wasm', 8, 1);
    assert.equal(cache.hashed, 1);
    await cache.md5('/a.wasm', 8, 2);
    assert.equal(cache.hashed, 2);
    fail = true;
    await assert.rejects(cache.md5('/a.wasm', 9, 3), /gone/);
    fail = false;
    assert.equal(await cache.md5('/a.wasm', 9, 3), 'md5 of /a.wasm');
    assert.equal(cache.hashed, 4);
  });
  it('the streamed MD5 is the MD5 of the whole file, with its size', async () => {
    const path = join(dir, 'three.wasm');
    writeFileSync(path, Buffer.concat([WASM, Buffer.alloc(3 * 1024 * 1024 + 17, 9)]));
    const got = await digestFile(path);
    assert.equal(got.digest, createHash('md5').update(readFileSync(path)).digest('hex'));
    assert.equal(got.bytes, 3 * 1024 * 1024 + 17 + 8);
    await assert.rejects(digestFile(join(dir, 'missing.wasm')), /missing\.wasm: it cannot be read \(ENOENT\)/);
  });
});

describe("the app's binary read from the simulator (GET /binaries/{binary_id})", () => {
  const KEY = 'drift-key-41c0';
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator({ apiKey: KEY });
  });
  after(() => sim.close());
  const http = () => new HttpClient({ baseUrl: sim.url, apiKey: KEY, dialect: 'platform' });

  it('answers the published binary with the upload MD5 as checksum; 404 for an unknown id', async () => {
    const path = join(dir, 'up.wasm');
    writeFileSync(path, Buffer.concat([WASM, Buffer.from('build one')]));
    const stored = await uploadEdgeBinary(http(), await sealWasmFile(path));
    const api = createPlatformApi(http());
    const got = await api.edge.getEdgeBinary({ params: { binary_id: stored.id } });
    assert.equal(got.checksum, createHash('md5').update(readFileSync(path)).digest('hex'));
    assert.equal(got.id, stored.id);
    assert.equal(typeof got.source, 'number');
    await assert.rejects(api.edge.getEdgeBinary({ params: { binary_id: 987_654 } }), (e: unknown) => e instanceof PlatformError && e.status === 404);
    await assert.rejects(api.edge.getEdgeBinary({ params: { binary_id: 0 } }), /binary_id/);
  });
  it('reads the app then its binary: this build after a deploy, another after a rebuild; a missing app is a reason', async () => {
    const path = join(dir, 'app.wasm');
    writeFileSync(path, Buffer.concat([WASM, Buffer.from('build A')]));
    const api = createPlatformApi(http());
    const stored = await uploadEdgeBinary(http(), await sealWasmFile(path));
    await api.edge.patchEdgeApp({ params: { app_id: 101 }, body: { binary: stored.id } });
    const file = async () => ({ md5: (await digestFile(path)).digest, bytes: 0 });
    assert.equal(compareBuild(await file(), await readAppSide(api, 101)).kind, 'same');
    writeFileSync(path, Buffer.concat([WASM, Buffer.from('build B')]));
    assert.equal(compareBuild(await file(), await readAppSide(api, 101)).kind, 'other');
    assert.deepEqual(await readAppSide(api, 999_999), { problem: 'edge app 999999 is gone (404)' });
  });
});

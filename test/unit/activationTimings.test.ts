// The activation benchmark's record: nothing without the variable, one line per activation with it.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { activationTimer, bundleEvaluated } from '../../src/ui/activationTimings';

describe('activationTimer', () => {
  it('writes nothing when no file is named', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'activation-'));
    try {
      activationTimer('startup', undefined)();
      assert.ok(!existsSync(path.join(dir, 'timings.jsonl')));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('appends one JSON line per activation: bundle evaluated -> activate() -> done', async () => {
    bundleEvaluated();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'activation-'));
    try {
      const file = path.join(dir, 'timings.jsonl');
      for (let i = 0; i < 2; i++) {
        const done = activationTimer(i ? 'main' : 'startup', file);
        const until = performance.now() + 5;
        while (performance.now() < until);
        done();
      }
      const lines = (await readFile(file, 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
      assert.equal(lines.length, 2);
      assert.deepEqual(lines.map((l) => l.bundle), ['startup', 'main']);
      for (const l of lines) {
        assert.ok(l.activateMs >= 4, `activate() took ${l.activateMs} ms`);
        assert.ok(l.evaluateMs >= 0 && l.waitMs >= 0 && l.hostStartToBundleMs > 0, JSON.stringify(l));
        assert.ok(Math.abs(l.activatedAt - Date.now()) < 60_000);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

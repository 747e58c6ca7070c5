// Bundles test/integration/index.ts and each *.test.ts into out/integration/, one file each, for
// mocha inside the extension host. `vscode` comes from the host; `mocha` is required from
// node_modules so that the entry and the test files share one instance (their describe/it bind
// to the suite that instance is loading).
import { readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { projectRoot } from './common.mjs';

const sourceDir = path.join(projectRoot, 'test', 'integration');
const outdir = path.join(projectRoot, 'out', 'integration');

// The entry runs every *.test.js it finds there: no leftovers from deleted tests.
await rm(outdir, { recursive: true, force: true });
await esbuild.build({
  entryPoints: readdirSync(sourceDir)
    .filter((name) => name === 'index.ts' || name.endsWith('.test.ts'))
    .map((name) => path.join(sourceDir, name)),
  outdir,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode', 'mocha'],
  sourcemap: 'inline',
  logLevel: 'info',
});

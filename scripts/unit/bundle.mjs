// Bundles unit test files with esbuild, one CommonJS file each (its own copy of the project's
// modules, so module state never leaks between files); packages stay in node_modules.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';

/**
 * A test's `__dirname` and `__filename` are those of its source (test/unit/…), not of the bundle:
 * fixtures, docs and package.json are found as they are under tsx.
 * @type {import('esbuild').Plugin}
 */
const sourcePaths = {
  name: 'source-paths',
  setup(build) {
    build.onLoad({ filter: /[\\/]test[\\/].*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!/__dirname|__filename/.test(source)) return undefined;
      const { code } = await esbuild.transform(source, {
        loader: 'ts',
        sourcefile: args.path,
        sourcemap: 'inline',
        define: { __dirname: JSON.stringify(path.dirname(args.path)), __filename: JSON.stringify(args.path) },
      });
      return { contents: code, loader: 'js', resolveDir: path.dirname(args.path) };
    });
  },
};

/** Bundles `files` (paths under `sourceDir`) into `outdir`, keeping their relative paths; returns the bundles' paths. */
export async function bundleTests(files, sourceDir, outdir) {
  await rm(outdir, { recursive: true, force: true });
  const entries = files.map((file) => ({ in: file, out: path.relative(sourceDir, file).replace(/\.ts$/, '') }));
  await esbuild.build({
    entryPoints: entries,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    plugins: [sourcePaths],
    logLevel: 'warning',
  });
  return entries.map((entry) => path.join(outdir, `${entry.out}.js`));
}

// Builds the extension bundle (Node, CommonJS, `vscode` external).
// Webview bundles (browser, ESM) are added to `webviewEntries` as panels arrive.
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
/** `--metafile <file>`: esbuild's metafile of every bundle, merged (bench/bundle.bench.mjs reads it). */
const metafileArg = process.argv.indexOf('--metafile');
const metafile = metafileArg > 0 ? process.argv[metafileArg + 1] : undefined;

/** @type {import('esbuild').BuildOptions} */
const extension = {
  entryPoints: ['src/extension.ts'],
  outfile: 'dist/extension.js',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode'],
  sourcemap: !production,
  minify: production,
  logLevel: 'info',
};

/** One browser bundle per webview panel: { name: 'webview/<name>/main.ts' }. */
const webviewEntries = { pricing: 'webview/pricing/main.ts', logs: 'webview/logs/main.ts' };

const builds = [extension];
for (const [name, entry] of Object.entries(webviewEntries)) {
  builds.push({
    entryPoints: [entry],
    outfile: `dist/webview/${name}.js`,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    sourcemap: !production,
    minify: production,
    logLevel: 'info',
  });
}

// No leftovers (a development source map in a production package, a removed panel's bundle).
await rm('dist', { recursive: true, force: true });
// The codicon font for the webviews: served from dist/ (node_modules is not packaged).
await mkdir('dist/codicons', { recursive: true });
for (const file of ['codicon.css', 'codicon.ttf']) await cp(`node_modules/@vscode/codicons/dist/${file}`, `dist/codicons/${file}`);

if (watch) {
  const contexts = await Promise.all(builds.map((b) => esbuild.context(b)));
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  const results = await Promise.all(builds.map((b) => esbuild.build({ ...b, metafile: Boolean(metafile) })));
  if (metafile) {
    const merged = { inputs: {}, outputs: {} };
    for (const r of results) {
      Object.assign(merged.inputs, r.metafile.inputs);
      Object.assign(merged.outputs, r.metafile.outputs);
    }
    await writeFile(metafile, JSON.stringify(merged));
  }
}

// Builds the extension bundle (Node, CommonJS, `vscode` external).
// Webview bundles (browser, ESM) are added to `webviewEntries` as panels arrive.
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
/** `--bench`: the variant the benches install: dist/extension.js from `benchEntry`, the instruments they read from the environment. */
const bench = process.argv.includes('--bench');
const watch = process.argv.includes('--watch');
/** `--metafile <file>`: esbuild's metafile of every bundle, merged (bench/bundle.bench.mjs reads it). */
const metafileArg = process.argv.indexOf('--metafile');
const metafile = metafileArg > 0 ? process.argv[metafileArg + 1] : undefined;
/** `--outdir <dir>`: where the bundles go (default dist; test/unit/bundles.test.ts builds elsewhere). */
const outdirArg = process.argv.indexOf('--outdir');
const dist = outdirArg > 0 ? process.argv[outdirArg + 1] : 'dist';

/**
 * What only one feature needs, in bundles of their own that the extension reads at that feature's
 * first use: each is reached only through a `require()` of its file inside a function (the
 * call site says why), which this build points at `./lazy/<name>.js`. A static import of one of
 * these files fails the build: it would put the library back in the extension bundle.
 */
const lazyEntries = {
  'lazy/pkcs12': 'src/features/secrets/model/pkcs12.ts', // @peculiar/asn1-pfx, asn1-x509, asn1js
  'lazy/cronText': 'src/ui/text/cronText.ts', // cron-parser, luxon, cronstrue
  'lazy/safeMarkdown': 'src/features/edge/model/safeMarkdown.ts', // markdown-it
  'lazy/linearRegex': 'src/schema/linearRegex.ts', // re2js
  // The agent tool catalog (#57): its own code, and copies of zod, the schemas and the operations
  // it shares with the commands (PlatformError is recognised across the copies: errors.ts).
  'lazy/agentTools': 'src/features/agent/languageModelTools.ts',
  // The platform simulator of *Try the Simulator*: its own copy of zod (its members are not the sources' list).
  'lazy/simulator': 'simulator/embedded.ts',
};
/** Lazy bundles that hold their own zod rather than requiring dist/lazy/zod.js. */
const ownZod = new Set(['lazy/simulator']);
/**
 * `--eager`: the benches' baseline, the agent tool catalog in the extension bundle and evaluated as
 * it loads, as before #57: deferredTool.ts imports it instead of requiring its lazy bundle.
 */
const eager = process.argv.includes('--eager');
if (eager) delete lazyEntries['lazy/agentTools'];
/** @type {import('esbuild').Plugin} */
const evaluateAgentToolsAtLoad = {
  name: 'eager',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]features[\\/]agent[\\/]deferredTool\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const call = "require('./languageModelTools')";
      if (!source.includes(call)) return { errors: [{ text: `deferredTool.ts no longer has ${call}` }] };
      return { contents: `import * as eagerTools from './languageModelTools';\n${source.replace(call, 'eagerTools')}`, loader: 'ts' };
    });
  },
};

/** `--bench`: the extension bundle built from the benches' entry, which hands the features their instruments. */
const benchEntry = 'bench/extension/extension.ts';
const lazyByPath = new Map(Object.entries(lazyEntries).map(([name, entry]) => [path.resolve(entry), name]));

/** @type {(entry?: string) => import('esbuild').Plugin} the plugin of the bundle of `entry` */
const lazyBundles = (entry) => ({
  name: 'lazy-bundles',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const file = path.resolve(args.resolveDir, args.path.endsWith('.ts') ? args.path : `${args.path}.ts`);
      const name = lazyByPath.get(file);
      if (!name || (entry && file === path.resolve(entry))) return undefined;
      // Every bundle sits in dist/ or dist/lazy/: from dist/lazy/, dist/lazy/x.js is ./x.js.
      const from = path.dirname(build.initialOptions.outfile ?? '').endsWith('lazy') ? 'lazy/' : '';
      if (args.kind === 'require-call') return { path: `./${path.posix.relative(from || '.', name)}.js`, external: true };
      return { errors: [{ text: `${args.path} is a lazy bundle (esbuild.mjs lazyEntries): reach it with require() inside a function, or import type` }] };
    });
  },
});

/**
 * One copy of the `vscode` API per bundle. esbuild turns every module's `import * as vscode from
 * 'vscode'` into its own `__toESM(require('vscode'))`, which copies each of the API's few hundred
 * members onto a new object: 39 copies in the extension bundle, several ms of its evaluation. Here every
 * import reads one module that re-exports the API (copied once).
 * @type {import('esbuild').Plugin}
 */
const vscodeOnce = {
  name: 'vscode-once',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'vscode-once' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-once' },
    );
    build.onLoad({ filter: /.*/, namespace: 'vscode-once' }, () => ({ contents: "export * from 'vscode';", loader: 'js' }));
  },
};

/**
 * The zod members the sources read (`z.<name>` in a file that imports zod's values): its lazy bundle
 * holds only those, tree-shaken as when zod was in the extension bundle (`--watch`: all of zod, as a
 * member used after the start must be there). Any other form of import fails the build.
 */
async function zodMembers() {
  const runtime = Object.keys(await import('zod')).filter((name) => name !== 'default');
  const used = new Set();
  for (const entry of await readdir('src', { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const source = await readFile(file, 'utf8');
    for (const [line] of source.matchAll(/^.*from 'zod(\/[^']*)?';$/gm))
      if (!/^import (type )?\* as z from 'zod';$/.test(line))
        throw new Error(`${file}: \`${line}\`: import zod as \`import * as z from 'zod'\` (esbuild.mjs zodAtFirstUse)`);
    if (!/^import \* as z from 'zod';$/m.test(source)) continue;
    for (const [, name] of source.matchAll(/\bz\.(\w+)/g)) used.add(name);
  }
  return runtime.filter((name) => watch || used.has(name));
}
const zodNames = await zodMembers();
/**
 * zod evaluated at its first use, not as a bundle loads (#57): every `import * as z from 'zod'`
 * reads one stand-in whose members are getters that require dist/lazy/zod.js at the first read.
 * The API's schemas are built at their first use (src/schema/lazySchema.ts), so loading the
 * extension reads none. Imported through one ESM module (as vscode-once), the getters are copied once.
 * @type {import('esbuild').Plugin}
 */
const zodAtFirstUse = {
  name: 'zod-at-first-use',
  setup(build) {
    // Every bundle sits in dist/ or dist/lazy/.
    const from = path.dirname(build.initialOptions.outfile ?? '').endsWith('lazy') ? './zod.js' : './lazy/zod.js';
    build.onResolve({ filter: /^zod$/ }, (args) => ({ path: 'zod', namespace: args.namespace === 'zod-once' ? 'zod-lazy' : 'zod-once' }));
    build.onResolve({ filter: /^\.\/(lazy\/)?zod\.js$/, namespace: 'zod-lazy' }, (args) => ({ path: args.path, external: true }));
    build.onLoad({ filter: /.*/, namespace: 'zod-once' }, () => ({ contents: "export * from 'zod';", loader: 'js' }));
    build.onLoad({ filter: /.*/, namespace: 'zod-lazy' }, () => ({
      contents: [
        'let zod;',
        `const load = () => (zod ??= require(${JSON.stringify(from)}));`,
        `for (const name of ${JSON.stringify(zodNames)}) Object.defineProperty(exports, name, { enumerable: true, get: () => load()[name] });`,
      ].join('\n'),
      loader: 'js',
    }));
  },
};

/** @type {import('esbuild').BuildOptions} */
const extension = {
  entryPoints: [bench ? benchEntry : 'src/extension.ts'],
  outfile: `${dist}/extension.js`,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode'],
  plugins: [lazyBundles(), vscodeOnce, zodAtFirstUse, ...(eager ? [evaluateAgentToolsAtLoad] : [])],
  sourcemap: !production,
  minify: production,
  logLevel: 'info',
};

/** One browser bundle per webview panel: { name: 'webview/<name>/main.ts' }. */
const webviewEntries = { pricing: 'webview/pricing/main.ts', logs: 'webview/logs/main.ts', reportTable: 'webview/reports/main.ts' };

const builds = [extension];
for (const [name, entry] of Object.entries(lazyEntries)) {
  // Each lazy bundle may require the others, never itself.
  const plugins = [lazyBundles(entry), vscodeOnce, ...(ownZod.has(name) ? [] : [zodAtFirstUse])];
  builds.push({ ...extension, entryPoints: [entry], outfile: `${dist}/${name}.js`, plugins });
}
// zod's own lazy bundle (zodAtFirstUse): the members the sources read.
builds.push({
  ...extension,
  entryPoints: undefined,
  stdin: { contents: `export { ${zodNames.join(', ')} } from 'zod';`, resolveDir: '.', loader: 'js', sourcefile: 'lazy/zod.js' },
  outfile: `${dist}/lazy/zod.js`,
  plugins: [],
});
// The manifest's main: the loader that compiles dist/extension.js with V8's code cache (src/main.ts); Node built-ins only.
builds.push({ ...extension, entryPoints: ['src/main.ts'], outfile: `${dist}/main.js`, plugins: [] });
// The MCP server (the `platform-console-mcp` bin): plain Node, no `vscode`, run by agents outside the editor.
builds.push({ ...extension, entryPoints: ['src/mcp.ts'], outfile: `${dist}/mcp.js`, external: [], plugins: [], banner: { js: '#!/usr/bin/env node' } });
for (const [name, entry] of Object.entries(webviewEntries)) {
  builds.push({
    entryPoints: [entry],
    outfile: `${dist}/webview/${name}.js`,
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
await rm(dist, { recursive: true, force: true });
// The codicon font for the webviews: served from dist/ (node_modules is not packaged).
await mkdir(`${dist}/codicons`, { recursive: true });
for (const file of ['codicon.css', 'codicon.ttf']) await cp(`node_modules/@vscode/codicons/dist/${file}`, `${dist}/codicons/${file}`);

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

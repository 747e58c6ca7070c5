// What the extension weighs when shipped:
//
// 1. Each bundle of the production build (`node esbuild.mjs --production`, what vscode:prepublish
//    runs): the extension (dist/extension.js) and every webview bundle (dist/webview/*.js), raw and
//    gzipped (Node's zlib, default level), beside the same entry points built without
//    minification (`node esbuild.mjs`, the development build; source maps not counted).
// 2. The .vsix `npm run package` makes (vsce package --no-dependencies, which runs
//    vscode:prepublish), written to a temp folder, beside what shipping the extension unbundled
//    would weigh: the same package.json, media, README and LICENSE, the sources compiled file by
//    file (esbuild transform, as tsc would emit them, unminified) and the runtime dependencies'
//    whole node_modules closure (`npm ls --omit=dev --all`), zipped with deflate like a .vsix.
// 3. The extension bundle's evaluation (bundleEvaluation.mjs) beside the baseline's: the extension
//    at PLATFORM_CONSOLE_BENCH_ACTIVATION_BASELINE (default 54d3557), or `eager` (`--eager`); and
//    through the manifest's main (dist/main.js) with a warm V8 code cache, beside the same bundle
//    compiled without one (require()), same run, in turns.
//
//   npm run bench -- bundle
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { exitWith, guardRun, projectRoot, readManifest, tempDirs } from '../scripts/harness/common.mjs';
import { benchRow, formatRatio, formatValue, spreadOf, writeRows } from './benchRows.mjs';
import { buildCommit } from './baselineBuild.mjs';
import { evaluations } from './bundleEvaluation.mjs';

guardRun('the bundle benchmark', 10 * 60_000);
/** The evaluation's baseline: the extension at this commit (activation.bench.mjs reads the same variable), or `eager`. */
const BASELINE = process.env.PLATFORM_CONSOLE_BENCH_ACTIVATION_BASELINE ?? '54d3557';
const tmp = await tempDirs('bench-bundle', ['vsix', 'unbundled', 'eager', 'codeCache']);
const KB = 1024;

const metafile = path.join(tmp('vsix'), 'meta.json');
function build(production) {
  const args = ['esbuild.mjs', ...(production ? ['--production', '--metafile', metafile] : [])];
  const result = spawnSync(process.execPath, args, { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`node esbuild.mjs${production ? ' --production' : ''} failed`);
}

const jsIn = (dir) =>
  readdirSync(path.join(projectRoot, 'dist', dir))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `${dir}/${f}`);

/** dist/extension.js, dist/lazy/*.js and dist/webview/*.js: bytes and gzipped bytes. */
function bundleSizes() {
  const files = ['extension.js', ...jsIn('lazy'), ...jsIn('webview')];
  return Object.fromEntries(
    files.map((file) => {
      const bytes = readFileSync(path.join(projectRoot, 'dist', file));
      return [file, { raw: bytes.length, gzip: gzipSync(bytes).length }];
    }),
  );
}

/** What each bundle of the production build is made of: bytes in the output per package, the project's own code as one. */
function composition() {
  const meta = JSON.parse(readFileSync(metafile, 'utf8'));
  const owner = (input) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? "the project's own code";
  return Object.fromEntries(
    Object.entries(meta.outputs)
      .filter(([file]) => file.endsWith('.js'))
      .map(([file, output]) => {
        const parts = new Map();
        for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) parts.set(owner(input), (parts.get(owner(input)) ?? 0) + bytesInOutput);
        return [path.relative('dist', file), [...parts].sort((a, b) => b[1] - a[1])];
      }),
  );
}

function treeBytes(dir) {
  let total = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    total += statSync(path.join(entry.parentPath, entry.name)).size;
    files++;
  }
  return { total, files };
}

try {
  // ---------- 1. bundles: production beside development ----------
  build(true);
  const production = bundleSizes();
  const parts = composition();

  // ---------- the first use of each lazy bundle: require() in a fresh Node process (the production build) ----------
  const FIRST_LOADS = 10;
  const firstLoads = Object.fromEntries(
    jsIn('lazy').map((file) => {
      const bundle = path.join(projectRoot, 'dist', file);
      // A bundle that reads the vscode API (agentTools) is evaluated as the main one is: with the stand-in.
      if (readFileSync(bundle, 'utf8').includes('require("vscode")')) return [file, spreadOf(evaluations({ [file]: bundle }, FIRST_LOADS)[file].wall)];
      const times = [];
      for (let i = 0; i < FIRST_LOADS; i++) {
        const script =
          `const t = performance.now(); require(${JSON.stringify(path.join(projectRoot, 'dist', file))}); ` +
          'process.stdout.write(String(performance.now() - t));';
        times.push(Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })));
      }
      return [file, spreadOf(times)];
    }),
  );
  // ---------- the main bundle's evaluation, beside the baseline (activation.bench.mjs: an earlier commit's production build, or `eager`) ----------
  let eagerDir = tmp('eager');
  if (BASELINE === 'eager') {
    const eagerBuilt = spawnSync(process.execPath, ['esbuild.mjs', '--production', '--eager', '--outdir', eagerDir], {
      cwd: projectRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (eagerBuilt.status !== 0) throw new Error('node esbuild.mjs --production --eager failed');
  } else eagerDir = path.join(await buildCommit(BASELINE, 'bench-bundle-baseline-build'), 'dist');
  const EVALUATIONS = 20;
  const shippedBundle = path.join(projectRoot, 'dist/extension.js');
  const cached = { loader: path.join(projectRoot, 'dist/main.js'), bundle: shippedBundle, cacheDir: tmp('codeCache') };
  const evaluated = evaluations({ shipped: shippedBundle, eager: path.join(eagerDir, 'extension.js'), cached }, EVALUATIONS);
  const cacheFile = readdirSync(cached.cacheDir).find((f) => f.endsWith('.v8cache'));
  const cacheBytes = cacheFile ? statSync(path.join(cached.cacheDir, cacheFile)).size : 0;
  const eagerBytes = statSync(path.join(eagerDir, 'extension.js')).size;

  build(false); // leaves dist/ as `npm run build` does
  const development = bundleSizes();

  // ---------- 2. the .vsix beside shipping unbundled ----------
  const manifest = readManifest();
  const vsix = path.join(tmp('vsix'), `${manifest.name}-${manifest.version}.vsix`);
  execFileSync(path.join(projectRoot, 'node_modules/.bin/vsce'), ['package', '--no-dependencies', '--out', vsix], {
    cwd: projectRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const vsixBytes = statSync(vsix).size;
  const vsixFiles = execFileSync('unzip', ['-Z1', vsix], { encoding: 'utf8' }).split('\n').filter(Boolean).length;
  build(false); // vsce ran the production build into dist/: back to the development one

  const unbundled = tmp('unbundled');
  for (const entry of ['package.json', 'media', 'README.md', 'LICENSE']) {
    if (existsSync(path.join(projectRoot, entry))) cpSync(path.join(projectRoot, entry), path.join(unbundled, entry), { recursive: true });
  }
  let sourceFiles = 0;
  for (const root of ['src', 'webview']) {
    for (const entry of readdirSync(path.join(projectRoot, root), { withFileTypes: true, recursive: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
      const file = path.join(entry.parentPath, entry.name);
      const { code } = await esbuild.transform(readFileSync(file, 'utf8'), { loader: 'ts', format: root === 'src' ? 'cjs' : 'esm', target: 'es2022' });
      const out = path.join(unbundled, 'out', path.relative(projectRoot, file).replace(/\.ts$/, '.js'));
      await mkdir(path.dirname(out), { recursive: true });
      await writeFile(out, code);
      sourceFiles++;
    }
  }
  const closure = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd: projectRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    .split('\n')
    .filter((p) => p.includes(`${path.sep}node_modules${path.sep}`));
  for (const dir of closure) cpSync(dir, path.join(unbundled, path.relative(projectRoot, dir)), { recursive: true, dereference: true });
  const unbundledTree = treeBytes(unbundled);
  const unbundledZip = path.join(tmp('vsix'), 'unbundled.zip');
  execFileSync('zip', ['-q', '-r', '-6', unbundledZip, '.'], { cwd: unbundled });
  const unbundledBytes = statSync(unbundledZip).size;

  // ---------- figures ----------
  const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
  console.log('\nBundles: production (minified) beside the development build (not minified), raw and gzipped');
  for (const [file, p] of Object.entries(production)) {
    const d = development[file];
    console.log(
      `  dist/${file.padEnd(20)} ${kb(p.raw).padStart(10)} (${kb(p.gzip)} gzipped)   development ` +
        `${kb(d.raw).padStart(10)} (${kb(d.gzip)} gzipped)   ${formatRatio(d.raw / p.raw)} raw, ` +
        `${formatRatio(d.gzip / p.gzip)} gzipped`,
    );
  }
  console.log('\nWhat the production bundles are made of (bytes in the minified output, before gzip; the largest five)');
  for (const [file, list] of Object.entries(parts)) {
    console.log(
      `  dist/${file}: ${list
        .slice(0, 5)
        .map(([name, bytes]) => `${name} ${kb(bytes)}`)
        .join(', ')}`,
    );
  }
  console.log(`\n.vsix (vsce package --no-dependencies): ${kb(vsixBytes)}, ${vsixFiles} files`);
  console.log(
    `Unbundled: ${sourceFiles} compiled source files + ${closure.length} runtime packages (node_modules ` +
      `closure): ${(unbundledTree.total / KB / KB).toFixed(1)} MB in ${unbundledTree.files} files, zipped ` +
      `${kb(unbundledBytes)} (${formatRatio(unbundledBytes / vsixBytes)} the .vsix)`,
  );

  const rows = [];
  const label = (file) =>
    file === 'extension.js'
      ? 'extension bundle'
      : file.startsWith('lazy/')
        ? `lazy bundle ${path.basename(file, '.js')}`
        : `${path.basename(file, '.js')} webview bundle`;
  const devLabel = 'development build, not minified';
  for (const [file, p] of Object.entries(production)) {
    const d = development[file];
    rows.push(benchRow('Bundle size', `${label(file)} (dist/${file}), minified`, p.raw / KB, 'KB', d.raw / KB, devLabel));
    rows.push(benchRow('Bundle size', `  gzipped`, p.gzip / KB, 'KB', d.gzip / KB, `${devLabel}, gzipped`));
  }
  const evaluation = (name, kind) => spreadOf(evaluated[name][kind]);
  const eagerLabel =
    BASELINE === 'eager'
      ? `the agent tool catalog evaluated as it loads (\`--eager\`, as before #57; ${(eagerBytes / KB).toFixed(0)} KB), same run`
      : `the extension bundle at ${BASELINE} (${(eagerBytes / KB).toFixed(0)} KB), same run, in turns`;
  console.log(`\nThe extension bundle's evaluation: require() in a fresh Node, median (min–max) of ${EVALUATIONS}, taken in turns`);
  for (const name of ['shipped', 'eager', 'cached']) {
    const shownName = name === 'eager' && BASELINE !== 'eager' ? BASELINE : name;
    console.log(`  ${shownName.padEnd(8)} wall ${formatValue(evaluation(name, 'wall'), 'ms')}, CPU ${formatValue(evaluation(name, 'cpu'), 'ms')}`);
  }
  const evaluationFigure =
    "extension bundle's evaluation: require() of dist/extension.js in a fresh Node (stand-in vscode, the " +
    `host's built-ins loaded), median of ${EVALUATIONS}`;
  rows.push(benchRow('Activation', evaluationFigure, evaluation('shipped', 'wall'), 'ms', evaluation('eager', 'wall'), eagerLabel));
  rows.push(benchRow('Activation', '  its CPU time (every thread of the process)', evaluation('shipped', 'cpu'), 'ms', evaluation('eager', 'cpu'), eagerLabel));
  const uses = [...new Set(evaluated.cached.cache)].join(', ');
  const cachedFigure = `extension bundle's evaluation through the manifest's main (dist/main.js) with a warm V8 code cache (${uses}), median of ${EVALUATIONS}`;
  const coldLabel = 'the same bundle require()d, compiled without a cache, same run, in turns';
  rows.push(benchRow('Activation', cachedFigure, evaluation('cached', 'wall'), 'ms', evaluation('shipped', 'wall'), coldLabel));
  rows.push(benchRow('Activation', '  its CPU time (every thread of the process)', evaluation('cached', 'cpu'), 'ms', evaluation('shipped', 'cpu'), coldLabel));
  const cacheFigure = "the extension bundle's V8 code cache (global storage; made here after its evaluation alone, no activate())";
  rows.push(benchRow('Bundle size', cacheFigure, cacheBytes / KB, 'KB'));
  for (const [file, times] of Object.entries(firstLoads)) {
    console.log(`First use of dist/${file}: ${times.median.toFixed(1)} ms (${times.min.toFixed(1)}–${times.max.toFixed(1)})`);
    rows.push(benchRow('Lazy bundles', `first use of ${label(file)}: require() in a fresh Node, median of ${FIRST_LOADS} (goal < 100 ms)`, times, 'ms'));
  }
  rows.push(
    benchRow(
      'Package',
      `.vsix (\`npm run package\`: vsce package --no-dependencies), ${vsixFiles} files`,
      vsixBytes / KB,
      'KB',
      unbundledBytes / KB,
      `unbundled: sources compiled file by file + the runtime node_modules closure (${closure.length} packages, ${unbundledTree.files} files), zipped`,
    ),
  );
  await writeRows('bundle', rows);
} catch (error) {
  console.error('The benchmark failed:', error);
  await exitWith(1);
}
await exitWith(0);

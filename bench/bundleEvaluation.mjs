// The main bundle's evaluation outside VS Code (bench/bundle.bench.mjs): `require()` of an
// extension bundle in a fresh Node process, timed around the require (reading, compiling and
// running its top level; not activate()). The process first loads the Node built-ins VS Code's
// extension host has loaded before any extension (its extensionHostProcess.js imports them), so
// their cost is not counted, and answers `require('vscode')` with a stand-in that lists the API's
// top-level names (from @types/vscode) and whose members are empty functions: the bundle copies
// the API once (esbuild.mjs vscode-once) and reads its members as it loads; a call answers undefined.
// A bundle given as { loader, bundle, cacheDir } is evaluated as VS Code loads the extension: through
// the manifest's main (dist/main.js, loadBundle: V8's code cache in cacheDir), the cache written at once.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../scripts/harness/common.mjs';

const HOST_BUILTINS = ['crypto', 'stream', 'fs/promises', 'zlib', 'os', 'net', 'http', 'https', 'url', 'util', 'events'];
/** The API's top-level names (namespaces, classes, enums): `export * from 'vscode'` copies those it lists. */
const API_NAMES = [
  ...readFileSync(path.join(projectRoot, 'node_modules/@types/vscode/index.d.ts'), 'utf8').matchAll(/^\texport (?:namespace|class|enum|const) (\w+)/gm),
].map((m) => m[1]);

const script = (target) => `
for (const m of ${JSON.stringify(HOST_BUILTINS)}) require(m);
const Module = require('node:module');
// A function, not a class: the bundle may call a member as it loads (#56: vscode.Uri.from) or extend it.
const member = { get: (t, k) => (k === '__esModule' ? false : k in t ? t[k] : (t[k] = new Proxy(function () {}, member))) };
const names = new Set(${JSON.stringify(API_NAMES)});
const api = {
  ...member,
  ownKeys: (t) => [...new Set([...Reflect.ownKeys(t), ...names])],
  getOwnPropertyDescriptor: (t, k) =>
    Reflect.getOwnPropertyDescriptor(t, k) ?? (names.has(k) ? { configurable: true, enumerable: true, value: api.get(t, k) } : undefined),
};
const vscode = new Proxy(function () {}, api);
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) { return request === 'vscode' ? 'vscode' : resolve.call(this, request, ...rest); };
require.cache.vscode = { id: 'vscode', filename: 'vscode', loaded: true, exports: vscode };
let write, cache;
${typeof target === 'string' ? '' : `const { loadBundle } = require(${JSON.stringify(target.loader)});`}
const cpu = process.cpuUsage();
const at = performance.now();
${
  typeof target === 'string'
    ? `require(${JSON.stringify(target)});`
    : `const options = { bundle: ${JSON.stringify(target.bundle)}, cacheDir: ${JSON.stringify(target.cacheDir)}, log: () => {} };
cache = loadBundle({ ...options, schedule: (w) => ((write = w), { dispose() {} }) }).cache;`
}
const wall = performance.now() - at;
const used = process.cpuUsage(cpu);
(async () => {
  if (write) await write();
  process.stdout.write(JSON.stringify({ wall, cpu: (used.user + used.system) / 1000, cache }));
})();`;

const evaluate = (target) => JSON.parse(execFileSync(process.execPath, ['-e', script(target)], { encoding: 'utf8' }));

/**
 * `runs` evaluations of each bundle, taken in turns (so a change of the machine's load falls on both): { [name]: { wall: ms[], cpu: ms[] } }.
 * A bundle through the loader is evaluated once before (not counted), which writes its cache: every counted run finds it warm.
 */
export function evaluations(bundles, runs) {
  const out = Object.fromEntries(Object.keys(bundles).map((name) => [name, { wall: [], cpu: [], cache: [] }]));
  for (const target of Object.values(bundles)) if (typeof target !== 'string') evaluate(target);
  for (let i = 0; i < runs; i++) {
    for (const [name, target] of Object.entries(bundles)) {
      const { wall, cpu, cache } = evaluate(target);
      out[name].wall.push(wall);
      out[name].cpu.push(cpu);
      if (cache) out[name].cache.push(cache);
    }
  }
  return out;
}

// `npm start` and `npm test` install what they need themselves: the project's packages with
// `npm ci` when node_modules is missing or older than the lockfile (a fresh clone, a pull that
// changed dependencies). Node built-ins only: it runs before any package is there.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const mtime = (file) => statSync(path.join(root, file), { throwIfNoEntry: false })?.mtimeMs;

// npm writes node_modules/.package-lock.json at the end of every install.
const installed = mtime('node_modules/.package-lock.json');
const lock = mtime('package-lock.json');
if (installed !== undefined && lock !== undefined && installed >= lock) process.exit(0);

console.log(installed === undefined ? '[deps] node_modules is missing: npm ci' : '[deps] package-lock.json is newer than node_modules: npm ci');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);

// Runs every test/unit/**/*.test.ts with Node's test runner (Node 20 has no --test globs).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

function find(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return find(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const files = find('test/unit').sort();
const only = process.argv.slice(2);
const selected = only.length ? files.filter((f) => only.some((o) => f.includes(o))) : files;
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...selected], { stdio: 'inherit' });
process.exit(result.status ?? 1);

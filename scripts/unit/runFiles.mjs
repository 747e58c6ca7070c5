// Runs bundled unit test files in this one process: each file is a suite named by its source path,
// so its hooks stay its own and the reporters see each file's time.
// Usage: node runFiles.mjs <bundle>=<source name> ...
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe } from 'node:test';

// The bundles are CommonJS: required inside the suite's callback, their tests become its own.
const load = createRequire(import.meta.url);
for (const arg of process.argv.slice(2)) {
  const at = arg.lastIndexOf('=');
  const bundle = path.resolve(arg.slice(0, at));
  describe(arg.slice(at + 1), () => {
    load(bundle);
  });
}

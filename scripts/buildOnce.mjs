// `npm run build` unless this `npm test` has already built dist/ (scripts/test.mjs sets
// PLATFORM_CONSOLE_BUILT): test:integration and test:e2e run alone still build first.
import { spawnSync } from 'node:child_process';

if (process.env.PLATFORM_CONSOLE_BUILT === '1') {
  console.log('[build] dist/ was built by this `npm test`: not again');
  process.exit(0);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const result = spawnSync(npm, ['run', 'build'], { stdio: 'inherit' });
process.exit(result.status ?? 1);

// A bench's baseline: the extension as an earlier commit builds it (`node esbuild.mjs --production`),
// in a temp dir beside the code measured, with the project's node_modules, or its own (`npm ci`) when
// its lockfile differs: its libraries are that commit's (node-forge left the tree after 54d3557).
import { spawnSync } from 'node:child_process';
import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot, tempDirs } from '../scripts/harness/common.mjs';

/** The folder of `commit`'s build (package.json, dist/, media...; `args` esbuild.mjs's), as startCodeServer's `extensionFolder` takes it. */
export async function buildCommit(commit, label, args = ['--production']) {
  const dir = (await tempDirs(label, ['src']))('src');
  const archive = spawnSync('sh', ['-c', `git archive "${commit}" | tar -x -C "${dir}"`], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  if (archive.status !== 0) throw new Error(`could not check out ${commit}`);
  const lockDiffers = spawnSync('git', ['diff', '--quiet', commit, '--', 'package-lock.json'], { cwd: projectRoot }).status !== 0;
  if (lockDiffers) {
    console.warn(`[baseline] ${commit}'s package-lock.json differs from this tree's: npm ci of its own libraries`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const installed = spawnSync(npm, ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    if (installed.status !== 0) throw new Error(`could not install ${commit}'s libraries`);
  } else await symlink(path.join(projectRoot, 'node_modules'), path.join(dir, 'node_modules'));
  const built = spawnSync(process.execPath, ['esbuild.mjs', ...args], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error(`could not build ${commit}`);
  return dir;
}

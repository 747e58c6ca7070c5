// Each big tree's page size, read from the sources (so the bench and the minimal extension follow a
// change): the constant where the feature declares it, the Protection Profiles view's setting's
// default. Read as text: most of these modules import `vscode`, which plain Node cannot load.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../scripts/harness/common.mjs';

/** Where each page size is declared: a feature folder and the constant's name, or a setting. */
const SOURCES = {
  secrets: { folder: 'src/features/cloud', constant: 'SECRETS_PAGE' },
  profiles: { setting: 'platformConsole.protectionProfiles.pageSize' },
  apps: { folder: 'src/features/edge', constant: 'EDGE_APPS_PAGE' },
  reports: { folder: 'src/features/reports', constant: 'REPORTS_PAGE' },
  attacks: { folder: 'src/features/attacks', constant: 'ATTACK_PAGE_SIZE' },
};

async function tsFiles(dir) {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await tsFiles(file)));
    else if (entry.name.endsWith('.ts')) found.push(file);
  }
  return found;
}

async function constantIn(folder, name) {
  const pattern = new RegExp(`export const ${name}\\s*=\\s*([\\d_]+)\\s*;`);
  for (const file of await tsFiles(path.join(projectRoot, folder))) {
    const match = pattern.exec(await readFile(file, 'utf8'));
    if (match) return { size: Number(match[1].replaceAll('_', '')), from: `${name} in ${path.relative(projectRoot, file)}` };
  }
  throw new Error(`no "export const ${name} = <number>;" under ${folder}: where is this tree's page size now? (bench/treePageSizes.mjs)`);
}

/** The page sizes of the trees `keys` (secrets, profiles, apps, reports, attacks): { <key>: { size, from } }. */
export async function pageSizes(keys) {
  const manifest = JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8'));
  const settings = Object.assign({}, ...[manifest.contributes.configuration].flat().map((c) => c.properties));
  const sizes = {};
  for (const key of keys) {
    const source = SOURCES[key];
    if (source.setting) sizes[key] = { size: settings[source.setting].default, from: `the default of ${source.setting}` };
    else sizes[key] = await constantIn(source.folder, source.constant);
  }
  return sizes;
}

// `npm run tools:manifest`: writes `contributes.languageModelTools` into package.json from the one
// tool catalog (src/features/agent/model/toolCatalog.ts). A unit test fails when they drift.
import { readFileSync, writeFileSync } from 'node:fs';
import { languageModelToolsManifest } from '../src/features/agent/model/toolCatalog';

const text = readFileSync('package.json', 'utf8');
const pkg = JSON.parse(text) as { contributes: Record<string, unknown> };
pkg.contributes.languageModelTools = languageModelToolsManifest();
const next = `${JSON.stringify(pkg, null, 2)}\n`;
if (next !== text) writeFileSync('package.json', next);
process.stdout.write(next === text ? 'package.json: the tools are up to date\n' : 'package.json: languageModelTools rewritten from the catalog\n');

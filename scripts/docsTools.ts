// `npm run docs:tools`: writes the table of every agent tool's class (name, what it does, class,
// destructive when, name typed, confirmation) into docs/features/agent-tools.md from the tool
// catalog (src/features/agent/model/toolCatalog.ts). A unit test fails when they drift.
import { readFileSync, writeFileSync } from 'node:fs';
import { TOOL_CLASSES_END, TOOL_CLASSES_START, withToolClasses } from '../src/features/agent/model/toolClassTable';

const FILE = 'docs/features/agent-tools.md';
const page = readFileSync(FILE, 'utf8');
const next = withToolClasses(page);
if (next === undefined) {
  process.stderr.write(`${FILE} has no ${TOOL_CLASSES_START} ... ${TOOL_CLASSES_END} block\n`);
  process.exit(1);
}
if (next !== page) writeFileSync(FILE, next);
process.stdout.write(`${FILE}: ${next === page ? 'the tool classes table is up to date' : 'the tool classes table was rewritten'}\n`);

// `npm run docs:tools`: writes the table of every agent tool's class (name, what it does, class,
// destructive when, name typed, confirmation) and the tool count with the table of groups (what
// --tools selects) into docs/features/agent-tools.md from the tool catalog
// (src/features/agent/model/toolCatalog.ts, toolGroups.ts, toolGroupOf.ts). Unit tests fail when they drift.
import { readFileSync, writeFileSync } from 'node:fs';
import { TOOL_CLASSES_END, TOOL_CLASSES_START, withToolClasses } from '../src/features/agent/model/toolClassTable';
import { TOOL_GROUPS_END, TOOL_GROUPS_START, withToolGroups } from '../src/features/agent/model/toolGroupTable';

const FILE = 'docs/features/agent-tools.md';
const page = readFileSync(FILE, 'utf8');
const classes = withToolClasses(page);
if (classes === undefined) {
  process.stderr.write(`${FILE} has no ${TOOL_CLASSES_START} ... ${TOOL_CLASSES_END} block\n`);
  process.exit(1);
}
const next = withToolGroups(classes);
if (next === undefined) {
  process.stderr.write(`${FILE} has no ${TOOL_GROUPS_START} ... ${TOOL_GROUPS_END} block\n`);
  process.exit(1);
}
if (next !== page) writeFileSync(FILE, next);
process.stdout.write(`${FILE}: ${next === page ? 'the tool classes and groups tables are up to date' : 'the tool classes and groups tables were rewritten'}\n`);

// --tools and platformConsole.mcp.tools (#56 item 3): every tool in exactly one group, and the
// selector: names, globs with `*` (matched literally, never as a RegExp), groups in both forms,
// kinds that narrow, unknown patterns refused by name, every input bounded.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { AGENT_TOOLS } from '../../src/features/agent/model/toolCatalog';
import { TOOL_GROUPS, TOOL_GROUP_NAMES } from '../../src/features/agent/model/toolGroups';
import { CATALOG_INDEX, TOOL_GROUP_OF } from '../../src/features/agent/model/toolGroupOf';
import { withToolGroups } from '../../src/features/agent/model/toolGroupTable';
import {
  PATTERNS_TEXT_MAX,
  globMatches,
  offerTools,
  patternProblem,
  selects,
  splitPatterns,
  takeToolsFlag,
} from '../../src/features/agent/model/toolSelection';

const picked = (...patterns: string[]) =>
  AGENT_TOOLS.filter((t) => selects(splitPatterns(patterns), t, CATALOG_INDEX))
    .map((t) => t.name)
    .sort();
const inGroup = (group: string) =>
  AGENT_TOOLS.filter((t) => TOOL_GROUP_OF[t.name] === group)
    .map((t) => t.name)
    .sort();

describe('the tool groups and --tools patterns', () => {
  it('every tool of the catalog has exactly one group, every group has a tool, the table names no other tool', () => {
    const catalog = AGENT_TOOLS.map((t) => t.name);
    assert.deepEqual(
      catalog.filter((name) => !TOOL_GROUP_OF[name]),
      [],
      'tools without a group (add them to toolGroups.ts)',
    );
    assert.deepEqual(
      Object.keys(TOOL_GROUP_OF).filter((name) => !catalog.includes(name)),
      [],
      'the table names a tool the catalog does not have',
    );
    for (const group of TOOL_GROUP_NAMES) assert.ok(inGroup(group).length > 0, `${group} is empty`);
    assert.deepEqual(Object.keys(TOOL_GROUPS).sort(), [...new Set(Object.values(TOOL_GROUP_OF))].sort(), 'every group is used');
  });

  it('the docs give the tool count and every group with its tools as the catalog does (npm run docs:tools writes them)', () => {
    const page = readFileSync(join(__dirname, '..', '..', 'docs', 'features', 'agent-tools.md'), 'utf8');
    assert.equal(withToolGroups(page), page, 'docs/features/agent-tools.md: the tool groups differ from the catalog; run npm run docs:tools');
    assert.ok(page.includes(`${AGENT_TOOLS.length} tools: `));
  });

  it('an exact name, a glob, a group as edge or edge.*, a kind', () => {
    assert.deepEqual(picked('list_edge_apps'), ['list_edge_apps']);
    assert.deepEqual(picked('list_edge_*'), [
      'list_edge_apps',
      'list_edge_binaries',
      'list_edge_secrets',
      'list_edge_store_keys',
      'list_edge_stores',
      'list_edge_templates',
    ]);
    assert.deepEqual(
      picked('*_snapshot_*'),
      [
        'delete_snapshot_policy',
        'edit_snapshot_schedule',
        'list_snapshot_policies',
        'pause_snapshot_policy',
        'remove_snapshot_schedule',
        'rename_snapshot_policy',
        'resume_snapshot_policy',
      ].sort(),
    );
    assert.deepEqual(picked('edge'), inGroup('edge'));
    assert.deepEqual(picked('edge.*'), inGroup('edge'));
    assert.equal(inGroup('edge').length, 28);
    assert.deepEqual(
      picked('read'),
      AGENT_TOOLS.filter((t) => t.kind === 'read')
        .map((t) => t.name)
        .sort(),
    );
    assert.deepEqual(
      picked('destructive'),
      AGENT_TOOLS.filter((t) => t.kind === 'destructive')
        .map((t) => t.name)
        .sort(),
    );
    assert.deepEqual(picked('*'), AGENT_TOOLS.map((t) => t.name).sort(), '* is every tool');
    assert.deepEqual(picked('****'), picked('*'), 'a run of * is one *');
    assert.deepEqual(picked(' List_Edge_Apps '), ['list_edge_apps'], 'trimmed, any case');
  });

  it('combinations: names and groups add, kinds narrow what they add', () => {
    assert.deepEqual(picked('storage,reports'), [...inGroup('storage'), ...inGroup('reports')].sort());
    assert.deepEqual(
      picked('edge.*,read'),
      AGENT_TOOLS.filter((t) => TOOL_GROUP_OF[t.name] === 'edge' && t.kind === 'read')
        .map((t) => t.name)
        .sort(),
    );
    assert.deepEqual(picked('storage', 'write,destructive'), ['delete_storage', 'restore_storage']);
    assert.deepEqual(picked('list_connections,pricing'), ['list_connections', 'preview_instance_price', 'preview_load_balancer_price']);
    assert.deepEqual(picked('connections,destructive'), [], 'a group with no tool of that kind: nothing');
    assert.deepEqual(picked('edge', 'edge.*', 'list_edge_apps'), inGroup('edge'), 'repeats change nothing');
  });

  it('an unknown pattern names itself and lists the groups and kinds; a group that does not exist is not a glob', () => {
    for (const pattern of ['lsit_edge_apps', 'edges', 'edgez.*', 'list_edge_*.x', 'nothing*here']) {
      const problem = patternProblem(pattern, CATALOG_INDEX);
      assert.match(
        problem ?? '',
        /^matches no tool name, group or kind \(groups: connections, edge, cloud, .*pricing \(or edge\.\* and so on\); kinds: read, write, destructive\)$/,
        pattern,
      );
    }
    assert.equal(patternProblem('edge.*', CATALOG_INDEX), undefined);
    assert.deepEqual(picked('lsit_edge_apps'), [], 'a pattern that matches nothing selects nothing, not everything');
  });

  it('the glob is literal: . ? + ( [ are themselves, only * is any run', () => {
    assert.equal(globMatches('a.c', 'abc'), false);
    assert.equal(globMatches('a?c', 'abc'), false);
    assert.equal(globMatches('(a|b)*', 'a'), false);
    assert.equal(globMatches('a*c', 'ac'), true);
    assert.equal(globMatches('a*c*c', 'acc'), true);
    assert.equal(globMatches('ab*ba', 'aba'), false, 'prefix and suffix may not overlap');
    assert.equal(globMatches('*b*', 'abc'), true);
    assert.equal(globMatches('*x*', 'abc'), false);
  });

  it('bounded and linear: a pattern of 200,000 stars, a long glob against a long text, 1 MB of patterns', () => {
    const started = process.hrtime.bigint();
    assert.equal(globMatches('*'.repeat(200_000), 'list_edge_apps'), true);
    assert.equal(globMatches(`${'a*'.repeat(100_000)}b`, 'a'.repeat(200_000)), false);
    assert.equal(globMatches(`${'*a'.repeat(100_000)}*`, 'a'.repeat(200_000)), true);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    // A backtracking matcher takes hours here; a linear one, milliseconds (the bound is loose for a loaded machine).
    assert.ok(ms < 5_000, `${ms} ms`);
    assert.match(patternProblem('*'.repeat(101), CATALOG_INDEX) ?? '', /is 101 characters: a pattern is at most 100/);
    const huge = takeToolsFlag(['--tools', 'edge,'.repeat(200_000)], CATALOG_INDEX);
    assert.ok('problem' in huge);
    assert.equal(huge.problem, `--tools: at most ${PATTERNS_TEXT_MAX} characters of patterns in all, 1000000 were given`);
  });

  it('the flag: --tools a,b and --tools=c, repeatable; a missing value, only commas or an unknown pattern is a problem', () => {
    assert.deepEqual(takeToolsFlag(['--allow-writes', '--tools', 'edge.*, read', '--tools=list_connections', '--file-root', 'x'], CATALOG_INDEX), {
      patterns: ['edge.*', 'read', 'list_connections'],
      rest: ['--allow-writes', '--file-root', 'x'],
    });
    assert.deepEqual(takeToolsFlag(['--allow-writes'], CATALOG_INDEX), { patterns: [], rest: ['--allow-writes'] });
    for (const argv of [['--tools'], ['--tools', '--allow-writes'], ['--tools='], ['--tools', '  ']])
      assert.match(
        (takeToolsFlag(argv, CATALOG_INDEX) as { problem: string }).problem,
        /^--tools needs patterns after it: tool names, names with \*, groups or kinds/,
        argv.join(' '),
      );
    assert.match((takeToolsFlag(['--tools', ',,'], CATALOG_INDEX) as { problem: string }).problem, /^--tools needs patterns after it, not only commas/);
    const unknown = takeToolsFlag(['--tools', 'edge,storge'], CATALOG_INDEX);
    assert.ok('problem' in unknown);
    assert.match(unknown.problem, /^--tools storge: matches no tool name, group or kind \(groups: .*\); the server does not start$/);
  });

  it('the offer: the selection within the flags; what the flags leave out is said with its flag; a call outside it is refused', () => {
    const readOnly = offerTools(AGENT_TOOLS, ['storage'], (t) => t.kind === 'read', CATALOG_INDEX);
    assert.deepEqual(
      readOnly.offered.map((t) => t.name),
      ['list_storages'],
    );
    assert.deepEqual(readOnly.notes, [
      `platform-console-mcp: 1 of ${AGENT_TOOLS.length} tools offered (--tools storage)`,
      'platform-console-mcp: 2 selected tools left out by the flags: ' +
        'restore_storage (they need --allow-writes); delete_storage (they need --allow-destructive)',
    ]);
    const restore = AGENT_TOOLS.find((t) => t.name === 'restore_storage')!;
    assert.equal(readOnly.unselected(restore), undefined, 'selected: the flags refuse it, not --tools');
    const edgeApps = AGENT_TOOLS.find((t) => t.name === 'list_edge_apps')!;
    assert.match(
      readOnly.unselected(edgeApps) ?? '',
      /^Refused: list_edge_apps is not among the tools this server offers \(--tools storage\); nothing was sent\./,
    );
    const all = offerTools(AGENT_TOOLS, undefined, () => true, CATALOG_INDEX);
    assert.equal(all.offered.length, AGENT_TOOLS.length);
    assert.deepEqual(all.notes, [`platform-console-mcp: ${AGENT_TOOLS.length} of ${AGENT_TOOLS.length} tools offered (every tool the flags allow)`]);
    assert.equal(all.unselected(edgeApps), undefined);
  });
});

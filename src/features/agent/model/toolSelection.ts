// `--tools <pattern,…>` (the MCP server) and platformConsole.mcp.tools (the editor's registration of
// it): fewer tools for clients that cap them (GitHub Copilot: 128 per request across every server).
// A pattern is a tool name, a name with `*` (any run of characters), a group (`edge` or `edge.*`,
// toolGroups.ts) or a kind (`read`, `write`, `destructive`). Names and groups add tools; kinds
// narrow what they add (`edge,read`: the edge tools that read; `read` alone: every read). The glob
// is matched literally, never as a RegExp, and every input is bounded.
import type { AgentTool, ToolKind } from './toolKit';
import { TOOL_GROUPS, TOOL_GROUP_NAMES, type ToolGroup } from './toolGroups';

/**
 * The tools a selection is read against: their names and each one's group. The MCP server gives the
 * catalog's (toolGroupOf.ts); the editor checks its setting against the manifest's names, so that
 * no tool's name is in the extension's main bundle (the catalog loads at the first tool call).
 */
export interface ToolIndex {
  readonly names: readonly string[];
  groupOf(name: string): string | undefined;
}

export const TOOLS_FLAG = '--tools';
export const TOOL_KINDS: readonly ToolKind[] = ['read', 'write', 'destructive'];
/** A pattern longer than any tool name could be is a mistake (the longest name is under 40). */
export const PATTERN_MAX = 100;
/** Every pattern given, together: room for every tool by name, and a bound on the work. */
export const PATTERNS_TEXT_MAX = 4000;

type Tool = Pick<AgentTool, 'name' | 'kind'>;

/** Whether `text` matches `glob`, where `*` is any run of characters and every other character is itself. Linear in both. */
export function globMatches(glob: string, text: string): boolean {
  const parts = glob.split('*');
  if (parts.length === 1) return glob === text;
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  if (text.length < first.length + last.length || !text.startsWith(first) || !text.endsWith(last)) return false;
  // Each middle part at its leftmost place after the one before: for `*` alone, leftmost is never wrong.
  let at = first.length;
  const end = text.length - last.length;
  for (let i = 1; i < parts.length - 1; i++) {
    const part = parts[i]!;
    if (part === '') continue;
    const found = text.indexOf(part, at);
    if (found < 0 || found + part.length > end) return false;
    at = found + part.length;
  }
  return true;
}

const isGroup = (text: string): text is ToolGroup => Object.hasOwn(TOOL_GROUPS, text);
const isKind = (text: string): text is ToolKind => (TOOL_KINDS as readonly string[]).includes(text);

/** What a pattern means: a kind narrows, anything else adds the tools it matches; undefined when it matches nothing. */
function meaning(pattern: string, index: ToolIndex): { narrows: boolean; has: (tool: Tool) => boolean } | undefined {
  if (isKind(pattern)) return { narrows: true, has: (t) => t.kind === pattern };
  const groupName = pattern.endsWith('.*') ? pattern.slice(0, -2) : pattern;
  if (isGroup(groupName)) return { narrows: false, has: (t) => index.groupOf(t.name) === groupName };
  if (pattern.includes('.')) return undefined;
  if (!index.names.some((name) => globMatches(pattern, name))) return undefined;
  return { narrows: false, has: (t) => globMatches(pattern, t.name) };
}

/** The groups and kinds in words, for a problem's message. */
export const SELECTORS_TEXT = `groups: ${TOOL_GROUP_NAMES.join(', ')} (or edge.* and so on); kinds: ${TOOL_KINDS.join(', ')}`;

/** Why one pattern cannot be used (it names nothing, or is too long), or undefined. `names`: every tool's name. */
export function patternProblem(pattern: string, index: ToolIndex): string | undefined {
  if (pattern.length > PATTERN_MAX) return `is ${pattern.length} characters: a pattern is at most ${PATTERN_MAX}`;
  return meaning(pattern, index) ? undefined : `matches no tool name, group or kind (${SELECTORS_TEXT})`;
}

/** The patterns in values given as `a,b` (repeated or not): trimmed, lower case, empty ones and repeats left out. */
export function splitPatterns(values: readonly string[]): string[] {
  const all = values.flatMap((v) => v.split(',')).map((p) => p.trim().toLowerCase());
  return [...new Set(all.filter((p) => p !== ''))];
}

/** A pattern shown in a message: a long one cut (it is the person's own text, said back). */
export const shownPattern = (pattern: string) => (pattern.length > 40 ? `${pattern.slice(0, 40)}…` : pattern);

/**
 * `--tools <patterns>` and `--tools=<patterns>` (repeatable) taken out of the command line: the
 * patterns, and the arguments left for the rest of the parsing; or the problem, in words.
 */
export function takeToolsFlag(argv: readonly string[], index: ToolIndex): { patterns: string[]; rest: string[] } | { problem: string } {
  const values: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg !== TOOLS_FLAG && !arg.startsWith(`${TOOLS_FLAG}=`)) {
      rest.push(arg);
      continue;
    }
    const given = arg === TOOLS_FLAG ? argv[++i] : arg.slice(TOOLS_FLAG.length + 1);
    if (given === undefined || given.trim() === '' || given.startsWith('--'))
      return { problem: `${TOOLS_FLAG} needs patterns after it: tool names, names with *, groups or kinds, comma-separated (${SELECTORS_TEXT})` };
    values.push(given);
  }
  const length = values.reduce((sum, v) => sum + v.length, 0);
  if (length > PATTERNS_TEXT_MAX) return { problem: `${TOOLS_FLAG}: at most ${PATTERNS_TEXT_MAX} characters of patterns in all, ${length} were given` };
  const patterns = splitPatterns(values);
  if (values.length > 0 && patterns.length === 0) return { problem: `${TOOLS_FLAG} needs patterns after it, not only commas (${SELECTORS_TEXT})` };
  for (const pattern of patterns) {
    const problem = patternProblem(pattern, index);
    if (problem) return { problem: `${TOOLS_FLAG} ${shownPattern(pattern)}: ${problem}; the server does not start` };
  }
  return { patterns, rest };
}

/** Whether the patterns select a tool (no pattern: every tool); each pattern read once. A pattern that matches nothing selects nothing. */
export function selector(patterns: readonly string[], index: ToolIndex): (tool: Tool) => boolean {
  const meanings = patterns.map((p) => meaning(p, index)).filter((m) => m !== undefined);
  if (patterns.length > 0 && meanings.length === 0) return () => false;
  const adders = meanings.filter((m) => !m.narrows);
  const kinds = meanings.filter((m) => m.narrows);
  return (tool) => (adders.length === 0 || adders.some((m) => m.has(tool))) && (kinds.length === 0 || kinds.some((m) => m.has(tool)));
}

export const selects = (patterns: readonly string[], tool: Tool, index: ToolIndex) => selector(patterns, index)(tool);

/** What the MCP server offers: the tools selected and allowed by its flags, what it says about them, and the refusal of a tool not selected. */
export interface ToolOffer<T extends Tool> {
  readonly offered: T[];
  readonly notes: string[];
  /** The answer to a call of a tool `--tools` left out (nothing is sent), or undefined when it is selected. */
  readonly unselected: (tool: T) => string | undefined;
}

/**
 * The selection intersected with the flags: `allowed(tool)` says whether the flags allow it. A
 * selected tool the flags leave out is named on stderr with the flag that would allow it.
 */
export function offerTools<T extends Tool>(
  tools: readonly T[],
  patterns: readonly string[] | undefined,
  allowed: (tool: T) => boolean,
  index: ToolIndex,
): ToolOffer<T> {
  const given = patterns?.length ? patterns : undefined;
  const selected = given ? tools.filter(selector(given, { names: tools.map((t) => t.name), groupOf: (n) => index.groupOf(n) })) : [...tools];
  const offered = selected.filter(allowed);
  const why = given ? `${TOOLS_FLAG} ${given.join(',')}` : 'every tool the flags allow';
  const notes = [`platform-console-mcp: ${offered.length} of ${tools.length} tools offered (${why})`];
  const leftOut = given ? selected.filter((t) => !allowed(t)) : [];
  if (leftOut.length) {
    const byFlag = (kind: ToolKind, flag: string) => {
      const these = leftOut.filter((t) => t.kind === kind).map((t) => t.name);
      return these.length ? [`${these.join(', ')} (they need ${flag})`] : [];
    };
    notes.push(
      `platform-console-mcp: ${leftOut.length} selected tool${leftOut.length === 1 ? '' : 's'} left out by the flags: ` +
        [...byFlag('write', '--allow-writes'), ...byFlag('destructive', '--allow-destructive')].join('; '),
    );
  }
  const chosen = new Set(selected.map((t) => t.name));
  return {
    offered,
    notes,
    unselected: (tool) =>
      chosen.has(tool.name)
        ? undefined
        : `Refused: ${tool.name} is not among the tools this server offers (${TOOLS_FLAG} ${given?.join(',') ?? ''}); nothing was sent. ` +
          `Start platform-console-mcp with a ${TOOLS_FLAG} that selects it to use it.`,
  };
}

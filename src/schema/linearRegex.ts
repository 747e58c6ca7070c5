// A regular expression written in JavaScript's syntax, matched by a linear-time engine: re2js, a
// port of RE2. No pattern can backtrack, so none needs refusing for speed: the log filter runs in
// the workbench's renderer and a template field's pattern on every keystroke. What RE2 cannot
// express (lookaround, backreferences) is refused with its name. The extension reaches this file
// with require() at first use (esbuild.mjs lazyEntries): re2js costs tens of ms to evaluate.
import { RE2JS } from 're2js';
import { jsToRe2, unsupportedPart } from './linearSyntax';

export interface LinearRegex {
  /** Whether the pattern matches anywhere in `text` (as RegExp.test without `g`). */
  test(text: string): boolean;
}

export type LinearCompiled =
  | { regex: LinearRegex }
  /** `invalid`: not a JavaScript regular expression; `unsupported`: RE2 cannot match it (the message names what). */
  | { problem: 'invalid' | 'unsupported'; message: string };

export interface LinearOptions {
  ignoreCase: boolean;
  /** JavaScript's `u` flag (JSON Schema patterns): its stricter grammar, `\p{…}` classes. */
  unicode?: boolean;
}

/** `source` compiled for the linear-time engine, or why it cannot be. Never throws. */
export function compileLinear(source: string, options: LinearOptions): LinearCompiled {
  const unicode = options.unicode === true;
  try {
    // Only parsed, never run: a JavaScript syntax error reads as the person's own engine says it.
    new RegExp(source, unicode ? 'u' : '');
  } catch (e) {
    return { problem: 'invalid', message: (e instanceof Error ? e.message : String(e)).replace(/^Invalid regular expression: /, '') };
  }
  const unsupported = unsupportedPart(source);
  if (unsupported) return { problem: 'unsupported', message: `${unsupported} is not supported` };
  try {
    const re = RE2JS.compile(RE2JS.translateRegExp(jsToRe2(source, unicode)), options.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
    return { regex: { test: dfaTest(re) ?? ((text) => re.test(text)) } };
  } catch (e) {
    // What else RE2 refuses (`[\b]`, a count over 1,000): "invalid repeat count: `{1001}`".
    const said = (e instanceof Error ? e.message : String(e)).replace(/^error parsing regexp: /, '');
    const part = /^(.*?): `(.*)`$/s.exec(said);
    return { problem: 'unsupported', message: part ? `\`${part[2]}\` is not supported (RE2: ${part[1]})` : `${said} (RE2)` };
  }
}

// ---- the DFA, driven from here ----------------------------------------------------------------
// re2js's own test() finds the same answer through its lazy DFA, but pays per call for an input
// object, a UTF-16 decoder call per character and a closure: about twice this loop over a million
// short lines. This reads its DFA's states (re2js 2.10.0, pinned; test/unit/linearRegex.test.ts
// checks the two agree) into a flat transition table; anything unexpected falls back to test().

interface DfaState {
  isMatch: boolean;
}
interface Dfa {
  failed: boolean;
  numClasses: number;
  latin1Class: ArrayLike<number>;
  runeClass(rune: number): number;
  start(input: { context(pos: number): number; step(pos: number): number }, pos: number): DfaState | null;
  step(state: DfaState, cls: number, rune: number, anchor: number): DfaState | null;
}

/** Past this many states the table stops growing and re2js's own cache (with its memory bound) takes over. */
const MAX_STATES = 4096;
/** The context of position 0 (RE2's EMPTY_BEGIN_LINE | EMPTY_BEGIN_TEXT): every test starts there. */
const TEXT_START = 1 | 4;
const UNANCHORED = 0;
const END_TEXT = -1;

/** Whether this re2js has the DFA this loop reads (exported for the test that pins it). */
export function dfaOf(re: RE2JS): Dfa | undefined {
  const dfa = (re as unknown as { re2Input?: { dfa?: Partial<Dfa> } }).re2Input?.dfa;
  if (!dfa || dfa.failed !== false || typeof dfa.step !== 'function' || typeof dfa.start !== 'function' || typeof dfa.runeClass !== 'function') return undefined;
  if (typeof dfa.numClasses !== 'number' || dfa.latin1Class?.length !== 256) return undefined;
  return dfa as Dfa;
}

function dfaTest(re: RE2JS): ((text: string) => boolean) | undefined {
  const dfa = dfaOf(re);
  const first = dfa?.start({ context: () => TEXT_START, step: () => -1 }, 0);
  if (!dfa || !first) return undefined;
  const width = dfa.numClasses + 1;
  const latin1 = Int32Array.from(dfa.latin1Class);
  const states: DfaState[] = [];
  const ids = new Map<DfaState, number>();
  let table = new Int32Array(16 * width).fill(-1);
  let matching = new Uint8Array(16);
  let full = false;
  const idOf = (state: DfaState): number => {
    let id = ids.get(state);
    if (id !== undefined) return id;
    id = states.length;
    if (id >= MAX_STATES) return -1;
    if (id === matching.length) {
      const grown = new Int32Array(table.length * 2).fill(-1);
      grown.set(table);
      table = grown;
      const m = new Uint8Array(matching.length * 2);
      m.set(matching);
      matching = m;
    }
    ids.set(state, id);
    states.push(state);
    matching[id] = state.isMatch ? 1 : 0;
    return id;
  };
  /** The state after `cls`, learned from re2js once; -1 when it cannot say (its cache full, or ours). */
  const next = (from: number, cls: number, rune: number): number => {
    const state = dfa.step(states[from]!, cls, rune, UNANCHORED);
    if (!state) return -1; // its cache is full: its own test() clears it
    const id = idOf(state);
    if (id < 0) full = true;
    else table[from * width + cls] = id;
    return id;
  };
  const start = idOf(first);
  return (text) => {
    if (full) return re.test(text);
    // Locals, reloaded only when a new state grows the arrays: the loop reads no closure slots.
    let moves = table;
    let matches = matching;
    const n = text.length;
    let at = start * width;
    for (let i = 0; i < n; i++) {
      let rune = text.charCodeAt(i);
      let cls: number;
      if (rune < 256) cls = latin1[rune]!;
      else {
        if (rune >= 0xd800 && rune <= 0xdbff && i + 1 < n) {
          const low = text.charCodeAt(i + 1);
          if (low >= 0xdc00 && low <= 0xdfff) {
            rune = (rune - 0xd800) * 1024 + (low - 0xdc00) + 0x10000;
            i++;
          }
        }
        cls = dfa.runeClass(rune);
      }
      let to = moves[at + cls]!;
      if (to < 0) {
        if ((to = next(at / width, cls, rune)) < 0) return re.test(text);
        moves = table;
        matches = matching;
      }
      if (matches[to] === 1) return true;
      at = to * width;
    }
    let end = moves[at + width - 1]!;
    if (end < 0 && (end = next(at / width, width - 1, END_TEXT)) < 0) return re.test(text);
    return matching[end] === 1;
  };
}

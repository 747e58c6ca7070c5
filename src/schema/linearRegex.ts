// A regular expression written in JavaScript's syntax, matched by a linear-time engine: re2js, a
// port of RE2. No pattern can backtrack, so none needs refusing for speed: the log filter runs in
// the workbench's renderer and a template field's pattern on every keystroke. What RE2 cannot
// express (lookaround, backreferences) is refused with its name. The extension reaches this file
// with require() at first use (esbuild.mjs lazyEntries): re2js costs tens of ms to evaluate.
import { RE2JS } from 're2js';
import { DfaTable, END_TEXT, MATCH, UNKNOWN, type Dfa } from './dfaTable';
import { reverseTest } from './linearReverse';
import { jsToRe2, unsupportedPart } from './linearSyntax';

export interface LinearRegex {
  /** Whether the pattern matches anywhere in `text` (as RegExp.test without `g`). */
  test(text: string): boolean;
  /**
   * `test(text.substring(from, to))` without making that string: the log page's messages are
   * slices of one decoded chunk, and reading the chunk itself is faster than reading through a slice.
   */
  testIn(this: void, text: string, from: number, to: number): boolean;
  /**
   * `out[k] = testIn(text, ranges[2k], ranges[2k + 1]) ? 1 : 0` for every k < count, in one call:
   * the log page's pass tests its rows a batch at a time, without a call chain per row.
   */
  testRanges(this: void, text: string, ranges: Int32Array, count: number, out: Uint8Array): void;
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
    const forward = dfaTest(re) ?? ((text: string, from: number, to: number) => re.test(from === 0 && to === text.length ? text : text.substring(from, to)));
    const testIn = reverseTest(re, forward) ?? forward;
    const testRanges = (text: string, ranges: Int32Array, count: number, out: Uint8Array): void => {
      for (let k = 0; k < count; k++) out[k] = testIn(text, ranges[2 * k]!, ranges[2 * k + 1]!) ? 1 : 0;
    };
    return { regex: { test: (text) => testIn(text, 0, text.length), testIn, testRanges } };
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

/** The context of position 0 (RE2's EMPTY_BEGIN_LINE | EMPTY_BEGIN_TEXT): every test starts there. */
const TEXT_START = 1 | 4;
const UNANCHORED = 0;

/** Whether this re2js has the DFA this loop reads (exported for the test that pins it). */
export function dfaOf(re: RE2JS): Dfa | undefined {
  const dfa = (re as unknown as { re2Input?: { dfa?: Partial<Dfa> } }).re2Input?.dfa;
  if (!dfa || dfa.failed !== false || typeof dfa.step !== 'function' || typeof dfa.start !== 'function' || typeof dfa.runeClass !== 'function')
    return undefined;
  if (typeof dfa.numClasses !== 'number' || dfa.latin1Class?.length !== 256) return undefined;
  return dfa as Dfa;
}

function dfaTest(re: RE2JS): ((text: string, from: number, to: number) => boolean) | undefined {
  const dfa = dfaOf(re);
  const first = dfa?.start({ context: () => TEXT_START, step: () => -1 }, 0);
  if (!dfa || !first) return undefined;
  const t = new DfaTable(dfa, UNANCHORED, false);
  const start = t.rowOf(first);
  const { classes, endClass, latin1 } = t;
  const fallback = (text: string, from: number, to: number): boolean => re.test(text.substring(from, to));
  /** The general loop, on from `i` in row `at` (the text from `from`): learns moves, reads characters past Latin-1 and surrogate pairs. */
  const rest = (text: string, from: number, i: number, to: number, at: number): boolean => {
    let moves = t.table;
    for (; i < to; i++) {
      let rune = text.charCodeAt(i);
      let next: number;
      if (rune < 256) next = moves[at + rune]!;
      else {
        if (rune >= 0xd800 && rune <= 0xdbff && i + 1 < to) {
          const low = text.charCodeAt(i + 1);
          if (low >= 0xdc00 && low <= 0xdfff) {
            rune = (rune - 0xd800) * 1024 + (low - 0xdc00) + 0x10000;
            i++;
          }
        }
        next = moves[at + 256 + dfa.runeClass(rune)]!;
      }
      if (next < 0) {
        if (next === UNKNOWN && (next = t.learn(at, rune < 256 ? latin1[rune]! : dfa.runeClass(rune), rune)) === UNKNOWN) return fallback(text, from, to);
        if (next === MATCH) return true;
        moves = t.table;
      }
      at = next;
    }
    let end = moves[at + endClass]!;
    if (end === UNKNOWN && (end = t.learn(at, classes - 1, END_TEXT)) === UNKNOWN) return fallback(text, from, to);
    return end === MATCH;
  };
  return (text, from, to) => {
    if (t.full) return fallback(text, from, to);
    // The hot loop: Latin-1 code units through moves already learned, nothing else; what it
    // cannot take (a character past Latin-1, a move not yet learned) goes on in rest().
    const moves = t.table;
    let at = start;
    let i = from;
    for (; i < to; i++) {
      const unit = text.charCodeAt(i);
      if (unit > 255) break;
      const next = moves[at + unit]!;
      if (next < 0) {
        if (next === MATCH) return true;
        break;
      }
      at = next;
    }
    if (i === to) {
      const end = moves[at + endClass]!;
      if (end !== UNKNOWN) return end === MATCH;
    }
    return rest(text, from, i, to, at);
  };
}

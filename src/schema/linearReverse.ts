// A pattern every match of which ends at the end of the text (`(\w+\s?)+$`), unanchored at its
// start, is tested from the end backwards, as RE2 does with its reversed program: the reversed
// automaton, anchored at the end, needs only the characters a match would take (often one or
// two of a line) where the forward search reads the whole line. re2js has no reversed program:
// this reverses its compiled one (re2js 2.10.0, pinned; test/unit/linearReverse.test.ts checks
// the answers against the forward engine and JavaScript's).
import type { RE2JS } from 're2js';
import { DEAD, DfaTable, END_TEXT, MATCH as MATCHED, UNKNOWN, type Dfa } from './dfaTable';

interface Inst {
  op: number;
  out: number;
  arg: number;
  runes: Int32Array;
}
interface Prog {
  start: number;
  numInst(): number;
  getInst(pc: number): Inst;
  startCond(): number;
}
// re2js's instruction codes (Inst) and empty-width flags (Utils).
const ALT = 1;
const ALT_MATCH = 2;
const CAPTURE = 3;
const EMPTY_WIDTH = 4;
const FAIL = 5;
const MATCH = 6;
const NOP = 7;
const RUNE = 8;
const RUNE_ANY_NOT_NL = 11;
const BEGIN_LINE = 1;
const END_LINE = 2;
const BEGIN_TEXT = 4;
const END_TEXT_FLAG = 8;
const ANCHOR_START = 1;

/**
 * `prog` read backwards: a match of it on a text is a match of this on the text reversed, anchors
 * swapped; with each instruction's predecessors and the match instructions. Undefined for what it does not know.
 */
function reversed(prog: Prog): { rev: Prog; preds: number[][]; matches: number[] } | undefined {
  const n = prog.numInst();
  const first = prog.getInst(0);
  if (first.op !== FAIL) return undefined;
  const InstOf = first.constructor as new (op: number) => Inst;
  const rev = new (prog.constructor as new () => Prog & { inst: Inst[] })();
  const preds: number[][] = Array.from({ length: n }, () => []);
  const matches: number[] = [];
  for (let pc = 1; pc < n; pc++) {
    const inst = prog.getInst(pc);
    if (inst.op === ALT || inst.op === ALT_MATCH) {
      preds[inst.out]!.push(pc);
      preds[inst.arg]!.push(pc);
    } else if (inst.op === MATCH) matches.push(pc);
    else if (inst.op === FAIL) continue;
    else if (inst.op === NOP || inst.op === CAPTURE || inst.op === EMPTY_WIDTH || (inst.op >= RUNE && inst.op <= RUNE_ANY_NOT_NL)) preds[inst.out]!.push(pc);
    else return undefined; // lookbehind, or an instruction this does not know
  }
  const add = (op: number): number => {
    rev.inst.push(new InstOf(op));
    return rev.inst.length - 1;
  };
  // The same instructions at the same places (pc 0 stays FAIL), each going on to where its forward predecessors were.
  for (let pc = 0; pc < n; pc++) {
    const inst = prog.getInst(pc);
    const copy = new InstOf(inst.op === ALT || inst.op === ALT_MATCH || inst.op === MATCH || inst.op === CAPTURE ? NOP : inst.op);
    if (inst.op === EMPTY_WIDTH) {
      const a = inst.arg;
      copy.arg = (a & ~(BEGIN_LINE | END_LINE | BEGIN_TEXT | END_TEXT_FLAG)) | (a & BEGIN_LINE ? END_LINE : 0) | (a & END_LINE ? BEGIN_LINE : 0);
      copy.arg |= (a & BEGIN_TEXT ? END_TEXT_FLAG : 0) | (a & END_TEXT_FLAG ? BEGIN_TEXT : 0);
    } else if (inst.op >= RUNE && inst.op <= RUNE_ANY_NOT_NL) {
      copy.arg = inst.arg;
      copy.runes = inst.runes;
    }
    rev.inst.push(copy);
  }
  const done = add(MATCH);
  preds[prog.start]!.push(-1);
  /** An instruction that goes on to every one of `pcs` (-1: the reversed program's match). */
  const toAll = (pcs: readonly number[]): number => {
    if (pcs.length === 0) return 0;
    let to = pcs[pcs.length - 1] === -1 ? done : pcs[pcs.length - 1]!;
    for (let k = pcs.length - 2; k >= 0; k--) {
      const alt = add(ALT);
      rev.inst[alt]!.out = pcs[k] === -1 ? done : pcs[k]!;
      rev.inst[alt]!.arg = to;
      to = alt;
    }
    return to;
  };
  for (let pc = 1; pc < n; pc++) if (rev.inst[pc]!.op !== FAIL) rev.inst[pc]!.out = toAll(preds[pc]!);
  rev.start = toAll(matches);
  return { rev, preds, matches };
}

const FOLD_CASE = 1;
/**
 * The one character every match of `prog` ends with (`!` in `(\w{1,31}){1,31}!`), if there is
 * one: each path into the match reads it last, nothing (no anchor, no empty match) after it. A
 * character that case folding could change is not one (nor a surrogate: it could be half a pair).
 */
function lastCharacter(prog: Prog, preds: readonly (readonly number[])[], matches: readonly number[]): string | undefined {
  let last: number | undefined;
  const seen = new Set<number>();
  const stack = [...matches];
  while (stack.length > 0) {
    const pc = stack.pop()!;
    if (seen.has(pc)) continue;
    seen.add(pc);
    if (pc === prog.start) return undefined; // the empty text matches
    for (const q of preds[pc]!) {
      if (q < 0) return undefined;
      const inst = prog.getInst(q);
      if (inst.op === ALT || inst.op === ALT_MATCH || inst.op === NOP || inst.op === CAPTURE) stack.push(q);
      else if (inst.op < RUNE || inst.op > RUNE_ANY_NOT_NL || inst.runes.length !== 1) return undefined;
      else {
        const c = inst.runes[0]!;
        if ((c >= 0xd800 && c <= 0xdfff) || (last !== undefined && c !== last)) return undefined;
        if ((inst.arg & FOLD_CASE) !== 0 && (c >= 0x80 || /[a-z]/i.test(String.fromCharCode(c)))) return undefined;
        last = c;
      }
    }
  }
  return last === undefined ? undefined : String.fromCodePoint(last);
}

/** What a backward run answers besides a match (1) or none (0): it cannot say (its table full, or `limit` reached). */
const CANNOT = -1;
const WORD_BOUNDARY = 16;
const isWord = (unit: number) => (unit >= 48 && unit <= 57) || (unit >= 65 && unit <= 90) || unit === 95 || (unit >= 97 && unit <= 122);

/**
 * A test reading `text[from, to)` backwards, or undefined when the pattern is neither of the two
 * kinds this reads faster that way: every match ends at the end of the text (one run from the
 * end), or every match ends with one character (a run from each place that character is, found
 * with indexOf; as RE2's and Rust's reverse-suffix search, a run that would read past the last
 * place tried gives up, so no character is read twice, and `forward` answers the line).
 * `forward` also answers what this cannot (its table full).
 */
export function reverseTest(
  re: RE2JS,
  forward: (text: string, from: number, to: number) => boolean,
): ((text: string, from: number, to: number) => boolean) | undefined {
  const inner = (re as unknown as { re2Input?: { prog?: Prog; dfa?: Dfa } }).re2Input;
  const prog = inner?.prog;
  const forwardDfa = inner?.dfa;
  if (!prog || !forwardDfa || typeof prog.getInst !== 'function' || typeof prog.numInst !== 'function') return undefined;
  const reverse = reversed(prog);
  if (!reverse) return undefined;
  // Anchored at its start (the text's end) on every path: reading backwards from the end is the whole search.
  const atEnd = (reverse.rev.startCond() & BEGIN_TEXT) !== 0;
  const last = atEnd ? undefined : lastCharacter(prog, reverse.preds, reverse.matches);
  if (!atEnd && last === undefined) return undefined;
  const dfa = new (forwardDfa.constructor as new (prog: Prog) => Dfa)(reverse.rev);
  if (dfa.failed !== false || dfa.latin1Class?.length !== 256) return undefined;
  const t = new DfaTable(dfa, ANCHOR_START, true);
  const { classes, endClass, latin1 } = t;
  // Where a run starts, by what follows it (read first, backwards): the text's end, a line break, a word character, anything else.
  const startOf = (context: number) => t.rowOf(dfa.start({ context: () => context, step: () => -1 }, 0));
  const atTextEnd = startOf(BEGIN_LINE | BEGIN_TEXT);
  const afterBreak = startOf(BEGIN_LINE);
  const beforeWord = startOf(WORD_BOUNDARY);
  const beforeOther = startOf(0);
  if (atTextEnd < 0 || afterBreak < 0 || beforeWord < 0 || beforeOther < 0) return undefined;
  /** From `i` down, in row `at`: learns moves, reads surrogate pairs backwards. */
  const rest = (text: string, from: number, i: number, limit: number, at: number): number => {
    for (; i >= limit; i--) {
      let rune = text.charCodeAt(i);
      if (rune >= 0xdc00 && rune <= 0xdfff && i > from) {
        const high = text.charCodeAt(i - 1);
        if (high >= 0xd800 && high <= 0xdbff) {
          if (i - 1 < limit) return CANNOT;
          rune = (high - 0xd800) * 1024 + (rune - 0xdc00) + 0x10000;
          i--;
        }
      }
      const cls = rune < 256 ? latin1[rune]! : dfa.runeClass(rune);
      let next = t.table[at + (rune < 256 ? rune : 256 + cls)]!;
      if (next === UNKNOWN && (next = t.learn(at, cls, rune)) === UNKNOWN) return CANNOT;
      if (next === MATCHED) return 1;
      if (next === DEAD) return 0;
      at = next;
    }
    if (limit > from) return CANNOT;
    let end = t.table[at + endClass]!;
    if (end === UNKNOWN && (end = t.learn(at, classes - 1, END_TEXT)) === UNKNOWN) return CANNOT;
    return end === MATCHED ? 1 : 0;
  };
  /** Whether a match ends at `end`, read backwards from row `at` down to `from`; CANNOT past `limit` (>= from). */
  const run = (text: string, from: number, end: number, limit: number, at: number): number => {
    // The hot loop: Latin-1 code units through moves already learned; the rest in rest().
    const moves = t.table;
    let i = end - 1;
    for (; i >= limit; i--) {
      const unit = text.charCodeAt(i);
      if (unit > 255) break;
      const next = moves[at + unit]!;
      if (next < 0) {
        if (next === MATCHED) return 1;
        if (next === DEAD) return 0;
        break;
      }
      at = next;
    }
    return rest(text, from, i, limit, at);
  };
  if (atEnd)
    return (text, from, to) => {
      const found = t.full ? CANNOT : run(text, from, to, from, atTextEnd);
      return found === CANNOT ? forward(text, from, to) : found === 1;
    };
  const character = last!;
  // The next place of `character` at or after `searched` in `text`: the page tests a chunk's lines in order, so each part of it is searched once.
  let searchedText = '';
  let searched = 0;
  let found = -1;
  return (text, from, to) => {
    if (t.full) return forward(text, from, to);
    if (text !== searchedText || from < searched || (found >= 0 && found < from)) {
      searchedText = text;
      searched = from;
      found = text.indexOf(character, from);
    }
    let limit = from;
    while (found >= 0 && found + character.length <= to) {
      const end = found + character.length;
      const next = end === to ? -1 : text.charCodeAt(end);
      const answer = run(text, from, end, limit, next < 0 ? atTextEnd : next === 10 ? afterBreak : isWord(next) ? beforeWord : beforeOther);
      if (answer === 1) return true;
      if (answer === CANNOT) return forward(text, from, to);
      limit = end;
      searched = end;
      found = text.indexOf(character, end);
    }
    return false;
  };
}

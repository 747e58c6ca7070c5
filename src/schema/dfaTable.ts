// A flat transition table learned from one of re2js's lazy DFAs (re2js 2.10.0, pinned), for the
// forward search (linearRegex.ts) and the backward one (linearReverse.ts): a row per state, its
// moves on the 256 Latin-1 code units by code (one read a character), then on every character
// class (the rest, and the end of the text). Moves are learned from re2js once, as met.

export interface DfaState {
  isMatch: boolean;
  nfaStates?: readonly number[];
}
export interface Dfa {
  failed: boolean;
  numClasses: number;
  latin1Class: ArrayLike<number>;
  runeClass(rune: number): number;
  start(input: { context(pos: number): number; step(pos: number): number }, pos: number): DfaState | null;
  step(state: DfaState, cls: number, rune: number, anchor: number): DfaState | null;
}

/** Past this many states the table stops growing (`full`) and the caller's other engine answers. */
const MAX_STATES = 4096;
/** The class argument of the end of the text. */
export const END_TEXT = -1;
/** Table entries that are no row offset: not learned yet, a matching state (the search ends there), a state no match can come from. */
export const UNKNOWN = -1;
export const MATCH = -2;
export const DEAD = -3;

export class DfaTable {
  /** Replaced by a larger one as states are added: read it again after learn(). */
  table: Int32Array;
  /** Set once the table would pass MAX_STATES: from then on the caller's other engine answers. */
  full = false;
  readonly classes: number;
  readonly endClass: number;
  readonly latin1: Int32Array;
  private readonly width: number;
  private readonly states: DfaState[] = [];
  private readonly ids = new Map<DfaState, number>();

  /** `deadStates`: a state with no NFA states left gets DEAD (the backward search stops there). */
  constructor(
    private readonly dfa: Dfa,
    private readonly anchor: number,
    private readonly deadStates: boolean,
  ) {
    this.classes = dfa.numClasses + 1;
    this.width = 256 + this.classes;
    this.endClass = 256 + this.classes - 1;
    this.latin1 = Int32Array.from(dfa.latin1Class);
    this.table = new Int32Array(16 * this.width).fill(UNKNOWN);
  }

  /** The row offset of `state`, added when new; -1 when there is no state or no more room. */
  rowOf(state: DfaState | null): number {
    if (!state) return -1;
    let id = this.ids.get(state);
    if (id === undefined) {
      id = this.states.length;
      if (id >= MAX_STATES) return -1;
      if ((id + 1) * this.width > this.table.length) {
        const grown = new Int32Array(this.table.length * 2).fill(UNKNOWN);
        grown.set(this.table);
        this.table = grown;
      }
      this.ids.set(state, id);
      this.states.push(state);
    }
    return id * this.width;
  }

  /** The move from `row` on class `cls`, learned from re2js once; UNKNOWN when it cannot say (its cache full, or ours). */
  learn(row: number, cls: number, rune: number): number {
    const state = this.dfa.step(this.states[row / this.width]!, cls, rune, this.anchor);
    if (!state) return UNKNOWN; // its cache is full: its own test() clears it
    const to = state.isMatch ? MATCH : this.deadStates && state.nfaStates?.length === 0 ? DEAD : this.rowOf(state);
    if (to === -1) {
      this.full = true;
      return UNKNOWN;
    }
    const table = this.table;
    table[row + 256 + cls] = to;
    // Every Latin-1 code unit of that class moves alike.
    for (let c = 0; c < 256; c++) if (this.latin1[c] === cls) table[row + c] = to;
    return to;
  }
}

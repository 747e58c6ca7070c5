// A bounded ring of compact log entries: time (ns since an epoch), pod index and the seed its
// message is made from. Numbers in typed arrays instead of strings in objects keep hundreds of
// thousands of lines cheap for the garbage collector.

export interface CompactLine {
  ns: number;
  pod: number;
  seed: number;
}

const INITIAL_CAPACITY = 1024;

export class LogRing {
  #ns: Float64Array;
  #pod: Uint8Array;
  #seed: Uint32Array;
  #start = 0;
  #length = 0;

  constructor(private readonly cap: number) {
    const capacity = Math.min(INITIAL_CAPACITY, cap);
    this.#ns = new Float64Array(capacity);
    this.#pod = new Uint8Array(capacity);
    this.#seed = new Uint32Array(capacity);
  }

  get length(): number {
    return this.#length;
  }

  push(ns: number, pod: number, seed: number): void {
    if (this.#length === this.#ns.length && this.#length < this.cap) this.#grow();
    let at: number;
    if (this.#length < this.#ns.length) {
      at = (this.#start + this.#length) % this.#ns.length;
      this.#length++;
    } else {
      // Full at the cap: the oldest line makes room.
      at = this.#start;
      this.#start = (this.#start + 1) % this.#ns.length;
    }
    this.#ns[at] = ns;
    this.#pod[at] = pod;
    this.#seed[at] = seed;
  }

  /** The i-th kept line, 0 the oldest. */
  get(i: number): CompactLine {
    const at = (this.#start + i) % this.#ns.length;
    return { ns: this.#ns[at]!, pod: this.#pod[at]!, seed: this.#seed[at]! };
  }

  last(): CompactLine | undefined {
    return this.#length === 0 ? undefined : this.get(this.#length - 1);
  }

  #grow(): void {
    // Only grows before the first wrap, so the kept lines are in order from index 0.
    const capacity = Math.min(this.cap, this.#ns.length * 2);
    const ns = new Float64Array(capacity);
    const pod = new Uint8Array(capacity);
    const seed = new Uint32Array(capacity);
    ns.set(this.#ns);
    pod.set(this.#pod);
    seed.set(this.#seed);
    this.#ns = ns;
    this.#pod = pod;
    this.#seed = seed;
  }
}

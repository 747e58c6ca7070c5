// One memory budget for every open Function Logs panel (platformConsole.logs.maxMemoryMB): after
// any panel's read, the held lines of all panels are counted (what each line may cost the
// extension host or its page, heldLines.ts accountedBytes) and, while they are over, the oldest
// lines of all panels go first, each panel marking them as dropped lines are marked for its own
// line bound. Bytes, not lines, are counted: a line count alone does not bound long lines.
// No `vscode` here: the panels join it, the unit tests drive it with tails of their own.
import type { LogOp, LogTail } from './logTail';

export interface MemoryMember {
  readonly tail: LogTail;
  /** Lines of this member were dropped for the budget: the page is to be told (`ops`), and the status (its dropped count). */
  trimmed(ops: LogOp[], dropped: number): void;
}

export class LogMemory {
  private readonly members = new Set<MemoryMember>();

  constructor(
    /** The budget in bytes, read at each settle (a changed setting applies at the next read). */
    private readonly budgetBytes: () => number,
  ) {}

  /** Counts `member`'s lines from now on; the returned function stops counting them (its panel closed). */
  join(member: MemoryMember): () => void {
    this.members.add(member);
    return () => this.members.delete(member);
  }

  /** What the held lines of all panels count for now. */
  get usedBytes(): number {
    let total = 0;
    for (const m of this.members) total += m.tail.accountedBytes;
    return total;
  }

  /**
   * Drops the oldest lines of all panels until they fit the budget: walks the panels' held lines
   * together, oldest first, until what they count for covers the excess, then has each panel drop
   * what it holds up to that instant (one cut each, whole instants). Returns the lines dropped.
   */
  settle(): number {
    const budget = this.budgetBytes();
    let dropped = 0;
    const trims = new Map<MemoryMember, { ops: LogOp[]; dropped: number }>();
    // Again when the "dropped" markers put in count for more than the cut freed (a few hundred bytes each).
    for (let round = 0; round < 4; round++) {
      const excess = this.usedBytes - budget;
      if (excess <= 0) break;
      const through = this.cutTime(excess);
      if (through === undefined) break; // nothing left to drop but markers
      for (const m of this.members) {
        const cut = m.tail.dropThrough(through);
        if (cut.dropped === 0 && cut.ops.length === 0) continue;
        dropped += cut.dropped;
        const trim = trims.get(m) ?? { ops: [], dropped: 0 };
        trim.ops.push(...cut.ops);
        trim.dropped += cut.dropped;
        trims.set(m, trim);
      }
    }
    // Told once each, after every cut: a page applies its panel's ops in order.
    for (const [m, trim] of trims) m.trimmed(trim.ops, trim.dropped);
    return dropped;
  }

  /** The instant up to which the oldest held items of all panels count for `excess` bytes or more (every item, if they do not). */
  private cutTime(excess: number): bigint | undefined {
    const cursors = [...this.members].map((m) => ({ view: m.tail.budgetView(), at: 0 }));
    let freed = 0;
    let through: bigint | undefined;
    while (freed < excess) {
      let next: (typeof cursors)[number] | undefined;
      for (const c of cursors) if (c.at < c.view.length && (!next || c.view.timeAt(c.at) < next.view.timeAt(next.at))) next = c;
      if (!next) break;
      through = next.view.timeAt(next.at);
      freed += next.view.accountedAt(next.at);
      next.at++;
    }
    return through;
  }
}

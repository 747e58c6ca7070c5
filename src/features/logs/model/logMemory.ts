// One memory budget for every open Function Logs panel (platformConsole.logs.maxMemoryMB): after
// any panel's read, the held lines of all panels are counted (what each line may cost the
// extension host or its page, heldLines.ts accountedBytes) and, while they are over, the oldest
// lines of all panels go first, each panel marking them as dropped lines are marked for its own
// line bound. Counting lines alone let a million lines of 2 KB take 2 GB in each process.
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
   * Drops the oldest lines of all panels until they fit the budget: from the panel holding the
   * oldest line, up to the oldest line of the next, and so on. Returns the lines dropped.
   */
  settle(): number {
    const budget = this.budgetBytes();
    let dropped = 0;
    const trims = new Map<MemoryMember, { ops: LogOp[]; dropped: number }>();
    for (let used = this.usedBytes; used > budget; used = this.usedBytes) {
      const byAge = [...this.members]
        .map((m) => ({ m, oldest: m.tail.oldestTime }))
        .filter((x): x is { m: MemoryMember; oldest: bigint } => x.oldest !== undefined)
        .sort((a, b) => (a.oldest < b.oldest ? -1 : a.oldest > b.oldest ? 1 : 0));
      const first = byAge[0];
      if (!first) break; // nothing left to drop but markers
      const cut = first.m.tail.trimBytes(used - budget, byAge[1]?.oldest);
      if (cut.dropped === 0) break;
      dropped += cut.dropped;
      const trim = trims.get(first.m) ?? { ops: [], dropped: 0 };
      trim.ops.push(...cut.ops);
      trim.dropped += cut.dropped;
      trims.set(first.m, trim);
    }
    // Told once each, after every cut: a page applies its panel's ops in order.
    for (const [m, trim] of trims) m.trimmed(trim.ops, trim.dropped);
    return dropped;
  }
}

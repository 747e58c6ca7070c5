// What one tool call was prepared with, until that call runs. VS Code prepares each call just
// before it asks the person and invokes it, but tells the extension neither the answer nor which
// call is which: a confirmation is therefore kept for the next invocation of the same input only,
// and every new preparation first discards whatever an earlier one left (a Cancel, a dismissed or
// unanswered question). So a declined confirmation never sends anything, a retry is asked again,
// and a retry whose target cannot be read is refused whatever was asked before.

/** What a preparation decided for the invocation that follows it. */
export type Prepared<R> =
  /** The person was asked, on this connection, about this request; invoke may send it (VS Code invokes only when allowed). */
  | { readonly state: 'asked'; readonly connectionId: string; readonly request: R }
  /** Nothing was asked (the target could not be read, or a class the host refuses): invoke answers this, and sends nothing. */
  | { readonly state: 'refused'; readonly answer: string };

interface Slot<R> {
  readonly prepared?: Prepared<R>;
  /** The preparation that owns the slot: an older one still reading its target cannot fill it. */
  readonly ticket: number;
  readonly at: number;
}

/** A question left open longer than this is discarded (the person may read a long request, but not for ever). */
export const CONFIRMATION_TTL_MS = 10 * 60_000;
/** At most this many slots are kept (a chat that prepares and never invokes leaves a few behind). */
const MAX_SLOTS = 100;

export class ConfirmationSlots<R> {
  private readonly slots = new Map<string, Slot<R>>();
  private tickets = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** A preparation begins: whatever an earlier one left for this input is gone, before anything else. Returns its ticket. */
  begin(key: string): number {
    this.drop();
    this.slots.delete(key);
    if (this.slots.size >= MAX_SLOTS) this.slots.delete(this.slots.keys().next().value!);
    const ticket = ++this.tickets;
    this.slots.set(key, { ticket, at: this.now() });
    return ticket;
  }

  /** What the preparation holding `ticket` decided; ignored when a newer preparation of the input began meanwhile. */
  set(key: string, ticket: number, prepared: Prepared<R>): void {
    if (this.slots.get(key)?.ticket !== ticket) return;
    this.slots.set(key, { prepared, ticket, at: this.now() });
  }

  /** The invocation takes what its preparation left, once: a second invocation finds nothing. */
  take(key: string): Prepared<R> | undefined {
    const slot = this.slots.get(key);
    this.slots.delete(key);
    if (!slot || this.now() - slot.at > CONFIRMATION_TTL_MS) return undefined;
    return slot.prepared;
  }

  /** Everything forgotten (Sign Out of a connection: nothing asked on it may be sent). */
  clear(): void {
    this.slots.clear();
  }

  get size(): number {
    return this.slots.size;
  }

  private drop(): void {
    const now = this.now();
    for (const [key, slot] of this.slots) if (now - slot.at > CONFIRMATION_TTL_MS) this.slots.delete(key);
  }
}

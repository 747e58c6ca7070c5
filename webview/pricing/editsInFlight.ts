// A price the extension sent before it saw the page's latest edit is for a configuration the
// person has already changed: shown as it arrives, it would be a wrong price on screen for a
// moment (the page's field says one thing, the price another). The page numbers its edits; the
// extension acknowledges each once it has acted on it (`edited`, after any price it posts for
// that edit). A price that arrives while an edit is unacknowledged is held and shown as
// "Updating… (was …)"; the acknowledgement releases it, unless a newer price replaced it.
// No DOM (unit-tested in plain Node).
import type { PriceTab, PriceView } from '../../src/protocol/pricing';

export class EditsInFlight {
  private sent = 0;
  private acknowledged = 0;
  private readonly held = new Map<PriceTab, PriceView>();

  /** The number of the edit about to be sent. */
  next(): number {
    return ++this.sent;
  }

  /** What to show for a price the extension sent now. */
  price(tab: PriceTab, view: PriceView): PriceView {
    this.held.delete(tab);
    if (view.state !== 'priced' || this.acknowledged >= this.sent) return view;
    this.held.set(tab, view);
    return { state: 'loading', previous: view.display };
  }

  /** The extension acted on edit `seq`: the views to show now that were held (none while later edits are on their way). */
  edited(seq: number): [PriceTab, PriceView][] {
    this.acknowledged = Math.max(this.acknowledged, seq);
    if (this.acknowledged < this.sent) return [];
    const released = [...this.held];
    this.held.clear();
    return released;
  }
}

// Billing reads: "Show Trial…", "Show Trial Start Data…", "Show Activated Free Feature…", each a
// readable document with its raw JSON, and Refresh.
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { registerBillingCommands } from './billingCommands';

export class BillingFeature extends Disposable {
  constructor(ctx: FeatureContext) {
    super();
    for (const d of registerBillingCommands(ctx)) this._register(d);
  }
}

export function activate(ctx: FeatureContext): BillingFeature {
  return new BillingFeature(ctx);
}

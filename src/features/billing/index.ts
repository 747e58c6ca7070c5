// Billing reads: "Show Trial…", "Show Trial Start Data…", "Show Activated Free Feature…", each a
// readable document with its raw JSON, and Refresh; "Disable Free Feature…".
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { registerBillingCommands } from './billingCommands';
import { registerFreeFeatureCommands } from './freeFeatureCommands';

export class BillingFeature extends Disposable {
  constructor(ctx: FeatureContext) {
    super();
    for (const d of registerBillingCommands(ctx)) this._register(d);
    for (const d of registerFreeFeatureCommands(ctx)) this._register(d);
  }
}

export function activate(ctx: FeatureContext): BillingFeature {
  return new BillingFeature(ctx);
}

// Price Preview: the webview panel for instances and load balancers (restored after a reload).
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { registerPricing, type PricingExports } from './pricingPanel';

export class PricingFeature extends Disposable {
  readonly exports: PricingExports;

  constructor(ctx: FeatureContext) {
    super();
    const pricing = registerPricing(ctx);
    for (const d of pricing.disposables) this._register(d);
    this.exports = pricing.exports;
  }
}

export function activate(ctx: FeatureContext): PricingFeature {
  return new PricingFeature(ctx);
}

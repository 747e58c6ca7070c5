// Price Preview: the webview panel for instances and load balancers (restored after a reload).
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { registerPricing, type PanelSessionDeps, type PricingExports } from './pricingPanel';

export type { PanelSessionDeps } from './pricingPanel';

export class PricingFeature extends Disposable {
  readonly exports: PricingExports;

  constructor(ctx: FeatureContext, panelSessionDeps?: PanelSessionDeps) {
    super();
    const pricing = registerPricing(ctx, panelSessionDeps);
    for (const d of pricing.disposables) this._register(d);
    this.exports = pricing.exports;
  }
}

export function activate(ctx: FeatureContext, panelSessionDeps?: PanelSessionDeps): PricingFeature {
  return new PricingFeature(ctx, panelSessionDeps);
}

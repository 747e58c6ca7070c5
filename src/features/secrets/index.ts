// Secrets: "Create Secret…" (payloads, PKCS12 bundles) and "Check Secret Task…".
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { registerSecretCommands } from './secretCommands';

export class SecretsFeature extends Disposable {
  constructor(ctx: FeatureContext) {
    super();
    for (const d of registerSecretCommands(ctx)) this._register(d);
  }
}

export function activate(ctx: FeatureContext): SecretsFeature {
  return new SecretsFeature(ctx);
}

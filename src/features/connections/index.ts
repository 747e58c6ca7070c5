// Connections: Sign In (with the dialect step), Switch Connection, Change API Dialect, Sign Out,
// Check Connection, Show Log, and the status bar item. The connections themselves (keys in
// SecretStorage, bindings, revocation) are src/connections/connectionManager.ts: every feature uses them.
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { registerConnectionCommands } from './connectionCommands';
import { createConnectionStatusBar } from './statusBar';

export class ConnectionsFeature extends Disposable {
  constructor(ctx: FeatureContext) {
    super();
    this._register(createConnectionStatusBar(ctx.connections));
    for (const d of registerConnectionCommands(ctx.connections, ctx.log, ctx.ui, ctx.registerUnboundCommand)) this._register(d);
  }
}

export function activate(ctx: FeatureContext): ConnectionsFeature {
  return new ConnectionsFeature(ctx);
}

// Connections: Sign In (with the dialect step), Switch Connection, Change API Dialect, Sign Out,
// Check Connection, Show Log, Try the Simulator, and the status bar item. The connections themselves (keys in
// SecretStorage, bindings, revocation) are src/connections/connectionManager.ts: every feature uses them.
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { registerConnectionCommands } from './connectionCommands';
import { createConnectionStatusBar } from './statusBar';
import { registerTrySimulator, type SimulatorTrial } from './trySimulator';

export class ConnectionsFeature extends Disposable {
  /** *Try the Simulator*: the simulator this window runs (tests read its URL). */
  readonly simulator: SimulatorTrial;

  constructor(ctx: FeatureContext) {
    super();
    this._register(createConnectionStatusBar(ctx.connections));
    for (const d of registerConnectionCommands(ctx.connections, ctx.log, ctx.ui, ctx.registerUnboundCommand)) this._register(d);
    this.simulator = this._register(registerTrySimulator(ctx.connections, ctx.log, ctx.ui, ctx.registerUnboundCommand));
  }
}

export function activate(ctx: FeatureContext): ConnectionsFeature {
  return new ConnectionsFeature(ctx);
}

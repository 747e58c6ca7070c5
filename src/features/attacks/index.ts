// Attacks: the DDoS Attacks view (the account's DDoS events from the platform's event log),
// its filters, Refresh, and a row's Copy Targeted Address and Show Attack Details.
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { copyAttackAddress, filterAttacks, showAttackDetails } from './attackCommands';
import { AttacksTree } from './attacksTree';
import { DEFAULT_FILTERS } from './model/attackFilters';

export class AttacksFeature extends Disposable {
  readonly tree: AttacksTree;

  constructor(ctx: FeatureContext) {
    super();
    this.tree = this._register(new AttacksTree(ctx));
    const deps = { ui: ctx.ui, documents: ctx.documents, connections: ctx.connections, log: ctx.log, tree: this.tree };
    this._registerAll(
      ctx.registerUnboundCommand('platformConsole.refreshAttacks', () => this.tree.reload()),
      ctx.registerBoundCommand('platformConsole.filterAttacks', () => filterAttacks(deps)),
      ctx.registerUnboundCommand('platformConsole.clearAttackFilters', () => this.tree.setFilters(DEFAULT_FILTERS)),
      ctx.registerUnboundCommand('platformConsole.copyAttackAddress', (arg: unknown) => copyAttackAddress(deps, arg)),
      ctx.registerUnboundCommand('platformConsole.showAttackDetails', (arg: unknown) => showAttackDetails(deps, arg)),
    );
  }
}

export function activate(ctx: FeatureContext): AttacksFeature {
  return new AttacksFeature(ctx);
}

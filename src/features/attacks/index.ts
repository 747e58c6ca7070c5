// Attacks: the DDoS Attacks view (the account's DDoS events from the platform's event log),
// its filters, Refresh, Go to Attack…, and a row's Copy Targeted Address and Show Attack Details.
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { copyAttackAddress, filterAttacks, showAttackDetails } from './attackCommands';
import { goToAttack } from './attackGoTo';
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
      // Go to Attack… (#57): a pick over every attack of the view's range, the row revealed in the view.
      ctx.registerBoundCommand('platformConsole.goToAttack', (bound) => goToAttack({ ui: ctx.ui, log: ctx.log, tree: this.tree }, bound)),
    );
  }
}

export function activate(ctx: FeatureContext): AttacksFeature {
  return new AttacksFeature(ctx);
}

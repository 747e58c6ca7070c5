// Cloud: the view of projects, regions and their secrets, snapshot policies and functions, and
// the functions' Enable / Disable.
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { CloudTree } from './cloudTree';
import { registerFunctionCommands } from './functionCommands';
import { registerSecretFindCommands } from './secretCommands';

export class CloudFeature extends Disposable {
  readonly tree: CloudTree;

  constructor(ctx: FeatureContext) {
    super();
    this.tree = this._register(new CloudTree(ctx));
    this._register(ctx.registerUnboundCommand('platformConsole.refreshCloud', () => this.tree.reloadAll()));
    for (const d of registerFunctionCommands(ctx, () => this.tree.reloadAll())) this._register(d);
    // Filter Secrets…, Clear Secret Filter, Go to Secret… (#57).
    for (const d of registerSecretFindCommands({ ...ctx, tree: this.tree })) this._register(d);
  }
}

export function activate(ctx: FeatureContext): CloudFeature {
  return new CloudFeature(ctx);
}

// Edge: the view of pinned FastEdge clients, apps and templates, its commands and the template
// previews.
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { registerEdgeCommands } from './edgeCommands';
import { EdgePinStore } from './edgePinStore';
import { EdgeTree } from './edgeTree';

export class EdgeFeature extends Disposable {
  readonly tree: EdgeTree;

  constructor(ctx: FeatureContext) {
    super();
    this.tree = this._register(new EdgeTree({ ...ctx, store: new EdgePinStore(ctx.state) }));
    for (const d of registerEdgeCommands({ ...ctx, tree: this.tree })) this._register(d);
  }
}

export function activate(ctx: FeatureContext): EdgeFeature {
  return new EdgeFeature(ctx);
}

// Edge: the view of pinned FastEdge clients, apps and templates, its commands, the template
// previews, an app's lifecycle (enable, disable, debug, delete), Deploy to Edge App…, Create Edge App…, its configuration and the account's FastEdge secrets.
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { registerEdgeAppCommands } from './edgeAppCommands';
import { registerEdgeCommands } from './edgeCommands';
import { registerEdgeConfigEditor } from './edgeConfigEditor';
import { registerEdgeCreateCommand } from './edgeCreateCommand';
import { registerEdgeDeployCommand } from './edgeDeployCommand';
import { registerEdgeSecretCommands } from './edgeSecretCommands';
import { EdgeLinkStore } from './edgeLinkStore';
import { EdgeWatches } from './edgeWatches';
import { EdgePinStore } from './edgePinStore';
import { EdgeTree } from './edgeTree';

export class EdgeFeature extends Disposable {
  readonly tree: EdgeTree;
  /** The workspace's .wasm files linked to edge apps (drift, the watch, test requests). */
  readonly links: EdgeLinkStore;
  /** The watch after each deploy (status bar, live document, the signal and its roll back). */
  readonly watches: EdgeWatches;

  constructor(ctx: FeatureContext) {
    super();
    this.links = this._register(new EdgeLinkStore(ctx.workspaceState));
    this.tree = this._register(new EdgeTree({ ...ctx, store: new EdgePinStore(ctx.state) }));
    for (const d of registerEdgeCommands({ ...ctx, tree: this.tree })) this._register(d);
    for (const d of registerEdgeAppCommands({ ...ctx, tree: this.tree })) this._register(d);
    this.watches = this._register(new EdgeWatches(ctx));
    for (const d of registerEdgeDeployCommand({ ...ctx, tree: this.tree, watches: this.watches })) this._register(d);
    for (const d of registerEdgeConfigEditor({ ...ctx, tree: this.tree })) this._register(d);
    for (const d of registerEdgeCreateCommand({ ...ctx, tree: this.tree })) this._register(d);
    for (const d of registerEdgeSecretCommands({ ...ctx, tree: this.tree })) this._register(d);
  }
}

export function activate(ctx: FeatureContext): EdgeFeature {
  return new EdgeFeature(ctx);
}

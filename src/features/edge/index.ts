// Edge: the view of pinned FastEdge clients, apps and templates, its commands, the template
// previews, an app's lifecycle (enable, disable, debug, delete), Deploy to Edge App…, Create Edge App…,
// its configuration and the account's FastEdge secrets;
// Link to Edge App… and build drift (a linked .wasm against the binary its app runs).
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { registerEdgeAppCommands } from './edgeAppCommands';
import { registerEdgeCommands } from './edgeCommands';
import { registerEdgeConfigEditor } from './edgeConfigEditor';
import { registerEdgeCreateCommand } from './edgeCreateCommand';
import { registerEdgeDeployCommand } from './edgeDeployCommand';
import { registerEdgeSecretCommands } from './edgeSecretCommands';
import { EdgeLinkStore } from './edgeLinkStore';
import { EdgeBuildDrift } from './edgeBuildDrift';
import { registerEdgeBuildFix } from './edgeBuildFix';
import { linkDeployed, registerEdgeLinkCommands } from './edgeLinkCommands';
import { EdgePinStore } from './edgePinStore';
import { EdgeTree } from './edgeTree';

export class EdgeFeature extends Disposable {
  readonly tree: EdgeTree;
  /** The workspace's .wasm files linked to edge apps (drift, the watch, test requests). */
  readonly links: EdgeLinkStore;
  /** Build drift: each linked .wasm against the binary its app runs (decorations, rows, Problems). */
  readonly drift: EdgeBuildDrift;

  constructor(ctx: FeatureContext) {
    super();
    this.links = this._register(new EdgeLinkStore(ctx.workspaceState));
    this.tree = this._register(new EdgeTree({ ...ctx, store: new EdgePinStore(ctx.state) }));
    for (const d of registerEdgeCommands({ ...ctx, tree: this.tree })) this._register(d);
    for (const d of registerEdgeAppCommands({ ...ctx, tree: this.tree })) this._register(d);
    const onDeployed = (file: string, connectionId: string, appId: number, appName: string) => linkDeployed(this.links, file, connectionId, appId, appName);
    for (const d of registerEdgeDeployCommand({ ...ctx, tree: this.tree, onDeployed })) this._register(d);
    for (const d of registerEdgeConfigEditor({ ...ctx, tree: this.tree })) this._register(d);
    for (const d of registerEdgeCreateCommand({ ...ctx, tree: this.tree })) this._register(d);
    for (const d of registerEdgeSecretCommands({ ...ctx, tree: this.tree })) this._register(d);
    this.drift = this._register(new EdgeBuildDrift({ ...ctx, links: this.links, tree: this.tree }));
    for (const d of registerEdgeLinkCommands({ ...ctx, tree: this.tree, links: this.links })) this._register(d);
    this._register(registerEdgeBuildFix());
  }
}

export function activate(ctx: FeatureContext): EdgeFeature {
  return new EdgeFeature(ctx);
}

// Edge: the view of pinned FastEdge clients, apps and templates, its commands, the template
// previews, an app's lifecycle (enable, disable, debug, delete), Deploy to Edge App…, Create Edge App…, its configuration, the account's FastEdge secrets
// and KV stores, Send Test Request… (the app's URL beside the Launcher's local run), Link to Edge App… and drift (a linked .wasm
// against the binary its app runs, the linked folder's dotenv files against the app's configuration).
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { registerEdgeAppCommands } from './edgeAppCommands';
import { registerEdgeCommands } from './edgeCommands';
import { registerEdgeConfigEditor } from './edgeConfigEditor';
import { EdgeConfigDrift } from './edgeConfigDrift';
import { registerEdgeConfigPull } from './edgeConfigPull';
import { registerEdgeCreateCommand } from './edgeCreateCommand';
import { registerEdgeGoTo } from './edgeGoTo';
import { registerEdgeDeployCommand } from './edgeDeployCommand';
import { registerEdgeSecretCommands } from './edgeSecretCommands';
import { registerEdgeKvCommands } from './edgeKvCommands';
import { registerEdgeTestRequest } from './edgeTestRequestCommand';
import { EdgeLinkStore } from './edgeLinkStore';
import { EdgeBuildDrift } from './edgeBuildDrift';
import { registerEdgeBuildFix } from './edgeBuildFix';
import { linkDeployed, registerEdgeLinkCommands } from './edgeLinkCommands';
import { EdgeWatches } from './edgeWatches';
import { EdgePinStore } from './edgePinStore';
import { EdgeTree } from './edgeTree';

export class EdgeFeature extends Disposable {
  readonly tree: EdgeTree;
  /** The workspace's .wasm files linked to edge apps (drift, the watch, test requests). */
  readonly links: EdgeLinkStore;
  /** The linked folders' dotenv files against their apps' configuration (Problems entries, quick fixes). */
  readonly configDrift: EdgeConfigDrift;
  /** Build drift: each linked .wasm against the binary its app runs (decorations, rows, Problems). */
  readonly drift: EdgeBuildDrift;
  /** The watch after each deploy (status bar, live document, the signal and its roll back). */
  readonly watches: EdgeWatches;

  constructor(ctx: FeatureContext) {
    super();
    this.links = this._register(new EdgeLinkStore(ctx.workspaceState));
    this.tree = this._register(new EdgeTree({ ...ctx, store: new EdgePinStore(ctx.state) }));
    for (const d of registerEdgeCommands({ ...ctx, tree: this.tree })) this._register(d);
    for (const d of registerEdgeAppCommands({ ...ctx, tree: this.tree })) this._register(d);
    for (const d of registerEdgeGoTo({ ...ctx, tree: this.tree })) this._register(d);
    const onDeployed = (file: string, connectionId: string, appId: number, appName: string) => linkDeployed(this.links, file, connectionId, appId, appName);
    this.watches = this._register(new EdgeWatches(ctx));
    for (const d of registerEdgeDeployCommand({ ...ctx, tree: this.tree, onDeployed, watches: this.watches })) this._register(d);
    for (const d of registerEdgeConfigEditor({ ...ctx, tree: this.tree })) this._register(d);
    for (const d of registerEdgeCreateCommand({ ...ctx, tree: this.tree })) this._register(d);
    for (const d of registerEdgeSecretCommands({ ...ctx, tree: this.tree })) this._register(d);
    this.configDrift = this._register(new EdgeConfigDrift({ ...ctx, links: this.links, tree: this.tree }));
    for (const d of registerEdgeConfigPull({ ...ctx, tree: this.tree, links: this.links, drift: this.configDrift })) this._register(d);
    for (const d of registerEdgeKvCommands({ ...ctx, tree: this.tree })) this._register(d);
    for (const d of registerEdgeTestRequest({ ...ctx, tree: this.tree, links: this.links })) this._register(d);
    this.drift = this._register(new EdgeBuildDrift({ ...ctx, links: this.links, tree: this.tree }));
    for (const d of registerEdgeLinkCommands({ ...ctx, tree: this.tree, links: this.links })) this._register(d);
    this._register(registerEdgeBuildFix());
  }
}

export function activate(ctx: FeatureContext): EdgeFeature {
  return new EdgeFeature(ctx);
}

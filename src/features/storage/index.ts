// Storage: the Storage view (object and SFTP storages, storage API v4), Delete Storage… (v4 on
// platform connections, the deprecated v1 flow on spec-dialect ones) and Restore Storage….
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { deleteStorageCommand, restoreStorageCommand } from './storageCommands';
import { StorageDeletions } from './storageDeletions';
import { StorageTree } from './storageTree';

export class StorageFeature extends Disposable {
  readonly tree: StorageTree;

  constructor(ctx: FeatureContext) {
    super();
    this.tree = this._register(new StorageTree(ctx, new StorageDeletions(ctx.state)));
    const deps = { log: ctx.log, ui: ctx.ui, tree: this.tree };
    this._register(ctx.registerBoundCommand('platformConsole.deleteStorage', (bound, arg) => deleteStorageCommand(deps, bound, arg)));
    this._register(ctx.registerBoundCommand('platformConsole.restoreStorage', (bound, arg) => restoreStorageCommand(deps, bound, arg)));
    this._register(ctx.registerUnboundCommand('platformConsole.refreshStorage', () => this.tree.reloadAll(true)));
  }
}

export function activate(ctx: FeatureContext): StorageFeature {
  return new StorageFeature(ctx);
}

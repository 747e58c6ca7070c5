// Storage: "Delete Storage (Deprecated)…".
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { deleteStorage } from './deleteStorageCommand';

export class StorageFeature extends Disposable {
  constructor(ctx: FeatureContext) {
    super();
    this._register(ctx.registerBoundCommand('platformConsole.deleteStorage', (bound) => deleteStorage(ctx, bound)));
  }
}

export function activate(ctx: FeatureContext): StorageFeature {
  return new StorageFeature(ctx);
}

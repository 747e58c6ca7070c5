// Protection Profiles: the view (filters, order, Load more, Templates), Go to…, its edits and copies, create and delete.
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { registerProfileCommands } from './profileCommands';
import { registerProfileCreateCommands } from './profileCreateCommands';
import { registerProfileGoTo } from './profileGoTo';
import { ProfilesTree, type ProfileLoadObserver } from './profilesTree';

export type { ProfileLoadObserver } from './profilesTree';

export class ProfilesFeature extends Disposable {
  readonly tree: ProfilesTree;

  constructor(ctx: FeatureContext, loads?: ProfileLoadObserver) {
    super();
    this.tree = this._register(new ProfilesTree({ ...ctx, memento: ctx.state, loads }));
    for (const d of registerProfileCommands({ ...ctx, tree: this.tree })) this._register(d);
    for (const d of registerProfileCreateCommands({ ...ctx, tree: this.tree })) this._register(d);
    this._register(registerProfileGoTo({ ...ctx, tree: this.tree }));
  }
}

export function activate(ctx: FeatureContext, loads?: ProfileLoadObserver): ProfilesFeature {
  return new ProfilesFeature(ctx, loads);
}

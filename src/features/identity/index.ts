// Identity: reseller notification settings (Add…, Update…).
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { notificationSettingAction } from './identityCommands';
import { NotificationSettingStore } from './notificationSettingStore';

export class IdentityFeature extends Disposable {
  constructor(ctx: FeatureContext) {
    super();
    const run = notificationSettingAction({ log: ctx.log, ui: ctx.ui, store: new NotificationSettingStore(ctx.state) });
    this._register(ctx.registerBoundCommand('platformConsole.addNotificationSetting', (bound) => run(bound, 'create')));
    this._register(ctx.registerBoundCommand('platformConsole.updateNotificationSetting', (bound) => run(bound, 'update')));
  }
}

export function activate(ctx: FeatureContext): IdentityFeature {
  return new IdentityFeature(ctx);
}

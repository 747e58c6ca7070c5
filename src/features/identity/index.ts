// Identity: reseller notification settings (Add…, Update…, Delete…).
import { Disposable } from '../../ui/disposable';
import type { FeatureContext } from '../../ui/featureContext';
import { deleteNotificationSettingAction } from './deleteNotificationSetting';
import { notificationSettingAction } from './identityCommands';
import { NotificationSettingStore } from './notificationSettingStore';

export class IdentityFeature extends Disposable {
  constructor(ctx: FeatureContext) {
    super();
    const deps = { log: ctx.log, ui: ctx.ui, store: new NotificationSettingStore(ctx.state) };
    const run = notificationSettingAction(deps);
    const remove = deleteNotificationSettingAction(deps);
    this._register(ctx.registerBoundCommand('platformConsole.addNotificationSetting', (bound) => run(bound, 'create')));
    this._register(ctx.registerBoundCommand('platformConsole.updateNotificationSetting', (bound) => run(bound, 'update')));
    this._register(ctx.registerBoundCommand('platformConsole.deleteNotificationSetting', (bound, arg) => remove(bound, arg)));
  }
}

export function activate(ctx: FeatureContext): IdentityFeature {
  return new IdentityFeature(ctx);
}

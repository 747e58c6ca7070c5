// "Add Reseller Notification Setting…" and "Update Reseller Notification Setting…".
import * as vscode from 'vscode';
import type { BoundConnection } from '../../connections/connectionManager';
import type { FlowUi } from '../../ui/flowUi';
import { runWizard, stepIndex } from '../../ui/wizard';
import type { Log } from '../../ui/log';
import { notifyError } from '../../ui/notify';
import type { NotificationSetting } from '../../schema/iam';
import { PlatformError } from '../../schema/errors';
import { ListPages } from '../../platform/listPages';
import { REVIEW_STEP, notificationSettingSteps, type NotificationSettingState, type SettingSource } from './notificationSettingFlow';
import { confirmOperation } from '../../ui/confirmOperation';
import { sendOperation, targetOf } from '../../operations/operation';
import { createNotificationSetting, updateNotificationSetting } from '../../operations/notificationSettings';
import type { NotificationSettingStore } from './notificationSettingStore';

export interface IdentityCommandDeps {
  log: Log;
  ui: () => FlowUi;
  store: NotificationSettingStore;
}

/** The saved setting as a JSON document, for "Show". */
export async function showSetting(setting: NotificationSetting): Promise<void> {
  const doc = await vscode.workspace.openTextDocument({ language: 'json', content: `${JSON.stringify(setting, null, 2)}\n` });
  await vscode.window.showTextDocument(doc, { preview: true });
}

/** 100 a page: the most the list gives. */
const SETTINGS_PAGE = 100;

/** The reseller's settings from the platform (a 404 may mean only an unknown reseller: not remembered). */
export function settingSource(deps: IdentityCommandDeps, session: BoundConnection): SettingSource {
  return {
    lookup: (reseller, id) => deps.store.find(session.connection.id, reseller, id),
    pages: (resellerId) =>
      new ListPages<NotificationSetting>({
        lists: session.lists,
        endpoint: 'listNotificationSettings',
        rememberMissing: false,
        read: (offset) => session.api.iam.listNotificationSettings({ params: { resellerId }, query: { limit: SETTINGS_PAGE, offset } }),
      }),
    logError: (error) => deps.log.error('Could not list the notification settings', error),
  };
}

/** Add or Update a notification setting on the bound connection; Retry stays on it. */
export function notificationSettingAction(deps: IdentityCommandDeps) {
  const run = async (session: BoundConnection, mode: 'create' | 'update', state: NotificationSettingState = {}, startAt?: number): Promise<void> => {
    const ui = deps.ui();
    const { api, connection } = session;
    const steps = notificationSettingSteps(mode, settingSource(deps, session), connection);
    const title = `${mode === 'create' ? 'Add' : 'Update'} Reseller Notification Setting on ${connection.name}`;
    state.resellerId ??= deps.store.lastReseller(connection.id);
    const done = await runWizard(state, { title, steps, ui, startAt });
    if (!done) return;
    await deps.store.rememberReseller(connection.id, done.resellerId!);
    const body = { resellerId: done.resellerId!, notification_type: done.notification_type!, email: done.email!, enabled: done.enabled };
    const update = { ...body, notificationSettingsId: done.notificationSettingsId! };
    // An update that loses something (the operation's rule, its values as known here) is asked in a
    // modal first, in the operation's words; the wizard's own steps showed every other value.
    if (mode === 'update' && targetOf(updateNotificationSetting, update, done.before).destructive !== undefined)
      if (!(await confirmOperation(ui, updateNotificationSetting, update, done.before, connection))) return;
    let saved: NotificationSetting;
    try {
      saved = (await ui.progress(`Saving the ${done.notification_type} setting of reseller ${done.resellerId}…`, false, () =>
        sendOperation(api, mode === 'create' ? createNotificationSetting.request(body) : updateNotificationSetting.request(update)),
      )) as NotificationSetting;
    } catch (error) {
      const what =
        error instanceof PlatformError && error.kind === 'notFound'
          ? mode === 'update'
            ? `No notification setting ${done.notificationSettingsId} for reseller ${done.resellerId} on ${connection.name}`
            : `No reseller ${done.resellerId} on ${connection.name}`
          : `Could not save the notification setting`;
      const choice = await notifyError(what, error, { log: deps.log, ui, connectionName: connection.name, actions: ['Retry'] });
      // Retry reopens the last step (Add: the review) with every value kept: Enter sends again, Back edits.
      if (choice === 'Retry') return run(session, mode, done, stepIndex(steps, mode === 'create' ? REVIEW_STEP : 'enabled'));
      return;
    }
    await deps.store.remember(connection.id, done.resellerId!, saved);
    deps.log.info(`Notification setting ${saved.id} of reseller ${saved.reseller ?? done.resellerId} saved`);
    const summary =
      `Notification setting ${saved.id} saved: reseller ${saved.reseller ?? done.resellerId}, ` +
      `${saved.notification_type} to ${saved.email}, ${saved.enabled ? 'enabled' : 'disabled'}.`;
    if ((await ui.notify('info', summary, ['Show'])) === 'Show') await showSetting(saved);
  };
  return run;
}

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
import { notificationSettingSteps, type NotificationSettingState, type SettingSource } from './notificationSettingFlow';
import { confirmWrite, type WriteSummary } from '../../ui/confirmWrite';
import { notificationSettingLoss } from '../../ui/text/destructiveChanges';
import type { Connection } from '../../connections/connectionManager';

/** The modal before an update that switches a setting off or redirects it: the values before and after. */
function updateSettingSummary(done: NotificationSettingState, loss: string, connection: Connection): WriteSummary {
  const was = (v: string | boolean | null | undefined) => (v === undefined || v === null ? '(not known)' : String(v));
  return {
    action: `Update notification setting ${done.settingId} of reseller ${done.resellerId}`,
    connection,
    facts: [
      ['Type', `${was(done.before?.notification_type)} -> ${done.notificationType}`],
      ['Email', `${was(done.before?.email)} -> ${done.email}`],
      ['Enabled', `${was(done.before?.enabled)} -> ${done.enabled === false ? 'false' : 'true'}`],
    ],
    warning: `Destructive: ${loss}.`,
    destructive: true,
    button: 'Update',
  };
}
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
    const steps = notificationSettingSteps(mode, settingSource(deps, session));
    const title = `${mode === 'create' ? 'Add' : 'Update'} Reseller Notification Setting on ${connection.name}`;
    state.resellerId ??= deps.store.lastReseller(connection.id);
    const done = await runWizard(state, { title, steps, ui, startAt });
    if (!done) return;
    await deps.store.rememberReseller(connection.id, done.resellerId!);
    const body = { notification_type: done.notificationType!, email: done.email!, enabled: done.enabled };
    // Switched off, or sent elsewhere: the current address stops getting it (a modal says so first).
    const loss = mode === 'update' ? notificationSettingLoss(done.before, body) : undefined;
    if (loss && !(await confirmWrite(ui, updateSettingSummary(done, loss, connection)))) return;
    let saved: NotificationSetting;
    try {
      saved = await ui.progress(`Saving the ${done.notificationType} setting of reseller ${done.resellerId}…`, false, () =>
        mode === 'create'
          ? api.iam.createNotificationSetting({ params: { resellerId: done.resellerId! }, body })
          : api.iam.updateNotificationSetting({ params: { resellerId: done.resellerId!, notificationSettingsId: done.settingId! }, body }),
      );
    } catch (error) {
      const what =
        error instanceof PlatformError && error.kind === 'notFound'
          ? mode === 'update'
            ? `No notification setting ${done.settingId} for reseller ${done.resellerId} on ${connection.name}`
            : `No reseller ${done.resellerId} on ${connection.name}`
          : `Could not save the notification setting`;
      const choice = await notifyError(what, error, { log: deps.log, ui, connectionName: connection.name, actions: ['Retry'] });
      // Retry reopens the last step with every value kept: Enter sends again, Back edits.
      if (choice === 'Retry') return run(session, mode, done, stepIndex(steps, 'enabled'));
      return;
    }
    await deps.store.remember(connection.id, done.resellerId!, saved);
    deps.log.info(`Notification setting ${saved.id} of reseller ${saved.reseller ?? done.resellerId} saved`);
    const summary = `Notification setting ${saved.id} saved: reseller ${saved.reseller ?? done.resellerId}, ${saved.notification_type} to ${saved.email}, ${saved.enabled ? 'enabled' : 'disabled'}.`;
    if ((await ui.notify('info', summary, ['Show'])) === 'Show') await showSetting(saved);
  };
  return run;
}

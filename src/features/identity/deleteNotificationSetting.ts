// "Delete Notification Setting…": reseller (the last one prefilled), the setting picked from its
// list (typed where the server has none), the catalog operation's modal (src/operations/removals.ts),
// the DELETE sent once; a 404 said plainly. Also called with the setting as argument
// ({resellerId, id} or the list's item), by agent tools or a tree.
import type { BoundConnection } from '../../connections/connectionManager';
import { confirmOperation } from '../../ui/confirmOperation';
import { notifyError } from '../../ui/notify';
import { runWizard } from '../../ui/wizard';
import { PlatformError } from '../../schema/errors';
import { sendOperation } from '../../operations/operation';
import { deleteNotificationSetting } from '../../operations/removals';
import { deleteSettingSteps, type NotificationSettingState } from './notificationSettingFlow';
import { settingSource, type IdentityCommandDeps } from './identityCommands';

/** `{resellerId, id}` (or `reseller`, `notificationSettingsId`) with the values known of it; else undefined. */
function givenSetting(arg: unknown): NotificationSettingState | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const a = arg as Record<string, unknown>;
  // Checked as the operation's input: the rules the request has.
  const params = deleteNotificationSetting.fields().safeParse({
    resellerId: a.resellerId ?? a.reseller,
    notificationSettingsId: a.id ?? a.notificationSettingsId ?? a.settingId,
  });
  if (!params.success) return undefined;
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    resellerId: params.data.resellerId,
    notificationSettingsId: params.data.notificationSettingsId,
    notification_type: text(a.notification_type ?? a.notificationType) as NotificationSettingState['notification_type'],
    email: text(a.email),
    enabled: typeof a.enabled === 'boolean' ? a.enabled : undefined,
  };
}

/** True when the platform confirmed the deletion. */
export function deleteNotificationSettingAction(deps: IdentityCommandDeps) {
  return async (session: BoundConnection, arg?: unknown): Promise<boolean> => {
    const ui = deps.ui();
    const { api, connection } = session;
    let chosen = givenSetting(arg);
    if (!chosen) {
      const state: NotificationSettingState = { resellerId: deps.store.lastReseller(connection.id) };
      chosen = await runWizard(state, {
        title: `Delete Reseller Notification Setting on ${connection.name}`,
        steps: deleteSettingSteps(settingSource(deps, session)),
        ui,
      });
      if (!chosen) return false;
      await deps.store.rememberReseller(connection.id, chosen.resellerId!);
    }
    const resellerId = chosen.resellerId!;
    const id = chosen.notificationSettingsId!;
    const known = deps.store.find(connection.id, resellerId, id);
    const facts = {
      notification_type: chosen.notification_type ?? known?.notification_type,
      email: chosen.email ?? known?.email,
      enabled: chosen.enabled ?? known?.enabled,
    };
    // Typed by id and not known here: the modal says the values are not known (nothing is read first).
    const thing = Object.values(facts).some((v) => v !== undefined && v !== null) ? facts : undefined;
    const input = { resellerId, notificationSettingsId: id };
    // The words, facts and class are the catalog operation's: the chat tool and MCP confirm the same.
    if (!(await confirmOperation(ui, deleteNotificationSetting, input, thing, connection))) return false;
    try {
      await ui.progress(`Deleting notification setting ${id} of reseller ${resellerId}…`, false, () =>
        sendOperation(api, deleteNotificationSetting.request(input)),
      );
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'notFound') {
        const gone = `No notification setting ${id} for reseller ${resellerId} on ${connection.name}: nothing was deleted.`;
        deps.log.error(gone, error);
        await deps.store.forget(connection.id, resellerId, id);
        await ui.notify('warning', gone);
      } else
        await notifyError(`Could not delete notification setting ${id} of reseller ${resellerId}`, error, {
          log: deps.log,
          ui,
          connectionName: connection.name,
        });
      return false;
    }
    await deps.store.forget(connection.id, resellerId, id);
    deps.log.info(`Notification setting ${id} of reseller ${resellerId} deleted on ${connection.name}`);
    const what = facts.notification_type && facts.email ? ` (${facts.notification_type} to ${facts.email})` : '';
    await ui.notify('info', `Notification setting ${id} of reseller ${resellerId} deleted${what} on ${connection.name}.`);
    return true;
  };
}

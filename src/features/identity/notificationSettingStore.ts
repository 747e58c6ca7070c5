// Notification settings created or seen on a connection, so "Update…" can prefill them, and the
// last reseller asked for (the platform lists no resellers for this key). Kept in globalState per
// connection; they hold no secret (reseller, type, email, enabled).
import type * as vscode from 'vscode';
import type { NotificationSetting } from '../../schema/iam';

export interface KnownSetting {
  id: number;
  reseller: number;
  notification_type?: string | null;
  email?: string | null;
  enabled?: boolean | null;
}

const KEY = (connectionId: string) => `platformConsole.notificationSettings.${connectionId}`;
const RESELLER_KEY = (connectionId: string) => `platformConsole.notificationSettings.lastReseller.${connectionId}`;

export class NotificationSettingStore {
  constructor(private readonly state: vscode.Memento) {}

  list(connectionId: string): KnownSetting[] {
    return this.state.get<KnownSetting[]>(KEY(connectionId), []);
  }

  find(connectionId: string, reseller: number, id: number): KnownSetting | undefined {
    return this.list(connectionId).find((s) => s.reseller === reseller && s.id === id);
  }

  async remember(connectionId: string, reseller: number, setting: NotificationSetting): Promise<void> {
    const known: KnownSetting = {
      id: setting.id,
      reseller: setting.reseller ?? reseller,
      notification_type: setting.notification_type,
      email: setting.email,
      enabled: setting.enabled,
    };
    const others = this.list(connectionId).filter((s) => !(s.reseller === known.reseller && s.id === known.id));
    await this.state.update(KEY(connectionId), [known, ...others].slice(0, 200));
  }

  async forget(connectionId: string, reseller: number, id: number): Promise<void> {
    await this.state.update(
      KEY(connectionId),
      this.list(connectionId).filter((s) => !(s.reseller === reseller && s.id === id)),
    );
  }

  lastReseller(connectionId: string): number | undefined {
    return this.state.get<number>(RESELLER_KEY(connectionId));
  }

  async rememberReseller(connectionId: string, reseller: number): Promise<void> {
    await this.state.update(RESELLER_KEY(connectionId), reseller);
  }
}

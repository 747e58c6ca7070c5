// A Cloud secret's row: its expiry said by icon, colour, description and the screen reader.
import * as vscode from 'vscode';
import type { ConsoleResource } from '../../schema/consoleLinks';
import type { SecretItem } from '../../schema/cloudLists';
import type { CloudPlace, CloudTarget } from '../../ui/cloudTarget';
import { formatUtc } from '../../ui/text/timeText';
import { spokenRow } from '../../ui/treeNodes';
import { CloudRow, placeKey, tooltip } from './cloudRows';
import { secretDescription, secretExpiry, type ExpiryState } from './model/cloudDisplay';

const EXPIRY_ICONS: Record<ExpiryState, [string, string | undefined]> = {
  expired: ['error', 'errorForeground'],
  expiring: ['warning', 'list.warningForeground'],
  valid: ['lock', undefined],
  never: ['lock', undefined],
};

export class SecretNode extends CloudRow {
  readonly cloudTarget: CloudTarget;
  constructor(
    readonly place: CloudPlace,
    readonly secret: SecretItem,
    private readonly now: number,
  ) {
    super();
    this.cloudTarget = { kind: 'secret', ...place, id: secret.id, name: secret.name || secret.id };
  }
  /** Open in Console reads it. */
  get consoleResource(): ConsoleResource {
    return { kind: 'cloudSecret', projectId: this.place.projectId, regionId: this.place.regionId, name: this.secret.name || this.secret.id };
  }
  getTreeItem(): vscode.TreeItem {
    const { secret } = this;
    const label = secret.name || secret.id;
    const item = new vscode.TreeItem(label);
    item.id = `cloud:${placeKey(this.place)}:secret:${secret.id}`;
    item.description = secretDescription(secret, this.now);
    const expiry = secretExpiry(secret.expiration, this.now);
    const [icon, color] = EXPIRY_ICONS[expiry.state];
    item.iconPath = new vscode.ThemeIcon(icon, color ? new vscode.ThemeColor(color) : undefined);
    item.contextValue = `platformConsole.cloud.secret.${expiry.state}`;
    item.accessibilityInformation = spokenRow(
      `Secret ${label}`,
      item.description,
      expiry.state === 'expired' ? 'expired' : expiry.state === 'expiring' ? 'expiring soon' : undefined,
    );
    return item;
  }
  override resolveTooltip(): vscode.MarkdownString {
    const { secret } = this;
    const expiry = secretExpiry(secret.expiration, this.now);
    return tooltip(`Secret ${secret.name || secret.id}`, [
      ['ID', secret.id],
      ['Type', secret.secret_type],
      ['Status', secret.status],
      ['Created', formatUtc(secret.created)],
      ['Expiration', secret.expiration ? `${formatUtc(secret.expiration)} (${expiry.text})` : expiry.text],
      ['Algorithm', secret.algorithm],
      ['Bit length', secret.bit_length],
      ['Mode', secret.mode],
    ]);
  }
}

// The nodes of the Protection Profiles view: a profile (label, description, tooltip, an icon that
// tells a profile with networks from one without), and below it its template, field values and
// networks. Children read the profile from their ProfileNode, so an edit shows at once.
import * as vscode from 'vscode';
import type { ConsoleResource } from '../../schema/consoleLinks';
import { escapeMarkdown } from '../../ui/text/markdownText';
import { fieldValueText, type ProfileField } from './model/profileEdits';
import { fieldLabel, networkFamily, profileDescription, profileLabel, profileTooltip, templateName } from './model/profileText';
import type { ProtectionProfile } from '../../schema/security';
import type { ListedOn } from '../../ui/listedOn';
import { ErrorNode, TreeNode } from '../../ui/treeNodes';

export const PROFILE_CONTEXT = 'platformConsole.profile';
/** A profile no client owns: the platform refuses to edit it (403), the menus still offer the edits. */
export const COMMON_PROFILE_CONTEXT = 'platformConsole.profile.common';

export interface ProfileNodeOwner {
  /** Folder of media/profiles, for the IPv4/IPv6 icons. */
  readonly mediaUri: vscode.Uri;
  /** Prefix of TreeItem ids (the connection id), so that expansion state never leaks between connections. */
  readonly idPrefix: string;
  /** One profile with its field values, which the platform's list does not carry. */
  readProfile(id: number): Promise<ProtectionProfile>;
  refresh(node?: TreeNode): void;
}

export class ProfileNode extends TreeNode implements ListedOn {
  /** The connection the row was listed on: the view may show another one by the time a command runs on it. */
  readonly listedOn: string;

  constructor(
    readonly owner: ProfileNodeOwner,
    public profile: ProtectionProfile,
  ) {
    super();
    this.listedOn = owner.idPrefix;
  }

  /** Open in Console reads it. */
  get consoleResource(): ConsoleResource {
    return { kind: 'protectionProfile', id: this.profile.id };
  }

  get itemId(): string {
    return `${this.owner.idPrefix}/profile/${this.profile.id}`;
  }

  getTreeItem(): vscode.TreeItem {
    const p = this.profile;
    const item = new vscode.TreeItem(profileLabel(p), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.itemId;
    item.description = profileDescription(p);
    const networks = p.networks?.length ?? 0;
    item.iconPath = networks > 0 ? new vscode.ThemeIcon('shield') : new vscode.ThemeIcon('workspace-untrusted');
    item.contextValue = p.client_id === null ? COMMON_PROFILE_CONTEXT : PROFILE_CONTEXT;
    item.accessibilityInformation = {
      label: `${profileLabel(p)}, ${item.description}, ${networks === 0 ? 'no networks' : networks === 1 ? '1 network' : `${networks} networks`}`,
    };
    // The tooltip is filled in by resolveTreeItem, on hover: a 10,000-row list does not build 10,000 tooltips.
    return item;
  }

  override resolveTooltip(): vscode.MarkdownString {
    return new vscode.MarkdownString(profileTooltip(this.profile));
  }

  override getChildren(): TreeNode[] {
    return [new TemplateNode(this), new FieldsNode(this), new NetworksNode(this)];
  }
}

/** The profile's template: name, and its id. */
export class TemplateNode extends TreeNode implements ListedOn {
  constructor(readonly profileNode: ProfileNode) {
    super();
    this.parent = profileNode;
  }
  get listedOn(): string {
    return this.profileNode.listedOn;
  }
  getTreeItem(): vscode.TreeItem {
    const p = this.profileNode.profile;
    const item = new vscode.TreeItem(templateName(p));
    item.id = `${this.profileNode.itemId}/template`;
    item.description = p.template?.id != null ? `template ${p.template.id}` : undefined;
    item.iconPath = new vscode.ThemeIcon('symbol-class');
    item.tooltip = `Template ${p.template?.id ?? '(no id)'}: ${templateName(p)}`;
    item.contextValue = 'platformConsole.profileTemplate';
    return item;
  }
}

/**
 * "Fields" with one child per value. The platform's list carries no field values: then the row
 * says so, and expanding it reads the profile itself (GET …/profiles/{id}, the platform's own).
 */
export class FieldsNode extends TreeNode implements ListedOn {
  constructor(readonly profileNode: ProfileNode) {
    super();
    this.parent = profileNode;
  }
  get listedOn(): string {
    return this.profileNode.listedOn;
  }
  getTreeItem(): vscode.TreeItem {
    const fields = this.profileNode.profile.fields;
    const count = fields?.length ?? 0;
    const unknown = fields === undefined || fields === null;
    const state = unknown
      ? vscode.TreeItemCollapsibleState.Collapsed
      : count > 0
        ? vscode.TreeItemCollapsibleState.Expanded
        : vscode.TreeItemCollapsibleState.None;
    const item = new vscode.TreeItem('Fields', state);
    // A new id once read: VS Code then draws the values expanded instead of keeping the row collapsed.
    item.id = `${this.profileNode.itemId}/fields${unknown ? '/unread' : ''}`;
    item.iconPath = new vscode.ThemeIcon('symbol-field');
    if (unknown) {
      item.description = 'not in the list response';
      item.tooltip = "The platform does not send field values with the list. Expand to read this profile's values from the platform.";
    } else {
      item.description = count === 0 ? 'none' : count === 1 ? '1 value' : `${count} values`;
      item.tooltip = 'Values as template_field_id = value';
    }
    item.contextValue = 'platformConsole.profileFields';
    return item;
  }
  override async getChildren(): Promise<TreeNode[]> {
    const profile = this.profileNode.profile;
    if (profile.fields === undefined || profile.fields === null) {
      try {
        const full = await this.profileNode.owner.readProfile(profile.id);
        profile.fields = full.fields ?? [];
      } catch (error) {
        return [new ErrorNode('Could not read the field values', error, () => this.profileNode.owner.refresh(this))];
      }
      // The row's own text changes too ("2 values"): redrawn from the profile, after this answer.
      setTimeout(() => this.profileNode.owner.refresh(this.profileNode), 0);
    }
    return (profile.fields ?? []).map((field, index) => new FieldNode(this.profileNode, field, index));
  }
}

export class FieldNode extends TreeNode implements ListedOn {
  constructor(
    readonly profileNode: ProfileNode,
    readonly field: ProfileField,
    private readonly index: number,
  ) {
    super();
  }
  get listedOn(): string {
    return this.profileNode.listedOn;
  }
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(fieldLabel(this.field));
    item.id = `${this.profileNode.itemId}/fields/${this.index}`;
    item.iconPath = new vscode.ThemeIcon('symbol-constant');
    const md = new vscode.MarkdownString();
    md.appendMarkdown(
      `Template field **${escapeMarkdown(this.field.template_field_id ?? '?')}**${this.field.name ? ` (${escapeMarkdown(this.field.name)})` : ''}\n\n`,
    );
    md.appendCodeblock(fieldValueText(this.field.value), 'text');
    item.tooltip = md;
    item.contextValue = 'platformConsole.profileField';
    return item;
  }
}

/** "Networks" with one child per CIDR, each with an IPv4 or IPv6 icon. */
export class NetworksNode extends TreeNode implements ListedOn {
  constructor(readonly profileNode: ProfileNode) {
    super();
    this.parent = profileNode;
  }
  get listedOn(): string {
    return this.profileNode.listedOn;
  }
  getTreeItem(): vscode.TreeItem {
    const count = this.profileNode.profile.networks?.length ?? 0;
    const item = new vscode.TreeItem('Networks', count > 0 ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None);
    item.id = `${this.profileNode.itemId}/networks`;
    item.iconPath = new vscode.ThemeIcon('globe');
    item.description = count === 0 ? 'none' : String(count);
    item.tooltip = count === 0 ? 'This profile protects no network' : 'Networks in CIDR form (read-only)';
    item.contextValue = 'platformConsole.profileNetworks';
    return item;
  }
  override getChildren(): TreeNode[] {
    return (this.profileNode.profile.networks ?? []).map((cidr, index) => new NetworkNode(this.profileNode, cidr, index));
  }
}

export class NetworkNode extends TreeNode implements ListedOn {
  constructor(
    readonly profileNode: ProfileNode,
    readonly cidr: string,
    private readonly index: number,
  ) {
    super();
  }
  get listedOn(): string {
    return this.profileNode.listedOn;
  }
  getTreeItem(): vscode.TreeItem {
    const family = networkFamily(this.cidr);
    const item = new vscode.TreeItem(this.cidr);
    item.id = `${this.profileNode.itemId}/networks/${this.index}`;
    item.description = family === 'unknown' ? undefined : family;
    const media = this.profileNode.owner.mediaUri;
    item.iconPath =
      family === 'unknown'
        ? new vscode.ThemeIcon('question')
        : {
            light: vscode.Uri.joinPath(media, `${family.toLowerCase()}-light.svg`),
            dark: vscode.Uri.joinPath(media, `${family.toLowerCase()}-dark.svg`),
          };
    item.tooltip = `${family === 'unknown' ? 'Network' : `${family} network`} ${this.cidr}`;
    item.contextValue = 'platformConsole.profileNetwork';
    return item;
  }
}

/** The profile a node belongs to (a profile, or anything under one). */
export function profileNodeOf(node: unknown): ProfileNode | undefined {
  if (node instanceof ProfileNode) return node;
  if (node instanceof TemplateNode || node instanceof FieldsNode || node instanceof NetworksNode) return node.profileNode;
  if (node instanceof FieldNode || node instanceof NetworkNode) return node.profileNode;
  return undefined;
}

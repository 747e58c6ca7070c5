// The Protection Profiles view's Templates group (collapsed, after the profiles): each template,
// below it its fields (rule in the description, description in the tooltip) and its policies,
// read from the platform when that row is opened.
import * as vscode from 'vscode';
import type { ProtectionTemplate, TemplateField, TemplatePolicy } from '../../schema/profileTemplates';
import { fieldRule } from '../../schema/templateFieldRules';
import { ErrorNode, MessageNode, TreeNode } from '../../ui/treeNodes';
import { fieldName, fieldRuleSummary, fieldTooltip, policyLabel, templateDetail, templateLabel } from './model/templateText';

export const TEMPLATES_CONTEXT = 'platformConsole.profileTemplates';
export const TEMPLATE_ROW_CONTEXT = 'platformConsole.protectionTemplate';

export interface TemplateNodeOwner {
  readonly idPrefix: string;
  listTemplates(): Promise<ProtectionTemplate[]>;
  listPolicies(templateId: number): Promise<TemplatePolicy[]>;
  refresh(node?: TreeNode): void;
}

export class TemplatesNode extends TreeNode {
  constructor(readonly owner: TemplateNodeOwner) {
    super();
  }
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('Templates', vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `${this.owner.idPrefix}/templates`;
    item.iconPath = new vscode.ThemeIcon('library');
    item.tooltip = 'The protection templates a profile can be created from: their fields and policies';
    item.contextValue = TEMPLATES_CONTEXT;
    return item;
  }
  override async getChildren(): Promise<TreeNode[]> {
    try {
      const templates = await this.owner.listTemplates();
      if (templates.length === 0) return [new MessageNode('The platform lists no template', 'info')];
      return templates.map((t) => new TemplateRowNode(this, t));
    } catch (error) {
      return [new ErrorNode('Could not load the protection templates', error, () => this.owner.refresh(this))];
    }
  }
}

export class TemplateRowNode extends TreeNode {
  constructor(
    readonly group: TemplatesNode,
    readonly template: ProtectionTemplate,
  ) {
    super();
    this.parent = group;
  }
  get itemId(): string {
    return `${this.group.owner.idPrefix}/templates/${this.template.id}`;
  }
  getTreeItem(): vscode.TreeItem {
    const t = this.template;
    const item = new vscode.TreeItem(templateLabel(t), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.itemId;
    item.description = `template ${t.id}`;
    item.iconPath = new vscode.ThemeIcon('symbol-class');
    item.tooltip = `${templateLabel(t)} (template ${t.id}): ${templateDetail(t)}`;
    item.contextValue = TEMPLATE_ROW_CONTEXT;
    return item;
  }
  override getChildren(): TreeNode[] {
    const fields = (this.template.fields ?? []).map((f) => new TemplateFieldNode(this, f));
    return [...fields, new PoliciesNode(this)];
  }
}

export class TemplateFieldNode extends TreeNode {
  constructor(
    readonly row: TemplateRowNode,
    readonly field: TemplateField,
  ) {
    super();
    this.parent = row;
  }
  getTreeItem(): vscode.TreeItem {
    const rule = fieldRule(this.field.validation_schema);
    const item = new vscode.TreeItem(fieldName(this.field));
    item.id = `${this.row.itemId}/fields/${this.field.id}`;
    item.description = fieldRuleSummary(rule);
    item.iconPath = new vscode.ThemeIcon(rule.required ? 'symbol-field' : 'symbol-property');
    item.tooltip = new vscode.MarkdownString(fieldTooltip(this.field));
    item.contextValue = 'platformConsole.protectionTemplateField';
    return item;
  }
}

/** The template's policies: read when opened (GET …/templates/{id}/policies). */
export class PoliciesNode extends TreeNode {
  constructor(readonly row: TemplateRowNode) {
    super();
    this.parent = row;
  }
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('Policies', vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `${this.row.itemId}/policies`;
    item.iconPath = new vscode.ThemeIcon('law');
    item.tooltip = 'The policies this template offers (read from the platform when opened)';
    item.contextValue = 'platformConsole.protectionTemplatePolicies';
    return item;
  }
  override async getChildren(): Promise<TreeNode[]> {
    try {
      const policies = await this.row.group.owner.listPolicies(this.row.template.id);
      if (policies.length === 0) return [new MessageNode('No policies', 'info')];
      return policies.map(
        (p) =>
          new MessageNode(policyLabel(p), 'shield', {
            description: p.id ?? undefined,
            tooltip: p.description ?? undefined,
            contextValue: 'platformConsole.protectionTemplatePolicy',
          }),
      );
    } catch (error) {
      return [new ErrorNode('Could not read the policies', error, () => this.row.group.owner.refresh(this))];
    }
  }
}

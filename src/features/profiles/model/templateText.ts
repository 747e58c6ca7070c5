// How a protection template and its fields read: in the Templates group and in Create Protection
// Profile's template picker (description and field count), each field's rule in words. Pure text.
import type { ProtectionTemplate, TemplateField, TemplatePolicy } from '../../../schema/profileTemplates';
import { fieldRule, ruleText, typedText, type FieldRule } from '../../../schema/templateFieldRules';
import { escapeMarkdown } from '../../../ui/text/markdownText';

export function templateLabel(t: Pick<ProtectionTemplate, 'id' | 'name'>): string {
  return t.name?.trim() || `Template ${t.id}`;
}

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "Rate limits and bans · 4 fields (2 required)": the picker's detail and the group row's tooltip line. */
export function templateDetail(t: ProtectionTemplate): string {
  const fields = t.fields ?? [];
  const required = fields.filter((f) => fieldRule(f.validation_schema).required).length;
  const summary = `${count(fields.length, 'field')}${fields.length > 0 ? ` (${required} required)` : ''}`;
  return t.description?.trim() ? `${t.description.trim()} · ${summary}` : summary;
}

export function fieldName(f: Pick<TemplateField, 'id' | 'name' | 'name_in_config'>): string {
  return f.name?.trim() || f.name_in_config?.trim() || `Field ${f.id}`;
}

/** "whole number 1 to 100000 · required · default 1000": a field row's description. */
export function fieldRuleSummary(rule: FieldRule): string {
  const parts = [ruleText(rule), rule.required ? 'required' : 'optional'];
  if (rule.default !== undefined) parts.push(`default ${typedText(rule.default)}`);
  return parts.join(' · ');
}

/** A field's tooltip (Markdown): name, config name, kind, type, required, default, description. */
export function fieldTooltip(f: TemplateField): string {
  const rule = fieldRule(f.validation_schema);
  const lines = [
    `**${escapeMarkdown(fieldName(f))}** (field ${f.id}${f.name_in_config ? `, \`${escapeMarkdown(f.name_in_config)}\`` : ''})`,
    '',
    f.description?.trim() ? escapeMarkdown(f.description.trim()) : '_No description._',
    '',
    `- Type: ${escapeMarkdown(ruleText(rule))}`,
    `- Required: ${rule.required ? 'yes' : 'no (may be left out)'}`,
    `- Default: ${rule.default === undefined ? 'none' : escapeMarkdown(typedText(rule.default))}`,
  ];
  if (f.field_type) lines.push(`- Field type: ${escapeMarkdown(f.field_type)}`);
  return lines.join('\n');
}

export function policyLabel(p: TemplatePolicy): string {
  return p.name?.trim() || p.id?.trim() || 'Policy';
}

/** The prompt of a field's step: its description, then its rule ("the field's description as the prompt"). */
export function fieldPrompt(f: TemplateField): string {
  const rule = fieldRule(f.validation_schema);
  const description = f.description?.trim() || fieldName(f);
  return `${fieldName(f)}: ${description} (${ruleText(rule)}${rule.required ? '' : '; optional, empty to leave out'})`;
}

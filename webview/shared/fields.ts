// Labelled form controls built on @vscode-elements, with the refused rule shown under the field.
// `field` is the control's id in the form (`interfaces.0.networkId`): tests and issues use it.
import { html, nothing, type TemplateResult } from 'lit';

export interface Choice<T extends string> {
  value: T;
  label: string;
}

export const domId = (field: string) => `f-${field.replace(/[^A-Za-z0-9_-]/g, '-')}`;

export function issueLine(field: string, issue: string | undefined): TemplateResult | typeof nothing {
  return issue ? html`<div class="issue" role="alert" data-issue-for=${field}><span class="codicon codicon-error"></span> ${issue}</div>` : nothing;
}

export interface TextOptions {
  placeholder?: string;
  disabled?: boolean;
  hint?: string | TemplateResult;
}

export function textField(
  field: string,
  label: string,
  value: string,
  issue: string | undefined,
  onInput: (value: string) => void,
  options: TextOptions = {},
): TemplateResult {
  const id = domId(field);
  return html`<div class="field ${issue ? 'has-issue' : ''}" data-field=${field}>
    <label for=${id}>${label}</label>
    <vscode-textfield
      id=${id}
      name=${field}
      .label=${label}
      .value=${value}
      ?invalid=${Boolean(issue)}
      ?disabled=${options.disabled ?? false}
      placeholder=${options.placeholder ?? ''}
      aria-invalid=${issue ? 'true' : 'false'}
      @input=${(e: Event) => onInput((e.target as HTMLInputElement).value)}
    ></vscode-textfield>
    ${options.hint ? html`<div class="hint">${options.hint}</div>` : nothing} ${issueLine(field, issue)}
  </div>`;
}

export function textArea(
  field: string,
  label: string,
  value: string,
  issue: string | undefined,
  onInput: (value: string) => void,
  options: TextOptions & { rows?: number } = {},
): TemplateResult {
  const id = domId(field);
  return html`<div class="field ${issue ? 'has-issue' : ''}" data-field=${field}>
    <label for=${id}>${label}</label>
    <vscode-textarea
      id=${id}
      name=${field}
      .label=${label}
      .value=${value}
      rows=${options.rows ?? 3}
      ?invalid=${Boolean(issue)}
      placeholder=${options.placeholder ?? ''}
      @input=${(e: Event) => onInput((e.target as HTMLTextAreaElement).value)}
    ></vscode-textarea>
    ${options.hint ? html`<div class="hint">${options.hint}</div>` : nothing} ${issueLine(field, issue)}
  </div>`;
}

export function selectField<T extends string>(
  field: string,
  label: string,
  value: T,
  choices: readonly Choice<T>[],
  issue: string | undefined,
  onChange: (value: T) => void,
): TemplateResult {
  const id = domId(field);
  return html`<div class="field ${issue ? 'has-issue' : ''}" data-field=${field}>
    <label for=${id}>${label}</label>
    <vscode-single-select
      id=${id}
      name=${field}
      .label=${label}
      .value=${value}
      ?invalid=${Boolean(issue)}
      @change=${(e: Event) => onChange((e.target as HTMLSelectElement).value as T)}
    >
      ${choices.map((c) => html`<vscode-option value=${c.value} ?selected=${c.value === value}>${c.label}</vscode-option>`)}
    </vscode-single-select>
    ${issueLine(field, issue)}
  </div>`;
}

export function radioField<T extends string>(
  field: string,
  label: string,
  value: T,
  choices: readonly Choice<T>[],
  issue: string | undefined,
  onChange: (value: T) => void,
): TemplateResult {
  const name = domId(field);
  return html`<div class="field ${issue ? 'has-issue' : ''}" data-field=${field}>
    <span class="label" id=${`${name}-label`}>${label}</span>
    <vscode-radio-group aria-labelledby=${`${name}-label`} @change=${(e: Event) => onChange((e.target as HTMLInputElement).value as T)}>
      ${choices.map((c) => html`<vscode-radio name=${name} value=${c.value} label=${c.label} .checked=${c.value === value}>${c.label}</vscode-radio>`)}
    </vscode-radio-group>
    ${issueLine(field, issue)}
  </div>`;
}

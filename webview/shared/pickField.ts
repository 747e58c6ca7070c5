// Pick, don't type: a field that offers what the platform lists (a filterable drop-down), with
// "Enter an ID…" for a value the list does not show; typed alone while the list loads, where the
// server has no such list, or after a failed load (with the reason and Retry).
import { html, nothing, type TemplateResult } from 'lit';
import { ENTER_TYPED, type ListChoices } from '../../src/protocol/listChoices';
import { domId, issueLine, textField } from './fields';

export interface PickFieldOptions {
  /** "projects", "flavors": in the loading and failure lines. */
  noun: string;
  /** The typed field's placeholder. */
  placeholder?: string;
  /** Label of the option that switches to typing (default "Enter an ID…"). */
  enterLabel?: string;
  /** The person chose to type (kept by the page while it lives). */
  typed: boolean;
  setTyped: (typed: boolean) => void;
  /** Reads the list again (Retry). */
  reload: () => void;
}

export function pickField(
  field: string,
  label: string,
  value: string,
  choices: ListChoices,
  issue: string | undefined,
  onInput: (value: string) => void,
  options: PickFieldOptions,
): TemplateResult {
  if (choices.state === 'listed' && !options.typed) return listedField(field, label, value, choices.options, issue, onInput, options);
  const testId = `picker-${field}`;
  let hint: TemplateResult | typeof nothing = nothing;
  if (choices.state === 'loading') hint = html`<span data-testid=${testId} data-state="loading">Loading the ${options.noun}…</span>`;
  else if (choices.state === 'failed')
    hint = html`<span data-testid=${testId} data-state="failed"
      ><span class="codicon codicon-warning"></span> Could not load the ${options.noun}: ${choices.message}
      <vscode-button secondary data-testid=${`reload-${field}`} @click=${options.reload}>Retry</vscode-button></span
    >`;
  else if (choices.state === 'listed')
    hint = html`<span data-testid=${testId} data-state="typing"
      ><vscode-button secondary data-testid=${`pick-${field}`} @click=${() => options.setTyped(false)}>Pick from the list</vscode-button></span
    >`;
  else if (choices.hint) hint = html`<span data-testid=${testId} data-state="typed">${choices.hint}</span>`;
  return textField(field, label, value, issue, onInput, { placeholder: options.placeholder ?? '', ...(hint !== nothing && { hint }) });
}

function listedField(
  field: string,
  label: string,
  value: string,
  listed: readonly { value: string; label: string; description?: string }[],
  issue: string | undefined,
  onInput: (value: string) => void,
  options: PickFieldOptions,
): TemplateResult {
  const id = domId(field);
  // A value the list does not hold (typed before, or restored) stays, marked as such.
  const unlisted = value.trim() !== '' && !listed.some((o) => o.value === value);
  return html`<div class="field ${issue ? 'has-issue' : ''}" data-field=${field} data-picker="listed">
    <label for=${id}>${label}</label>
    <vscode-single-select
      id=${id}
      name=${field}
      combobox
      filter="contains"
      label=${label}
      .value=${value}
      ?invalid=${Boolean(issue)}
      @change=${(e: Event) => {
        const picked = (e.target as HTMLSelectElement).value;
        if (picked === ENTER_TYPED) options.setTyped(true);
        else if (picked !== value) onInput(picked);
      }}
    >
      ${unlisted ? html`<vscode-option value=${value} selected description="Not in the platform's list">${value} (not listed)</vscode-option>` : nothing}
      ${listed.map((o) => html`<vscode-option value=${o.value} description=${o.description ?? ''} ?selected=${o.value === value}>${o.label}</vscode-option>`)}
      <vscode-option value=${ENTER_TYPED} description="For one this list does not show">${options.enterLabel ?? 'Enter an ID…'}</vscode-option>
    </vscode-single-select>
    ${issueLine(field, issue)}
  </div>`;
}

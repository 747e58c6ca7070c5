// The edge secret wizards' steps, made from the catalog operations' inputs (#54 item 2): each box
// named by the field's title and checked by its own rule; a value typed in a masked box that keeps
// it for Back and Retry. A name the connection already has is refused as typed too.
import { createEdgeSecret, replaceEdgeSecretValue } from '../../operations/edgeSecrets';
import { fieldStep, operationSteps } from '../../ui/operationSteps';
import type { WizardStep } from '../../ui/wizard';
import { secretNameTaken } from './model/edgeSecretRules';

export interface CreateSecretState {
  name?: string;
  comment?: string;
  value?: string;
}

/** Create Secret…: name, comment, value in the operation's order; `taken` the names the connection has. */
export const createSecretSteps = (taken: readonly string[]): WizardStep<CreateSecretState>[] =>
  operationSteps<ReturnType<typeof createEdgeSecret.fields>, CreateSecretState>(createEdgeSecret, {
    name: { check: (name) => secretNameTaken(name, taken) },
    value: { password: true },
  });

/** Replace Value…: the new value only (the slot is the one in use, not asked). */
export const replaceValueSteps = (): WizardStep<{ value?: string }>[] => [fieldStep(replaceEdgeSecretValue, 'value', { password: true })];

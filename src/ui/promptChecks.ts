// Checks for an input box that stay quiet while it is still empty (an error on a box nobody has
// typed in yet hides its prompt) and refuse the empty value on Enter, naming the field.
import type { InputPrompt, Validation } from './flowUi';

export function checksQuietWhenEmpty(problem: (value: string) => Validation, emptyMessage: string): Pick<InputPrompt, 'validate' | 'validateOnAccept'> {
  return {
    validate: (value) => (value.trim() === '' ? undefined : problem(value)),
    validateOnAccept: (value) => Promise.resolve(value.trim() === '' ? emptyMessage : undefined),
  };
}

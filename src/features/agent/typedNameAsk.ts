// The chat tool's typed name (#54): after VS Code's own dialog, the person types the thing's name in
// the prompt the command shows (confirmByTypedName), so one click on Allow never removes what the
// command would only remove once its name is typed. No vscode here: the prompt goes through FlowUi.
import type { TypedNamePrompt } from '../../operations/commandConfirmation';
import type { FlowUi } from '../../ui/flowUi';
import { confirmByTypedName } from '../../ui/typedConfirmation';
import { quoted } from './model/platformText';

/** The editor's `askName` for runTool: undefined once the name is typed; Escape answers that nothing was sent. */
export function askNameInEditor(ui: () => FlowUi): (typed: TypedNamePrompt) => Promise<string | undefined> {
  return async (typed) =>
    (await confirmByTypedName(ui(), typed))
      ? undefined
      : `Not sent: the person was asked to type the name ${quoted(typed.name)} to confirm ${typed.title} and did not (the prompt was dismissed). Nothing was sent.`;
}

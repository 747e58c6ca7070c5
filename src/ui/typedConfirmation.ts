// An irreversible change asks for the thing's name typed: one prompt for every feature, naming
// the thing, its connection and what is lost. Only the exact name (spaces around it ignored) is accepted.
import { typedNameText } from '../operations/commandConfirmation';
import type { FlowUi } from './flowUi';
import { runWizard } from './wizard';

export interface TypedConfirmation {
  /** "Delete Snapshot Policy": the prompt's title. */
  title: string;
  /** "Snapshot policy nightly-snapshots (ID 10, project 1, region 1)". */
  thing: string;
  /** What must be typed: the thing's name. */
  name: string;
  connection: { name: string; baseUrl: string };
  /** "will be deleted permanently; its snapshots stop being made". */
  consequence: string;
  /** Said instead of "this cannot be undone" when it can be (an object storage restored within 2 weeks). */
  undo?: string;
}

/** The prompt's text and its check (pure, and the operations' own, so the command's, the chat tool's and MCP's wording is the same). */
export const typedConfirmationPrompt: (c: TypedConfirmation) => { prompt: string; problem: (typed: string) => string | undefined } = typedNameText;

/** True once the name was typed and accepted; Escape sends nothing. */
export async function confirmByTypedName(ui: FlowUi, c: TypedConfirmation): Promise<boolean> {
  const { prompt, problem } = typedConfirmationPrompt(c);
  const done = await runWizard<{ confirmed?: boolean }>(
    {},
    {
      title: `${c.title} (${c.connection.name})`,
      ui,
      steps: [
        {
          prompt: async (s, ctx) => {
            await ctx.input({
              prompt,
              placeholder: c.name,
              validate: (v) => (v.trim() === '' ? undefined : problem(v)),
              validateOnAccept: (v) => Promise.resolve(problem(v)),
            });
            s.confirmed = true;
          },
        },
      ],
    },
  );
  return done?.confirmed === true;
}

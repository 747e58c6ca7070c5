// The one confirmation every change goes through before it is sent: a modal naming what it does,
// to which thing, on which connection (text from ./text/writeConfirmation.ts).
import type { FlowUi } from './flowUi';
import { writeConfirmationText, type WriteSummary } from './text/writeConfirmation';

export type { WriteSummary };

/** True only when the person chose the summary's button; a dismissed dialog sends nothing. */
export async function confirmWrite(ui: FlowUi, summary: WriteSummary): Promise<boolean> {
  const { message, detail, button } = writeConfirmationText(summary);
  return (await ui.confirm(message, detail, [button])) === button;
}

// The command's confirmation of a catalog operation (src/operations): its modal, or its typed-name
// prompt when the operation asks for one. The words and that decision are the operation's.
import type * as z from 'zod';
import { commandConfirmation } from '../operations/commandConfirmation';
import type { Operation } from '../operations/operation';
import { confirmWrite } from './confirmWrite';
import type { FlowUi } from './flowUi';
import type { ConfirmedOn } from './text/writeConfirmation';
import { confirmByTypedName } from './typedConfirmation';

/** True only when the person confirmed; a dismissed dialog or Escape sends nothing. */
export async function confirmOperation<S extends z.ZodObject, T>(
  ui: FlowUi,
  op: Operation<S, T>,
  input: z.output<S>,
  thing: T | undefined,
  connection: ConfirmedOn,
): Promise<boolean> {
  const asked = commandConfirmation(op, input, thing, connection);
  return asked.typed ? confirmByTypedName(ui, asked.typed) : confirmWrite(ui, asked.summary);
}

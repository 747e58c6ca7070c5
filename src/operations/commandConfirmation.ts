// The command's face of an operation: the modal (or the typed-name prompt) a person answers before
// the command sends it, made from the operation's own target, so it reads as the chat tool and MCP
// read. Plain text (the modal shows no Markdown); the feature only shows it.
import type * as z from 'zod';
import { showHidden } from '../ui/text/hiddenCharacters';
import { connectionWords, type ConfirmedOn, type WriteSummary } from '../ui/text/writeConfirmation';
import { targetOf, type Operation } from './operation';

/** What the typed-name prompt says (src/ui/typedConfirmation.ts shows it). */
export interface TypedNamePrompt {
  readonly title: string;
  readonly thing: string;
  readonly name: string;
  readonly connection: ConfirmedOn;
  readonly consequence: string;
  readonly undo?: string;
}

export interface CommandConfirmation {
  /** The modal: the action, the connection, the consequence, the facts, undo or not, the button. */
  readonly summary: WriteSummary;
  /** Set when the operation asks for the name typed: asked instead of the modal. */
  readonly typed?: TypedNamePrompt;
}

/** The confirmation of `op` on `input`, the thing as known (undefined: not read), on `connection`. */
export function commandConfirmation<S extends z.ZodObject, T>(
  op: Operation<S, T>,
  input: z.output<S>,
  thing: T | undefined,
  connection: ConfirmedOn,
): CommandConfirmation {
  const target = targetOf(op, input, thing);
  const destructive = op.kind === 'destructive' || target.destructive !== undefined;
  const warning = [target.destructive ? `Destructive: ${target.destructive}.` : undefined, target.consequence].filter(Boolean).join(' ');
  const summary: WriteSummary = {
    action: target.operation ?? op.action(input, thing),
    connection,
    facts: target.facts,
    ...(warning ? { warning } : {}),
    destructive,
    ...(target.undo ? { undo: target.undo } : {}),
    button: op.button,
  };
  const name = op.typedName?.(input, thing);
  if (!name) return { summary };
  const facts = target.facts.map(([label, value]) => `${label} ${value}`).join(', ');
  return {
    summary,
    typed: {
      title: op.title,
      thing: `${target.noun} ${name} (${facts})`,
      name,
      connection,
      consequence: `is sent: ${summary.action}${target.consequence ? `. ${target.consequence.replace(/\.$/, '')}` : ''}`,
      // The prompt ends the undo with its own full stop.
      ...(target.undo ? { undo: target.undo.replace(/\.$/, '') } : {}),
    },
  };
}

/**
 * What the person reads when asked to type the name, and the rule on what they type: the same on
 * every face (the command's and the chat tool's input box, MCP's form field). Only the exact name
 * (spaces around it ignored) is accepted.
 */
export function typedNameText(c: TypedNamePrompt): { label: string; prompt: string; problem: (typed: string) => string | undefined } {
  return {
    label: showHidden(`Type its name, ${c.name}, to confirm`),
    prompt: showHidden(
      `${c.thing} on ${connectionWords(c.connection)} ${c.consequence}; ${c.undo ?? 'this cannot be undone'}. Type its name, ${c.name}, to confirm.`,
    ),
    problem: (typed) => (typed.trim() === c.name ? undefined : `Confirmation: type ${c.name} exactly`),
  };
}

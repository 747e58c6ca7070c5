// A catalog operation (src/operations) as an agent tool, for the chat agent and MCP alike: its
// class, input rules, target read, confirmation facts and request all come from the operation;
// the tool adds only what a model reads (names, descriptions) and the answer it gets back.
import * as z from 'zod';
import { targetOf, type Operation } from '../../../operations/operation';
import { connectionField, defineTool, type AgentBinding, type AgentTool } from './toolKit';

/** What only the tool says: its names, what the model reads about it, and its answer. */
export interface ToolFace<S extends z.ZodObject> {
  readonly name: string;
  readonly referenceName: string;
  readonly userDescription: string;
  /** What it does, for the model (the class and what the person sees come from the operation). */
  readonly purpose: string;
  /** When to use it and where its ids come from. */
  readonly usage: string;
  /** What the person is shown first, said instead of "<noun> is read first…" when nothing is read (a create). */
  readonly asks?: string;
  readonly answer: (sent: unknown, bound: AgentBinding, input: z.output<S>) => string;
}

export function toolFromOperation<S extends z.ZodObject, T>(op: Operation<S, T>, face: ToolFace<S>): AgentTool {
  const undo = op.kind === 'destructive' && !op.undoable ? ' It cannot be undone.' : '';
  return defineTool({
    name: face.name,
    referenceName: face.referenceName,
    displayName: op.title,
    userDescription: face.userDescription,
    modelDescription: `${face.purpose} ${face.asks ?? `${op.noun} is read first so the person sees which one, and confirms.`}${undo} ${face.usage}`,
    kind: op.kind,
    operation: op as unknown as Operation,
    ...(op.destructiveWhen ? { destructiveWhen: op.destructiveWhen } : {}),
    input: () => z.strictObject({ ...connectionField, ...op.fields().shape }),
    prepare: (input) => ({ ...op.request(input as z.output<S>), operation: op.action(input as z.output<S>) }),
    readTarget: async (b, input) => {
      const thing = await op.read(b.api, input as z.output<S>, b.signal);
      return { ...targetOf(op, input as z.output<S>, thing), operation: op.action(input as z.output<S>, thing) };
    },
    answer: (sent, b, input) => face.answer(sent, b, input as z.output<S>),
  });
}

// A wizard is a list of steps over one state object. Back undoes the last step that prompted
// (and what it set); the step count is computed from the steps that will actually prompt.
import { BACK, CANCEL, type FlowUi, type InputPrompt, type PickPrompt, type PromptFrame } from './flowUi';

class GoBack extends Error {}
class Cancelled extends Error {}

/** Back was pressed on a prompt inside a step: a step with prompts of its own may catch it. */
export function isBack(error: unknown): boolean {
  return error instanceof GoBack;
}

/** What a step uses to ask: frames (title, "Step k of n", Back) are filled in for it. */
export interface StepContext {
  input(prompt: Omit<InputPrompt, keyof PromptFrame>): Promise<string>;
  pick<T>(prompt: Omit<PickPrompt<T>, keyof PromptFrame | 'canPickMany'>): Promise<T>;
  pickMany<T>(prompt: Omit<PickPrompt<T>, keyof PromptFrame | 'canPickMany'>): Promise<T[]>;
}

export interface WizardStep<S> {
  /** A name to find the step by (Retry reopening a flow at a given step). */
  id?: string;
  /** Skipped (and not counted) when this says no. */
  shouldPrompt?(state: S): boolean;
  prompt(state: S, ctx: StepContext): Promise<void>;
}

export interface WizardOptions<S> {
  title: string;
  steps: readonly WizardStep<S>[];
  ui: FlowUi;
  /** Start at this step (e.g. Retry reopening the summary); earlier steps stay reachable by Back. */
  startAt?: number;
}

function restore<S extends object>(state: S, snapshot: S): void {
  for (const key of Object.keys(state)) if (!(key in snapshot)) delete (state as Record<string, unknown>)[key];
  Object.assign(state, snapshot);
}

/** Index of the step with this id; throws when there is none (a programming error). */
export function stepIndex<S>(steps: readonly WizardStep<S>[], id: string): number {
  const index = steps.findIndex((s) => s.id === id);
  if (index < 0) throw new Error(`No wizard step "${id}"`);
  return index;
}

/**
 * Runs the steps; resolves with the state when every step is done, or undefined when the person
 * pressed Escape (nothing is sent by the wizard itself: callers act on the returned state).
 */
export async function runWizard<S extends object>(state: S, options: WizardOptions<S>): Promise<S | undefined> {
  const { steps, ui, title } = options;
  const history: { index: number; snapshot: S }[] = [];
  const prompts = (s: WizardStep<S>) => !s.shouldPrompt || s.shouldPrompt(state);

  // Retry: replay the history up to startAt so that Back still walks through earlier steps.
  let index = 0;
  if (options.startAt !== undefined) {
    for (; index < options.startAt && index < steps.length; index++) {
      if (prompts(steps[index]!)) history.push({ index, snapshot: { ...state } });
    }
  }

  while (index < steps.length) {
    const step = steps[index]!;
    if (!prompts(step)) {
      index++;
      continue;
    }
    const snapshot = { ...state };
    const remaining = steps.slice(index + 1).filter(prompts).length;
    const frame: PromptFrame = { title, step: history.length + 1, totalSteps: history.length + 1 + remaining, canGoBack: history.length > 0 };
    const unwrap = <T>(result: T | typeof BACK | typeof CANCEL): T => {
      if (result === BACK) throw new GoBack();
      if (result === CANCEL) throw new Cancelled();
      return result;
    };
    const ctx: StepContext = {
      input: async (p) => unwrap(await ui.input({ ...p, ...frame })),
      pick: async (p) => unwrap(await ui.pick({ ...p, ...frame })),
      pickMany: async (p) => unwrap(await ui.pickMany({ ...p, ...frame, canPickMany: true })),
    };
    try {
      await step.prompt(state, ctx);
      history.push({ index, snapshot });
      index++;
    } catch (signal) {
      if (signal instanceof Cancelled) return undefined;
      if (!(signal instanceof GoBack)) throw signal;
      restore(state, snapshot);
      const previous = history.pop();
      if (!previous) continue; // Back on the first step: ask it again
      restore(state, previous.snapshot);
      index = previous.index;
    }
  }
  return state;
}

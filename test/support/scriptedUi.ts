// A FlowUi that answers from a script, for tests: values typed, items picked, Back, Escape.
// Like a person, it retypes when a value is refused: a refused answer is recorded with its
// message and the next answer is tried.
import {
  BACK,
  CANCEL,
  validationMessage,
  type Back,
  type Cancel,
  type FlowUi,
  type InputPrompt,
  type NotifySeverity,
  type PickPrompt,
  type SearchPrompt,
} from '../../src/ui/flowUi';
import { witness } from './keyWitness';

export const PRESS_BACK = { back: true } as const;
export const PRESS_ESCAPE = { escape: true } as const;
/** Enter on an input box as it was filled in (its prefilled value), or on a pick's highlighted item. */
export const ACCEPT = { accept: true } as const;
/**
 * A Go to… pick: `type` is what the person types (a server search runs for it; a whole-list read
 * is filtered by it as VS Code does, by label and description), then `pick` the label chosen.
 */
export type SearchAnswer = { type: string; pick: string };
export type Answer = string | typeof PRESS_BACK | typeof PRESS_ESCAPE | typeof ACCEPT | { pick: string | string[] } | SearchAnswer;

export interface RecordedPrompt {
  kind: 'input' | 'pick' | 'search';
  title: string;
  step: number;
  totalSteps: number;
  canGoBack: boolean;
  prompt: string;
  /** The prefilled value of an input box. */
  value?: string;
  password?: boolean;
  items?: string[];
  /** The label of a pick's highlighted item (what Enter would take). */
  active?: string;
  /** A pick that opened busy while its items loaded. */
  busy?: boolean;
  /** A search pick's messages as it read ("2,000 of 10,000 read"), in order. */
  messages?: string[];
  /** Messages shown for refused answers, in order. */
  refusals: string[];
  /** Warnings shown for accepted answers. */
  warnings: string[];
  /** Help shown for accepted answers (live examples). */
  infos?: string[];
}

export interface RecordedProgress {
  title: string;
  cancellable: boolean;
  messages: string[];
  cancelled: boolean;
  done: boolean;
}

export interface RecordedNotification {
  severity: NotifySeverity;
  message: string;
  actions: readonly string[];
}

export class ScriptedUi implements FlowUi {
  readonly prompts: RecordedPrompt[] = [];
  readonly notifications: RecordedNotification[] = [];
  readonly confirms: { message: string; detail: string }[] = [];
  readonly progressRuns: RecordedProgress[] = [];
  /** Runs before each prompt is answered (a test switching connection mid-flow, say). */
  beforeAnswer: ((prompt: RecordedPrompt) => Promise<void> | void) | undefined;
  /** Cancels a progress notification (like clicking Cancel) when this says so for a message. */
  cancelProgressWhen: ((title: string, message: string) => boolean) | undefined;
  private notificationWaiters: { test: RegExp; resolve: (n: RecordedNotification) => void }[] = [];

  constructor(
    private readonly answers: Answer[] = [],
    /** Chooses a notification's action (or a modal's button); undefined dismisses it. */
    private readonly choose: (message: string, actions: readonly string[]) => string | undefined = () => undefined,
  ) {}

  /** Adds answers for prompts still to come. */
  answer(...more: Answer[]): void {
    this.answers.push(...more);
  }

  get remainingAnswers(): number {
    return this.answers.length;
  }

  private next(prompt: RecordedPrompt): Answer {
    const answer = this.answers.shift();
    if (answer === undefined) throw new Error(`No scripted answer for "${prompt.title}" step ${prompt.step}: ${prompt.prompt}`);
    return answer;
  }

  async input(p: InputPrompt): Promise<string | Back | Cancel> {
    const record: RecordedPrompt = {
      kind: 'input',
      title: p.title,
      step: p.step,
      totalSteps: p.totalSteps,
      canGoBack: p.canGoBack,
      prompt: p.prompt,
      value: p.value,
      password: p.password,
      refusals: [],
      warnings: [],
    };
    this.prompts.push(record);
    // A masked box may hold what the person typed (their key on Retry); everything else is shown.
    witness('prompt', `input "${p.title}"`, p.title, p.prompt, p.placeholder, p.password ? undefined : p.value);
    await this.beforeAnswer?.(record);
    for (;;) {
      const answer = this.next(record);
      if (typeof answer === 'object' && 'back' in answer) {
        if (!p.canGoBack) throw new Error(`Back pressed on "${p.prompt}" which has no Back button`);
        return BACK;
      }
      if (typeof answer === 'object' && 'escape' in answer) return CANCEL;
      const value = typeof answer === 'object' && 'accept' in answer ? (p.value ?? '') : answer;
      if (typeof value !== 'string') throw new Error(`An input box was answered with ${JSON.stringify(answer)}`);
      const result = p.validate ? await p.validate(value) : undefined;
      const refusal = validationMessage(result);
      witness(
        'validation',
        `"${p.title}" step ${p.step}`,
        refusal,
        typeof result === 'object' && 'warning' in result ? result.warning : undefined,
        typeof result === 'object' && 'info' in result ? result.info : undefined,
      );
      if (refusal) {
        record.refusals.push(refusal);
        continue;
      }
      if (typeof result === 'object' && 'warning' in result) record.warnings.push(result.warning);
      if (typeof result === 'object' && 'info' in result) (record.infos ??= []).push(result.info);
      const late = p.validateOnAccept ? await p.validateOnAccept(value) : undefined;
      witness('validation', `"${p.title}" step ${p.step} on Enter`, late);
      if (late) {
        record.refusals.push(late);
        continue;
      }
      return value;
    }
  }

  async pick<T>(p: PickPrompt<T>): Promise<T | Back | Cancel> {
    const result = await this.pickAny(p, false);
    return Array.isArray(result) ? (result[0] as T) : result;
  }

  async pickMany<T>(p: PickPrompt<T>): Promise<T[] | Back | Cancel> {
    return this.pickAny(p, true);
  }

  private async pickAny<T>(shown: PickPrompt<T>, many: boolean): Promise<T[] | Back | Cancel> {
    // A person waits for a busy pick to fill before choosing; `busy` records that it was one.
    const p = shown.itemsLater ? { ...shown, items: [...shown.items, ...(await shown.itemsLater)] } : shown;
    // Chosen by the UI itself, as VS Code does: the person never answers it.
    const auto = p.items.find((i) => i.autoAccept);
    if (auto) return [auto.value];
    const record: RecordedPrompt = {
      kind: 'pick',
      title: p.title,
      step: p.step,
      totalSteps: p.totalSteps,
      canGoBack: p.canGoBack,
      prompt: p.placeholder,
      items: p.items.map((i) => i.label),
      refusals: [],
      warnings: [],
      // VS Code highlights the first item of a list that arrives without a highlighted one.
      active: (p.items.find((i) => p.activeValue !== undefined && Object.is(i.value, p.activeValue)) ?? (shown.itemsLater ? p.items[0] : undefined))?.label,
      busy: shown.itemsLater !== undefined,
    };
    this.prompts.push(record);
    witness('prompt', `pick "${p.title}"`, p.title, p.placeholder, ...p.items.flatMap((i) => [i.label, i.description, i.detail]));
    await this.beforeAnswer?.(record);
    const answer = this.next(record);
    if (typeof answer === 'object' && 'back' in answer) {
      if (!p.canGoBack) throw new Error(`Back pressed on "${p.placeholder}" which has no Back button`);
      return BACK;
    }
    if (typeof answer === 'object' && 'escape' in answer) return CANCEL;
    if (typeof answer === 'object' && 'accept' in answer) {
      if (many || record.active === undefined) throw new Error(`ACCEPT on "${p.placeholder}", which highlights no item`);
    }
    const labels = typeof answer === 'string' ? [answer] : 'accept' in answer ? [record.active!] : answer.pick;
    const labelList = Array.isArray(labels) ? labels : [labels];
    if (!many && labelList.length !== 1) throw new Error('A single pick was answered with several items');
    return labelList.map((label) => {
      const item = p.items.find((i) => i.label === label);
      if (!item) throw new Error(`No item "${label}" in "${p.placeholder}": ${record.items?.join(', ')}`);
      return item.value;
    });
  }

  /** Reads to the end of what `find` yields (a person waits for the busy pick), then picks; Escape aborts the read. */
  async search<T>(p: SearchPrompt<T>): Promise<T | Cancel> {
    const record: RecordedPrompt = {
      kind: 'search',
      title: p.title,
      step: 1,
      totalSteps: 1,
      canGoBack: false,
      prompt: p.placeholder,
      refusals: [],
      warnings: [],
      messages: [],
    };
    this.prompts.push(record);
    witness('prompt', `search "${p.title}"`, p.title, p.placeholder);
    await this.beforeAnswer?.(record);
    const answer = this.next(record);
    const controller = new AbortController();
    if (typeof answer === 'object' && 'escape' in answer) {
      controller.abort();
      return CANCEL;
    }
    if (typeof answer !== 'object' || !('type' in answer)) throw new Error(`A search pick was answered with ${JSON.stringify(answer)}`);
    let items: readonly { label: string; description?: string; value: T }[] = [];
    for await (const found of p.find(p.server ? answer.type : '', controller.signal)) {
      items = found.items;
      if (found.message) record.messages!.push(found.message);
      if (found.error !== undefined) p.failed?.(found.error);
      witness('prompt', `search "${p.title}"`, ...found.items.flatMap((i) => [i.label, i.description]));
    }
    const needle = answer.type.toLowerCase();
    const shown = p.server ? items : items.filter((i) => `${i.label} ${i.description ?? ''}`.toLowerCase().includes(needle));
    record.items = shown.map((i) => i.label);
    const item = shown.find((i) => i.label === answer.pick);
    if (!item) throw new Error(`No item "${answer.pick}" in "${p.title}" for "${answer.type}": ${record.items.slice(0, 20).join(', ')}`);
    return item.value;
  }

  async progress<T>(title: string, cancellable: boolean, work: (report: (message: string) => void, signal: AbortSignal) => Promise<T>): Promise<T> {
    const record: RecordedProgress = { title, cancellable, messages: [], cancelled: false, done: false };
    this.progressRuns.push(record);
    witness('progress', title, title);
    const controller = new AbortController();
    try {
      return await work((message) => {
        record.messages.push(message);
        witness('progress', title, message);
        if (cancellable && this.cancelProgressWhen?.(title, message)) {
          record.cancelled = true;
          controller.abort();
        }
      }, controller.signal);
    } finally {
      record.done = true;
    }
  }

  async confirm(message: string, detail: string, buttons: readonly string[]): Promise<string | undefined> {
    this.confirms.push({ message, detail });
    witness('confirm', message.slice(0, 60), message, detail, ...buttons);
    return this.choose(message, buttons);
  }

  async notify(severity: NotifySeverity, message: string, actions: readonly string[] = []): Promise<string | undefined> {
    const n = { severity, message, actions };
    this.notifications.push(n);
    witness(`notification (${severity})`, message.slice(0, 60), message, ...actions);
    this.notificationWaiters = this.notificationWaiters.filter((w) => (w.test.test(message) ? (w.resolve(n), false) : true));
    return this.choose(message, actions);
  }

  /** Resolves with the first notification (already shown or still to come) matching `test`. */
  waitForNotification(test: RegExp, timeoutMs = 10_000): Promise<RecordedNotification> {
    const seen = this.notifications.find((n) => test.test(n.message));
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`No notification matching ${test} within ${timeoutMs} ms; saw ${JSON.stringify(this.notifications.map((n) => n.message))}`)),
        timeoutMs,
      );
      this.notificationWaiters.push({ test, resolve: (n) => (clearTimeout(timer), resolve(n)) });
    });
  }
}

// Pick, don't type: a step that offers what the platform lists, opening at once (busy while the
// list loads), with "Enter an ID…" for what the list does not show, a failed load shown as an
// item with its reason and Retry, and the typed input alone where the server has no such list.
// A paged list adds "Load more…": the pick reopens with every item read so far.
import type { Loaded } from '../platform/platformLists';
import type { PickItem } from './flowUi';
import { isBack, type StepContext } from './wizard';

const ENTER = Symbol('enter');
const RETRY = Symbol('retry');
const FAILED = Symbol('failed');
const MISSING = Symbol('missing');
const MORE = Symbol('more');
type Choice<T> = { value: T } | typeof ENTER | typeof RETRY | typeof FAILED | typeof MISSING | typeof MORE;

export interface MorePages<I> {
  /** Whether the last load left pages unread (read after each load). */
  has: () => boolean;
  /** Reads the next page: resolves with every item read so far. */
  load: () => Promise<Loaded<I>>;
  /** The item's description: "25 of 120 shown". */
  describe?: () => string | undefined;
}

export interface ListPickOptions<I, T> {
  /** What is picked, for the placeholder and the messages: "project", "lifecycle policy". */
  noun: string;
  /** Reads the list (`fresh` after Retry). */
  load: (fresh: boolean) => Promise<Loaded<I>>;
  /** The server answered this list with 404 before: straight to the typed input. */
  missing: () => boolean;
  /** Where a failed load is logged (its reason is also shown in the pick). */
  logError: (error: unknown) => void;
  /** One item of the pick for one item of the list. */
  item: (listed: I) => PickItem<T>;
  /** The value to highlight (the current or last choice); first in the list when it is there. */
  current?: T;
  /** The typed input: the fallback, and what "Enter an ID…" opens. Back from it returns to the list. */
  typed: () => Promise<T>;
  /** Label of the typed item (default "Enter an ID…"). */
  enterLabel?: string;
  /** Shown when the list is empty (default "No <noun>s found"). */
  emptyDetail?: string;
  /** A paged list: "Load more…" after the items while pages are left. */
  more?: MorePages<I>;
  /** Items offered after the list whatever it holds (*Create a new app…*). */
  extra?: PickItem<T>[];
}

/** The chosen value; throws the wizard's Back/Cancel like any prompt of the step. */
export async function pickFromList<I, T>(ctx: StepContext, options: ListPickOptions<I, T>): Promise<T> {
  // One object per value, so the highlighted item is found again when the items arrive.
  const wrapped = new Map<T, { value: T }>();
  const wrap = (value: T) => wrapped.get(value) ?? (wrapped.set(value, { value }), wrapped.get(value)!);
  let fresh = false;
  let more = false;
  for (;;) {
    if (options.missing()) return options.typed();
    const loading = more && options.more ? options.more.load() : options.load(fresh);
    more = false;
    const choice = await ctx.pick<Choice<T>>({
      placeholder: `Pick a ${options.noun}, or type to filter`,
      items: [],
      itemsLater: loading.then((loaded) => choices(loaded, options, wrap)),
      activeValue: options.current === undefined ? undefined : wrap(options.current),
    });
    if (choice === RETRY) {
      fresh = true;
      continue;
    }
    if (choice === MORE) {
      more = true;
      continue;
    }
    if (choice === FAILED) continue;
    if (choice === MISSING) return options.typed();
    if (choice === ENTER) {
      try {
        return await options.typed();
      } catch (error) {
        if (isBack(error)) continue;
        throw error;
      }
    }
    return choice.value;
  }
}

function choices<I, T>(loaded: Loaded<I>, options: ListPickOptions<I, T>, wrap: (value: T) => { value: T }): PickItem<Choice<T>>[] {
  const enter: PickItem<Choice<T>> = { label: `$(edit) ${options.enterLabel ?? 'Enter an ID…'}`, description: 'for one this list does not show', value: ENTER };
  // The server has no such list (found out just now): straight on to the typed input.
  if ('unavailable' in loaded) return [{ label: `This server does not list ${options.noun}s`, value: MISSING, autoAccept: true }];
  if ('error' in loaded) {
    options.logError(loaded.error);
    const reason = loaded.error instanceof Error ? loaded.error.message : String(loaded.error);
    return [
      { label: `$(error) Could not load the ${options.noun}s`, detail: reason, value: FAILED },
      { label: '$(refresh) Retry', description: `read the ${options.noun}s again`, value: RETRY },
      enter,
    ];
  }
  const listed = loaded.items.map((i) => options.item(i));
  const currentIndex = listed.findIndex((i) => options.current !== undefined && Object.is(i.value, options.current));
  const ordered = currentIndex > 0 ? [listed[currentIndex]!, ...listed.slice(0, currentIndex), ...listed.slice(currentIndex + 1)] : listed;
  const items: PickItem<Choice<T>>[] = ordered.map((i) => ({ ...i, value: wrap(i.value) }));
  if (items.length === 0) items.push({ label: `$(info) ${options.emptyDetail ?? `No ${options.noun}s found`}`, value: FAILED });
  if (options.more?.has()) items.push({ label: '$(more) Load more…', description: options.more.describe?.() ?? `read the next ${options.noun}s`, value: MORE });
  return [...items, enter, ...(options.extra ?? []).map((i) => ({ ...i, value: wrap(i.value) }))];
}

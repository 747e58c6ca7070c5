// Go to…: one row of a list too long to page through in the view. Where the platform searches by
// name the pick asks it for what is typed; elsewhere it reads the whole list a page at a time (as
// fast as the server answers, stopped when the pick closes) and VS Code filters what is read.
import type { PickItem, SearchFound, SearchPrompt } from './flowUi';

/** A pick holds at most this many items (a list longer than that: type to narrow a server search). */
export const GO_TO_MAX_ITEMS = 50_000;

const count = (n: number) => n.toLocaleString('en-US');

export interface GoToPage<T> {
  items: readonly T[];
  /** The list's length where the server says it. */
  total?: number;
  /** Pages are left after this one. */
  more: boolean;
}

export interface GoToOptions<T> {
  /** "Go to Secret". */
  title: string;
  /** What is listed, plural: "secrets". */
  noun: string;
  item: (listed: T) => PickItem<T>;
  /** The server's search for a typed text (its first page of matches), where the API has one. */
  search?: (text: string, signal: AbortSignal) => Promise<GoToPage<T>>;
  /** Otherwise the whole list, one page from `offset`. */
  page?: (offset: number, signal: AbortSignal) => Promise<GoToPage<T>>;
}

export function goToPrompt<T>(options: GoToOptions<T>): SearchPrompt<T> {
  const { search, page } = options;
  if (search)
    return {
      title: options.title,
      placeholder: `Type part of a name: the platform searches every one of the ${options.noun}`,
      server: true,
      find: (text, signal) => searched(options, search, text, signal),
    };
  if (!page) throw new Error('goToPrompt needs search or page');
  return {
    title: options.title,
    placeholder: `Type to filter the ${options.noun} as they are read`,
    server: false,
    find: (_text, signal) => everyPage(options, page, signal),
  };
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function* searched<T>(
  options: GoToOptions<T>,
  search: NonNullable<GoToOptions<T>['search']>,
  text: string,
  signal: AbortSignal,
): AsyncGenerator<SearchFound<T>> {
  let found: GoToPage<T>;
  try {
    found = await search(text.trim(), signal);
  } catch (error) {
    if (!signal.aborted) yield { items: [], message: `could not search: ${reason(error)}`, error };
    return;
  }
  if (signal.aborted) return;
  const shown = found.items.length;
  const more = found.total !== undefined && found.total > shown ? `${count(shown)} of ${count(found.total)} found: type more to narrow` : undefined;
  yield { items: found.items.map(options.item), message: more ?? (shown === 0 ? `no ${options.noun} found` : undefined) };
}

async function* everyPage<T>(options: GoToOptions<T>, page: NonNullable<GoToOptions<T>['page']>, signal: AbortSignal): AsyncGenerator<SearchFound<T>> {
  const items: PickItem<T>[] = [];
  let total: number | undefined;
  for (let more = true; more && !signal.aborted && items.length < GO_TO_MAX_ITEMS; ) {
    let next: GoToPage<T>;
    try {
      next = await page(items.length, signal);
    } catch (error) {
      if (!signal.aborted) yield { items: [...items], message: `${count(items.length)} read, then: ${reason(error)}`, error };
      return;
    }
    if (signal.aborted) return;
    items.push(...next.items.slice(0, GO_TO_MAX_ITEMS - items.length).map(options.item));
    total = next.total ?? total;
    more = next.more && next.items.length > 0;
    const read = total !== undefined ? `${count(items.length)} of ${count(total)} read` : `${count(items.length)} read`;
    yield { items: [...items], message: more && items.length < GO_TO_MAX_ITEMS ? `${read}…` : read };
  }
}

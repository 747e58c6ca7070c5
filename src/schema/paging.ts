// The platform's lists (paths.md §2): how they page and the four shapes their answers take.
// None is in the spec; each reads what the published files promise, as leniently as the rest:
// an item the extension cannot use (no id) is left out, the rest of the page is kept.
import * as z from 'zod';
import { intIn, lenientInt, lenientText, textOf } from './schemaKit';

/** `limit` and `offset`, as the platform pages; `max`: the list's largest page. */
export function pageQuery(max: number) {
  return {
    limit: intIn(1, max).optional(),
    offset: intIn(0, Number.MAX_SAFE_INTEGER).optional(),
  };
}

/** A filter typed by a person: at most 255 characters, like every filter of the spec. */
export const filterText = () => textOf(0, 255).optional();

/** Items of a list: each parsed on its own; one the extension cannot use is dropped, not fatal (the rest kept). */
export function usableItems<T extends z.ZodType>(item: T) {
  return z
    .array(z.unknown())
    .nullish()
    .catch(undefined)
    .transform((items) =>
      (items ?? []).flatMap((raw) => {
        const parsed = item.safeParse(raw);
        return parsed.success ? [parsed.data] : [];
      }),
    );
}

/** Cloud: `{count, results}`. */
export function cloudList<T extends z.ZodType>(item: T) {
  return z.looseObject({ count: lenientInt(), results: usableItems(item) });
}

/** Billing, identity and protection profiles v3: `{count, next, previous, results}`. */
export function pagedList<T extends z.ZodType>(item: T) {
  return z.looseObject({ count: lenientInt(), next: lenientText(), previous: lenientText(), results: usableItems(item) });
}

/** One page as the extension uses it, whatever the list's shape. */
export interface Page<T> {
  items: T[];
  /** The total the server reports (undefined when it does not say). */
  total?: number;
  /** Where the next page starts; undefined when this was the last. */
  nextOffset?: number;
}

/** The next offset after a page that started at `offset` and held `received` items. */
export function nextOffset(offset: number, received: number, total: number | null | undefined, asked: number): number | undefined {
  const next = offset + received;
  if (received === 0) return undefined;
  if (typeof total === 'number') return next < total ? next : undefined;
  return received < asked ? undefined : next;
}

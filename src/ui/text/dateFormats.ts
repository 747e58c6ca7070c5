// Date formats made once per locale, options and time zone. Making an Intl.DateTimeFormat costs
// about a quarter of a millisecond and ICU memory outside the JS heap; a tree redrawing a range of
// a thousand rows asked for four thousand of them (the DDoS Attacks view's slow Load more).

/** How many formats are kept (the oldest made is dropped first): a few per view in practice. */
export const DATE_FORMATS_KEPT = 64;

const kept = new Map<string, Intl.DateTimeFormat>();

/** `new Intl.DateTimeFormat(locale, options)`, the same object for the same arguments (an unknown time zone throws, as the constructor does). */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}\n${JSON.stringify(options)}`;
  let format = kept.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    if (kept.size >= DATE_FORMATS_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(key, format);
  }
  return format;
}

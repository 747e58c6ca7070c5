// The one place that scrubs secrets out of text before it reaches a log, an error or a UI, and the
// one way to shorten such text: redact first, then cut, so a cut never leaves the start of a key.

const REDACTED = '***';
/** `Authorization: apikey <anything>` in any text, whatever the key. */
const APIKEY_HEADER = /(apikey)(\s+)([^\s"',;]+)/gi;
/**
 * The most of a key's start that may be left in text: 6 characters or more of it
 * are removed where text was cut inside the key; fewer tell nothing and match ordinary words.
 */
export const KEY_PREFIX_MIN = 6;
const ELLIPSIS = '…';

/** A secret as it may appear in text: as typed, URL-encoded, base64. Longest first. */
function secretForms(secrets: readonly (string | undefined)[]): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    // Shorter secrets would blank out ordinary words.
    if (!secret || secret.length < 4) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(Buffer.from(secret).toString('base64'));
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

/** An ellipsis (ours, a server's, an answer's `\n… (answer cut at …)`), after spaces or a line break if any. */
const CUT_MARK = /^\s*(…|\.\.\.)/;

/** Whether text was cut at `at`: it ends there, or a cut mark follows. */
function cutAt(text: string, at: number): boolean {
  return at === text.length || CUT_MARK.test(text.slice(at, at + 8));
}

/**
 * The start of a secret where text was cut inside it (by us, or by the server that echoed only
 * part of it): `invalid key 48213$9f1c2e…` -> `invalid key ***…`. Not elsewhere: a connection
 * named like the start of its key stays readable.
 */
function redactCutStarts(text: string, form: string): string {
  if (form.length <= KEY_PREFIX_MIN) return text;
  const head = form.slice(0, KEY_PREFIX_MIN);
  let out = '';
  let from = 0;
  for (let at = text.indexOf(head); at !== -1; at = text.indexOf(head, Math.max(at + 1, from))) {
    let end = at + KEY_PREFIX_MIN;
    while (end < text.length && end - at < form.length && text[end] === form[end - at]) end++;
    if (!cutAt(text, end)) continue;
    out += text.slice(from, at) + REDACTED;
    from = end;
  }
  return out + text.slice(from);
}

/**
 * Replaces every occurrence of each secret, its URL-encoded and base64 forms, and any
 * `apikey <token>` pair with `***`; and 6 or more characters of a secret's start where the text
 * was cut inside it. Secrets shorter than 4 characters are ignored (they would blank out
 * ordinary words).
 */
export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
  // A token that is already stars (`apikey **` after a cut) stays as it is, so redacting never lengthens a cut.
  let out = text.replace(APIKEY_HEADER, (whole, word: string, space: string, token: string) => (/^\*+$/.test(token) ? whole : `${word}${space}${REDACTED}`));
  const forms = secretForms(secrets);
  for (const form of forms) out = out.split(form).join(REDACTED);
  for (const form of forms) out = redactCutStarts(out, form);
  return out;
}

/**
 * Text that may hold a secret or came from a server, at most `max` characters: redacted, then cut
 * (with `…`), then what the cut left of a secret's start removed too.
 */
export function redactedCut(text: string, max: number, secrets: readonly (string | undefined)[]): string {
  const clean = redact(text, secrets);
  if (clean.length <= max) return clean;
  let cut = clean.slice(0, Math.max(0, max - ELLIPSIS.length));
  // Never half a character: a lone high surrogate at the cut is dropped.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${redact(cut, secrets)}${ELLIPSIS}`;
}

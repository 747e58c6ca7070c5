// Characters that break, hide or reorder text, shown as escapes wherever text from someone else
// (the platform, a model, a file) is put before a person or a model: a value cannot add lines,
// reverse what follows it or carry invisible text. One rule for the agents' answers and every
// confirmation of a write.

/**
 * Characters that break, hide or reorder text: controls (C0, DEL, C1), format characters (bidi
 * marks, embeddings, overrides and isolates, zero-width characters, the BOM, the invisible tag
 * characters used to smuggle text), the line and paragraph separators, half a surrogate pair,
 * and the supplementary variation selectors (another way to smuggle text; the emoji selectors
 * U+FE00–FE0F stay).
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\u{E0100}-\u{E01EF}]/gu;
const SHORT: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `\n`, `\r`, `\t`, else `\uXXXX` per UTF-16 unit (a surrogate pair as two): valid inside JSON strings too. */
function visible(ch: string): string {
  const short = SHORT[ch];
  if (short) return short;
  let out = '';
  for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/** Every hidden character as its escape (`\n`, `\u202e`…); other text unchanged. */
export function showHidden(text: string): string {
  return text.replace(HIDDEN, visible);
}

// JavaScript's regular expression syntax read just enough to run it on RE2 (linearRegex.ts): what
// RE2 cannot express, named, and the few places where the same text means something else there.
// re2js's translateRegExp then does the rest (`\uXXXX`, `\cX`, named groups, `[^]`).

/** Letters that mean something after `\` in JavaScript without `u`; any other is the letter itself. */
const JS_ESCAPE_LETTERS = 'bBdDsSwWfnrtvcxuk';
/** What JavaScript's `\s` holds beyond RE2's `[\t\n\f\r ]`. */
const MORE_SPACE = String.raw`\x0B\x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}`;
/** JavaScript's `.` stops at every line terminator; RE2's at `\n` only. */
const DOT = String.raw`[^\n\r\x{2028}\x{2029}]`;

// re2js can match a lookbehind (its LOOKBEHINDS flag), but only on its NFA: seconds on one 16 KB
// line with a large pattern, past the filter's budget before it can stop. Refused like the rest.
const LOOKAROUND: Record<string, string> = {
  '?=': 'lookahead (?=…)',
  '?!': 'negative lookahead (?!…)',
  '?<=': 'lookbehind (?<=…)',
  '?<!': 'negative lookbehind (?<!…)',
};

/** The first part of `source` RE2 cannot express, in words (`backreference \1`), or undefined. */
export function unsupportedPart(source: string): string | undefined {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      if (!inClass && next >= '1' && next <= '9') return `backreference \\${/^\d+/.exec(source.slice(i + 1))![0]}`;
      if (!inClass && next === 'k' && source[i + 2] === '<') return `backreference \\k<${/^[^>]*/.exec(source.slice(i + 3))![0]}>`;
      i++;
    } else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') {
      const kind = Object.keys(LOOKAROUND).find((k) => source.startsWith(k, i + 1));
      if (kind) return LOOKAROUND[kind];
    }
  }
  return undefined;
}

/** `source` (valid JavaScript, nothing unsupportedPart names) as RE2 reads the same pattern. */
export function jsToRe2(source: string, unicode: boolean): string {
  let out = '';
  let inClass = false;
  /** The current class held `\s`: JavaScript's other spaces go in before its `]`. */
  let classSpace = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      i++;
      if (/[a-zA-Z]/.test(next) && !unicode && !JS_ESCAPE_LETTERS.includes(next)) out += next;
      else if (next === 's' && inClass) {
        out += '\\s';
        classSpace = true;
      } else if ((next === 's' || next === 'S') && !inClass) out += `[${next === 'S' ? '^' : ''}\\s${MORE_SPACE}]`;
      else out += `\\${next}`;
    } else if (inClass) {
      if (c === ']') {
        out += `${classSpace ? MORE_SPACE : ''}]`;
        inClass = false;
      } else out += c === '[' ? '\\[' : c; // RE2 would read `[:alpha:]` as a POSIX class
    } else if (c === '[') {
      inClass = true;
      classSpace = false;
      // `]` first closes the class in JavaScript (`[]`, `[^]`): copied as is for translateRegExp.
      const head = source.startsWith('^', i + 1) ? '[^' : '[';
      out += head;
      i += head.length - 1;
      if (source[i + 1] === ']') {
        out += ']';
        i++;
        inClass = false;
      }
    } else out += c === '.' ? DOT : c;
  }
  return out;
}

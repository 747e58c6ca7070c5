// A pattern that is only literal text joined by `.*` (`user.*login.*failed`, the grep habit) is
// matched without the regular expression engine, in linear time: as a backtracking regular
// expression it is cubic on a long line, which regexRisk.ts would refuse. Shared by the page and
// the extension, like the filter (logFilter.ts).
import type { AST } from '@eslint-community/regexpp';
import { isDotStar, parser } from './regexRisk';

/**
 * The literal pieces of a pattern that is only text joined by `.*` (`user.*login.*failed`, the
 * usual grep habit), or undefined. Such a pattern is searched piece by piece (literalChainTest),
 * in linear time, instead of refused as unbounded parts in a row.
 */
export function literalChain(source: string): string[] | undefined {
  let pattern: AST.Pattern;
  try {
    pattern = parser.parsePattern(source, 0, source.length, { unicode: false });
  } catch {
    return undefined;
  }
  if (pattern.alternatives.length !== 1) return undefined;
  const pieces: string[] = [''];
  for (const e of pattern.alternatives[0]!.elements) {
    if (isDotStar(e)) pieces.push('');
    // A literal character, and not a line break: `.*` never crosses one, so a piece may not hold one.
    else if (e.type === 'Character' && !LINE_BREAKS.includes(String.fromCodePoint(e.value))) pieces[pieces.length - 1] += String.fromCodePoint(e.value);
    else return undefined;
  }
  const kept = pieces.filter(Boolean);
  return pieces.length > 1 && kept.length > 0 ? kept : undefined;
}

const LINE_BREAKS = '\n\r\u2028\u2029';

/**
 * Whether `pieces` occur in order within one line of the message, as `a.*b.*c` would match: the
 * earliest match of each piece is the best start for the next, so each piece is a literal search
 * (exact under the `i` flag too), and each match found is remembered while it is still ahead, so
 * the message is read about once per piece whatever its lines.
 */
export function literalChainTest(pieces: readonly string[], caseSensitive: boolean): (message: string) => boolean {
  const finders = pieces.map((p) => new RegExp(p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), caseSensitive ? 'g' : 'gi'));
  const lineBreak = /[\n\r\u2028\u2029]/g;
  return (message) => {
    // Per piece: the start of its earliest match at or after the last search's start (-1: none left).
    const ahead: (number | undefined)[] = [];
    const find = (k: number, from: number): number => {
      const known = ahead[k];
      if (known !== undefined && (known === -1 || known >= from)) return known;
      const finder = finders[k]!;
      finder.lastIndex = from;
      const index = finder.exec(message)?.index ?? -1;
      ahead[k] = index;
      return index;
    };
    let at = 0;
    for (;;) {
      const start = find(0, at);
      if (start === -1) return false;
      lineBreak.lastIndex = start;
      const lineEnd = lineBreak.exec(message)?.index ?? message.length;
      let next = start + pieces[0]!.length;
      let k = 1;
      for (; k < finders.length; k++) {
        const index = find(k, next);
        // A piece found nowhere further on: no later line has the chain either.
        if (index === -1) return false;
        next = index + pieces[k]!.length;
        if (next > lineEnd) break;
      }
      if (k === finders.length && next <= lineEnd) return true;
      if (lineEnd >= message.length) return false;
      at = lineEnd + 1;
    }
  };
}

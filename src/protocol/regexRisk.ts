// Whether a regular expression typed into the log filter could take minutes on one line, checked
// before it runs: the page runs in the workbench's own renderer, so such a pattern would freeze the
// whole window. Pure and shared, like the filter: the page checks as the person types, the
// extension before Export and Open in Editor. Parsed by regexpp (the ECMAScript pattern grammar, Annex B included);
// the rules are ours: the detectors on npm either missed repeated alternatives like `(a|aa)+` or
// refused most ordinary patterns (docs/features/function-logs.md has the comparison).
//
// Refused: (1) a repetition inside a repetition where the inner one can run into the next round
// (`(\w+\s?)+`, `(.*a){12}`): exponential, or polynomial of the outer count's degree; (2) alternatives
// that can match the same text, repeated (`(a|aa)+`, `(\w|\d)+`): exponential; (3) unbounded parts
// in a row that can hand text to each other, searched from every position (`a.*b.*c`): cubic, minutes
// on one long line. What stays is at most quadratic in a line's length, which the 16 KB cut on
// intake bounds (logItems.ts), and each filter pass has a time budget on top (logFilter.ts).
import { RegExpParser, type AST } from '@eslint-community/regexpp';
import { ANY_BUT_NEWLINE, DIGIT, EVERYTHING, NOTHING, SPACE, WORD, complement, foldAsciiCase, intersects, union, type CharRanges } from './charRanges';

/** A quantifier whose maximum is at least this can run over a long stretch of a line. */
const LONG = 32;
/** Repeated alternatives that can match alike: refused from this many rounds (2^8 ways per start at most below it). */
const ALTERNATION_ROUNDS = 8;

export interface RegexVerdict {
  /** The source to compile: a `.*` at either end of the pattern dropped (`test()` gives the same answer, in linear time). */
  source: string;
  /** Why it is refused, in words; undefined when accepted. */
  refusal?: string;
}

type Sequence = readonly AST.Element[];
type Branching = AST.Pattern | AST.Group | AST.CapturingGroup | AST.LookaroundAssertion;

/** The pattern grammar the checks read (ECMAScript, Annex B included). */
export const parser = new RegExpParser({ ecmaVersion: 2025 });
const code = (raw: string) => `\`${raw.length > 60 ? `${raw.slice(0, 57)}…` : raw}\``;

/** Checks `source` (already accepted by `new RegExp`). */
export function assessRegex(source: string): RegexVerdict {
  let pattern: AST.Pattern;
  try {
    pattern = parser.parsePattern(source, 0, source.length, { unicode: false });
  } catch {
    // The engine took it but the grammar we check with does not know it: better refused than run blind.
    return { source, refusal: `Regular expression refused: ${code(source)} could not be checked for slow matching` };
  }
  const kept = stripDotStars(pattern);
  const compiled = kept === undefined ? source : kept.length === 0 ? '' : source.slice(kept[0]!.start, kept[kept.length - 1]!.end);
  const sequences: Sequence[] = kept ? [kept] : pattern.alternatives.map((a) => a.elements);
  const refusal = nestedRepetition(pattern) ?? repeatedAlternatives(pattern) ?? tradingRun(sequences);
  return { source: compiled, ...(refusal && { refusal: `Regular expression refused: ${refusal}` }) };
}

export const isDotStar = (e: AST.Element | undefined) => e?.type === 'Quantifier' && e.min === 0 && e.max === Infinity && e.element.type === 'CharacterSet' && e.element.kind === 'any';

/** The top-level elements without a leading or trailing `.*` (one alternative only), or undefined when nothing goes. */
function stripDotStars(pattern: AST.Pattern): Sequence | undefined {
  if (pattern.alternatives.length !== 1) return undefined;
  const elements = pattern.alternatives[0]!.elements;
  let from = 0;
  let to = elements.length;
  while (from < to && isDotStar(elements[from])) from++;
  while (to > from && isDotStar(elements[to - 1])) to--;
  return from === 0 && to === elements.length ? undefined : elements.slice(from, to);
}

// ---- what a part can match ---------------------------------------------------------------

const charCache = new WeakMap<AST.Node, CharRanges>();

/** Every character the node can consume (case folded: the filter ignores case unless asked). */
function chars(node: AST.Node): CharRanges {
  const cached = charCache.get(node);
  if (cached) return cached;
  const set = foldAsciiCase(rawChars(node));
  charCache.set(node, set);
  return set;
}

function rawChars(node: AST.Node): CharRanges {
  switch (node.type) {
    case 'Character':
      return [[node.value, node.value]];
    case 'CharacterClassRange':
      return [[node.min.value, node.max.value]];
    case 'CharacterSet':
      if (node.kind === 'any') return ANY_BUT_NEWLINE;
      if (node.kind === 'property') return EVERYTHING;
      return node.negate ? complement(escapeSet(node.kind)) : escapeSet(node.kind);
    case 'CharacterClass': {
      const inside = union(...node.elements.map((e) => rawChars(e)));
      // Complemented before folding: `[^a]` matches `A` when case matters (an over-estimate otherwise).
      return node.negate ? complement(inside) : inside;
    }
    case 'Quantifier':
      return node.max === 0 ? NOTHING : chars(node.element);
    case 'Alternative':
      return union(...node.elements.map(chars));
    case 'Group':
    case 'CapturingGroup':
    case 'Pattern':
      return union(...node.alternatives.map(chars));
    case 'Assertion':
      return NOTHING;
    default:
      // Backreferences, v-flag classes: anything.
      return EVERYTHING;
  }
}

const escapeSet = (kind: 'digit' | 'space' | 'word') => (kind === 'digit' ? DIGIT : kind === 'space' ? SPACE : WORD);

function nullable(node: AST.Node): boolean {
  switch (node.type) {
    case 'Quantifier':
      return node.min === 0 || nullable(node.element);
    case 'Alternative':
      return node.elements.every(nullable);
    case 'Group':
    case 'CapturingGroup':
      return node.alternatives.some(nullable);
    case 'Character':
    case 'CharacterClass':
    case 'CharacterSet':
    case 'ExpressionCharacterClass':
      return false;
    default:
      return true;
  }
}

/** Characters a match of the sequence can start with. */
function firstOf(elements: Sequence): CharRanges {
  const parts: CharRanges[] = [];
  for (const element of elements) {
    parts.push(first(element));
    if (!nullable(element)) break;
  }
  return union(...parts);
}

function first(node: AST.Node): CharRanges {
  switch (node.type) {
    case 'Quantifier':
      return node.max === 0 ? NOTHING : first(node.element);
    case 'Alternative':
      return firstOf(node.elements);
    case 'Group':
    case 'CapturingGroup':
      return union(...node.alternatives.map(first));
    default:
      return chars(node);
  }
}

/** Can the node match some text (the empty one counts) made only of characters in `set`? */
function within(node: AST.Node, set: CharRanges): boolean {
  switch (node.type) {
    case 'Quantifier':
      return node.min === 0 || within(node.element, set);
    case 'Alternative':
      return node.elements.every((e) => within(e, set));
    case 'Group':
    case 'CapturingGroup':
      return node.alternatives.some((a) => within(a, set));
    case 'Character':
    case 'CharacterClass':
    case 'CharacterSet':
      return intersects(chars(node), set);
    default:
      return true;
  }
}

// ---- walking the tree -----------------------------------------------------------------------

function children(node: AST.Node): AST.Node[] {
  switch (node.type) {
    case 'Pattern':
    case 'Group':
    case 'CapturingGroup':
      return node.alternatives;
    case 'Assertion':
      return node.kind === 'lookahead' || node.kind === 'lookbehind' ? node.alternatives : [];
    case 'Alternative':
      return node.elements;
    case 'Quantifier':
      return [node.element];
    default:
      return [];
  }
}

function* descendants(node: AST.Node, intoLookarounds = true): Generator<AST.Node> {
  for (const child of children(node)) {
    if (!intoLookarounds && child.type === 'Assertion') continue;
    yield child;
    yield* descendants(child, intoLookarounds);
  }
}

const quantifiers = (node: AST.Node) => [...descendants(node)].filter((n): n is AST.Quantifier => n.type === 'Quantifier');

// ---- (1) a repetition inside a repetition ------------------------------------------------------

/**
 * `outer` repeats a part holding `inner`, an unbounded quantifier; the text between one round's
 * `inner` and the next round's (what follows it in the round, what precedes it in the next) can all
 * be matched by `inner` itself: then the rounds can split a stretch of text in many ways.
 */
function nestedRepetition(pattern: AST.Pattern): string | undefined {
  for (const outer of quantifiers(pattern)) {
    if (outer.max < 2) continue;
    for (const inner of quantifiers(outer.element)) {
      if (inner.max < LONG || isInsideLookaround(inner, outer)) continue;
      const own = chars(inner);
      if (!intersects(own, first(inner.element))) continue;
      const { before, after } = aroundIn(inner, outer.element);
      if (before.every((e) => within(e, own)) && after.every((e) => within(e, own))) {
        const how = outer.max === Infinity ? 'can split the same text in exponentially many ways' : `can split the same text in about n^${outer.max} ways on an n-character line`;
        return `${code(outer.raw)} nests a repetition inside a repetition (${code(inner.raw)} can run into the next round), which ${how}: minutes on one line. Let each round end with a character the inner part cannot match, or drop the outer repetition`;
      }
    }
  }
  return undefined;
}

function isInsideLookaround(node: AST.Node, top: AST.Node): boolean {
  for (let at = node.parent; at && at !== top; at = at.parent) if (at.type === 'Assertion') return true;
  return false;
}

/** What precedes and follows `node` inside `top`, along the way down to it. */
function aroundIn(node: AST.Node, top: AST.Node): { before: AST.Element[]; after: AST.Element[] } {
  const before: AST.Element[] = [];
  const after: AST.Element[] = [];
  let child: AST.Node = node;
  for (let at = node.parent; at && child !== top; child = at, at = at.parent) {
    if (at.type !== 'Alternative') continue;
    const index = at.elements.indexOf(child as AST.Element);
    before.unshift(...at.elements.slice(0, index));
    after.push(...at.elements.slice(index + 1));
  }
  return { before, after };
}

// ---- (2) repeated alternatives that can match alike -------------------------------------------

function repeatedAlternatives(pattern: AST.Pattern): string | undefined {
  for (const outer of quantifiers(pattern)) {
    if (outer.max < ALTERNATION_ROUNDS) continue;
    const groups = [outer.element, ...descendants(outer.element, false)].filter((n): n is AST.Group | AST.CapturingGroup => (n.type === 'Group' || n.type === 'CapturingGroup') && n.alternatives.length > 1);
    for (const group of groups) {
      const alternatives = group.alternatives;
      for (let i = 0; i < alternatives.length; i++) {
        for (let j = i + 1; j < alternatives.length; j++) {
          if (mayMatchAlike(alternatives[i]!.elements, alternatives[j]!.elements)) {
            return `${code(outer.raw)} repeats alternatives that can match the same text (${code(alternatives[i]!.raw)} and ${code(alternatives[j]!.raw)}), which can split a line in exponentially many ways: minutes on one line. Make the alternatives start differently`;
          }
        }
      }
    }
  }
  return undefined;
}

const single = (e: AST.Element): e is AST.Character | AST.CharacterClass | AST.CharacterSet => e.type === 'Character' || e.type === 'CharacterClass' || e.type === 'CharacterSet';

/** Could one alternative's match be the other's, or its start (`a` and `aa`)? Compared character by character while both are plain. */
function mayMatchAlike(a: Sequence, b: Sequence): boolean {
  for (let k = 0; ; k++) {
    const x = a[k];
    const y = b[k];
    if (!x || !y) return true;
    if (!single(x) || !single(y)) return intersects(firstOf(a.slice(k)), firstOf(b.slice(k))) || nullable(x) || nullable(y);
    if (!intersects(chars(x), chars(y))) return false;
  }
}

// ---- (3) unbounded parts in a row that trade text --------------------------------------------

/** The elements of a sequence with plain groups (one alternative, not repeated) opened. */
function flatten(elements: Sequence): AST.Element[] {
  const out: AST.Element[] = [];
  for (const e of elements) {
    if ((e.type === 'Group' || e.type === 'CapturingGroup') && e.alternatives.length === 1) out.push(...flatten(e.alternatives[0]!.elements));
    else out.push(e);
  }
  return out;
}

/**
 * The largest degree of a run of unbounded quantifiers where each can take the text the next one
 * would (`.*` `b` `.*`: the first `.*` can stop at any `b`), plus one when the search, restarted at
 * every position, re-runs the first (what comes before it is text it could match itself).
 */
function tradingRun(top: readonly Sequence[]): string | undefined {
  // Each top-level alternative, and inside it each group not opened into it (repeated, or with
  // alternatives) and each lookaround: those are searched as if from anywhere.
  const sequences: { elements: AST.Element[]; top: boolean }[] = top.map((s) => ({ elements: flatten(s), top: true }));
  for (const node of top.flatMap((s) => s.flatMap((e) => [e, ...descendants(e)]))) {
    const branching =
      ((node.type === 'Group' || node.type === 'CapturingGroup') && (node.alternatives.length > 1 || node.parent.type === 'Quantifier')) ||
      (node.type === 'Assertion' && (node.kind === 'lookahead' || node.kind === 'lookbehind'));
    if (branching) for (const alternative of (node as Branching).alternatives) sequences.push({ elements: flatten(alternative.elements), top: false });
  }
  for (const { elements, top: isTop } of sequences) {
    const anchored = isTop && elements[0]?.type === 'Assertion' && elements[0].kind === 'start';
    let start = -1;
    let previous: AST.Quantifier | undefined;
    let run = 0;
    let between: AST.Element[] = [];
    for (let i = 0; i < elements.length; i++) {
      const e = elements[i]!;
      if (e.type !== 'Quantifier' || e.max < LONG) {
        between.push(e);
        continue;
      }
      const trades = previous !== undefined && between.every((b) => within(b, chars(previous!))) && intersects(first(e.element), chars(previous));
      if (!trades) {
        start = i;
        run = 0;
      }
      run++;
      const restarts = !anchored && elements.slice(0, start).every((b) => within(b, chars(elements[start]!)));
      if (run + (restarts ? 1 : 0) >= 3) {
        const hint = between[0]?.type === 'Character' && previous ? ` (e.g. ${code(`[^${between[0].raw}]*`)} for ${code(previous.raw)})` : '';
        const span = elements.slice(start, i + 1).map((x) => x.raw).join('');
        return `${code(span)} has unbounded parts in a row that can hand text to each other, and the search restarts at every position: cubic or worse, minutes on one long line. Make one of them unable to match what follows it${hint}`;
      }
      previous = e;
      between = [];
    }
  }
  return undefined;
}


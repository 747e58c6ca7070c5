// A command's wizard steps made from its operation's inputs (#54 item 2): each step fills one field
// of the operation, named by the field's title and checked as typed by the field's own rule, so the
// box refuses what the request would and the chat tool, MCP and the command name a field the same.
// What a command adds is declared: the platform's list to pick from (typed input the fallback),
// the words of an enum's choices, when a step is asked.
import * as z from 'zod';
import { fieldProblem, parseWholeNumber, wholeNumberProblem } from './fieldRules';
import { UUID_PATTERN } from '../schema/schemaKit';
import type { PickItem } from './flowUi';
import { pickFromList, type ListPickOptions } from './listPick';
import { checksQuietWhenEmpty } from './promptChecks';
import type { StepContext, WizardStep } from './wizard';

type Input<S extends z.ZodObject> = z.output<S>;
type FieldName<S extends z.ZodObject> = string & keyof Input<S>;
/** What a step needs of an operation: its name (for errors) and its inputs. */
type Inputs<S extends z.ZodObject> = { readonly name: string; readonly fields: () => S };

/** The platform's list a field's value is picked from; what the list does not show is typed. */
export type FieldList<I, V> = Omit<ListPickOptions<I, V>, 'typed' | 'current'>;

/** How a command asks for one field, beyond what the field itself says. */
export interface FieldAsk<State, V, I = never> {
  /** Pick, don't type: the platform's list of the thing; the typed box is "Enter an ID…" and the fallback. */
  list?: (state: State) => FieldList<I, V>;
  /** An enum's or a yes/no field's choices in words (label, description): the values themselves otherwise. */
  choices?: readonly { value: V; label: string; description?: string }[];
  /** The typed box's help under the title (the field's description otherwise). */
  prompt?: string;
  /** The typed box's example while it is empty ("e.g. ResellerExpenses"). */
  placeholder?: string;
  /** A masked box (a secret's value): nothing shown, nothing trimmed; Back and Retry keep the value, masked. */
  password?: boolean;
  /** Asked only when this says so (a field some choices leave out). */
  when?: (state: State) => boolean;
  /** An optional input this command must have (the one value a rename's PATCH sends; one of two, chosen): asked as required, empty refused. */
  required?: boolean;
  /** The value offered first (highlighted, or in the box) while the state has none and nothing was answered yet. */
  initial?: (state: State) => V;
  /** A rule of the platform as it is now, beyond the field's own (a name already taken): its words, said after the title. */
  check?: (value: V, state: State) => string | undefined;
}

/** The parts of a field schema a step needs: optional or not, and the inner kind. */
function unwrapped(schema: z.ZodType): { inner: z.ZodType; optional: boolean } {
  let inner = schema;
  let optional = false;
  for (;;) {
    if (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault) {
      optional = true;
      inner = inner.unwrap() as z.ZodType;
    } else if (inner instanceof z.ZodPipe) inner = inner.in as z.ZodType;
    else return { inner, optional };
  }
}

/** A field's name for people: its title (`.meta({ title })`), else its name in the request. */
export function fieldTitle(schema: z.ZodType, name: string): string {
  const meta = z.globalRegistry.get(schema);
  return typeof meta?.title === 'string' ? meta.title : name;
}

/**
 * The field's rule in words for the box's prompt ("a positive whole number", "a UUID",
 * "1 to 64 characters"), read from the same schema that checks it; undefined when it has none to say.
 */
export function ruleWords(schema: z.ZodType): string | undefined {
  const { inner, optional } = unwrapped(schema);
  const json = z.toJSONSchema(inner, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  const num = (key: string) => (typeof json[key] === 'number' && Math.abs(json[key]) < Number.MAX_SAFE_INTEGER ? json[key] : undefined);
  let words: string | undefined;
  if (json.type === 'integer' || json.type === 'number') {
    const kind = json.type === 'integer' ? 'whole number' : 'number';
    const min = num('minimum') ?? (num('exclusiveMinimum') === 0 && json.type === 'integer' ? 1 : undefined);
    const max = num('maximum');
    if (min === 1 && max === undefined) words = `a positive ${kind}`;
    else if (min !== undefined && max !== undefined) words = `a ${kind} from ${min} to ${max}`;
    else if (min !== undefined) words = `a ${kind}, ${min} or more`;
    else if (max !== undefined) words = `a ${kind}, at most ${max}`;
    else words = `a ${kind}`;
  } else if (json.type === 'string') {
    const min = num('minLength');
    const max = num('maxLength');
    if (json.format === 'uuid' || json.pattern === UUID_PATTERN.source) words = 'a UUID';
    else if (json.format === 'email') words = 'an email address';
    else if (min !== undefined && max !== undefined) words = `${min} to ${max} characters`;
    else if (max !== undefined) words = `at most ${max} characters`;
    else if (min !== undefined && min > 1) words = `at least ${min} characters`;
  }
  if (!optional) return words;
  return words ? `${words}; optional, empty to leave it out` : 'optional, empty to leave it out';
}

/** The field's schema in the operation's inputs (a programming error when there is none). */
export function operationField<S extends z.ZodObject>(op: Inputs<S>, field: string): z.ZodType {
  const schema = (op.fields().shape as Record<string, z.ZodType | undefined>)[field];
  if (!schema) throw new Error(`${op.name} has no input "${field}"`);
  return schema;
}

/** The rule of one entry of a map input (a template param's value, a reference's id), for a step that fills a map entry by entry. */
export function operationEntry<S extends z.ZodObject>(op: Inputs<S>, field: string): z.ZodType {
  const { inner } = unwrapped(operationField(op, field));
  if (!(inner instanceof z.ZodRecord)) throw new Error(`${op.name}'s input "${field}" is not a map`);
  return inner.valueType as z.ZodType;
}

/**
 * The schema at `path` inside `op`'s inputs ("schedules[].max_quantity", "change.max_quantity"): a
 * part of one input a richer step asks for (one schedule of a list), checked by the request's rule.
 * Through a union, the first option that has the key (a programming error when none has).
 */
export function operationFieldAt<S extends z.ZodObject>(op: Inputs<S>, path: string): z.ZodType {
  const [first, ...rest] = path.split('.');
  let schema = operationField(op, first!.replace(/\[\]$/, ''));
  const parts = [...(first!.endsWith('[]') ? ['[]'] : []), ...rest.flatMap((part) => (part.endsWith('[]') ? [part.slice(0, -2), '[]'] : [part]))];
  for (const part of parts) {
    const { inner } = unwrapped(schema);
    const options = inner instanceof z.ZodUnion ? (inner.options as z.ZodType[]).map((o) => unwrapped(o).inner) : [inner];
    const found =
      part === '[]'
        ? options.map((o) => (o instanceof z.ZodArray ? (o.element as z.ZodType) : undefined)).find(Boolean)
        : options.map((o) => (o instanceof z.ZodObject ? (o.shape as Record<string, z.ZodType | undefined>)[part] : undefined)).find(Boolean);
    if (!found) throw new Error(`${op.name} has no input "${path}"`);
    schema = found;
  }
  return schema;
}

/** Asks for one value of `schema` in a box or a pick by its kind; the rule is the schema's own. */
async function askValue<V>(
  ctx: StepContext,
  schema: z.ZodType,
  title: string,
  current: V | undefined,
  ask: FieldAsk<unknown, V, unknown>,
  state: unknown,
): Promise<V> {
  const { inner, optional: mayBeLeftOut } = unwrapped(schema);
  const optional = mayBeLeftOut && !ask.required;
  const help = ask.prompt ?? ruleWords(optional ? schema : inner);
  const also = (value: unknown) => {
    const words = ask.check?.(value as V, state);
    return words ? `${title}: ${words}` : undefined;
  };
  const prompt = help ? `${title} (${help})` : title;
  if (inner instanceof z.ZodEnum || inner instanceof z.ZodBoolean) {
    const values: unknown[] = inner instanceof z.ZodEnum ? inner.options : [true, false];
    const words = new Map((ask.choices ?? []).map((c) => [c.value as unknown, c]));
    const items: PickItem<V>[] = values.map((value) => {
      const said = words.get(value);
      const label = said?.label ?? (typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value));
      return { label, ...(said?.description ? { description: said.description } : {}), value: value as V };
    });
    return ctx.pick({ placeholder: ask.prompt ? `${title}: ${ask.prompt}` : title, items, ...(current === undefined ? {} : { activeValue: current }) });
  }
  const empty = `${title}: must not be empty`;
  if (inner instanceof z.ZodNumber) {
    // A whole number is checked as one (its bound named past 2^53); any other number as typed.
    const whole = inner.isInt;
    const parse = (v: string) => (whole ? parseWholeNumber(v) : v.trim() === '' ? Number.NaN : Number(v.trim()));
    const problem = (v: string) => (whole ? wholeNumberProblem(schema, v, title) : fieldProblem(schema, parse(v), title)) ?? also(parse(v));
    const text = await ctx.input({
      prompt,
      value: current === undefined ? '' : String(current),
      ...(ask.placeholder ? { placeholder: ask.placeholder } : {}),
      ...checksQuietWhenEmpty(problem, empty),
      ...(optional ? { validateOnAccept: () => Promise.resolve(undefined) } : {}),
    });
    return (text.trim() === '' ? undefined : parse(text)) as V;
  }
  if (inner instanceof z.ZodString) {
    const keep = (v: string) => (ask.password ? v : v.trim());
    const text = await ctx.input({
      prompt,
      value: current === undefined ? '' : String(current),
      ...(ask.placeholder ? { placeholder: ask.placeholder } : {}),
      ...(ask.password ? { password: true } : {}),
      ...checksQuietWhenEmpty((v) => fieldProblem(schema, keep(v), title) ?? also(keep(v)), empty),
      ...(optional ? { validateOnAccept: () => Promise.resolve(undefined) } : {}),
    });
    return (keep(text) === '' && optional ? undefined : keep(text)) as V;
  }
  throw new Error(`No typed step for the input "${title}": declare a step of its own`);
}

/**
 * The box (or pick) of one field of `op`, inside a step the command declares itself (a richer pick
 * whose fallback is typed): the same title, rule words and check as `fieldStep`; `current` prefills it.
 */
export function askField<S extends z.ZodObject, K extends FieldName<S>>(
  ctx: StepContext,
  op: Inputs<S>,
  field: K,
  current?: Input<S>[K],
  ask: Omit<FieldAsk<unknown, Input<S>[K]>, 'list' | 'when'> = {},
): Promise<Input<S>[K]> {
  const schema = operationField(op, field);
  return askValue(ctx, schema, fieldTitle(schema, field), current, ask, undefined);
}

/**
 * One wizard step filling `field` of `op`'s inputs into the state: picked from `ask.list` when the
 * platform lists the thing, else typed (or picked among an enum's values), checked by the field's
 * rule. The state's value is the box's starting value or the highlighted item (Back and Retry keep it).
 */
export function fieldStep<S extends z.ZodObject, K extends FieldName<S>, State extends { [P in K]?: Input<S>[K] }, I = never>(
  op: Inputs<S>,
  field: K,
  ask: FieldAsk<State, Input<S>[K], I> = {},
): WizardStep<State> {
  // Back undoes what a step set; the answer is kept here so the box shows it again when Back returns to it.
  const answered = new WeakMap<object, Input<S>[K]>();
  return {
    id: field,
    ...(ask.when ? { shouldPrompt: ask.when } : {}),
    prompt: async (state, ctx) => {
      const schema = operationField(op, field);
      const title = fieldTitle(schema, field);
      const current = state[field] ?? answered.get(state) ?? ask.initial?.(state);
      const typed = () => askValue<Input<S>[K]>(ctx, schema, title, current, ask as FieldAsk<unknown, Input<S>[K], unknown>, state);
      state[field] = (
        ask.list ? await pickFromList(ctx, { ...ask.list(state), typed, ...(current === undefined ? {} : { current }) }) : await typed()
      ) as State[K];
      if (state[field] !== undefined) answered.set(state, state[field]);
    },
  };
}

/**
 * Every input of `op` as steps, in the order the operation declares them: a wizard generated from
 * the operation. `asks` adds the words and conditions, or a step of the command's own (a list to pick from); fields named in `given` are not asked (the row
 * the command was run on, or a step the command writes itself).
 */
export function operationSteps<S extends z.ZodObject, State extends Partial<Input<S>>>(
  op: Inputs<S>,
  asks: { [K in FieldName<S>]?: Omit<FieldAsk<State, Input<S>[K]>, 'list'> | WizardStep<State> } = {},
  given: readonly FieldName<S>[] = [],
): WizardStep<State>[] {
  const names = Object.keys(op.fields().shape) as FieldName<S>[];
  return names
    .filter((name) => !given.includes(name))
    .map((name) => {
      const ask = asks[name];
      // A step of the command's own (a field picked from the platform's list: `fieldStep` with a list).
      if (ask && typeof ask.prompt === 'function') return ask as WizardStep<State>;
      return fieldStep<S, typeof name, State>(op, name, (ask ?? {}) as FieldAsk<State, Input<S>[typeof name]>);
    });
}

/** The state a wizard filled, checked as the operation's input: the request's own rules, once more before anything is read or sent. */
export function operationInput<S extends z.ZodObject>(op: Inputs<S>, state: object): Input<S> {
  // A field left out (an optional box left empty) is not sent as `undefined`.
  return op.fields().parse(Object.fromEntries(Object.entries(state).filter(([, value]) => value !== undefined)));
}

/**
 * The schema of `key` in each item of `op`'s list input `field` (`fields[].value`): a step the
 * command declares for one item checks it by this, as the request would (a programming error when there is none).
 */
export function operationItemField<S extends z.ZodObject>(op: Inputs<S>, field: string, key: string): z.ZodType {
  const list = unwrapped(operationField(op, field)).inner;
  const item = list instanceof z.ZodArray ? unwrapped(list.element as z.ZodType).inner : undefined;
  const schema = item instanceof z.ZodObject ? (item.shape as Record<string, z.ZodType | undefined>)[key] : undefined;
  if (!schema) throw new Error(`${op.name} has no input "${field}[].${key}"`);
  return schema;
}

/** A declared step's prompt, worded as a generated one: "<Title> (<rule in words>)", `more` added inside the brackets. */
export function fieldPromptText(schema: z.ZodType, name: string, more?: string): string {
  const help = [ruleWords(schema), more].filter(Boolean).join('; ');
  return help ? `${fieldTitle(schema, name)} (${help})` : fieldTitle(schema, name);
}

// A template's secret or store param answered by picking what the account has: its FastEdge
// secrets (one list) or its edge stores (paged, *Load more…*), by name; *Enter an ID…* for one the
// list does not show (and the id box alone where the server has no such list); an optional param
// offers *No secret* / *No store* first.
import type { Loaded } from '../../platform/platformLists';
import type { EdgeSecretShort } from '../../schema/edgeSecrets';
import type { EdgeStoreShort } from '../../schema/edgeStores';
import type { PickItem } from '../../ui/flowUi';
import { pickFromList } from '../../ui/listPick';
import { createEdgeApp } from '../../operations/edgeCreate';
import { wholeNumberProblem } from '../../ui/fieldRules';
import { operationEntry } from '../../ui/operationSteps';
import type { StepContext } from '../../ui/wizard';
import type { TemplateParamRule } from './model/edgeAppCreateRules';
import type { ReferenceKind, TemplateRef } from './model/edgeTemplateRefs';

/** A paged list read a page at a time (platform/listPages.ts's ListPages). */
export interface RefPages<T> {
  first: () => Promise<Loaded<T>>;
  more: () => Promise<Loaded<T>>;
  hasMore: () => boolean;
  shown: () => string;
}

export interface RefSource {
  secrets: (fresh: boolean) => Promise<Loaded<EdgeSecretShort>>;
  secretsMissing: () => boolean;
  stores: () => RefPages<EdgeStoreShort>;
  storesMissing: () => boolean;
  logError: (error: unknown) => void;
}

export const paramPrompt = (p: TemplateParamRule) => `${p.name}${p.mandatory ? ' (required)' : ' (optional)'}: ${p.descr || 'no description'} [${p.data_type}]`;

const checks = (problem: (v: string) => string | undefined) => ({ validate: problem, validateOnAccept: (v: string) => Promise.resolve(problem(v)) });

/**
 * The typed id of a secret or store, checked by the operation's rule on an entry of its `secrets` or
 * `stores` input; an optional param may be left empty (no reference).
 */
async function typedRef(ctx: StepContext, p: TemplateParamRule, kind: ReferenceKind, current: TemplateRef | undefined): Promise<TemplateRef | undefined> {
  const entry = operationEntry(createEdgeApp, kind === 'secret' ? 'secrets' : 'stores');
  const problem = (v: string) => (v.trim() === '' && !p.mandatory ? undefined : wholeNumberProblem(entry, v, `${p.name} (${kind} id)`));
  const typed = (
    await ctx.input({
      prompt: `${paramPrompt(p)}: the ${kind} id`,
      placeholder: p.mandatory ? undefined : 'empty: none',
      value: current?.kind === kind ? String(current.id) : '',
      ...checks(problem),
    })
  ).trim();
  return typed === '' ? undefined : { kind, id: Number(typed) };
}

const NO_REF = 0;
const uses = (n: number | null | undefined) => (n ? `used by ${n} app${n === 1 ? '' : 's'}` : 'no app uses it');

/** The param's reference: picked (or typed) by its kind; undefined for none (an optional param only). */
export async function pickTemplateRef(
  ctx: StepContext,
  src: RefSource,
  p: TemplateParamRule,
  kind: ReferenceKind,
  current: TemplateRef | undefined,
): Promise<TemplateRef | undefined> {
  const names = new Map<number, string>();
  const named = <I extends { id?: number | null; name?: string | null }>(x: I, rest: Omit<PickItem<number>, 'label' | 'value'>): PickItem<number> => {
    const id = x.id ?? 0;
    if (x.name) names.set(id, x.name);
    return { label: x.name || `${kind === 'secret' ? 'Secret' : 'Store'} ${id}`, value: id, ...rest };
  };
  const common = {
    noun: kind,
    logError: src.logError,
    current: current?.kind === kind ? current.id : p.mandatory ? undefined : NO_REF,
    typed: async () => (await typedRef(ctx, p, kind, current))?.id ?? NO_REF,
    lead: p.mandatory ? undefined : [{ label: `$(circle-slash) No ${kind}`, description: `${p.name} is optional`, value: NO_REF }],
  };
  let id: number;
  if (kind === 'secret') {
    id = await pickFromList<EdgeSecretShort, number>(ctx, {
      ...common,
      load: (fresh) => src.secrets(fresh),
      missing: src.secretsMissing,
      item: (x) => named(x, { description: `id ${x.id ?? '?'}`, detail: [x.comment, uses(x.app_count)].filter(Boolean).join(' · ') }),
      emptyDetail: 'No Edge secrets in the account: create one first, or enter an id',
    });
  } else {
    const pages = src.stores();
    id = await pickFromList<EdgeStoreShort, number>(ctx, {
      ...common,
      load: () => pages.first(),
      missing: src.storesMissing,
      more: { has: () => pages.hasMore(), load: () => pages.more(), describe: () => pages.shown() },
      item: (x) => named(x, { description: `id ${x.id}`, detail: [x.comment, uses(x.app_count)].filter(Boolean).join(' · ') }),
      emptyDetail: 'No edge stores in the account: create one first, or enter an id',
    });
  }
  return id === NO_REF ? undefined : { kind, id, name: names.get(id) ?? (current?.kind === kind && current.id === id ? current.name : undefined) };
}

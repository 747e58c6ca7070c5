// The Create Edge App wizard's steps over one state: source (template or binary), the template
// (with its description) and one prompt per template param, or a stored binary; then name,
// comment, env and the summary. A secret or store param is a reference picked from the account's
// list (an id typed as fallback), never a value. Each step fills inputs of the catalog operation
// (src/operations/edgeCreate.ts), named by their titles and checked by their own rules as typed
// (#54 item 2); Back works at every step (and between params); the state keeps every value for Retry.
import type * as z from 'zod';
import { createEdgeApp, type CreateAppThing } from '../../operations/edgeCreate';
import type { Loaded } from '../../platform/platformLists';
import type { EdgeTemplate } from '../../schema/edge';
import type { EdgeBinaryShort } from '../../schema/edgeBinaries';
import type { EdgeTemplateItem } from '../../schema/edgeLists';
import type { EdgeSecretShort } from '../../schema/edgeSecrets';
import type { EdgeStoreShort } from '../../schema/edgeStores';
import { fieldProblem } from '../../ui/fieldRules';
import { fieldStep, fieldTitle, operationEntry, operationField } from '../../ui/operationSteps';
import { isBack, type WizardStep } from '../../ui/wizard';
import { parseEnvEntries, templateParamProblem, type TemplateParamRule, type TemplateParamType } from './model/edgeAppCreateRules';
import { referenceKind, templateParamBody, type TemplateRef } from './model/edgeTemplateRefs';
import { paramPrompt, pickTemplateRef, type RefPages } from './edgeTemplateRefPick';

/** The operation's inputs a step fills by their names (template_id, binary_id, name, comment), and what the command keeps beside them. */
export interface EdgeCreateState {
  source?: 'template' | 'binary';
  template_id?: number;
  templateName?: string;
  templateParams?: TemplateParamRule[];
  params?: Record<string, string>;
  /** The secret and store params' references, by param name. */
  refs?: Record<string, TemplateRef>;
  binary_id?: number;
  name?: string;
  comment?: string;
  /** The env entries as typed ("A=1; B=2"), kept for Back and Retry. */
  envText?: string;
}

export interface EdgeCreateSource {
  templates: () => Promise<Loaded<EdgeTemplateItem>>;
  template: (id: number) => Promise<EdgeTemplate>;
  binaries: () => Promise<Loaded<EdgeBinaryShort & { usedBy: string[] }>>;
  templatesMissing: () => boolean;
  binariesMissing: () => boolean;
  /** The account's FastEdge secrets (names and ids only: a secret's value is never read). */
  secrets: (fresh: boolean) => Promise<Loaded<EdgeSecretShort>>;
  secretsMissing: () => boolean;
  /** The account's edge stores, a page at a time (a fresh reader per pick). */
  stores: () => RefPages<EdgeStoreShort>;
  storesMissing: () => boolean;
  logError: (error: unknown) => void;
}

/** The env entries typed on one line, `;` between them. */
export function envOf(text: string | undefined): { env: Record<string, string> } | { problem: string } {
  return parseEnvEntries((text ?? '').split(';').join('\n'));
}

const PARAM_TYPES = new Set(['string', 'number', 'date', 'time', 'secret', 'store', 'bool', 'json', 'enum']);
export function paramRules(template: EdgeTemplate): TemplateParamRule[] {
  return (template.params ?? []).flatMap((p) =>
    p.name
      ? [
          {
            name: p.name,
            data_type: (PARAM_TYPES.has(p.data_type ?? '') ? p.data_type : 'string') as TemplateParamType,
            mandatory: Boolean(p.mandatory),
            descr: p.descr ?? undefined,
            metadata: p.metadata ?? undefined,
          },
        ]
      : [],
  );
}

/** Text checks as an input box wants them: shown while typing, and again on Enter. */
const checks = (problem: (v: string) => string | undefined) => ({ validate: problem, validateOnAccept: (v: string) => Promise.resolve(problem(v)) });

type CreateFields = ReturnType<typeof createEdgeApp.fields>;

/** The template picked for `template_id`, then read: its name and params for the next step (a new template clears the old one's answers). */
function templateStep(src: EdgeCreateSource): WizardStep<EdgeCreateState> {
  const pick = fieldStep<CreateFields, 'template_id', EdgeCreateState, EdgeTemplateItem>(createEdgeApp, 'template_id', {
    when: (s) => s.source === 'template',
    required: true,
    list: () => ({
      noun: 'template',
      load: () => src.templates(),
      missing: src.templatesMissing,
      logError: src.logError,
      item: (t) => ({
        label: t.name || `Template ${t.id}`,
        description: `id ${t.id}${t.api_type ? ` · ${t.api_type}` : ''}`,
        detail: t.short_descr ?? undefined,
        value: t.id,
      }),
    }),
  });
  return {
    ...pick,
    prompt: async (s, ctx) => {
      const before = s.template_id;
      await pick.prompt(s, ctx);
      const id = s.template_id!;
      if (id !== before) {
        s.params = {};
        s.refs = {};
      }
      const template = await src.template(id);
      s.templateName = template.name ?? `template ${id}`;
      s.templateParams = paramRules(template);
    },
  };
}

/**
 * The template's params, one box or pick each (Back between them): they fill `params`, `secrets` and
 * `stores`. A value is checked by the template's rule for its type and by the operation's rule on an
 * entry of `params`; a reference is picked (edgeTemplateRefPick.ts).
 */
function paramsStep(src: EdgeCreateSource): WizardStep<EdgeCreateState> {
  return {
    id: 'params',
    shouldPrompt: (s) => s.source === 'template' && (s.templateParams?.length ?? 0) > 0,
    prompt: async (s, ctx) => {
      const entry = operationEntry(createEdgeApp, 'params');
      const params = s.templateParams ?? [];
      const values = { ...s.params };
      const refs = { ...s.refs };
      for (let i = 0; i < params.length; ) {
        const p = params[i]!;
        try {
          const kind = referenceKind(p);
          if (kind) {
            const ref = await pickTemplateRef(ctx, src, p, kind, refs[p.name]);
            if (ref) refs[p.name] = ref;
            else delete refs[p.name];
            i++;
            continue;
          }
          const typed = await ctx.input({
            prompt: paramPrompt(p),
            value: values[p.name] ?? '',
            ...checks((v) => templateParamProblem(p, v.trim()) ?? fieldProblem(entry, v.trim(), p.name)),
          });
          if (typed.trim() === '') delete values[p.name];
          else values[p.name] = typed.trim();
          i++;
        } catch (error) {
          if (!isBack(error) || i === 0) throw error;
          i--;
        }
      }
      s.params = values;
      s.refs = refs;
    },
  };
}

/** `env` typed on one line ("A=1; B=2"): each entry a NAME=value, the map checked by the operation's rule on `env`. */
function envStep(): WizardStep<EdgeCreateState> {
  return {
    id: 'env',
    prompt: async (s, ctx) => {
      const field = operationField(createEdgeApp, 'env');
      const title = fieldTitle(field, 'env');
      const problem = (v: string) => {
        const parsed = envOf(v);
        return 'problem' in parsed ? parsed.problem.replace(/^Line (\d+)/, 'Entry $1') : fieldProblem(field, parsed.env, title);
      };
      s.envText = await ctx.input({
        prompt: `${title} (optional): NAME=value entries, ";" between them`,
        placeholder: 'LOG_LEVEL=info; REGION=eu',
        value: s.envText ?? '',
        ...checks(problem),
      });
    },
  };
}

export function edgeCreateSteps(src: EdgeCreateSource): WizardStep<EdgeCreateState>[] {
  // The operation takes a template or a binary: which one is the command's own question.
  const source: WizardStep<EdgeCreateState> = {
    id: 'source',
    prompt: async (s, ctx) => {
      s.source = await ctx.pick({
        placeholder: 'Create the app from…',
        items: [
          {
            label: 'From a template',
            detail: 'A ready-made app of the platform; its parameters are asked next',
            value: 'template' as const,
            picked: s.source === 'template',
          },
          { label: 'From a binary', detail: 'A .wasm already stored in the account', value: 'binary' as const, picked: s.source === 'binary' },
        ],
      });
    },
  };
  const binary = fieldStep<CreateFields, 'binary_id', EdgeCreateState, EdgeBinaryShort & { usedBy: string[] }>(createEdgeApp, 'binary_id', {
    when: (s) => s.source === 'binary',
    required: true,
    list: () => ({
      noun: 'binary',
      load: () => src.binaries(),
      missing: src.binariesMissing,
      logError: src.logError,
      item: (b) => ({
        label: `Binary ${b.id}`,
        description: [b.api_type, b.status === 1 ? 'compiled' : `status ${b.status ?? '?'}`].filter(Boolean).join(' · '),
        detail: `${b.checksum ? `MD5 ${b.checksum}` : 'no checksum'} · ${b.usedBy.length ? `used by ${b.usedBy.join(', ')}` : b.unref_since ? `unused since ${b.unref_since}` : 'unused'}`,
        value: b.id,
      }),
    }),
  });
  // The command's order (what the app is made from first, the name then): each step one input of the operation, or the template's maps.
  return [source, templateStep(src), paramsStep(src), binary, fieldStep(createEdgeApp, 'name'), fieldStep(createEdgeApp, 'comment'), envStep()];
}

/** What the app is made from, in words: "template "Hello World HTTP" (301)" or "binary 4748". */
export function sourceText(s: EdgeCreateState): string {
  return s.source === 'template' ? `template ${s.templateName ?? ''} (${s.template_id})` : `binary ${s.binary_id}`;
}

/** The operation's input from the finished wizard, and the names the wizard read (the template's, each reference's). */
export function createRequest(s: EdgeCreateState): { input: z.input<ReturnType<typeof createEdgeApp.fields>>; thing: CreateAppThing } {
  const parsed = envOf(s.envText);
  const env = 'env' in parsed ? parsed.env : {};
  const template = s.source === 'template';
  const { env: params, secrets, stores } = templateParamBody(template ? (s.templateParams ?? []) : [], s.params ?? {}, s.refs ?? {});
  const ids = (m: Record<string, { id: number }>) => Object.fromEntries(Object.entries(m).map(([k, r]) => [k, r.id]));
  const names = (m: Record<string, { id: number }>) => Object.fromEntries(Object.keys(m).map((k) => [k, s.refs?.[k]?.name]));
  return {
    input: {
      name: s.name!,
      ...(template ? { template_id: s.template_id!, params } : { binary_id: s.binary_id! }),
      ...(Object.keys(secrets).length ? { secrets: ids(secrets) } : {}),
      ...(Object.keys(stores).length ? { stores: ids(stores) } : {}),
      env,
      ...(s.comment ? { comment: s.comment } : {}),
    },
    thing: { ...(template ? { templateName: s.templateName ?? `template ${s.template_id}` } : {}), secretNames: names(secrets), storeNames: names(stores) },
  };
}

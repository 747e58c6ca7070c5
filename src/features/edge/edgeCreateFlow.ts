// The Create Edge App wizard's steps over one state: source (template or binary), the template
// (with its description) and one prompt per template param, or a stored binary; then name,
// comment, env and the summary. A secret or store param is a reference picked from the account's
// list (an id typed as fallback), never a value. Every field is checked as typed; Back works at
// every step (and between params); the state keeps every value for Retry.
import type * as z from 'zod';
import type { CreateAppThing, createEdgeApp } from '../../operations/edgeCreate';
import type { Loaded } from '../../platform/platformLists';
import type { EdgeTemplate } from '../../schema/edge';
import type { EdgeBinaryShort } from '../../schema/edgeBinaries';
import type { EdgeTemplateItem } from '../../schema/edgeLists';
import type { EdgeSecretShort } from '../../schema/edgeSecrets';
import type { EdgeStoreShort } from '../../schema/edgeStores';
import { pickFromList } from '../../ui/listPick';
import { isBack, type StepContext, type WizardStep } from '../../ui/wizard';
import {
  edgeAppCommentProblem,
  edgeAppNameProblem,
  parseEnvEntries,
  templateParamProblem,
  type TemplateParamRule,
  type TemplateParamType,
} from './model/edgeAppCreateRules';
import { referenceKind, templateParamBody, type TemplateRef } from './model/edgeTemplateRefs';
import { paramPrompt, pickTemplateRef, type RefPages } from './edgeTemplateRefPick';

export interface EdgeCreateState {
  source?: 'template' | 'binary';
  templateId?: number;
  templateName?: string;
  templateParams?: TemplateParamRule[];
  params?: Record<string, string>;
  /** The secret and store params' references, by param name. */
  refs?: Record<string, TemplateRef>;
  binaryId?: number;
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

const idProblem = (v: string) => (/^[1-9]\d*$/.test(v.trim()) ? undefined : 'A positive whole number.');
const typedId = async (ctx: StepContext, what: string) =>
  Number(
    (
      await ctx.input({
        prompt: `ID of the ${what} (a positive whole number)`,
        value: '',
        validate: idProblem,
        validateOnAccept: (v) => Promise.resolve(idProblem(v)),
      })
    ).trim(),
  );

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

export function edgeCreateSteps(src: EdgeCreateSource): WizardStep<EdgeCreateState>[] {
  return [
    {
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
    },
    {
      id: 'template',
      shouldPrompt: (s) => s.source === 'template',
      prompt: async (s, ctx) => {
        const id = await pickFromList(ctx, {
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
          current: s.templateId,
          typed: () => typedId(ctx, 'template'),
        });
        if (id !== s.templateId) {
          s.params = {};
          s.refs = {};
        }
        const template = await src.template(id);
        s.templateId = id;
        s.templateName = template.name ?? `template ${id}`;
        s.templateParams = paramRules(template);
      },
    },
    {
      id: 'params',
      shouldPrompt: (s) => s.source === 'template' && (s.templateParams?.length ?? 0) > 0,
      prompt: async (s, ctx) => {
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
              ...checks((v) => templateParamProblem(p, v.trim())),
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
    },
    {
      id: 'binary',
      shouldPrompt: (s) => s.source === 'binary',
      prompt: async (s, ctx) => {
        s.binaryId = await pickFromList(ctx, {
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
          current: s.binaryId,
          typed: () => typedId(ctx, 'binary'),
        });
      },
    },
    {
      id: 'name',
      prompt: async (s, ctx) => {
        s.name = (
          await ctx.input({
            prompt: 'Name of the new app (its URL is made from it)',
            placeholder: 'my-edge-app',
            value: s.name ?? '',
            ...checks((v) => edgeAppNameProblem(v.trim())),
          })
        ).trim();
      },
    },
    {
      id: 'comment',
      prompt: async (s, ctx) => {
        s.comment = await ctx.input({ prompt: 'Comment (optional)', value: s.comment ?? '', ...checks(edgeAppCommentProblem) });
      },
    },
    {
      id: 'env',
      prompt: async (s, ctx) => {
        const problem = (v: string) => {
          const parsed = envOf(v);
          return 'problem' in parsed ? parsed.problem.replace(/^Line (\d+)/, 'Entry $1') : undefined;
        };
        s.envText = await ctx.input({
          prompt: 'Environment variables (optional): NAME=value entries, ";" between them',
          placeholder: 'LOG_LEVEL=info; REGION=eu',
          value: s.envText ?? '',
          ...checks(problem),
        });
      },
    },
  ];
}

/** What the app is made from, in words: "template "Hello World HTTP" (301)" or "binary 4748". */
export function sourceText(s: EdgeCreateState): string {
  return s.source === 'template' ? `template ${s.templateName ?? ''} (${s.templateId})` : `binary ${s.binaryId}`;
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
      ...(template ? { template_id: s.templateId!, params } : { binary_id: s.binaryId! }),
      ...(Object.keys(secrets).length ? { secrets: ids(secrets) } : {}),
      ...(Object.keys(stores).length ? { stores: ids(stores) } : {}),
      env,
      ...(s.comment ? { comment: s.comment } : {}),
    },
    thing: { ...(template ? { templateName: s.templateName ?? `template ${s.templateId}` } : {}), secretNames: names(secrets), storeNames: names(stores) },
  };
}

// A template's `secret` and `store` params are references, not values (published `template_param`
// data_type): the app names a FastEdge secret in `secrets` and an edge store in `stores` by id,
// under the param's name. Every other param travels as an env variable of the same name.
import type { TemplateParamRule } from './edgeAppCreateRules';

export type ReferenceKind = 'secret' | 'store';

/** A picked (or typed) reference: its id, and its name when a list showed it. */
export interface TemplateRef {
  readonly kind: ReferenceKind;
  readonly id: number;
  readonly name?: string;
}

export function referenceKind(param: TemplateParamRule): ReferenceKind | undefined {
  return param.data_type === 'secret' || param.data_type === 'store' ? param.data_type : undefined;
}

export interface TemplateParamBody {
  env: Record<string, string>;
  secrets: Record<string, { id: number }>;
  stores: Record<string, { id: number }>;
}

/**
 * Splits what the wizard gathered into the request's parts: values of plain params into env, and
 * references into `secrets` / `stores` (a param's own kind decides; a value typed for a reference
 * param, or a reference of the wrong kind, is dropped rather than sent in the wrong place).
 */
export function templateParamBody(
  params: readonly TemplateParamRule[],
  values: Readonly<Record<string, string>>,
  refs: Readonly<Record<string, TemplateRef>>,
): TemplateParamBody {
  const body: TemplateParamBody = { env: {}, secrets: {}, stores: {} };
  for (const p of params) {
    const kind = referenceKind(p);
    if (kind) {
      const ref = refs[p.name];
      if (ref && ref.kind === kind) (kind === 'secret' ? body.secrets : body.stores)[p.name] = { id: ref.id };
    } else if (values[p.name] !== undefined && values[p.name] !== '') body.env[p.name] = values[p.name]!;
  }
  return body;
}

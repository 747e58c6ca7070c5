// What a Cloud view row hands the command run on it: the thing, where it lives and on which
// connection. Features never import each other, so the view's rows carry this plain shape and the
// secrets, schedules and logs commands read it.

export interface CloudPlace {
  readonly connectionId: string;
  readonly projectId: number;
  readonly regionId: number;
}

export type CloudTarget =
  | (CloudPlace & { readonly kind: 'secret'; readonly id: string; readonly name: string })
  | (CloudPlace & { readonly kind: 'policy'; readonly id: number; readonly name: string })
  | (CloudPlace & { readonly kind: 'schedule'; readonly id: string; readonly policyId: number; readonly policyName: string })
  | (CloudPlace & { readonly kind: 'namespace'; readonly name: string })
  | (CloudPlace & { readonly kind: 'function'; readonly namespace: string; readonly name: string })
  | (CloudPlace & { readonly kind: 'region'; readonly name: string });

/** The row a command was run on carries a `cloudTarget`; anything else (the palette) has none. */
export function cloudTargetOf<K extends CloudTarget['kind']>(arg: unknown, kind: K): Extract<CloudTarget, { kind: K }> | undefined {
  const target = typeof arg === 'object' && arg !== null ? (arg as { cloudTarget?: unknown }).cloudTarget : undefined;
  return typeof target === 'object' && target !== null && (target as CloudTarget).kind === kind ? (target as Extract<CloudTarget, { kind: K }>) : undefined;
}

// What applying a reviewed configuration changes, per section (added / changed / removed), and
// that change as the catalog operation's input (its confirmation and PATCH: src/operations/
// edgeAppConfig.ts). Secrets are compared by id and resolved by name or id.
import type { ConfigInput } from '../../../operations/edgeAppConfig';
import { CONFIG_SECTIONS, type ConfigSection, type EdgeAppConfig, type SecretRef } from './edgeConfigDocument';

/** A secret known to the account: what a reference by name or id resolves to. */
export interface KnownSecret {
  id: number;
  name: string;
}

export interface SectionChanges {
  added: string[];
  changed: string[];
  removed: string[];
}
export type ConfigChanges = Record<ConfigSection, SectionChanges>;

export type ResolveResult = { ok: true; config: EdgeAppConfig } | { ok: false; problems: string[] };

/** Every reference given an id and a name from the account's secrets; an unknown one is refused by name. */
export function resolveSecretRefs(config: EdgeAppConfig, known: readonly KnownSecret[]): ResolveResult {
  const byId = new Map(known.map((s) => [s.id, s]));
  const byName = new Map(known.map((s) => [s.name, s]));
  const problems: string[] = [];
  const secrets: Record<string, SecretRef> = {};
  for (const [key, ref] of Object.entries(config.secrets)) {
    const found = ref.id !== undefined ? byId.get(ref.id) : ref.name !== undefined ? byName.get(ref.name) : undefined;
    if (!found) {
      // The reference is not repeated: a pasted secret value can look like a name or an id.
      problems.push(`[secrets] ${key}: no Edge Secret with that ${ref.id !== undefined ? 'id' : 'name'} on this account; create it in Edge Secrets first`);
      continue;
    }
    secrets[key] = { id: found.id, name: found.name };
  }
  return problems.length ? { ok: false, problems } : { ok: true, config: { ...config, secrets } };
}

const same = (section: ConfigSection, a: unknown, b: unknown) =>
  section === 'secrets'
    ? (a as SecretRef).id === (b as SecretRef).id && ((a as SecretRef).id !== undefined || (a as SecretRef).name === (b as SecretRef).name)
    : a === b;

export function configChanges(current: EdgeAppConfig, desired: EdgeAppConfig): ConfigChanges {
  const out = {} as ConfigChanges;
  for (const section of CONFIG_SECTIONS) {
    const was = current[section] as Record<string, unknown>;
    const now = desired[section] as Record<string, unknown>;
    const sorted = (keys: string[]) => keys.sort();
    out[section] = {
      added: sorted(Object.keys(now).filter((k) => !(k in was))),
      changed: sorted(Object.keys(now).filter((k) => k in was && !same(section, was[k], now[k]))),
      removed: sorted(Object.keys(was).filter((k) => !(k in now))),
    };
  }
  return out;
}

export const sectionChanged = (c: SectionChanges) => c.added.length + c.changed.length + c.removed.length > 0;
export const anyChange = (changes: ConfigChanges) => CONFIG_SECTIONS.some((s) => sectionChanged(changes[s]));

/**
 * The reviewed document as the catalog operation's input (src/operations/edgeAppConfig.ts): per
 * section that changes, the names added or changed with their new values (a secret reference as
 * its id) and the names removed. Merged into the app the changes were computed against, it is the
 * document's sections whole; the operation makes the confirmation and the PATCH from it.
 */
export function configInput(appId: number, desired: EdgeAppConfig, changes: ConfigChanges): ConfigInput {
  const input: ConfigInput = { app_id: appId };
  for (const section of CONFIG_SECTIONS) {
    const c = changes[section];
    if (!sectionChanged(c)) continue;
    const value = (key: string): string | number => {
      if (section !== 'secrets') return desired[section][key]!;
      const id = desired.secrets[key]?.id;
      if (id === undefined) throw new Error(`secret reference ${key} has no id: resolve the references first`);
      return id;
    };
    const set = Object.fromEntries([...c.added, ...c.changed].map((k) => [k, value(k)]));
    const given = { ...(Object.keys(set).length ? { set } : {}), ...(c.removed.length ? { remove: [...c.removed] } : {}) };
    if (section === 'secrets') input.secrets = given as NonNullable<ConfigInput['secrets']>;
    else input[section] = given as NonNullable<ConfigInput['env']>;
  }
  return input;
}

/** The secrets' names by id, from every reference the person saw (the app's and the document's), for the confirmation. */
export function secretNamesOf(...configs: EdgeAppConfig[]): Map<number, string> {
  const names = new Map<number, string>();
  for (const config of configs) for (const ref of Object.values(config.secrets)) if (ref.id !== undefined && ref.name) names.set(ref.id, ref.name);
  return names;
}

/** "2 added, 1 changed, 0 removed" over every section: the notification after the change. */
export function changeCount(changes: ConfigChanges): string {
  let added = 0;
  let changed = 0;
  let removed = 0;
  for (const s of CONFIG_SECTIONS) {
    added += changes[s].added.length;
    changed += changes[s].changed.length;
    removed += changes[s].removed.length;
  }
  return `${added} added, ${changed} changed, ${removed} removed`;
}

// What applying a reviewed configuration changes, per section (added / changed / removed), the
// PATCH body that carries only the changed sections (each sent whole: the platform replaces a map
// it is given), and the lines a confirmation shows. Secrets are compared and shown by id and name.
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

/** The PATCH body: only the sections that change, each whole; secrets as the published `{id}` references. */
export function configPatch(
  desired: EdgeAppConfig,
  changes: ConfigChanges,
): { env?: Record<string, string>; rsp_headers?: Record<string, string>; secrets?: Record<string, { id: number }> } {
  const body: ReturnType<typeof configPatch> = {};
  if (sectionChanged(changes.env)) body.env = { ...desired.env };
  if (sectionChanged(changes.rsp_headers)) body.rsp_headers = { ...desired.rsp_headers };
  if (sectionChanged(changes.secrets)) {
    body.secrets = {};
    for (const [key, ref] of Object.entries(desired.secrets)) {
      if (ref.id === undefined) throw new Error(`secret reference ${key} has no id: resolve the references first`);
      body.secrets[key] = { id: ref.id };
    }
  }
  return body;
}

const shownValue = (value: string) => JSON.stringify(value);
const refLabel = (ref: SecretRef | undefined) => (ref ? `secret ${ref.name ?? '(unnamed)'} (id ${ref.id ?? '?'})` : '(none)');

/**
 * One fact per change, every one and each value whole (#52: the person sees that UPSTREAM goes to
 * https://evil.example): "Variable GREETING: "Hallo" -> "Hello"", "Variable X: added "1"",
 * "Variable Y: removed (was "2")". A secret reference by the secret's name and id, never a value.
 */
export function changeFacts(current: EdgeAppConfig, desired: EdgeAppConfig, changes: ConfigChanges): [string, string][] {
  const facts: [string, string][] = [];
  for (const section of CONFIG_SECTIONS) {
    const c = changes[section];
    const show = (key: string, map: EdgeAppConfig) => (section === 'secrets' ? refLabel(map.secrets[key]) : shownValue(map[section][key] ?? ''));
    const label = (key: string) => `${SECTION_NOUNS[section]} ${key}`;
    facts.push(
      ...c.added.map((k): [string, string] => [label(k), `added ${show(k, desired)}`]),
      ...c.changed.map((k): [string, string] => [label(k), `${show(k, current)} -> ${show(k, desired)}`]),
      ...c.removed.map((k): [string, string] => [label(k), `removed (was ${show(k, current)})`]),
    );
  }
  return facts;
}

/** What the change loses: values removed and values overwritten (then it is destructive). */
export function lostCounts(changes: ConfigChanges): { removed: number; overwritten: number } {
  return {
    removed: CONFIG_SECTIONS.reduce((n, s) => n + changes[s].removed.length, 0),
    overwritten: CONFIG_SECTIONS.reduce((n, s) => n + changes[s].changed.length, 0),
  };
}

const SECTION_NOUNS: Record<(typeof CONFIG_SECTIONS)[number], string> = { env: 'Variable', rsp_headers: 'Response header', secrets: 'Secret reference' };

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

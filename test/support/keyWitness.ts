// Watches everything the extension shows during a test run for the API keys: each text is checked
// as it is shown (nothing is stored but counts and the places of hits), so a run that shows
// 100,000 log lines costs one `includes` per key per text. The state lives on globalThis because
// every integration test file is bundled on its own (each has its own copy of this module).
// Nothing is watched until `watchForKeys` runs (the integration entry calls it before mocha).

interface Witness {
  keys: string[];
  /** Secrets made during the run (agent tokens the platform minted), watched like the keys from when they are known. */
  secrets: string[];
  /** How many texts of each kind were checked. */
  seen: Record<string, number>;
  /** Where a key was found: the kind and a label (with any key in it masked), never the text. */
  hits: string[];
}

const SLOT = Symbol.for('platformConsole.keyWitness');
type WithSlot = { [SLOT]?: Witness };

/** Starts watching for these keys (empty strings are ignored). */
export function watchForKeys(keys: readonly string[]): void {
  (globalThis as WithSlot)[SLOT] = { keys: keys.filter(Boolean), secrets: [], seen: {}, hits: [] };
}

/** Watches a secret made during the run (an agent token) like a key, from now on. */
export function watchForSecret(secret: string): void {
  const w = (globalThis as WithSlot)[SLOT];
  if (w && secret && !w.secrets.includes(secret)) w.secrets.push(secret);
}

/** The secrets made during the run and watched (the keys are testKeys.json). */
export function watchedSecrets(): readonly string[] {
  return [...((globalThis as WithSlot)[SLOT]?.secrets ?? [])];
}

/** Checks a text the person was shown (`kind` says where: notification, prompt, webview html...). */
export function witness(kind: string, label: string, ...texts: (string | undefined)[]): void {
  const w = (globalThis as WithSlot)[SLOT];
  if (!w) return;
  w.seen[kind] = (w.seen[kind] ?? 0) + 1;
  for (const text of texts) {
    if (text && [...w.keys, ...w.secrets].some((key) => text.includes(key))) {
      w.hits.push(`${kind}: ${[...w.keys, ...w.secrets].reduce((l, key) => l.split(key).join('<API key>'), label)}`);
    }
  }
}

/** What was watched so far; undefined when nothing is being watched. */
export function witnessed(): { keys: number; seen: Readonly<Record<string, number>>; hits: readonly string[] } | undefined {
  const w = (globalThis as WithSlot)[SLOT];
  return w && { keys: w.keys.length, seen: { ...w.seen }, hits: [...w.hits] };
}

// A CPU profile (CDP Profiler.stop's `profile`) summed by function: where the time went, self time
// first, so a bench can say which work dominates (the virtualizer, the unpacking, the GC, idle).

/** The `limit` functions with the most self time, as "<ms> ms  <function> <file>:<line>" lines, after the total. */
export function profileTop(profile, limit = 20) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const { callFrame: f } = byId.get(profile.samples[i]);
    const us = profile.timeDeltas[i] ?? 0;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + us);
    total += us;
  }
  const lines = [...self].sort((a, b) => b[1] - a[1]).slice(0, limit);
  return [`${(total / 1000).toFixed(0)} ms profiled`, ...lines.map(([key, us]) => `${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`)];
}

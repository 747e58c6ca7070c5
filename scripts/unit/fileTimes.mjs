// A node:test reporter: one JSON line per test file (a top-level suite of runFiles.cjs) with its
// time and counts, for scripts/testUnit.mjs's summary and `npm test`'s timing report.
export default async function* fileTimes(source) {
  let pending = { tests: 0, passed: 0, failed: 0 };
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { data } = event;
    const ok = event.type === 'test:pass';
    if (data.nesting === 0) {
      // A file's own failure (its module threw while loading) with no test of its own counts once.
      if (!ok && pending.failed === 0) pending = { ...pending, tests: pending.tests + 1, failed: 1 };
      yield `${JSON.stringify({ file: data.name, ms: data.details.duration_ms, ok, ...pending })}\n`;
      pending = { tests: 0, passed: 0, failed: 0 };
    } else if (data.details.type !== 'suite') {
      pending = { tests: pending.tests + 1, passed: pending.passed + (ok ? 1 : 0), failed: pending.failed + (ok ? 0 : 1) };
    }
  }
}

// The extension host's inspector for a benchmark's heap snapshots (bench/tree.memory.bench.mjs):
// when PLATFORM_CONSOLE_BENCH_INSPECT_PORT is set, Node's inspector listens on that port of
// 127.0.0.1 (code-server's extension host has no --inspect-extensions of its own). The shipped
// build has none of this.
import inspector from 'node:inspector';

export const INSPECT_PORT_ENV = 'PLATFORM_CONSOLE_BENCH_INSPECT_PORT';

export function inspectHost(env: NodeJS.ProcessEnv): void {
  const port = Number(env[INSPECT_PORT_ENV]);
  // Another extension of the same host (the bench's minimal tree) may have opened it already.
  if (!port || inspector.url()) return;
  inspector.open(port, '127.0.0.1');
}

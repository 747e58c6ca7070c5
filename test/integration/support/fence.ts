import type { Simulator } from '../../../simulator/index';

/**
 * An ordering fence for "nothing was sent": the test's own request, sent after the action; once
 * the simulator has seen it, any request the extension sent before it has arrived too. Resolves
 * with the request counts as they stood when the fence arrived (the fence itself not counted:
 * later reads of `requestCounts()` do count it, as `GET (unknown)`).
 */
export async function fence(sim: Simulator): Promise<Record<string, number>> {
  const path = `/__fence/${Math.random().toString(36).slice(2)}`;
  let counts: Record<string, number> | undefined;
  // Watchers run before the request is counted: the snapshot leaves the fence out.
  const stop = sim.watchRequests((r) => {
    if (r.path === path) counts = sim.requestCounts();
  });
  try {
    await fetch(`${sim.url}${path}`);
    if (!counts) throw new Error(`the fence ${path} was answered but not seen by the simulator`);
    return counts;
  } finally {
    stop();
  }
}

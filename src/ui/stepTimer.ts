// What each step of an activation costs, in ms (the start-up bundle's and the extension's; the
// activation bench prints them, and the extension's log line names the costliest).
import { performance } from 'node:perf_hooks';

export function stepTimer(): { steps: Record<string, number>; step: (name: string) => void } {
  const steps: Record<string, number> = {};
  let stepStart = performance.now();
  return {
    steps,
    step: (name) => {
      const now = performance.now();
      steps[name] = Math.round((now - stepStart) * 100) / 100;
      stepStart = now;
    },
  };
}

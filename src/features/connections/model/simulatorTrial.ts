// *Try the Simulator*: what the simulator inside the extension is started with, and what the
// extension needs of it. Its code is the lazy bundle dist/lazy/simulator.js (esbuild.mjs), so this
// describes it without importing it.
import { randomBytes } from 'node:crypto';
import type { Dialect } from '../../../schema/dialect';

/** The connection's name: every confirmation and the status bar name it so. */
export const SIMULATOR_CONNECTION_NAME = 'Simulator';

/**
 * The connection speaks the real platform's paths (the simulator serves both): a trial shows what
 * an account on the platform will send; Change API Dialect still switches it.
 */
export const SIMULATOR_CONNECTION_DIALECT: Dialect = 'platform';

/** What startSimulator (simulator/index.ts) is given; the fields the extension sets. */
export interface TrialOptions {
  apiKey: string;
  controlToken: string;
  host: '127.0.0.1';
  port: 0;
  dialect: 'both';
  /** A few calls a minute to each enabled edge app, as `npm start`: the Edge view's figures move. */
  edgeTrafficPerMinute: number;
  /** Log lines kept per function: bounded for a simulator that may run as long as the window. */
  logRecordCap: number;
}

/** The part of the simulator (simulator/index.ts `Simulator`) the extension uses. */
export interface RunningSimulator {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** The lazy bundle's exports (simulator/embedded.ts). */
export interface SimulatorBundle {
  startSimulator(options: TrialOptions): Promise<RunningSimulator>;
}

/** Loopback only, a free port, a new random key and control token (256 bits each) for every start. */
export function trialOptions(random: (bytes: number) => Buffer = randomBytes): TrialOptions {
  return {
    apiKey: `sim-${random(32).toString('hex')}`,
    controlToken: random(32).toString('hex'),
    host: '127.0.0.1',
    port: 0,
    dialect: 'both',
    edgeTrafficPerMinute: 6,
    logRecordCap: 20_000,
  };
}

/**
 * The name of the simulator's connection: "Simulator", unless a connection of the person's own
 * (not the simulator: `npm start`'s, say) has it; then the first free "Simulator <n>". Reusing a
 * simulator's name replaces that stale connection.
 */
export function simulatorConnectionName(existing: readonly { name: string; simulator?: true }[]): string {
  const taken = new Set(existing.filter((c) => !c.simulator).map((c) => c.name.toLowerCase()));
  for (let n = 1; ; n++) {
    const name = n === 1 ? SIMULATOR_CONNECTION_NAME : `${SIMULATOR_CONNECTION_NAME} ${n}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

// What the operation tests (test/unit/operation*.test.ts) share: the connection a command's
// confirmation names, that confirmation as the modal's text, the refusal checks, and a simulator of
// either dialect (reset before each test) with a client bound to it, so no file starts its own.
import assert from 'node:assert/strict';
import type { commandConfirmation } from '../../src/operations/commandConfirmation';
import { createPlatformApi, type PlatformApi } from '../../src/platform/api';
import { HttpClient } from '../../src/platform/http';
import type { Dialect } from '../../src/schema/dialect';
import { writeConfirmationText } from '../../src/ui/text/writeConfirmation';
import { agentSim, type AgentSim } from './agentSim';

export type { AgentSim };

/** The connection most operation tests confirm on. */
export const PROD = { name: 'Prod', baseUrl: 'https://api.example' };

/** A command confirmation asked in a modal (no name typed), as its text. */
export function modal(c: ReturnType<typeof commandConfirmation>): ReturnType<typeof writeConfirmationText> {
  assert.equal(c.typed, undefined, 'a modal, no typed name');
  return writeConfirmationText(c.summary);
}

/** `f` throws a validation error whose message names `field`. */
export function refused(f: () => unknown, field: RegExp): void {
  assert.throws(f, (e: Error & { kind?: string }) => e.kind === 'validation' && field.test(e.message), field.source);
}

/** A validation refusal whose field (in its issues, or named in its message) and rule match. */
export const refusal =
  (field: RegExp, rule: RegExp) =>
  (e: Error & { kind?: string; issues?: { path: string; message: string }[] }): boolean => {
    const said = [e.message, ...(e.issues ?? []).map((i) => `${i.path}: ${i.message}`)].join('\n');
    return e.kind === 'validation' && field.test(said) && rule.test(said);
  };

/** The simulator of the calling `describe` (platform dialect unless said), reset before each test; its hooks registered there. */
export function operationSim(key: string, options: { dialect?: Dialect; fileRoots?: string[] } = {}): AgentSim {
  return agentSim(key, options);
}

/** A client of `sim` speaking `dialect`, whatever the simulator serves (a connection of the other design). */
export function clientOf(sim: AgentSim, key: string, dialect: Dialect): PlatformApi {
  return createPlatformApi(new HttpClient({ baseUrl: sim.sim.url, apiKey: key, dialect }));
}

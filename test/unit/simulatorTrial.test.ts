// *Try the Simulator* (#58): what it is started with, its connection's name and marking, and the
// simulator said in every write's confirmation.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { controlTokenProblem } from '../../simulator/controlToken';
import { commandConfirmation, typedNameText } from '../../src/operations/commandConfirmation';
import { deleteEdgeApp, enableEdgeApp } from '../../src/operations/edgeApps';
import { apiKeyInputProblem, withDialect } from '../../src/schema/connectionRules';
import { simulatorConnectionName, trialOptions } from '../../src/features/connections/model/simulatorTrial';
import { writeConfirmationText } from '../../src/ui/text/writeConfirmation';

const at = { app_id: 103 };
const app = { id: 103, name: 'geo-redirect', status: 2, url: 'https://geo-redirect-201.fastedge.app' };

describe('Try the Simulator', () => {
  it('starts on loopback, a free port, both dialects, with a new random key and control token each time', () => {
    const first = trialOptions();
    const second = trialOptions();
    assert.equal(first.host, '127.0.0.1');
    assert.equal(first.port, 0);
    assert.equal(first.dialect, 'both');
    assert.notEqual(first.apiKey, second.apiKey);
    assert.notEqual(first.controlToken, second.controlToken);
    assert.notEqual(first.apiKey, first.controlToken);
    // 256 bits each, from the random source given.
    assert.match(first.apiKey, /^sim-[0-9a-f]{64}$/);
    assert.equal(controlTokenProblem(first.controlToken), undefined);
    assert.equal(apiKeyInputProblem(first.apiKey), undefined, 'a key Sign In would take too');
    const asked: number[] = [];
    const fixed = trialOptions((n) => (asked.push(n), Buffer.alloc(n, 7)));
    assert.deepEqual(asked, [32, 32]);
    assert.equal(fixed.controlToken, '07'.repeat(32));
    assert.ok(fixed.logRecordCap <= 20_000, 'the logs it keeps are bounded');
  });

  it('names its connection Simulator, unless a connection of the person has that name; a stale simulator connection gives its name back', () => {
    assert.equal(simulatorConnectionName([]), 'Simulator');
    assert.equal(simulatorConnectionName([{ name: 'production' }]), 'Simulator');
    assert.equal(simulatorConnectionName([{ name: 'simulator' }]), 'Simulator 2', "npm start's connection is the person's");
    assert.equal(simulatorConnectionName([{ name: 'simulator' }, { name: 'Simulator 2' }]), 'Simulator 3');
    assert.equal(simulatorConnectionName([{ name: 'Simulator', simulator: true }]), 'Simulator');
  });

  it('the marking is kept as stored; a connection without it is no simulator', () => {
    const stored = { id: 'a', name: 'Simulator', baseUrl: 'http://127.0.0.1:4000', dialect: 'platform', simulator: true as const };
    assert.equal(withDialect(stored).simulator, true);
    assert.equal(withDialect({ id: 'b', name: 'p', baseUrl: 'https://api.example.com' }).simulator, undefined);
  });

  it("every write's confirmation says the simulator: the modal's question and connection line, and the typed-name prompt", () => {
    const sim = { name: 'Simulator', baseUrl: 'http://127.0.0.1:4000', simulator: true as const };
    const modal = writeConfirmationText(commandConfirmation(enableEdgeApp, at, { ...app, status: 0 }, sim).summary);
    assert.equal(modal.message, 'Enable edge app geo-redirect on Simulator (the simulator)?');
    assert.match(modal.detail, /\nConnection: Simulator \(http:\/\/127\.0\.0\.1:4000: the simulator running in this window, not a platform\)\n/);
    const typed = typedNameText(commandConfirmation(deleteEdgeApp, at, app, sim).typed!);
    assert.match(typed.prompt, / on Simulator \(http:\/\/127\.0\.0\.1:4000: the simulator running in this window, not a platform\) is sent: Delete/);
    // Any other connection reads as before.
    const real = { name: 'Production', baseUrl: 'https://api.example.com' };
    const plain = writeConfirmationText(commandConfirmation(enableEdgeApp, at, { ...app, status: 0 }, real).summary);
    assert.equal(plain.message, 'Enable edge app geo-redirect on Production?');
    assert.match(plain.detail, /\nConnection: Production \(https:\/\/api\.example\.com\)\n/);
  });
});

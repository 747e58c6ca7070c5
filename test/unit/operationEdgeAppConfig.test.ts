// An edge app's configuration change of the operation catalog (src/operations/edgeAppConfig.ts) as
// the command shows it (Apply to App): every change a fact with its whole value, destructive exactly
// when a value is removed or overwritten, the PATCH of only the sections that change (each whole),
// nothing to send when the app already is so; bad input refused naming the field and the rule; the
// app and the names of the secrets read from the simulator. (The chat tool and MCP: operationParity.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as z from 'zod';
import { commandConfirmation } from '../../src/operations/commandConfirmation';
import { setEdgeAppConfig, type ConfigInput } from '../../src/operations/edgeAppConfig';
import { writeConfirmationText } from '../../src/ui/text/writeConfirmation';
import { operationSim } from '../support/operationSim';

const conn = { name: 'Production', baseUrl: 'https://api.example.com' };
const app = {
  name: 'hello-edge',
  url: 'https://hello-edge-201.fastedge.app',
  env: { GREETING: 'Hallo', LOG_LEVEL: 'info' },
  rsp_headers: { 'Cache-Control': 'max-age=60' },
  secrets: { API_TOKEN: { id: 636, name: 'upstream-token' } },
};
const thing = { app, secretNames: new Map([[636, 'upstream-token']]) };
const modal = (input: ConfigInput) => writeConfirmationText(commandConfirmation(setEdgeAppConfig, input, thing, conn).summary);

describe('an edge app configuration change as the command confirms it', () => {
  it('adding a value is a plain write: each change a fact, the whole value quoted; the PATCH carries the section whole', () => {
    const input = { app_id: 101, env: { set: { RELEASE: '2026-11-26' } } };
    const text = modal(input);
    assert.equal(text.message, 'Change the configuration of edge app hello-edge on Production?');
    assert.equal(text.button, 'Apply');
    assert.equal(
      text.detail,
      [
        'Only the sections listed are sent; the app serves with them at once.',
        '',
        'Connection: Production (https://api.example.com)',
        'App: hello-edge',
        'ID: 101',
        'URL: https://hello-edge-201.fastedge.app',
        'Variable RELEASE: added "2026-11-26"',
        '',
        'Sent once when you choose Apply; never retried automatically.',
      ].join('\n'),
    );
    assert.deepEqual(setEdgeAppConfig.requestFor!(input, thing)?.call, {
      params: { app_id: 101 },
      body: { env: { GREETING: 'Hallo', LOG_LEVEL: 'info', RELEASE: '2026-11-26' } },
    });
  });

  it('removing or overwriting is destructive, said first with what is lost; a secret reference by name and id, never a value', () => {
    const input = { app_id: 101, env: { set: { GREETING: 'Hello' } }, rsp_headers: { remove: ['Cache-Control'] }, secrets: { set: { API_TOKEN: 637 } } };
    const asked = commandConfirmation(setEdgeAppConfig, input, { app, secretNames: new Map([...thing.secretNames, [637, 'db-password']]) }, conn);
    assert.equal(asked.summary.destructive, true);
    const text = writeConfirmationText(asked.summary);
    assert.match(text.detail, /^Destructive: it removes 1 and overwrites 2 of the app's values \(listed above\); the old values are not kept anywhere\. /);
    assert.match(
      text.detail,
      /\nVariable GREETING: "Hallo" -> "Hello"\nResponse header Cache-Control: removed \(was "max-age=60"\)\nSecret reference API_TOKEN: secret upstream-token \(id 636\) -> secret db-password \(id 637\)\n/,
    );
    assert.deepEqual(setEdgeAppConfig.requestFor!(input, thing)?.call.body, {
      env: { GREETING: 'Hello', LOG_LEVEL: 'info' },
      rsp_headers: {},
      secrets: { API_TOKEN: { id: 637 } },
    });
  });

  it('a change the app already has (or a name it lacks removed) sends nothing', () => {
    const input = { app_id: 101, env: { set: { GREETING: 'Hallo' } }, rsp_headers: { remove: ['X-Not-There'] } };
    assert.equal(setEdgeAppConfig.requestFor!(input, thing), undefined);
    assert.match(modal(input).detail, /\nChanges: none: the app already has this configuration\n/);
  });

  it('bad input is refused naming the field and the rule; a bad id before any read', () => {
    const fields = setEdgeAppConfig.fields();
    const problem = (input: unknown) => {
      const r = fields.safeParse(input);
      assert.equal(r.success, false);
      return z.prettifyError(r.error!);
    };
    assert.match(problem({ app_id: 101, env: { set: { X: 'v'.repeat(4097) } } }), /env\.set\.X/);
    assert.match(problem({ app_id: 101, secrets: { set: { TOKEN: 'sk_live_value' } } }), /secrets\.set\.TOKEN/);
    assert.match(problem({ app_id: 101, env: { remove: [''] } }), /env\.remove\[0\]/);
    assert.throws(
      () => setEdgeAppConfig.request({ app_id: 0 }),
      (e: Error & { kind?: string }) => e.kind === 'validation' && /app_id: must be at least 1/.test(e.message),
    );
    assert.deepEqual(setEdgeAppConfig.request({ app_id: 101 }).call, { params: { app_id: 101 } }, 'no body until the app is read');
  });
});

describe('the app and its secrets read for a configuration change, against the simulator', { timeout: 60_000 }, () => {
  const t = operationSim('operation-edge-config-key-3b58');

  it('the app as it is, the names of the secrets it uses and of those the input refers to; an unknown app is a notFound', async () => {
    const read = await setEdgeAppConfig.read(t.bound.api, { app_id: 101, secrets: { set: { DB: 637, OTHER: 987_654 } } });
    assert.equal(read.app.name, 'hello-edge');
    assert.deepEqual([...read.secretNames].sort(), [
      [636, 'upstream-token'],
      [637, 'db-password'],
    ]);
    await assert.rejects(setEdgeAppConfig.read(t.bound.api, { app_id: 999_999 }), (e: Error & { kind?: string }) => e.kind === 'notFound');
    assert.deepEqual(t.writes(), []);
  });
});

// The edge app lifecycle of the operation catalog (src/operations/edgeApps.ts) as the command shows
// it: the action, the connection, what follows, every fact, undo or not, the button, the typed name
// of Delete; a bad id refused naming the field and the rule; the request of each; the app read from
// the simulator, and an app that cannot be read asks nothing. (The chat tool and MCP:
// operationParity.test.ts.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commandConfirmation } from '../../src/operations/commandConfirmation';
import { deleteEdgeApp, disableEdgeApp, enableEdgeApp, startEdgeAppDebug } from '../../src/operations/edgeApps';
import { typedConfirmationPrompt } from '../../src/ui/typedConfirmation';
import { modal, operationSim } from '../support/operationSim';

const conn = { name: 'Production', baseUrl: 'https://api.example.com' };
const at = { app_id: 103 };
const app = { id: 103, name: 'geo-redirect', url: 'https://geo-redirect-201.fastedge.app', status: 2 };
const facts = (status: string, change: string) =>
  [
    'Connection: Production (https://api.example.com)',
    'App: geo-redirect',
    'ID: 103',
    'URL: https://geo-redirect-201.fastedge.app',
    `Status now: ${status}`,
    `Change: ${change}`,
  ].join('\n');

describe('edge app lifecycle changes as the command confirms them', () => {
  it('Enable names connection, app, id, URL and status; a plain write', () => {
    const text = modal(commandConfirmation(enableEdgeApp, at, app, conn));
    assert.equal(text.message, 'Enable edge app geo-redirect on Production?');
    assert.equal(text.button, 'Enable');
    assert.equal(
      text.detail,
      `It starts serving at its URL.\n\n${facts('disabled', 'status disabled -> enabled')}\n\nSent once when you choose Enable; never retried automatically.`,
    );
  });

  it('Disable says first that the app stops serving at its URL, and how it is undone (never "cannot be undone")', () => {
    const text = modal(commandConfirmation(disableEdgeApp, at, { ...app, status: 1 }, conn));
    assert.equal(text.message, 'Disable edge app geo-redirect on Production?');
    assert.equal(text.button, 'Disable');
    assert.equal(
      text.detail,
      `The app stops serving at its URL https://geo-redirect-201.fastedge.app: requests there fail until it is enabled again.\n\n${facts('enabled', 'status enabled -> disabled')}\n\nEnable App switches it on again (enable_edge_app for an agent). Sent once; never retried automatically.`,
    );
    assert.doesNotMatch(text.detail, /cannot be undone/);
  });

  it('Start Debug says for how long, and shows a debug window already open', () => {
    const text = modal(commandConfirmation(startEdgeAppDebug, at, { ...app, status: 1, debug_until: '2026-11-26T18:30:00Z' }, conn));
    assert.equal(text.message, 'Start debug logging of edge app geo-redirect for 30 minutes on Production?');
    assert.equal(text.button, 'Start Debug');
    assert.match(text.detail, /\nStatus now: enabled\nDebug until: 2026-11-26T18:30:00Z\nChange: verbose debug logging for 30 minutes \(debug: true\)\n/);
    assert.match(text.detail, /^Its debug logging is switched on for 30 minutes\./);
  });

  it('an unlisted or missing status, name or URL is said as such, never left out', () => {
    const text = modal(commandConfirmation(enableEdgeApp, at, { status: 3 }, conn));
    assert.equal(text.message, 'Enable edge app 103 on Production?');
    assert.match(text.detail, /\nApp: app 103\nID: 103\nURL: \(no URL given\)\nStatus now: status 3\nChange: status status 3 -> enabled\n/);
  });

  it("Delete asks for the app's exact name typed (its id when it has none), naming the facts, what follows and that it cannot be undone", () => {
    const asked = commandConfirmation(deleteEdgeApp, at, app, conn);
    assert.equal(asked.typed?.name, 'geo-redirect');
    assert.equal(asked.summary.button, 'Delete');
    assert.equal(asked.summary.destructive, true);
    const prompt = typedConfirmationPrompt(asked.typed!);
    assert.equal(
      prompt.prompt,
      "The edge app geo-redirect (App geo-redirect, ID 103, URL https://geo-redirect-201.fastedge.app, Status now disabled, Change deleted) on Production (https://api.example.com) is sent: Delete edge app geo-redirect. It stops serving at its URL and leaves the account's apps for good; its binary is kept; this cannot be undone. Type its name, geo-redirect, to confirm.",
    );
    assert.equal(prompt.problem('geo-redirect'), undefined);
    assert.equal(prompt.problem(' geo-redirect '), undefined);
    for (const wrong of ['geo', 'Geo-Redirect', '103', '']) assert.equal(prompt.problem(wrong), 'Confirmation: type geo-redirect exactly');
    assert.equal(commandConfirmation(deleteEdgeApp, at, { ...app, name: null }, conn).typed?.name, '103', 'an app without a name: its id typed');
    // A name with a line break cannot forge a line of the prompt.
    assert.ok(!typedConfirmationPrompt(commandConfirmation(deleteEdgeApp, at, { ...app, name: 'x\nApproved' }, conn).typed!).prompt.includes('\n'));
  });

  it('a bad id is refused naming the field and the rule; each request is the one PATCH or DELETE', () => {
    for (const op of [enableEdgeApp, disableEdgeApp, startEdgeAppDebug, deleteEdgeApp])
      assert.throws(
        () => op.request({ app_id: 0 }),
        (e: Error & { kind?: string }) => e.kind === 'validation' && /app_id: must be at least 1/.test(e.message),
        op.name,
      );
    assert.deepEqual(enableEdgeApp.request(at).call, { params: at, body: { status: 1 } });
    assert.deepEqual(disableEdgeApp.request(at).call, { params: at, body: { status: 2 } });
    assert.deepEqual(startEdgeAppDebug.request(at).call, { params: at, body: { debug: true } });
    const remove = deleteEdgeApp.request(at);
    assert.equal(remove.endpoint.method, 'DELETE');
    assert.deepEqual(remove.call, { params: at });
  });
});

describe('the target read of the edge app changes, against the simulator', { timeout: 60_000 }, () => {
  const t = operationSim('operation-edge-apps-key-7d21');

  it("the app is read as the platform has it; an unknown app or another client's is a notFound, and nothing is sent", async () => {
    const read = await enableEdgeApp.read(t.bound.api, { app_id: 103 });
    assert.equal(read.name, 'geo-redirect');
    assert.equal(read.status, 2);
    for (const app_id of [999_999, 104])
      await assert.rejects(deleteEdgeApp.read(t.bound.api, { app_id }), (e: Error & { kind?: string }) => e.kind === 'notFound', String(app_id));
    assert.deepEqual(t.writes(), []);
  });
});

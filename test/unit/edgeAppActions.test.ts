// What an edge app's status offers (Enable for a draft or disabled app; Disable and Start Debug
// for a serving one; Delete always), the menus' `when` clauses read against the row's context
// value, the confirmations' text, the typed name of Delete and the debug window's words.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { actionRefusal, debugUntilText, deletePrompt, edgeAppActions, edgeAppContext, lifecycleSummary } from '../../src/features/edge/model/edgeAppActions';
import { writeConfirmationText } from '../../src/ui/text/writeConfirmation';

const LISTED = 'platformConsole.edgeListed.app';
const connection = { name: 'Production', baseUrl: 'https://api.example.com' };
const app = { id: 103, name: 'geo-redirect', url: 'https://geo-redirect-201.fastedge.app', status: 2 };

interface MenuItem {
  command: string;
  when?: string;
  group?: string;
}
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { contributes: { menus: Record<string, MenuItem[]> } };

/** Whether a view/item/context entry shows on a row with this context value (its viewItem regex). */
function shownOn(item: MenuItem, contextValue: string): boolean {
  const m = /viewItem =~ \/(.+)\/$/.exec(item.when ?? '');
  return m ? new RegExp(m[1]!).test(contextValue) : false;
}
const menuFor = (command: string, contextValue: string, inline: boolean) =>
  manifest.contributes.menus['view/item/context']!.filter((i) => i.command === command && (i.group?.startsWith('inline') ?? false) === inline).some((i) => shownOn(i, contextValue));

describe('edge app actions by status', () => {
  it('draft and disabled: Enable; enabled and the call-limit statuses 3 and 4: Disable and Start Debug; every status: Delete', () => {
    assert.deepEqual(edgeAppActions(0), ['enable', 'delete']);
    assert.deepEqual(edgeAppActions(2), ['enable', 'delete']);
    for (const serving of [1, 3, 4]) assert.deepEqual(edgeAppActions(serving), ['disable', 'debug', 'delete']);
    for (const other of [5, 9, null, undefined]) assert.deepEqual(edgeAppActions(other), ['delete']);
  });

  it('the menus show each command on exactly the rows whose status offers it, inline for Enable and Disable', () => {
    const commands = { enable: 'platformConsole.enableEdgeApp', disable: 'platformConsole.disableEdgeApp', debug: 'platformConsole.startEdgeAppDebug', delete: 'platformConsole.deleteEdgeApp' } as const;
    for (const status of [0, 1, 2, 3, 4, 5, null]) {
      const context = edgeAppContext(LISTED, status);
      assert.ok(context.startsWith(`${LISTED}:`));
      for (const [action, command] of Object.entries(commands)) {
        const offered = edgeAppActions(status).includes(action as keyof typeof commands);
        assert.equal(menuFor(command, context, false), offered, `${action} in the context menu of status ${status}`);
        assert.equal(menuFor(command, context, true), offered && (action === 'enable' || action === 'disable'), `${action} inline on status ${status}`);
      }
    }
    // The other rows of the view never get them.
    for (const other of ['platformConsole.edgeListed.apps', 'platformConsole.edgeListed.template', 'platformConsole.edgePin.app.ok']) {
      for (const command of Object.values(commands)) assert.equal(menuFor(command, other, false) || menuFor(command, other, true), false, `${command} on ${other}`);
    }
  });

  it('an action the status does not offer is refused in words (the palette lists every app)', () => {
    assert.equal(actionRefusal('enable', 1, 'enabled'), 'it is already enabled');
    assert.equal(actionRefusal('disable', 2, 'disabled'), 'it is already disabled');
    assert.match(actionRefusal('disable', 0, 'draft') ?? '', /only an enabled app can be disabled/);
    assert.match(actionRefusal('debug', 5, 'suspended') ?? '', /debug logging is for an enabled app/);
    assert.equal(actionRefusal('enable', 0, 'draft'), undefined);
    assert.equal(actionRefusal('delete', 5, 'suspended'), undefined);
  });
});

describe('edge app confirmations', () => {
  it('Enable names connection, app, id, URL and status; not destructive', () => {
    const text = writeConfirmationText(lifecycleSummary('enable', app, 'disabled', connection));
    assert.equal(text.message, 'Enable edge app geo-redirect on Production?');
    assert.equal(text.button, 'Enable');
    assert.deepEqual(text.detail.split('\n').slice(0, 5), ['Connection: Production (https://api.example.com)', 'App: geo-redirect', 'ID: 103', 'URL: https://geo-redirect-201.fastedge.app', 'Status: disabled']);
    assert.doesNotMatch(text.detail, /cannot be undone/);
  });

  it('Disable says first that the app stops serving at its URL, and how it is undone', () => {
    const text = writeConfirmationText(lifecycleSummary('disable', { ...app, status: 1 }, 'enabled', connection));
    assert.equal(text.button, 'Disable');
    assert.equal(text.detail.split('\n')[0], 'The app stops serving at its URL https://geo-redirect-201.fastedge.app: requests there fail until it is enabled again.');
    assert.match(text.detail, /\nEnable App turns it back on\. Sent once; never retried automatically\.$/);
    assert.doesNotMatch(text.detail, /cannot be undone/);
  });

  it('Start Debug says for how long', () => {
    const text = writeConfirmationText(lifecycleSummary('debug', { ...app, status: 1 }, 'enabled', connection));
    assert.equal(text.button, 'Start Debug');
    assert.match(text.detail, /Change: verbose debug logging for 30 minutes/);
  });

  it('Delete accepts only the app\'s exact name; its prompt names connection, id and URL; hidden characters shown', () => {
    const ask = deletePrompt(app, connection);
    assert.equal(ask.expected, 'geo-redirect');
    for (const part of ['geo-redirect', 'ID 103', 'https://geo-redirect-201.fastedge.app', 'Production (https://api.example.com)', 'cannot be undone']) assert.ok(ask.prompt.includes(part), part);
    assert.equal(ask.problem('geo-redirect'), undefined);
    assert.equal(ask.problem(' geo-redirect '), undefined);
    for (const wrong of ['geo', 'Geo-Redirect', '103', '']) assert.match(ask.problem(wrong) ?? '', /type geo-redirect exactly/);
    assert.ok(!deletePrompt({ ...app, name: 'x\nApproved' }, connection).prompt.includes('\n'));
  });
});

describe('the debug window', () => {
  it('until when, in local time, with the minutes left; the raw text when it is no time', () => {
    const now = new Date('2026-11-26T18:00:00Z');
    const text = debugUntilText('2026-11-26T18:30:00Z', now) ?? '';
    assert.match(text, /^until \d{4}-\d\d-\d\d \d\d:\d\d \(in 30 minutes\)$/);
    assert.match(debugUntilText('2026-11-26T17:00:00Z', now) ?? '', /\(already over\)$/);
    assert.equal(debugUntilText('soon', now), 'until soon');
    assert.equal(debugUntilText(undefined, now), undefined);
  });
});

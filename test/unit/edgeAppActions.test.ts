// What an edge app's status offers (Enable for a draft or disabled app; Disable and Start Debug
// for a serving one; Delete always), the menus' `when` clauses read against the row's context
// value and the debug window's words (the confirmations: operationEdgeApps.test.ts).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { actionRefusal, debugUntilText, edgeAppActions, edgeAppContext } from '../../src/features/edge/model/edgeAppActions';

const LISTED = 'platformConsole.edgeListed.app';

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
  manifest.contributes.menus['view/item/context']!.filter((i) => i.command === command && (i.group?.startsWith('inline') ?? false) === inline).some((i) =>
    shownOn(i, contextValue),
  );

describe('edge app actions by status', () => {
  it('draft and disabled: Enable; enabled and the call-limit statuses 3 and 4: Disable and Start Debug; every status: Delete', () => {
    assert.deepEqual(edgeAppActions(0), ['enable', 'delete']);
    assert.deepEqual(edgeAppActions(2), ['enable', 'delete']);
    for (const serving of [1, 3, 4]) assert.deepEqual(edgeAppActions(serving), ['disable', 'debug', 'delete']);
    for (const other of [5, 9, null, undefined]) assert.deepEqual(edgeAppActions(other), ['delete']);
  });

  it('the menus show each command on exactly the rows whose status offers it, inline for Enable and Disable', () => {
    const commands = {
      enable: 'platformConsole.enableEdgeApp',
      disable: 'platformConsole.disableEdgeApp',
      debug: 'platformConsole.startEdgeAppDebug',
      delete: 'platformConsole.deleteEdgeApp',
    } as const;
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
      for (const command of Object.values(commands))
        assert.equal(menuFor(command, other, false) || menuFor(command, other, true), false, `${command} on ${other}`);
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

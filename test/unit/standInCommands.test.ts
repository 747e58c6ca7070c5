// Which commands get a stand-in before the extension loads (src/ui/standInCommands.ts).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { commandsNeedingStandIns, type CommandContributions } from '../../src/ui/standInCommands';

test('a command reachable before the load gets one: the palette, a view title, an editor title, a key, a welcome link', () => {
  const manifest: CommandContributions = {
    contributes: {
      commands: ['palette', 'title', 'editor', 'key', 'welcome', 'itemOnly', 'hiddenNowhere'].map((command) => ({ command })),
      menus: {
        commandPalette: ['title', 'editor', 'key', 'welcome', 'itemOnly', 'hiddenNowhere'].map((command) => ({ command, when: 'false' })),
        'view/title': [{ command: 'title' }],
        'editor/title': [{ command: 'editor' }],
        'view/item/context': [{ command: 'itemOnly' }, { command: 'title' }],
      },
      keybindings: [{ command: 'key' }],
      viewsWelcome: [{ contents: '[Go](command:welcome)' }],
    },
  };
  assert.deepEqual(commandsNeedingStandIns(manifest), ['palette', 'title', 'editor', 'key', 'welcome']);
});

test('in package.json: every command in the palette has one; those offered only on tree items do not', () => {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as Required<CommandContributions>;
  const all = manifest.contributes.commands!.map((c) => c.command);
  const standIns = commandsNeedingStandIns(manifest);
  const hidden = new Set(manifest.contributes.menus!.commandPalette!.filter((m) => m.when === 'false').map((m) => m.command));
  for (const id of all.filter((c) => !hidden.has(c))) assert.ok(standIns.includes(id), `${id} is in the palette but has no stand-in`);
  assert.ok(standIns.includes('platformConsole.refreshProfiles'));
  assert.ok(!standIns.includes('platformConsole.copyReportTaskId'), 'an item-only command got a stand-in');
  assert.ok(standIns.length < all.length, `${standIns.length} of ${all.length}`);
});

// The UI tier's leftover check and reset between files (scripts/harness/e2eIsolation.mjs): what
// a file leaves in the server's user data and in the extension's globalState is named, what the
// extension remembers by design of the harness's connection is not, and the user data goes back.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { globalStateLeftovers, parseSettings, restoreUserData, userDataLeftovers, userDataSnapshot } from '../../scripts/harness/e2eIsolation.mjs';

const IDS = ['platform-console.platform-console'];
const URL = 'http://127.0.0.1:4010';

describe('UI tier isolation', () => {
  let root: string;
  let userData: string;
  before(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'e2e-isolation-'));
  });
  after(() => rm(root, { recursive: true, force: true }));

  const write = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(userData, file)), { recursive: true });
    await writeFile(path.join(userData, file), text);
  };

  it('reads settings.json as VS Code writes it: comments and trailing commas, "//" inside a string kept', () => {
    const text = '{\n  // a comment\n  "a.url": "http://x/y", /* block */\n  "b": [1, 2,],\n}\n';
    assert.deepEqual(parseSettings(Buffer.from(text)), { 'a.url': 'http://x/y', b: [1, 2] });
    assert.deepEqual(parseSettings(undefined), {});
  });

  it('names each changed setting by key, and other changed files by path; the remembered cloud location is not named', async () => {
    userData = path.join(root, 'one');
    await write('User/settings.json', JSON.stringify({ 'workbench.startupEditor': 'none' }));
    await write('User/globalStorage/vscode.json-language-features/cache.json', '{}');
    const baseline = await userDataSnapshot(userData, IDS);
    await write(
      'User/settings.json',
      JSON.stringify({
        'workbench.startupEditor': 'none',
        'workbench.colorTheme': 'Dark 2026',
        'platformConsole.logs.maxLines': 5000,
        'platformConsole.cloud.projectId': 1,
      }),
    );
    await write('User/keybindings.json', '[]');
    await write('Machine/settings.json', '{"platformConsole.tasks.timeoutMinutes": 5}');
    await write('User/globalStorage/platform-console.platform-console/state.json', '{}');
    await write('User/globalStorage/vscode.json-language-features/cache.json', '{"changed": true}');
    // The extension's V8 code cache (src/loader/codeCache.ts), made by any start: not a leftover.
    await write('User/globalStorage/platform-console.platform-console/codeCache/extension-0123456789abcdef.v8cache', 'compiled');
    assert.deepEqual(
      (await userDataLeftovers(userData, IDS, baseline)).sort(),
      [
        'a changed setting: platformConsole.logs.maxLines (User/settings.json) is 5000, was unset',
        'a changed setting: workbench.colorTheme (User/settings.json) is "Dark 2026", was unset',
        'a new file: User/keybindings.json (user data)',
        'a changed setting: platformConsole.tasks.timeoutMinutes (Machine/settings.json) is 5, was unset',
        'a new file: User/globalStorage/platform-console.platform-console/state.json (user data)',
      ].sort(),
    );
  });

  it('restores the user data byte for byte: changed files rewritten, new ones removed; then nothing is left', async () => {
    userData = path.join(root, 'two');
    const start = '{\n  "workbench.startupEditor": "none"\n}';
    await write('User/settings.json', start);
    const baseline = await userDataSnapshot(userData, IDS);
    await write('User/settings.json', '{"platformConsole.cloud.regionId": 1, "workbench.colorTheme": "Dark 2026"}');
    await write('User/snippets/a.json', '{}');
    const codeCache = 'User/globalStorage/platform-console.platform-console/codeCache/extension-0123456789abcdef.v8cache';
    await write(codeCache, 'compiled');
    await restoreUserData(userData, IDS, baseline);
    await assert.rejects(readFile(path.join(userData, codeCache)), 'each file starts without the code cache');
    assert.equal(await readFile(path.join(userData, 'User/settings.json'), 'utf8'), start);
    await assert.rejects(readFile(path.join(userData, 'User/snippets/a.json')));
    assert.deepEqual((await userDataLeftovers(userData, IDS, baseline)).sort(), []);
  });

  it('globalState as the browser closed: another connection, another active, other keys named; the harness connection`s own keys not', async () => {
    const file = path.join(root, 'left.jsonl');
    const own = { id: 'own-id', name: 'sim', baseUrl: `${URL}/` };
    const other = { id: 'other-id', name: 'leftover', baseUrl: 'http://localhost:4010' };
    const lines = [
      { state: undefined },
      { state: { 'platformConsole.connections': [own], 'platformConsole.activeConnection': 'own-id', 'platformConsole.logs.recent.own-id': [] } },
      {
        state: {
          'platformConsole.connections': [own, other],
          'platformConsole.activeConnection': 'other-id',
          'platformConsole.logs.recent.other-id': [],
          'platformConsole.reportSave.format': 'csv',
        },
      },
    ];
    await writeFile(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    assert.deepEqual(await globalStateLeftovers(file, URL), [
      'a connection: leftover (http://localhost:4010)',
      'a changed globalState key: platformConsole.activeConnection (another connection active)',
      'a changed globalState key: platformConsole.logs.recent.other-id',
      'a changed globalState key: platformConsole.reportSave.format',
    ]);
    await writeFile(file, JSON.stringify({ state: { 'platformConsole.connections': [] } }) + '\n' + JSON.stringify({ error: 'Target page closed' }) + '\n');
    assert.deepEqual(await globalStateLeftovers(file, URL), [
      `the harness's connection (${URL}) signed out`,
      'globalState not readable as the browser closed: Target page closed',
    ]);
    assert.deepEqual(await globalStateLeftovers(path.join(root, 'none.jsonl'), URL), [], 'a file that opened no workbench left nothing');
  });
});

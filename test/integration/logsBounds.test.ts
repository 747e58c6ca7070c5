// #37 in a real VS Code against the simulator, for Function Logs: a revived panel reads its
// connection by id from the extension's own stored connections (a URL in the page's saved state is
// never used: "Sign In Again" must not offer it, no request goes to it); one memory budget keeps
// the lines of every open panel within platformConsole.logs.maxMemoryMB, the oldest panel's lines
// going first; a line over 16 KB is held cut and "Show Full Line" reads it whole again.
import * as assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { EMPTY_FILTER } from '../../src/protocol/logFilter';
import { LOGS_VIEW_TYPE, type FunctionLogsTarget } from '../../src/protocol/logs';
import { cutOf, type LogLine } from '../../src/protocol/logItems';
import { READ_ONLY_SCHEME } from '../../src/features/logs/functionLogsCommands';
import type { FunctionLogsPanel } from '../../src/features/logs/functionLogsPanel';
import { panelOptions } from '../../src/ui/panelHost';
import { SimulatorControl } from '../../simulator/controlClient';
import { startSimulator, type Simulator } from '../../simulator/index';
import { ACCEPT, PRESS_ESCAPE, ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { print } from './output';
import { EXTENSION_ID, platformConsole } from './support/extension';
import { fence } from './support/fence';

const KEY = testKeys.simulator;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MB = 2 ** 20;

async function until(test: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await sleep(50);
  }
}

const lines = (panel: FunctionLogsPanel) => panel.items().filter((i): i is LogLine => i.kind === 'line');

describe('Function Logs: bounds (#37)', function () {
  this.timeout(120_000);
  let sim: Simulator;
  let other: Simulator;
  let control: SimulatorControl;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  const config = () => vscode.workspace.getConfiguration('platformConsole.logs');
  const fn = (functionName: string) => ({ projectId: 1, regionId: 1, namespace: 'default', functionName });
  const ref = (name: string) => ({ projectId: 1, regionId: 1, namespace: 'default', name });

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    other = await startSimulator({ apiKey: KEY });
    control = new SimulatorControl(sim.url, sim.controlToken);
    connectionId = (await ext.connections.signIn('logs', sim.url, KEY)).id;
    await config().update('pollIntervalSeconds', 1, vscode.ConfigurationTarget.Global);
  });
  afterEach(async () => {
    for (const panel of ext.logs.panels) panel.dispose();
    ext.setUi(undefined);
    for (const key of ['limit', 'maxMemoryMB']) await config().update(key, undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    await config().update('pollIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    await ext.connections.signOut(connectionId);
    await sim.close();
    await other.close();
  });

  /** A webview panel as VS Code restores one after a reload, handed to the logs feature's reviver. */
  function revived(saved: unknown): { panel: vscode.WebviewPanel; disposed: () => boolean } {
    const extensionUri = vscode.extensions.getExtension(EXTENSION_ID)!.extensionUri;
    const panel = vscode.window.createWebviewPanel(LOGS_VIEW_TYPE, 'Logs (restored)', vscode.ViewColumn.Active, {
      ...panelOptions(extensionUri),
      retainContextWhenHidden: true,
    });
    let disposed = false;
    panel.onDidDispose(() => (disposed = true));
    ext.logs.revive(panel, saved);
    return { panel, disposed: () => disposed };
  }

  it('a revived panel reads its connection by id: a URL in the saved state is neither followed nor offered to sign in to', async () => {
    const connection = ext.connections.active!;
    // The page's saved state, written by the page: the right connection id, another URL and name.
    const saved = {
      filter: EMPTY_FILTER,
      utc: false,
      target: { connectionId: connection.id, connectionName: 'logs', baseUrl: other.url, ...fn('hello-world') },
    };
    revived(saved);
    const panel = ext.logs.panels.find((p) => (p.target as FunctionLogsTarget).functionName === 'hello-world');
    assert.ok(panel, 'the panel came back');
    assert.equal(panel.target.baseUrl, sim.url, "the connection's own URL, from the stored connections");
    assert.equal(panel.target.connectionName, connection.name);
    await until(() => panel.follower.tail.size > 0, 'lines read');

    // "Sign In Again" from the page (as after a 401): the sign-in flow is offered the connection's
    // own URL, not the saved state's.
    const ui = new ScriptedUi([ACCEPT, PRESS_ESCAPE]);
    ext.setUi(ui);
    panel.onNotify({ type: 'command', command: 'signIn' });
    await until(() => ui.prompts.length >= 2, 'the sign-in flow asking for the URL');
    assert.equal(ui.prompts[1]!.value, sim.url);
    assert.equal(Object.keys(other.requestCounts()).length, 0, `nothing was sent to the other URL: ${JSON.stringify(other.requestCounts())}`);
  });

  it('a revived panel whose connection is gone (or unknown) is not brought back', async () => {
    const before = ext.logs.panels.length;
    const restored = revived({
      filter: EMPTY_FILTER,
      utc: false,
      target: { connectionId: 'not-a-connection', connectionName: 'logs', baseUrl: other.url, ...fn('hello-world') },
    });
    assert.equal(restored.disposed(), true, 'the restored tab is closed');
    assert.equal(ext.logs.panels.length, before);
    // A follower started for it would read at once: the fence shows nothing reached the other URL.
    assert.deepEqual(await fence(other), {});
  });

  it('one budget for every panel: the lines of two panels stay within maxMemoryMB, the older panel losing its oldest lines first', async () => {
    await config().update('maxMemoryMB', 32, vscode.ConfigurationTarget.Global);
    await config().update('limit', 10_000, vscode.ConfigurationTarget.Global);
    // 2 KB lines count about 2,600 bytes each: 9,000 of them 23.4 MB (one panel fits), 15,000 not.
    await control.logs(ref('mem-old'), { messageLength: 2048, ratePerSecond: 0 });
    await control.logs(ref('mem-old'), { append: 9000 });
    const older = ext.logs.open(fn('mem-old'))!;
    await until(() => older.follower.tail.size >= 9000, 'the older panel holding 9,000 lines', 60_000);
    assert.equal(older.follower.tail.droppedCount, 0);
    const olderOps = ext.logs.sent(older)!.ops;

    await control.logs(ref('mem-new'), { messageLength: 2048, ratePerSecond: 0 });
    await control.logs(ref('mem-new'), { append: 6000 });
    const newer = ext.logs.open(fn('mem-new'))!;
    await until(() => newer.follower.tail.size >= 6000, 'the newer panel holding 6,000 lines', 60_000);
    older.follower.setFollow(false);
    newer.follower.setFollow(false);

    assert.ok(ext.logs.memory.usedBytes <= 32 * MB, `${ext.logs.memory.usedBytes} bytes counted`);
    // The newer panel's own history (short lines from before the older panel's 9,000) may go first; its 6,000 never.
    const long = (panel: FunctionLogsPanel) => lines(panel).filter((l) => l.message.length === 2048).length;
    assert.equal(long(newer), 6000, "the newer panel kept every line newer than the older panel's");
    assert.ok(older.follower.tail.droppedCount > 0, 'the older panel dropped its oldest');
    const marker = older.items()[0]!;
    assert.equal(marker.kind, 'marker');
    assert.match(
      marker.kind === 'marker' ? marker.text : '',
      /Older lines dropped: [\d,]+ so far, to keep at most 1,000,000 lines a panel and all panels' lines within 32 MB\./,
    );
    // Its page is told: at once when loaded (ops), else in the whole list it gets when it loads.
    older.panel.reveal();
    await until(() => older.host.isReady, "the older panel's page loaded");
    await until(
      () => ext.logs.sent(older)!.ops > olderOps || ext.logs.sent(older)!.lastResetItems === older.items().length,
      "the older panel's page told of the drop",
    );
    assert.equal(older.status().dropped, older.follower.tail.droppedCount, 'its status line counts them');
    print(
      `budget 32 MB: older panel ${lines(older).length} lines (${older.follower.tail.droppedCount} dropped), newer ${lines(newer).length}; ${(ext.logs.memory.usedBytes / MB).toFixed(1)} MB counted`,
    );

    // A lower budget applies at once, not at the next read (following is off): the older panel's lines go first.
    const olderHeld = older.follower.tail.size;
    await config().update('maxMemoryMB', 16, vscode.ConfigurationTarget.Global);
    await until(() => ext.logs.memory.usedBytes <= 16 * MB, 'the lower budget applied');
    assert.ok(older.follower.tail.size < olderHeld / 4, `the older panel's lines went (${older.follower.tail.size} of ${olderHeld} left)`);
    assert.equal(long(newer), 6000, "before any of the newer panel's");
  });

  it('a line over 16 KB is held cut and marked; Show Full Line reads it whole from the platform, read-only', async () => {
    await control.logs(ref('long-lines'), { messageLength: 40_000, ratePerSecond: 0 });
    await control.logs(ref('long-lines'), { append: 5 });
    const panel = ext.logs.open(fn('long-lines'))!;
    await until(() => lines(panel).some((l) => cutOf(l.message)), 'a cut line held');
    panel.follower.setFollow(false);
    const line = lines(panel).findLast((l) => cutOf(l.message))!;
    assert.match(line.message, /… \[23,616 more characters\]$/);
    const record = (await control.logRecord(ref('long-lines'))).logs.find((l) => l.Time === line.timeText && l.Pod === line.pod)!;
    assert.equal(record.Message.length, 40_000);

    const result = await panel.showFullLine({ time: line.timeText, pod: line.pod, message: line.message });
    assert.deepEqual(result, { opened: true, message: 'Opened the full line (40,000 characters) in an editor (read-only).' });
    const editor = vscode.window.activeTextEditor!;
    assert.equal(editor.document.uri.scheme, READ_ONLY_SCHEME);
    assert.equal(editor.document.getText(), record.Message);

    // A line that is not cut: nothing to read.
    assert.deepEqual(await panel.showFullLine({ time: line.timeText, pod: line.pod, message: 'short' }), {
      opened: false,
      message: 'This line is shown whole: nothing was cut from it.',
    });
  });
});

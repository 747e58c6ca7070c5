// Trials and activated free features in a real VS Code against the simulator: ids refused by the
// client's rules send nothing; the readable view (Markdown preview) of a running, a not-started
// and an ended trial, start-trial data, a free feature; raw JSON one click away; Refresh; a 404
// ("No trial 42 on billing") and a 500 with Retry.
import * as assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import { ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';
import { until } from './support/until';

const KEY = testKeys.simulator;
/** The pickers' typed fallback: these tests type the ids (pickers.test.ts picks them). */
const ENTER_ID = '$(edit) Enter an ID…';

const tabLabels = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs.map((t) => t.label));

describe('Trials and free features', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  const count = (route: string) => sim.requestCounts()[route] ?? 0;
  const show = async (ui: ScriptedUi, command: string, ...args: unknown[]): Promise<{ uri: vscode.Uri; text: string } | undefined> => {
    ext.setUi(ui);
    const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>(command, ...args);
    if (!uri) return undefined;
    return { uri, text: (await vscode.workspace.openTextDocument(uri)).getText() };
  };

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    connectionId = (await ext.connections.signIn('billing', sim.url, KEY)).id;
  });
  beforeEach(async () => {
    sim.clearFaults();
    sim.resetRequests();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    ext.setUi(undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('Show Trial…: bad ids refused, nothing sent; a running trial in words, with the options table and bars; preview opened', async () => {
    const ui = new ScriptedUi([ENTER_ID, '0', 'abc', '1e3', '401']);
    const shown = await show(ui, 'platformConsole.showTrial');
    assert.deepEqual(ui.prompts[1]?.refusals, ['Trial ID: must be at least 1', 'Trial ID: must be a whole number', 'Trial ID: must be a whole number']);
    assert.equal(count('GET getTrial'), 1, 'only the good id was sent');
    const text = shown!.text;
    assert.match(text, /^# Trial 401\n/);
    assert.match(text, /\*\*CDN for Northwind Traders: \d+ days? \d+ hours? left\*\*|\*\*CDN for Northwind Traders: \d+ days? left\*\*/);
    assert.match(text, /\| Plan \| CDN Trial \(11\) \|/);
    assert.match(text, /\| Days limit \| 14 days \|/);
    assert.match(text, /\| Traffic \| CDN traffic \| Gigabyte \| 312 \| 688 \| 1,000 \| ███░░░░░░░ 31% \|/);
    assert.match(text, /\| CDN resources \| CDN resource \| Piece \| 2 \| 3 \| 5 \| ████░░░░░░ 40% \|/);
    assert.match(text, /\| 1 \| .* UTC \| .* UTC \| running \|/);
    await until('the Markdown preview tab', () => tabLabels().some((l) => l.includes('Trial 401.md')));
    assert.equal(shown!.uri.scheme, 'platform-console-view');
  });

  it('a not-started and an ended trial say so (ids given as command arguments)', async () => {
    const notStarted = await show(new ScriptedUi([]), 'platformConsole.showTrial', 402);
    assert.match(notStarted!.text, /\*\*Object Storage for Contoso Media: not started\*\*/);
    assert.match(notStarted!.text, /None: the trial has not started\./);
    assert.match(notStarted!.text, /\| Capacity \| S3 capacity \| Gigabyte \| 0 \| 500 \| 500 \| ░░░░░░░░░░ 0% \|/);
    const ended = await show(new ScriptedUi([]), 'platformConsole.showTrial', 403);
    assert.match(ended!.text, /\*\*FastEdge for Fabrikam Games: ended\*\*/);
    assert.match(ended!.text, /\| Trial skipped \| yes \|/);
    assert.match(ended!.text, /\| Applications \| FastEdge apps \| Piece \| 3 \| 0 \| 3 \(not a limit\) \| — \|/, 'no bar where the option is not a limit');
    assert.match(ended!.text, /\| ended \|/);
  });

  it('Show Raw JSON opens the answer read-only as JSON; Refresh reads the view again', async () => {
    await show(new ScriptedUi([]), 'platformConsole.showTrial', 401);
    await until('the preview to be the active tab', () => /Trial 401\.md/.test(vscode.window.tabGroups.activeTabGroup.activeTab?.label ?? ''));
    const jsonUri = await vscode.commands.executeCommand<vscode.Uri>('platformConsole.showRawJson');
    const doc = await vscode.workspace.openTextDocument(jsonUri);
    assert.equal(doc.languageId, 'json');
    const trial = JSON.parse(doc.getText()) as { id: number; remaining_duration: number; options: unknown[] };
    assert.equal(trial.id, 401);
    assert.equal(trial.options.length, 2);
    assert.ok(trial.remaining_duration > 0);
    assert.equal(jsonUri.scheme, 'platform-console-view', 'served by the extension: read-only, never on disk');
    const before = count('GET getTrial');
    assert.equal(await vscode.commands.executeCommand('platformConsole.refreshReadableView'), true);
    assert.equal(count('GET getTrial'), before + 1);
  });

  it('Show Trial Start Data…: client id in the int32 range, product id; (501, 1) is trial 401', async () => {
    const ui = new ScriptedUi(['2147483648', '-2147483649', 'x', '501', '1.5', '1']);
    const shown = await show(ui, 'platformConsole.showTrialStartData');
    assert.deepEqual(ui.prompts[0]?.refusals, [
      'Client ID: must be at most 2147483647',
      'Client ID: must be at least -2147483648',
      'Client ID: must be a whole number',
    ]);
    assert.deepEqual(ui.prompts[1]?.refusals, ['Product ID: must be a whole number']);
    assert.equal(ui.prompts[1]?.canGoBack, true);
    assert.equal(count('GET getTrialStartData'), 1);
    assert.match(shown!.text, /^# Trial start data: client 501, product 1 \(trial 401\)\n/);
    assert.match(shown!.text, /left\*\*/);
  });

  it('Show Activated Free Feature…: name, service, free or not, activation time', async () => {
    const ui = new ScriptedUi([ENTER_ID, '-1', '601']);
    const shown = await show(ui, 'platformConsole.showActivatedFreeFeature');
    assert.deepEqual(ui.prompts[1]?.refusals, ['Activated feature ID: must be at least 1']);
    assert.match(shown!.text, /^# Activated free feature 601\n/);
    assert.match(shown!.text, /\*\*Origin shielding\*\* \(CDN\): free/);
    assert.match(shown!.text, /\| Free \| yes \|/);
    assert.match(shown!.text, /\| Activated \| \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC \(\d+ days? ago\) \|/);
    await until('the preview tab', () => tabLabels().some((l) => l.includes('Free feature 601.md')));
  });

  it('a 404 says "No trial 42 on billing"; Change ID reopens the box with 42', async () => {
    let changed = false;
    const ui = new ScriptedUi([ENTER_ID, '42', '401'], (message) => {
      if (message.startsWith('No trial 42') && !changed) {
        changed = true;
        return 'Change ID';
      }
      return undefined;
    });
    const shown = await show(ui, 'platformConsole.showTrial');
    const notFound = ui.notifications.find((n) => n.message.startsWith('No trial'))!;
    assert.equal(notFound.message, 'No trial 42 on billing.');
    assert.equal(notFound.severity, 'warning');
    assert.deepEqual(notFound.actions, ['Change ID', 'Show Log']);
    assert.equal(ui.prompts[2]?.value, '42');
    assert.equal(shown, undefined, 'the first read showed nothing');
    await until('trial 401 shown after the change', () => tabLabels().some((l) => l.includes('Trial 401.md')));
    assert.ok(
      ext.log.recent.some((l) => l.startsWith('No trial 42 on billing')),
      'logged for Show Log',
    );

    const feature = new ScriptedUi([ENTER_ID, '999']);
    await show(feature, 'platformConsole.showActivatedFreeFeature');
    assert.equal(feature.notifications[0]?.message, 'No activated free feature 999 on billing.');
  });

  it('a 500 says what failed with Retry and Show Log; Retry reads again', async () => {
    sim.setFault({ route: 'getTrial', kind: 'status', status: 500, times: 1 });
    const ui = new ScriptedUi([ENTER_ID, '403'], (message) => (/^Could not read trial 403/.test(message) ? 'Retry' : undefined));
    const shown = await show(ui, 'platformConsole.showTrial');
    const failure = ui.notifications[0]!;
    assert.match(failure.message, /^Could not read trial 403 from billing: Server error \(HTTP 500\)/);
    assert.equal(failure.severity, 'error');
    assert.deepEqual(failure.actions, ['Retry', 'Show Log']);
    assert.equal(count('GET getTrial'), 2, 'the GET is not retried on a 500 by itself; Retry sent it once more');
    assert.match(shown!.text, /^# Trial 403\n/);
  });
});

// The DDoS Attacks view in a real VS Code against the simulator: the events newest first with the
// ongoing attack first and marked; a filter chosen (type, address, custom range checked as typed)
// is what the simulator's record shows the view sent; Clear Filters; an error row with Retry when
// the simulator fails (Load more and its ranges: attacksLongList.test.ts); a row's address
// copied and its details opened; refresh scheduled only while visible and signed in; signed out,
// no rows (the welcome).
import * as assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import { ONGOING_EVENT_ID, SEEDED_EVENT_COUNT, TARGETED } from '../../simulator/state/seedDdosEvents';
import { ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';

const KEY = testKeys.simulator;

interface Row {
  node: unknown;
  label: string;
  description: string;
  icon?: string;
  contextValue?: string;
}

describe('DDoS Attacks view', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string | undefined;
  const until = async (test: () => Promise<boolean> | boolean, what: string) => {
    for (let i = 0; i < 200; i++) {
      if (await test()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.fail(`timed out waiting for ${what}`);
  };
  const item = async (node: unknown): Promise<Row> => {
    const it = await ext.attacks.getTreeItem(node as never);
    const icon = it.iconPath instanceof vscode.ThemeIcon ? it.iconPath.id : undefined;
    return { node, label: String(it.label), description: String(it.description ?? ''), icon, contextValue: it.contextValue };
  };
  /** The view's rows once read (not the loading row). */
  const rows = async (): Promise<Row[]> => {
    let out: Row[] = [];
    await until(async () => {
      out = await Promise.all((await ext.attacks.getChildren()).map(item));
      return out.length > 0 && !out[0]!.label.startsWith('Loading');
    }, 'the attacks');
    return out;
  };
  const lastQuery = () => Object.values(sim.lastRequests('listDdosEvents'))[0]?.query ?? {};
  const run = async (ui: ScriptedUi, command: string, ...args: unknown[]) => {
    ext.setUi(ui);
    await vscode.commands.executeCommand(command, ...args);
  };

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    connectionId = (await ext.connections.signIn('attacks', sim.url, KEY, 'platform')).id;
  });
  beforeEach(async () => {
    sim.reset();
    sim.clearFaults();
    await ext.attacks.setFilters({ range: { kind: 'last', hours: 720 } });
    sim.resetRequests();
  });
  after(async () => {
    ext.setUi(undefined);
    ext.setRetryBaseMs(undefined);
    // The attack's preview opened from its row: closed again.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.view.explorer');
    if (connectionId) await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('lists the attacks newest first, the ongoing one first and marked, a page of 100 (the seed: one page, no Load more)', async () => {
    await ext.attacks.reload();
    const shown = await rows();
    const q = lastQuery();
    assert.deepEqual([q.ordering, q.limit, q.offset, q.alert_type, q.targeted_ip_addresses], ['-attack_start_time', '100', '0', undefined, undefined]);
    assert.equal(Date.parse(q.date_to!) - Date.parse(q.date_from!), 30 * 86_400_000, 'the last 30 days, always sent');
    const first = shown[0]!;
    assert.equal(first.label, TARGETED.web);
    assert.match(first.description, /^DDoS alert · since \d{4}-\d\d-\d\d \d\d:\d\d \S+ · ongoing, .+ so far$/);
    assert.equal(first.icon, 'flame');
    assert.equal(ext.attacks.rows[0]!.id, ONGOING_EVENT_ID);
    const attacks = shown.filter((r) => r.contextValue === 'platformConsole.attack');
    assert.equal(attacks.length, SEEDED_EVENT_COUNT);
    assert.ok(
      attacks.slice(1).every((r) => /→ .* · \d/.test(r.description) && r.icon !== 'flame'),
      'the others ended, with a duration',
    );
    const starts = ext.attacks.rows.map((r) => r.startMs!);
    assert.deepEqual(
      starts,
      [...starts].sort((a, b) => b - a),
      'newest first',
    );
    assert.equal(shown.length, SEEDED_EVENT_COUNT, 'every attack in one page: no Load more');
  });

  it('a filter chosen is sent to the server: alert type, then an address (a bad one refused as typed); the view says them; Clear Filters', async () => {
    await rows();
    await run(new ScriptedUi(['Alert type', 'RTBH (blackhole) alert']), 'platformConsole.filterAttacks');
    await until(() => lastQuery().alert_type === 'rtbh_alert', 'the type filter sent');
    await until(async () => (await rows()).every((r) => r.contextValue !== 'platformConsole.attack' || r.description.startsWith('RTBH')), 'only RTBH rows');
    assert.equal(ext.attacks.view.description, 'Last 30 days · RTBH (blackhole) alert');

    const ui = new ScriptedUi(['Targeted address', '203.0.113.300', '198.51.100.7, 2001:db8::20']);
    await run(ui, 'platformConsole.filterAttacks');
    assert.deepEqual(ui.prompts[1]!.refusals, ['Targeted address: must be an IP address, or several separated by commas (203.0.113.7, 2001:db8::1)']);
    await until(() => lastQuery().targeted_ip_addresses === `${TARGETED.mail},${TARGETED.v6}`, 'the address filter sent');
    assert.deepEqual([lastQuery().alert_type, lastQuery().offset], ['rtbh_alert', '0'], 'the type kept, from the first page');
    assert.equal(ext.attacks.view.description, `Last 30 days · RTBH (blackhole) alert · ${TARGETED.mail}, ${TARGETED.v6}`);

    sim.resetRequests();
    await vscode.commands.executeCommand('platformConsole.clearAttackFilters');
    await until(() => sim.requestCounts()['GET listDdosEvents'] === 1, 'read again without filters');
    assert.deepEqual([lastQuery().alert_type, lastQuery().targeted_ip_addresses], [undefined, undefined]);
    assert.equal(ext.attacks.view.description, 'Last 30 days');
  });

  it('a custom range: From checked as typed (not in the future), To empty means now; sent as the range', async () => {
    await rows();
    const day = new Date(Date.now() - 2 * 86_400_000);
    const typed = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    const ui = new ScriptedUi(['Time range', 'Custom range…', 'last week', '2999-01-01', typed, '']);
    await run(ui, 'platformConsole.filterAttacks');
    assert.match(ui.prompts[2]!.refusals[0]!, /^From: must be a date \(2026-11-20\)/);
    assert.equal(ui.prompts[2]!.refusals[1], 'From: must not be in the future');
    await until(() => lastQuery().date_from === new Date(day.getFullYear(), day.getMonth(), day.getDate()).toISOString(), 'the custom range sent');
    assert.ok(Math.abs(Date.parse(lastQuery().date_to!) - Date.now()) < 60_000, 'to: now');
    assert.match(String(ext.attacks.view.description), new RegExp(`^${typed} 00:00 .+ – `));
  });

  it('an error row with Retry when the platform fails; Retry reads again', async () => {
    ext.setRetryBaseMs(1);
    sim.setFault({ route: 'listDdosEvents', kind: 'status', status: 503 });
    await ext.attacks.reload();
    const error = (await rows())[0]!;
    assert.equal(error.label, 'Could not load the DDoS attacks');
    assert.equal(error.contextValue, 'platformConsole.error');
    assert.match(error.description, /503/);
    sim.clearFaults();
    await vscode.commands.executeCommand('platformConsole.runNodeAction', error.node);
    await until(async () => (await rows())[0]!.label === TARGETED.web, 'the rows back after Retry');
    ext.setRetryBaseMs(undefined);
  });

  it('a row: Copy Targeted Address; Show Attack Details opens its facts', async () => {
    const first = (await rows())[0]!;
    await run(new ScriptedUi(), 'platformConsole.copyAttackAddress', first.node);
    assert.equal(await vscode.env.clipboard.readText(), TARGETED.web);
    const uri = await vscode.commands.executeCommand<vscode.Uri>('platformConsole.showAttackDetails', first.node);
    const text = (await vscode.workspace.openTextDocument(uri)).getText();
    // Markdown-escaped (platform text): read without the escapes.
    const plain = text.replace(/\\/g, '');
    assert.match(plain, /^# DDoS attack on 203\.0\.113\.10\n/);
    assert.match(plain, /\| End \| ongoing \|/);
    assert.match(plain, /\| Peak traffic \| 48\.2 Gbit\/s \|/);
  });

  it('refresh is scheduled only while the view is visible and signed in; signed out of it: not its rows (no rows at all when none is signed in)', async () => {
    await vscode.commands.executeCommand('platformConsole.attacks.focus');
    await until(() => ext.attacks.view.visible, 'the view visible');
    await rows();
    await until(() => ext.attacks.autoRefresh.scheduled, 'a refresh scheduled');
    // Hidden again (before the sign-out, so no later suite's connection is read on a schedule).
    await vscode.commands.executeCommand('workbench.view.explorer');
    await until(() => !ext.attacks.view.visible, 'the view hidden');
    assert.equal(ext.attacks.autoRefresh.scheduled, false, 'hidden: no refresh scheduled');
    const ours = connectionId!;
    await ext.connections.signOut(ours);
    connectionId = undefined;
    assert.notEqual(ext.attacks.activeConnectionId, ours);
    assert.equal(ext.attacks.rows.length, 0, 'our rows dropped');
    if (ext.attacks.activeConnectionId === undefined) assert.deepEqual(await ext.attacks.getChildren(), [], 'signed out: no rows, the welcome shows');
  });
});

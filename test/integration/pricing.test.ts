// The Price Preview's extension side in a real VS Code against the simulator: the session the
// panel drives (form checks, live prices, the newest answer only, hide and error, pin and
// compare, copy, a failing server with Retry), the message checks, and the command and panel.
// The webview itself renders only under code-server: test/e2e/pricing.e2e.mjs drives it there.
import * as assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import type { PricingSession } from '../../src/features/pricing/pricingSession';
import { defaultPricingState, type PriceDisplay, type PriceList, type PriceTab, type PricingEvent, type PricingState } from '../../src/protocol/pricing';
import type { ListChoices, ListOption } from '../../src/protocol/listChoices';
import { ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';
import { fence } from './support/fence';
import { until } from './support/until';
import { signOutOf } from './support/isolation';

const KEY = testKeys.simulator;
const INSTANCES = 'POST previewInstancePrice';
const LOAD_BALANCERS = 'POST previewLoadBalancerPrice';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Price Preview (extension side)', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let events: PricingEvent[];
  let session: PricingSession;
  const sessions: PricingSession[] = [];
  const sent = (route: string) => sim.requestCounts()[route] ?? 0;

  const start = (state: PricingState = located(), debounceMs = 30) => {
    events = [];
    session = ext.pricing.createSession((e) => events.push(e), state, debounceMs);
    sessions.push(session);
    session.onReady();
    return session;
  };
  const located = (projectId = '1', regionId = '1'): PricingState => defaultPricingState({ projectId, regionId });
  const edit = (patch: (s: PricingState) => PricingState) => session.onNotify({ type: 'edit', state: patch(structuredClone(session.current)) });
  const priced = (tab: PriceTab = 'instances'): PriceDisplay[] =>
    events.flatMap((e) => (e.type === 'price' && e.tab === tab && e.view.state === 'priced' ? [e.view.display] : []));
  const issues = (tab: PriceTab | 'location') => events.filter((e) => e.type === 'issues' && e.tab === tab).at(-1);
  /** Waits for a shown price of `tab` newer than `after` whose summary matches. */
  async function price(tab: PriceTab = 'instances', summary = /./, after = 0, timeoutMs = 10_000): Promise<PriceDisplay> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const view = session.view(tab);
      if (view.state === 'priced' && view.display.sequence > after && summary.test(view.display.summary)) return view.display;
      if (Date.now() > deadline) throw new Error(`no price of ${tab} matching ${summary}; the panel shows ${JSON.stringify(view)}`);
      await sleep(20);
    }
  }

  /** Waits until the picker of `list` is no longer loading and returns what it offers. */
  async function offered(list: PriceList, timeoutMs = 10_000): Promise<ListChoices> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const choices = session.offered(list);
      if (choices.state !== 'loading' && events.some((e) => e.type === 'choices' && e.list === list && e.choices === choices)) return choices;
      if (Date.now() > deadline) throw new Error(`the ${list} picker still shows ${JSON.stringify(choices)}`);
      await sleep(20);
    }
  }
  const options = (choices: ListChoices): ListOption[] => {
    assert.equal(choices.state, 'listed', JSON.stringify(choices));
    return choices.state === 'listed' ? choices.options : [];
  };

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    await ext.connections.signIn('pricing', sim.url, KEY);
  });
  beforeEach(() => {
    sim.clearFaults();
    sim.resetRequests();
  });
  after(async () => {
    sessions.forEach((s) => s.dispose());
    ext.setUi(undefined);
    await signOutOf(ext, sim.url);
    await sim.close();
  });

  it('prices the default forms on ready: EUR with 17 % tax in region 1, project 1 discount on the flavor', async () => {
    start();
    const instances = await price('instances');
    assert.equal(instances.status, 'show');
    assert.match(instances.perMonth, /^€\d/);
    assert.equal(instances.taxPercent, '17 %');
    assert.equal(instances.vmCount, '1');
    assert.deepEqual(instances.discountDetails, [{ resource: 'flavor', discount: '10.00 %' }]);
    assert.deepEqual(
      instances.rows.map((r) => r.key),
      ['flavor', 'volume:standard', 'external_ip', 'floating_ip'],
    );
    assert.equal(instances.chart.length, 4);
    const lb = await price('loadBalancer');
    assert.match(lb.summary, /^lb1-1-2 · no floating IP · VIP on the external network · project 1, region 1$/);
    assert.equal(sent(INSTANCES), 1);
    assert.equal(sent(LOAD_BALANCERS), 1);
    assert.deepEqual(issues('instances'), { type: 'issues', tab: 'instances', issues: [] });
  });

  it('another region prices in USD; every change is priced after the debounce', async () => {
    start(located('2', '5'));
    const first = await price('instances');
    assert.match(first.perMonth, /^\$/);
    edit((s) => ({ ...s, instance: { ...s.instance, names: 'a\nb\nc' } }));
    const three = await price('instances', / × 3 /, first.sequence);
    assert.equal(three.vmCount, '3');
    const money = (t: string) => Number(t.replace(/[^0-9.]/g, ''));
    assert.ok(Math.abs(money(three.rows[0]!.perMonth) - 3 * money(first.rows[0]!.perMonth)) <= 0.02);
  });

  it('going back to a configuration priced a moment ago shows its price at once, without asking again', async () => {
    start(located('2', '5'));
    const one = await price('instances');
    const names = session.current.instance.names;
    edit((s) => ({ ...s, instance: { ...s.instance, names: 'a\nb' } }));
    const two = await price('instances', / × 2 /, one.sequence);
    const before = sent('POST previewInstancePrice');
    edit((s) => ({ ...s, instance: { ...s.instance, names } }));
    // Shown in the same turn: no pause, no request.
    const view = session.view('instances');
    assert.equal(view.state, 'priced', JSON.stringify(view));
    assert.equal(view.state === 'priced' && view.display.perMonth, one.perMonth);
    await until('nothing pending', () => session.idle);
    assert.equal((await fence(sim))['POST previewInstancePrice'], before, 'nothing sent for a configuration already priced');
    assert.ok(two.sequence > one.sequence);
  });

  it('acknowledges each numbered edit after the prices it made, so the page can tell a price for an older form', async () => {
    start(located('2', '5'));
    await price('instances');
    const known = session.current.instance.names;
    events = [];
    // A change priced a moment ago (its answer shown at once), then one that only waits.
    session.onNotify({ type: 'edit', state: { ...structuredClone(session.current), instance: { ...session.current.instance, names: 'x\ny' } }, seq: 7 });
    session.onNotify({ type: 'edit', state: { ...structuredClone(session.current), instance: { ...session.current.instance, names: known } }, seq: 8 });
    const order = events
      .map((e) => (e.type === 'edited' ? `edited ${e.seq}` : e.type === 'price' && e.tab === 'instances' ? `price ${e.view.state}` : e.type))
      .filter((e) => e !== 'issues');
    assert.deepEqual(order, ['price loading', 'edited 7', 'price priced', 'edited 8']);
    session.onNotify({ type: 'edit', state: structuredClone(session.current) });
    assert.equal(events.filter((e) => e.type === 'edited').length, 2, 'an edit without a number is not acknowledged');
  });

  it('marks invalid fields and sends nothing while the form is invalid', async () => {
    start();
    await price('instances');
    await price('loadBalancer');
    sim.resetRequests();
    edit((s) => ({
      ...s,
      instance: {
        ...s.instance,
        interfaces: [...s.instance.interfaces, { ...s.instance.interfaces[0]!, type: 'subnet' }],
        volumes: [{ ...s.instance.volumes[0]!, size: 'ten' }],
      },
    }));
    await until('the instance form refused', () => session.view('instances').state === 'invalid' && issues('instances')?.type === 'issues');
    const refused = issues('instances');
    assert.ok(refused?.type === 'issues');
    assert.deepEqual(
      refused.issues.map((i) => i.message),
      ['Volume 1: Size (GiB): must be a whole number of GiB', 'Interface 2: Network ID: must not be empty', 'Interface 2: Subnet ID: must not be empty'],
    );
    assert.deepEqual(session.view('instances'), { state: 'invalid', count: 3 });
    edit((s) => ({ ...s, location: { projectId: 'x', regionId: '1' } }));
    const location = await until('the location refused', () => {
      const e = issues('location');
      return e?.type === 'issues' && e.issues.length > 0 && e;
    });
    assert.ok(location?.type === 'issues');
    assert.deepEqual(location.issues, [{ field: 'projectId', message: 'Project ID: must be a positive whole number' }]);
    // Nothing waits for its pause; the fence: anything sent before it has arrived.
    await until('nothing pending', () => session.idle);
    const atFence = await fence(sim);
    assert.equal(atFence[INSTANCES] ?? 0, 0, 'nothing was sent');
    assert.equal(atFence[LOAD_BALANCERS] ?? 0, 0, 'the load balancer form is valid, but the location is not');
  });

  it('out-of-order answers: the delayed first answer never shows; only the newest does', async () => {
    start(located(), 30);
    const initial = await price('instances');
    sim.resetRequests();
    sim.setFault({ route: 'previewInstancePrice', kind: 'latency', ms: 800, times: 1 });
    edit((s) => ({ ...s, instance: { ...s.instance, flavor: 'g1-standard-1-2', names: 'slow' } }));
    await until('the delayed request in flight', () => sent(INSTANCES) === 1);
    edit((s) => ({ ...s, instance: { ...s.instance, flavor: 'g1-standard-2-4', names: 'fast' } }));
    const newest = await price('instances', /^g1-standard-2-4 /, initial.sequence);
    // Every request settled, the delayed one included: no answer is still to come.
    await until('no answer still to come', () => session.idle);
    assert.equal(sent(INSTANCES), 2, 'both requests reached the simulator');
    const shown = priced('instances').filter((d) => d.sequence > initial.sequence);
    assert.deepEqual(
      shown.map((d) => d.summary.split(' ')[0]),
      ['g1-standard-2-4'],
      'no stale price was ever shown',
    );
    const view = session.view('instances');
    assert.ok(view.state === 'priced' && view.display.sequence === newest.sequence);
  });

  it('hidden prices say so without numbers; an unknown flavor is a clear error', async () => {
    start(located('999', '1'));
    const hidden = await price('instances');
    assert.equal(hidden.status, 'hide');
    assert.equal(hidden.message, 'Prices are hidden for this account');
    assert.deepEqual([hidden.perMonth, hidden.rows.length, hidden.chart.length], ['—', 0, 0]);
    edit((s) => ({ ...s, location: { projectId: '1', regionId: '1' }, loadBalancer: { ...s.loadBalancer, flavor: 'lb9-nope' } }));
    const refused = await price('loadBalancer', /^lb9-nope /);
    assert.equal(refused.status, 'error');
    assert.match(refused.message!, /could not price this configuration/);
  });

  it('pin keeps the prices and the next ones are compared per line and in total', async () => {
    start();
    const base = await price('loadBalancer');
    assert.deepEqual(session.pin('loadBalancer'), { pinned: true });
    const pinnedState = events.filter((e) => e.type === 'state' && e.reason === 'pinned').at(-1);
    assert.ok(pinnedState?.type === 'state' && pinnedState.state.pinned.loadBalancer?.price.totalPerMonth !== undefined);
    edit((s) => ({ ...s, loadBalancer: { ...s.loadBalancer, flavor: 'lb1-2-4', floatingIp: 'new' } }));
    const bigger = await price('loadBalancer', /^lb1-2-4 /, base.sequence);
    assert.match(bigger.compare!.total.difference, /^\+€/);
    assert.equal(bigger.compare!.rows.find((r) => r.key === 'floating_ip')!.pinned, '€0.00');
    session.onNotify({ type: 'unpin', tab: 'loadBalancer' });
    const view = session.view('loadBalancer');
    assert.ok(view.state === 'priced' && view.display.compare === undefined);
    assert.equal(session.current.pinned.loadBalancer, undefined);
  });

  it('nothing to pin while the form is invalid', async () => {
    start();
    await price('instances');
    edit((s) => ({ ...s, instance: { ...s.instance, flavor: '' } }));
    assert.deepEqual(session.pin('instances'), { pinned: false, message: 'Nothing to pin yet: wait for a price of a valid configuration.' });
  });

  it('copies the request as JSON and as curl, the key never in them', async () => {
    start();
    const json = await session.copy('instances', 'json');
    assert.equal(json.copied, true);
    assert.deepEqual(JSON.parse(await vscode.env.clipboard.readText()), {
      flavor: 'g1-standard-1-2',
      names: ['instance-1'],
      interfaces: [{ type: 'external' }],
      volumes: [{ source: 'new-volume', size: 10 }],
    });
    await session.copy('loadBalancer', 'curl');
    const curl = await vscode.env.clipboard.readText();
    assert.ok(curl.startsWith(`curl -X POST '${sim.url}/cloud/v2/pricing/1/1/loadbalancers'`), curl);
    assert.ok(curl.includes('-H "Authorization: apikey $PLATFORM_API_KEY"'));
    assert.ok(!curl.includes(KEY), 'the key is not in the text');
    edit((s) => ({ ...s, loadBalancer: { ...s.loadBalancer, vipTarget: 'port' } }));
    assert.deepEqual(await session.copy('loadBalancer', 'curl'), {
      copied: false,
      message: 'Nothing copied: VIP port ID: is required when the VIP is a reserved fixed IP port',
    });
  });

  it('a server error: inline failure, a notification with Retry and Show Log; Retry prices again', async () => {
    let retry = true;
    const ui = new ScriptedUi([], (_message, actions) => (retry && actions.includes('Retry') ? ((retry = false), 'Retry') : undefined));
    ext.setUi(ui);
    sim.setFault({ route: 'previewLoadBalancerPrice', kind: 'status', status: 500, times: 1 });
    start();
    const note = await ui.waitForNotification(/^Could not preview the price of the load balancer: /);
    assert.deepEqual(note.actions, ['Retry', 'Show Log']);
    assert.ok(!note.message.includes(KEY));
    const lb = await price('loadBalancer');
    assert.equal(lb.status, 'show');
    assert.equal(sent(LOAD_BALANCERS), 2, 'the failed request and the retry');
    assert.ok(events.some((e) => e.type === 'price' && e.tab === 'loadBalancer' && e.view.state === 'failed'));
    ext.setUi(undefined);
  });

  it('checks what the webview sends: unknown fields, values and sizes are refused', () => {
    const state = located();
    assert.ok(ext.pricing.parseNotification({ type: 'edit', state }));
    assert.equal(ext.pricing.parseNotification({ type: 'edit', state: { ...state, extra: 1 } }), undefined);
    assert.equal(ext.pricing.parseNotification({ type: 'retry', tab: 'databases' }), undefined);
    assert.equal(ext.pricing.parseNotification({ type: 'command', command: 'workbench.action.quit' }), undefined);
    const tooMany = { ...state, instance: { ...state.instance, interfaces: Array.from({ length: 51 }, () => state.instance.interfaces[0]) } };
    assert.equal(ext.pricing.parseNotification({ type: 'edit', state: tooMany }), undefined);
    const longFlavor = { ...state, instance: { ...state.instance, flavor: 'x'.repeat(300) } };
    assert.equal(ext.pricing.parseState(longFlavor), undefined);
    assert.equal(ext.pricing.parseState({ tab: 'instances' }), undefined);
    assert.deepEqual(ext.pricing.parseState(JSON.parse(JSON.stringify(state))), state);
  });

  it('offers projects and regions by name, and the flavors of the location with vCPUs, RAM and their own price', async () => {
    start(located('', ''));
    const projects = options(await offered('projects'));
    assert.deepEqual(
      projects.map((o) => o.value),
      ['1', '2', '3', '999'],
    );
    assert.equal(projects[0]!.label, 'production · ID 1');
    assert.match(projects[0]!.description ?? '', /^default project · /);
    assert.equal(options(await offered('regions'))[0]!.label, 'Luxembourg-2 · ID 1 · LU');
    const waiting = await offered('flavors');
    assert.deepEqual(
      waiting,
      { state: 'typed', hint: 'Pick a project and a region to choose from their flavors.' },
      'no location yet: nothing to list, nothing sent',
    );
    assert.equal(sent('GET listFlavors'), 0);

    edit((s) => ({ ...s, location: { projectId: '1', regionId: '1' } }));
    const flavors = options(await offered('flavors'));
    const small = flavors.find((o) => o.value === 'g1-standard-2-4');
    assert.match(small?.label ?? '', /^g1-standard-2-4 · 2 vCPUs · 4 GiB · €[\d.,]+\/month$/);
    assert.match(small?.description ?? '', /^€[\d.,]+ per hour · x86_64 · linux$/);
    const vcpus = flavors.map((o) => Number(/ (\d+) vCPU/.exec(o.label)?.[1]));
    assert.deepEqual(
      vcpus,
      [...vcpus].sort((a, b) => a - b),
      'smallest first',
    );
    assert.match(options(await offered('loadBalancerFlavors')).find((o) => o.value === 'lb1-2-4')?.label ?? '', /^lb1-2-4 · 2 vCPUs · 4 GiB · €/);

    // Another region: its flavors, priced in its currency; the first region's are kept a minute.
    // A change of location offers nothing but "loading" at once: offered() waits for the new list.
    edit((s) => ({ ...s, location: { projectId: '1', regionId: '2' } }));
    assert.match(options(await offered('flavors'))[0]!.label, /\$[\d.,]+\/month$/);
    const reads = sent('GET listFlavors');
    edit((s) => ({ ...s, location: { projectId: '1', regionId: '1' } }));
    assert.match(options(await offered('flavors'))[0]!.label, /€/);
    assert.equal(sent('GET listFlavors'), reads, 'read once per location and connection');
  });

  it('a project whose prices are hidden lists its flavors without a price', async () => {
    start(located('999', '1'));
    const flavors = options(await offered('flavors'));
    assert.ok(flavors.length > 0);
    for (const o of flavors) assert.match(o.label, / · price hidden$/);
  });

  it('a failed list: the reason and Retry; Retry reads it again', async () => {
    sim.setFault({ route: 'listFlavors', kind: 'status', status: 500 });
    start(located('3', '4'));
    const failed = await offered('flavors');
    assert.equal(failed.state, 'failed');
    assert.match(failed.state === 'failed' ? failed.message : '', /500|server/i);
    assert.ok(!JSON.stringify(failed).includes(KEY));
    sim.clearFaults();
    session.onNotify({ type: 'reloadList', list: 'flavors' });
    assert.ok(options(await offered('flavors')).length > 0);
  });

  it('on a server without the lists (spec only) every field is typed, and the price still comes', async () => {
    const spec = await startSimulator({ apiKey: KEY, dialect: 'spec' });
    const before = ext.connections.active!.id;
    try {
      await ext.connections.signIn('pricing-spec', spec.url, KEY, 'spec');
      start(located('1', '1'));
      for (const list of ['projects', 'regions', 'flavors', 'loadBalancerFlavors'] as const) {
        const choices = await offered(list);
        assert.equal(choices.state, 'typed', `${list}: ${JSON.stringify(choices)}`);
      }
      assert.equal((await price('instances')).status, 'show');
      // Remembered for the connection (other views on it ask the server too, so the panel's own
      // requests are not counted here): a new panel goes straight to typing.
      const lists = (await ext.connections.bind())!.lists;
      for (const endpoint of ['listProjects', 'listRegions', 'listFlavors', 'listLoadBalancerFlavors'] as const)
        assert.ok(lists.isMissing(endpoint), `${endpoint} remembered as missing`);
      start(located('1', '1'));
      assert.equal((await offered('projects')).state, 'typed');
    } finally {
      const other = ext.connections.active!;
      await ext.connections.switchTo(before);
      await ext.connections.signOut(other.id);
      await spec.close();
    }
  });

  it('"Preview Prices…" opens one panel and reveals it again', async () => {
    await vscode.commands.executeCommand('platformConsole.previewPrices');
    assert.ok(ext.pricing.panelOpen);
    const first = ext.pricing.openSession;
    await vscode.commands.executeCommand('platformConsole.previewPrices');
    assert.equal(ext.pricing.openSession, first, 'the same panel');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (let i = 0; i < 50 && ext.pricing.panelOpen; i++) await sleep(20);
    assert.ok(!ext.pricing.panelOpen, 'closing the panel disposes its session');
  });
});

// Agent tokens (#56 item 1) in a real VS Code against the simulator: Create Agent Token's wizard
// (every field checked as typed, Back, the confirmation naming every value, one POST) leaves the
// token on the platform with that name, role and expiry, its secret in SecretStorage only and its
// row in the Connections view; a failed create keeps every value; Revoke asks for the name typed,
// deletes it there (401 with it after) and forgets it; Sign Out deletes it on the platform while the
// key is still there, and nothing is sent with the key after; at expiry the one timer deletes it.
import * as assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { AgentTokenRecord } from '../../src/features/agent/model/agentTokens';
import type { ScheduleClock } from '../../src/ui/refreshSchedule';
import type { TreeNode } from '../../src/ui/treeNodes';
import { startSimulator, type Simulator } from '../../simulator/index';
import { watchForSecret } from '../support/keyWitness';
import { ACCEPT, PRESS_BACK, ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';
import { fence } from './support/fence';
import { until } from './support/until';

const KEY = testKeys.simulator;
const HOUR = 3_600_000;

/** A clock at real time plus what the test moved it by; its timers run only in `advance`. */
class OffsetClock implements ScheduleClock {
  offset = 0;
  private readonly timers = new Map<number, { at: number; run: () => void }>();
  private next = 1;
  readonly now = () => Date.now() + this.offset;
  readonly setTimer = (run: () => void, ms: number) => {
    const id = this.next++;
    this.timers.set(id, { at: this.now() + ms, run });
    return id;
  };
  readonly clearTimer = (t: unknown) => void this.timers.delete(t as number);
  advance(ms: number): void {
    this.offset += ms;
    for (const [id, t] of [...this.timers]) {
      if (t.at > this.now()) continue;
      this.timers.delete(id);
      t.run();
    }
  }
}

describe('agent tokens: create, list, revoke, Sign Out, expiry', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  const store = () => ext.agentTokens.store;
  const count = (route: string) => Object.entries(sim.requestCounts()).find(([k]) => k.endsWith(` ${route}`))?.[1] ?? 0;
  /** Confirms the modal with its button, answers a notification's Retry when `retry` says so. */
  const chooser =
    (retry = false) =>
    (_message: string, actions: readonly string[]) =>
      actions.includes('Create Token') ? 'Create Token' : retry && actions.includes('Retry') ? 'Retry' : undefined;
  const run = async <T>(ui: ScriptedUi, command: string, ...args: unknown[]) => {
    ext.setUi(ui);
    return vscode.commands.executeCommand<T>(command, ...args);
  };
  const platformTokens = async () => {
    const api = (await ext.connections.api())!;
    return api.iam.listApiTokens({ params: { clientId: 1 }, query: { deleted: true } });
  };
  const statusWith = async (secret: string) => (await fetch(`${sim.url}/iam/clients/me`, { headers: { Authorization: `apikey ${secret}` } })).status;
  /** Mints one through the command, every default taken. */
  const mint = async (): Promise<{ record: AgentTokenRecord; secret: string }> => {
    const record = await run<AgentTokenRecord | undefined>(new ScriptedUi([ACCEPT, ACCEPT, ACCEPT], chooser()), 'platformConsole.createAgentToken');
    assert.ok(record, 'a token was made');
    const secret = (await store().secretOf(record))!;
    watchForSecret(secret);
    return { record, secret };
  };
  const item = async (node: TreeNode) => node.getTreeItem();
  const tokenRows = async () => {
    const tree = ext.agentTokens.tree;
    const connection = (await tree.getChildren()).find((n) => (n as { connectionId?: string }).connectionId === connectionId);
    assert.ok(connection, 'the connection is listed');
    const groups = await tree.getChildren(connection);
    if (groups.length === 0) return [];
    assert.equal((await item(groups[0]!)).label, 'Agent tokens');
    return tree.getChildren(groups[0]);
  };

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    connectionId = (await ext.connections.signIn('agent-tokens', sim.url, KEY)).id;
  });
  beforeEach(async () => {
    if (!ext.connections.list().some((c) => c.id === connectionId)) connectionId = (await ext.connections.signIn('agent-tokens', sim.url, KEY)).id;
    sim.resetRequests();
    sim.clearFaults();
  });
  afterEach(async () => {
    ext.setUi(undefined);
    ext.agentTokens.lifecycle.useClock(undefined);
    ext.connections.willSignOut.limitMs = 10_000;
    for (const r of store().all()) await store().remove(r);
  });
  after(async () => {
    if (ext.connections.list().some((c) => c.id === connectionId)) await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('Create: name, role and expiry checked as typed with Back; the confirmation names every value; one POST; the secret in SecretStorage only', async () => {
    const ui = new ScriptedUi(
      [
        '', // the name: required
        'n'.repeat(256), // over the limit
        ACCEPT, // the default name
        { pick: 'Users' },
        { pick: 'A date and time…' },
        '2020-01-01 10:00', // in the past
        '2099-01-01 10:00', // past the 30 days
        PRESS_BACK,
        { pick: '8 hours' },
      ],
      chooser(),
    );
    const started = Date.now();
    const record = await run<AgentTokenRecord | undefined>(ui, 'platformConsole.createAgentToken');
    assert.ok(record, 'the command resolves to the record');

    const [name, role, expiry, typed] = ui.prompts;
    assert.match(name!.value!, /^Platform Console agent · agent-tokens · \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    assert.equal(name!.refusals[0], 'Token name: must not be empty');
    assert.match(name!.refusals[1]!, /^Token name: .*255/);
    assert.deepEqual(role!.items, ['Purge and Prefetch only (API)', 'Purge and Prefetch only (API+Web)', 'Users', 'Engineers', 'Administrators']);
    assert.equal(role!.active, 'Purge and Prefetch only (API)', 'the least powerful highlighted');
    assert.match(role!.prompt, /No role makes a token read-only/);
    assert.deepEqual(expiry!.items, ['1 hour', '8 hours', '24 hours', '7 days', 'A date and time…']);
    assert.equal(expiry!.active, '8 hours', 'the default');
    assert.equal(typed!.refusals[0], 'Expires: must be in the future');
    assert.match(typed!.refusals[1]!, /^Expires: at most 30 days from now/);
    assert.equal(ui.prompts[4]!.prompt, expiry!.prompt, 'Back returned to the expiry choice');

    // The confirmation names every value before anything was sent.
    assert.equal(ui.confirms.length, 1);
    const { message, detail } = ui.confirms[0]!;
    assert.match(message, /^Create agent token Platform Console agent · agent-tokens · .* on agent-tokens\?$/);
    for (const fact of [/Role: Users/, /Expires: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC \(.* local time\)/, /Account ID: 1/, /Connection: agent-tokens/])
      assert.match(detail, fact);

    assert.equal(count('createApiToken'), 1, 'one POST');
    assert.equal(count('getAccountDetails'), 1, 'the account read once');
    const onPlatform = (await platformTokens()).find((t) => t.id === record.tokenId);
    assert.ok(onPlatform, 'the simulator holds it');
    assert.equal(onPlatform.name, record.name);
    assert.equal(onPlatform.client_user?.role?.name, 'Users');
    assert.equal(onPlatform.exp_date, record.expiresAt);
    const at = Date.parse(record.expiresAt);
    assert.ok(at >= started + 8 * HOUR - 2000 && at <= Date.now() + 8 * HOUR, `8 hours from now: ${record.expiresAt}`);

    const secret = await store().secretOf(record);
    assert.match(secret ?? '', /^\d+_[0-9a-f]{40}$/, 'the secret is in SecretStorage');
    watchForSecret(secret!);
    assert.deepEqual(store().all(), [record]);
    assert.ok(!JSON.stringify(ext.globalStateSnapshot()).includes(secret!), 'not in globalState');
    assert.ok(!ext.log.recent.join('\n').includes(secret!), 'not in the log');
    assert.ok(!ui.notifications.some((n) => n.message.includes(secret!)), 'not shown');
    assert.match(ui.notifications.at(-1)!.message, new RegExp(`^Created agent token ${record.tokenId} on agent-tokens: `));

    const rows = await tokenRows();
    assert.equal(rows.length, 1);
    const row = await item(rows[0]!);
    assert.equal(row.label, record.name);
    assert.match(String(row.description), /^Users · expires in 7 h 59 min · not in use$|^Users · expires in 8 h 0 min · not in use$/);
    assert.equal(row.contextValue, 'platformConsole.agentToken');
    const tooltip = rows[0]!.resolveTooltip?.();
    assert.match(typeof tooltip === 'string' ? tooltip : (tooltip?.value ?? ''), /Expires: \d{4}\\-\d{2}\\-\d{2} \d{2}:\d{2}:\d{2} UTC \\\(/);
  });

  it('a failed create keeps every value: Retry reopens the wizard filled in, and the POST is sent once per try', async () => {
    sim.setFault({ route: 'createApiToken', kind: 'status', status: 500, times: 1 });
    const ui = new ScriptedUi(['build agent', { pick: 'Engineers' }, { pick: '1 hour' }, ACCEPT, ACCEPT, ACCEPT], chooser(true));
    const record = await run<AgentTokenRecord | undefined>(ui, 'platformConsole.createAgentToken');
    const failure = ui.notifications.find((n) => n.severity === 'error');
    assert.ok(failure, 'the failure was said');
    assert.match(failure.message, /^Could not create agent token "build agent": Server error \(HTTP 500\)/);
    assert.deepEqual(failure.actions, ['Retry', 'Show Log']);
    const again = ui.prompts.slice(3);
    assert.equal(again[0]!.value, 'build agent', 'the name kept');
    assert.equal(again[1]!.active, 'Engineers', 'the role kept');
    assert.equal(again[2]!.active, '1 hour', 'the expiry kept');
    assert.equal(count('createApiToken'), 2, 'one POST per try, never retried by itself');
    assert.ok(record, 'the second try made it');
    assert.equal(record.role.name, 'Engineers');
    watchForSecret((await store().secretOf(record))!);
  });

  it('Revoke: the name typed (a wrong one refused), one DELETE, 401 with the token after, forgotten', async () => {
    const { record, secret } = await mint();
    assert.equal(await statusWith(secret), 200, 'the token works');
    const [row] = await tokenRows();
    const ui = new ScriptedUi([`${record.name} x`, record.name]);
    assert.equal(await run<boolean>(ui, 'platformConsole.revokeAgentToken', row), true);
    const prompt = ui.prompts[0]!;
    assert.match(
      prompt.prompt,
      new RegExp(`^The agent token ${record.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(Name .*Role Purge and Prefetch only \\(API\\)`),
    );
    assert.match(prompt.prompt, /on agent-tokens \(http:/);
    assert.match(prompt.prompt, /Every agent using it stops/);
    assert.equal(prompt.refusals.length, 1, 'the wrong name refused');
    assert.equal(count('deleteApiToken'), 1, 'one DELETE');
    assert.equal(await statusWith(secret), 401, 'refused after');
    assert.deepEqual(store().all(), []);
    assert.equal(await store().secretOf(record), undefined, 'its secret forgotten');
    assert.deepEqual(await tokenRows(), [], 'gone from the view');
  });

  it('Revoke of a token already gone on the platform says so and forgets it; a failure keeps it and says it is still live', async () => {
    const { record } = await mint();
    sim.setFault({ route: 'deleteApiToken', kind: 'status', status: 503, times: 1 });
    // From the palette: the token picked, then its name typed.
    const failing = new ScriptedUi([record.name, record.name]);
    assert.equal(await run<boolean>(failing, 'platformConsole.revokeAgentToken'), false);
    assert.match(failing.notifications.at(-1)!.message, /^Could not revoke agent token ".*": it is still live on the platform \(until .* UTC\) and kept here/);
    assert.equal(store().all().length, 1, 'kept');
    const api = (await ext.connections.api())!;
    await api.iam.deleteApiToken({ params: { clientId: 1, tokenId: record.tokenId } });
    const ui = new ScriptedUi([record.name, record.name]);
    assert.equal(await run<boolean>(ui, 'platformConsole.revokeAgentToken'), true);
    assert.match(ui.notifications.at(-1)!.message, /was already gone on agent-tokens: forgotten here\.$/);
    assert.deepEqual(store().all(), []);
  });

  it('Sign Out deletes its tokens on the platform while the key is still there, then nothing is sent with the key', async () => {
    const { record, secret } = await mint();
    let listedAtDelete: boolean | undefined;
    let credential: string | undefined;
    let bindDuring: Promise<unknown> | undefined;
    const stop = sim.watchRequests((r) => {
      if (r.method !== 'DELETE') return;
      listedAtDelete = ext.connections.list().some((c) => c.id === connectionId);
      credential = r.credential;
      // Every other use of the key has stopped already: only the tokens' deletion holds it.
      bindDuring = ext.connections.bind(connectionId);
    });
    try {
      await ext.connections.signOut(connectionId);
    } finally {
      stop();
    }
    assert.equal(listedAtDelete, true, 'the DELETE was sent before the connection and its key were gone');
    assert.equal(count('deleteApiToken'), 1);
    assert.equal(credential, 'key', 'sent with the key');
    assert.equal(await bindDuring, undefined, 'nothing else could bind to the connection while its tokens were deleted');
    const afterSignOut = sim.requestCounts();
    assert.deepEqual(await fence(sim), afterSignOut, 'nothing sent after Sign Out completed');
    assert.equal(await statusWith(secret), 401);
    assert.deepEqual(store().all(), [], 'forgotten');
    assert.equal(await store().secretOf(record), undefined);
    assert.ok(ext.log.recent.some((l) => l.includes(`"${record.name}"`) && l.includes('revoked at Sign Out: deleted on the platform')));
  });

  it('Sign Out is bounded: a platform too slow to answer, Sign Out goes on and the log says which token stays live until when', async () => {
    const { record } = await mint();
    ext.connections.willSignOut.limitMs = 200;
    sim.setFault({ route: 'deleteApiToken', kind: 'latency', ms: 5000, times: 1 });
    const started = Date.now();
    await ext.connections.signOut(connectionId);
    assert.ok(Date.now() - started < 4000, `Sign Out went on (${Date.now() - started} ms)`);
    assert.ok(
      ext.log.recent.some((l) => l.includes('could not be deleted on the platform and stay live there until they expire') && l.includes(`"${record.name}"`)),
      'the log names the token and its expiry',
    );
    assert.deepEqual(store().all(), []);
  });

  it('at expiry the one timer deletes the token on the platform and forgets it (minted through { connectionId }, as the MCP registration asks)', async () => {
    const clock = new OffsetClock();
    ext.agentTokens.lifecycle.useClock(clock);
    const ui = new ScriptedUi([ACCEPT, ACCEPT, { pick: '1 hour' }], chooser());
    // As the MCP registration asks for one: the connection named by `{ connectionId }`.
    const record = (await run<AgentTokenRecord | undefined>(ui, 'platformConsole.createAgentToken', { connectionId }))!;
    assert.equal(record.connectionId, connectionId);
    const secret = (await store().secretOf(record))!;
    watchForSecret(secret);
    clock.advance(HOUR - 60_000);
    assert.equal(count('deleteApiToken'), 0, 'not before its expiry');
    clock.advance(61_000);
    await until('the token deleted and forgotten', () => store().all().length === 0);
    assert.equal(count('deleteApiToken'), 1);
    assert.equal(await statusWith(secret), 401);
    assert.deepEqual(await tokenRows(), []);
  });
});

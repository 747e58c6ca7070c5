// runTool tells the audit trail once of every write attempt and how it ended (#56 item 6), for any
// host: the editor's chat agent and the MCP server both run writes through it. Reads are not
// recorded; every record is scrubbed as the answers are.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createPlatformApi } from '../../src/platform/api';
import { HttpClient } from '../../src/platform/http';
import { PlatformLists } from '../../src/platform/platformLists';
import { agentTool, runTool, type RunHost } from '../../src/features/agent/model/toolCatalog';
import type { AgentBinding } from '../../src/features/agent/model/toolKit';
import type { AgentWrite } from '../../src/features/agent/model/agentActivity';
import { startSimulator, type Simulator } from '../../simulator/index';
import { SEEDED_REPORTS } from '../../simulator/state/seedBilling';

const KEY = 'audit-run-key-2b9f';
const REPORT = { template_code: 'ResellerPlans', parameters: { date_to: '2026-10-31' } };

describe('runTool and the audit trail', { timeout: 60_000 }, () => {
  let sim: Simulator;
  let bound: AgentBinding;
  let told: AgentWrite[];
  const host = (more: Partial<RunHost> = {}): RunHost => ({
    connections: () => Promise.resolve([]),
    scrub: (t) => t.replaceAll(KEY, '[key]'),
    audit: (w) => told.push(w),
    ...more,
  });
  const run = (name: string, input: unknown, more?: Partial<RunHost>) => runTool(agentTool(name)!, bound, input, host(more));

  before(async () => {
    sim = await startSimulator({ apiKey: KEY, dialect: 'platform', taskDurationMs: 50 });
    const api = createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: KEY, dialect: 'platform' }));
    bound = { connectionName: 'Sim', baseUrl: sim.url, dialect: 'platform', api, lists: new PlatformLists(api), signal: new AbortController().signal };
  });
  beforeEach(() => {
    told = [];
    sim.reset();
    sim.clearFaults();
    sim.resetRequests();
  });
  after(() => sim.close());

  it('a read is not recorded; a write sent is, once, with the status of its request and the target the confirmation names', async () => {
    assert.match(await run('get_trial', { id: 401 }), /Trial 401/);
    assert.deepEqual(told, []);
    assert.match(await run('create_report', REPORT), /^Started a report task/);
    assert.deepEqual(told, [
      { tool: 'create_report', connection: 'Sim', target: 'Create a "ResellerPlans" report', result: { kind: 'succeeded', status: 201 } },
    ]);
  });

  it('an input that breaks a rule is refused; a write the platform refuses failed, with its status', async () => {
    await run('create_report', { template_code: 7 });
    sim.setFault({ route: 'deleteReport', kind: 'status', status: 409 });
    assert.match(await run('delete_report_task', { id: SEEDED_REPORTS.Failed }), /Conflict/);
    assert.deepEqual(
      told.map((w) => [w.tool, w.target, w.result]),
      [
        ['create_report', 'Create Billing Report (not prepared)', { kind: 'refused', reason: 'the input broke a rule; nothing was sent' }],
        ['delete_report_task', `Delete report task ${SEEDED_REPORTS.Failed}`, { kind: 'failed', status: 409, reason: 'conflict' }],
      ],
    );
  });

  it('declined when asked, a question that could not be asked, a destructive call refused, a name nobody can type', async () => {
    const id = SEEDED_REPORTS.Failed;
    await run('delete_report_task', { id }, { confirm: () => Promise.resolve('Not sent: the person declined.') });
    await run('delete_report_task', { id }, { confirm: () => Promise.reject(new Error('no window')) });
    await run('delete_report_task', { id }, { refuseDestructive: () => 'Refused: destructive.' });
    const storage = { storage_id: 2102, type: 'object' };
    await run('delete_storage', storage, { askName: () => Promise.resolve('Not sent: the prompt was dismissed.') });
    await run('delete_storage', storage, { askName: () => Promise.resolve('Refused: nobody can type.'), askNameRefuses: true });
    await run('delete_storage', storage);
    assert.deepEqual(
      told.map((w) => w.result),
      [
        { kind: 'declined', reason: 'not confirmed when asked; nothing was sent' },
        { kind: 'failed', reason: 'the person could not be asked to confirm; nothing was sent' },
        { kind: 'refused', reason: 'destructive for this input, and destructive calls are not allowed' },
        { kind: 'declined', reason: 'not confirmed when asked; nothing was sent' },
        { kind: 'refused', reason: 'its name must be typed to confirm, and nobody could be asked to type it' },
        { kind: 'refused', reason: 'its name must be typed to confirm, and nobody could be asked to type it' },
      ],
    );
    assert.deepEqual(
      Object.keys(sim.requestCounts()).filter((k) => !k.startsWith('GET')),
      [],
      'nothing was sent',
    );
  });

  it('every record is scrubbed as the answers are', async () => {
    await run('create_report', REPORT, { scrub: (t) => t.replaceAll('ResellerPlans', '[scrubbed]') });
    assert.equal(told[0]!.target, 'Create a "[scrubbed]" report');
  });
});

// The storage tools in plain Node, against the simulator: list_storages (both kinds, deleted ones
// on request, a spec server says it has no v4); delete_storage on a platform connection names the
// storage and whether it can come back before anything is sent, then one v4 DELETE for its type;
// without type it is refused there (nothing asked or sent); on a spec connection it is the v1
// deletion and a type is refused; restore_storage one POST, the 410 past the window an answer.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createPlatformApi } from '../../src/platform/api';
import { HttpClient } from '../../src/platform/http';
import { PlatformLists } from '../../src/platform/platformLists';
import type { Dialect } from '../../src/schema/dialect';
import { agentTool, confirmation, runTool, type RunHost } from '../../src/features/agent/model/toolCatalog';
import type { AgentBinding } from '../../src/features/agent/model/toolKit';
import { startSimulator, type Simulator } from '../../simulator/index';

const KEY = 'agent-storage-key-93ab';
const tool = (name: string) => {
  const t = agentTool(name);
  assert.ok(t, `no tool ${name}`);
  return t;
};
// A removal confirmed by the name typed (#54): the person types it when asked.
const host = { connections: async () => [], scrub: (t: string) => t.split(KEY).join('***'), askName: async () => undefined };

async function setUp(dialect: Dialect): Promise<{ sim: Simulator; bound: AgentBinding }> {
  const sim = await startSimulator({ apiKey: KEY, dialect });
  const api = createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: KEY, dialect }));
  return { sim, bound: { connectionName: 'Sim', baseUrl: sim.url, dialect, api, lists: new PlatformLists(api), signal: new AbortController().signal } };
}

describe('storage tools on a platform connection', { timeout: 60_000 }, () => {
  let sim: Simulator;
  let bound: AgentBinding;
  before(async () => ({ sim, bound } = await setUp('platform')));
  beforeEach(() => {
    sim.reset();
    sim.resetRequests();
  });
  after(() => sim.close());

  const writes = () =>
    Object.entries(sim.requestCounts())
      .filter(([k]) => !k.startsWith('GET'))
      .map(([k, n]) => `${k} ${n}`);
  const asking = (name: string, answer: () => string | undefined) => {
    const asked: { message: string; sentMeanwhile: string[] }[] = [];
    const h: RunHost = {
      ...host,
      confirm: async (req) => {
        asked.push({ message: confirmation(tool(name), req, bound).message, sentMeanwhile: writes() });
        return answer();
      },
    };
    return { asked, run: (input: object) => runTool(tool(name), bound, input, h) };
  };

  it('list_storages: both kinds with type, location and status; deleted ones only when asked; type narrows', async () => {
    const all = await runTool(tool('list_storages'), bound, {}, host);
    assert.match(all, /^Storages on "Sim" \(3 object, 2 SFTP\): 5\./);
    assert.match(all, /id 2101 \(type object\): "media-assets" · location "s-ed1" · "active"/);
    assert.match(all, /id 2201 \(type sftp\): "partner-drop"/);
    assert.ok(!all.includes('old-reports'));
    const deleted = await runTool(tool('list_storages'), bound, { type: 'object', show_deleted: true }, host);
    assert.match(deleted, /id 2104 \(type object\): "old-reports" · location "s-drc2" · "deleted"/);
    assert.match(deleted, /^Storages on "Sim" \(5 object\): 5\./);
    assert.ok(!deleted.includes('type sftp'));
  });

  it('delete_storage (object): the storage and "restored within 2 weeks" shown before anything is sent; declined sends nothing; confirmed one v4 DELETE', async () => {
    const no = asking('delete_storage', () => 'Not sent: declined.');
    assert.equal(await no.run({ storage_id: 2101, type: 'object' }), 'Not sent: declined.');
    assert.match(
      no.asked[0]!.message,
      /The storage: Name `media-assets` · ID `2101` · Location `s-ed1` · Status `active` · Type `object storage \(storage API v4\)`\. It is deleted with its buckets and their data\.[\s\S]*Restore Storage brings it back within 2 weeks \(restore_storage for an agent\)/,
    );
    assert.match(no.asked[0]!.message, /DELETE \/storage\/v4\/object_storages\/2101/);
    assert.deepEqual(no.asked[0]!.sentMeanwhile, []);
    assert.deepEqual(writes(), []);
    const yes = asking('delete_storage', () => undefined);
    assert.equal(
      await yes.run({ storage_id: 2101, type: 'object' }),
      'Deleted object storage 2101 on "Sim"; restore_storage can bring it back within 2 weeks.',
    );
    assert.deepEqual(writes(), ['DELETE deleteObjectStorage 1']);
  });

  it('delete_storage (sftp): "cannot be restored"; the SFTP path; a storage of the other kind is not found and nothing is asked', async () => {
    const yes = asking('delete_storage', () => undefined);
    assert.match(await yes.run({ storage_id: 2201, type: 'sftp' }), /^Deleted SFTP storage 2201 on "Sim"; it cannot be restored\.$/);
    assert.match(yes.asked[0]!.message, /an SFTP storage cannot be restored[\s\S]*DELETE \/storage\/v4\/sftp_storages\/2201/);
    assert.deepEqual(writes(), ['DELETE deleteSftpStorage 1']);
    const wrong = asking('delete_storage', () => undefined);
    assert.match(await wrong.run({ storage_id: 2101, type: 'sftp' }), /^Not found on "Sim" \(HTTP 404\)[\s\S]*Nothing was asked or sent\.$/);
    assert.equal(wrong.asked.length, 0);
    assert.deepEqual(writes(), ['DELETE deleteSftpStorage 1']);
  });

  it('delete_storage without type on a platform connection is refused before anything is asked or sent', async () => {
    const ask = asking('delete_storage', () => undefined);
    assert.match(await ask.run({ storage_id: 2101 }), /^Refused before sending, nothing was sent: type: required on a platform connection/);
    assert.equal(ask.asked.length, 0);
    assert.match(
      await runTool(tool('delete_storage'), bound, { storage_id: 2101 }, host),
      /^Refused before sending, nothing was sent: type: required/,
      'also where no one is asked (MCP without elicitation)',
    );
    assert.deepEqual(writes(), []);
  });

  it('restore_storage: one POST for a deleted object storage; past the window the 410 comes back as an answer; a live one is not offered', async () => {
    const yes = asking('restore_storage', () => undefined);
    assert.match(await yes.run({ storage_id: 2104 }), /^Restored object storage 2104 on "Sim"; it is active again\.$/);
    assert.match(yes.asked[0]!.message, /The deleted object storage: Name `old-reports`[\s\S]*POST \/storage\/v4\/object_storages\/2104\/restore/);
    assert.deepEqual(writes(), ['POST restoreObjectStorage 1']);
    const late = await yes.run({ storage_id: 2105 });
    assert.match(late, /HTTP 410[\s\S]*more than 2 weeks ago/);
    assert.deepEqual(writes(), ['POST restoreObjectStorage 2'], 'sent once each, not retried');
    const live = asking('restore_storage', () => undefined);
    assert.match(await live.run({ storage_id: 2102 }), /no deleted object storage with id 2102[\s\S]*Nothing was asked or sent/);
    assert.equal(live.asked.length, 0);
  });
});

describe('storage tools on a spec-dialect connection', { timeout: 60_000 }, () => {
  let sim: Simulator;
  let bound: AgentBinding;
  before(async () => ({ sim, bound } = await setUp('spec')));
  after(() => sim.close());

  it('list_storages says there is no v4; delete_storage with a type is refused, without one it is the v1 deletion', async () => {
    assert.match(await runTool(tool('list_storages'), bound, {}, host), /This server has no storage API v4/);
    const confirm = async () => undefined;
    assert.match(
      await runTool(tool('delete_storage'), bound, { storage_id: 1001, type: 'object' }, { ...host, confirm }),
      /^Refused before sending, nothing was sent: type: leave it out on a spec-dialect connection/,
    );
    assert.deepEqual(
      Object.keys(sim.requestCounts()).filter((k) => !k.startsWith('GET')),
      [],
    );
    assert.equal(await runTool(tool('delete_storage'), bound, { storage_id: 1001 }, { ...host, confirm }), 'Deleted storage 1001 on "Sim".');
    assert.equal(sim.requestCounts()['DELETE deleteStorage'], 1);
  });
});

// The Storage view and its commands in a real VS Code against the simulator: object and SFTP
// storages listed with location and status (a deleted one marked restorable); Delete Storage… on
// a platform connection asks for the name typed, says whether it can come back, and sends one v4
// DELETE for the storage's kind; Restore Storage… one POST; a restore past the window is said in
// words; on a spec-dialect connection the view says there is no v4 and Delete Storage… is the
// deprecated v1 flow, as before.
import * as assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../simulator/index';
import { ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';

const KEY = testKeys.simulator;

interface Row {
  node: unknown;
  label: string;
  description: string;
  contextValue?: string;
}

describe('Storage view (storage API v4)', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  const writes = () =>
    Object.entries(sim.requestCounts())
      .filter(([k]) => !k.startsWith('GET'))
      .map(([k, n]) => `${k} ${n}`);
  const until = async (test: () => Promise<boolean> | boolean, what: string) => {
    for (let i = 0; i < 100; i++) {
      if (await test()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.fail(`timed out waiting for ${what}`);
  };
  const item = async (node: unknown): Promise<Row> => {
    const it = await ext.storage.getTreeItem(node as never);
    return { node, label: String(it.label), description: String(it.description ?? ''), contextValue: it.contextValue };
  };
  /** The rows of a group ('Object Storages' or 'SFTP Storages') once read. */
  const rows = async (group: string): Promise<Row[]> => {
    const groups = await Promise.all((await ext.storage.getChildren()).map(item));
    const found = groups.find((g) => g.label === group);
    assert.ok(found, `the Storage view has ${group}: ${groups.map((g) => g.label).join(', ')}`);
    let out: Row[] = [];
    await until(async () => {
      out = await Promise.all((await ext.storage.getChildren(found.node as never)).map(item));
      return out.length > 0 && !out[0]!.label.startsWith('Loading');
    }, group);
    return out;
  };
  const row = async (group: string, name: string) => {
    const found = (await rows(group)).find((r) => r.label === name);
    assert.ok(found, `${name} in ${group}`);
    return found;
  };
  const run = async (ui: ScriptedUi, command: string, ...args: unknown[]) => {
    ext.setUi(ui);
    await vscode.commands.executeCommand(command, ...args);
  };

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY });
    connectionId = (await ext.connections.signIn('storage-v4', sim.url, KEY, 'platform')).id;
  });
  beforeEach(async () => {
    sim.reset();
    sim.resetRequests();
    await ext.storage.reloadAll(true);
  });
  after(async () => {
    ext.setUi(undefined);
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('lists object and SFTP storages with location and status; deleted ones marked, restorable ones offer Restore', async () => {
    const objects = await rows('Object Storages');
    assert.deepEqual(
      objects.map((r) => r.label),
      ['backups-eu', 'legacy-uploads', 'logs-archive', 'media-assets', 'old-reports'],
    );
    assert.equal(objects.find((r) => r.label === 'media-assets')?.description, 's-ed1 · active');
    const deleted = objects.find((r) => r.label === 'old-reports')!;
    assert.equal(deleted.description, 's-drc2 · deleted · restorable for 2 weeks after its deletion');
    assert.equal(deleted.contextValue, 'platformConsole.storageRestorable');
    assert.equal(objects.find((r) => r.label === 'media-assets')?.contextValue, 'platformConsole.storage');
    const sftp = await rows('SFTP Storages');
    assert.deepEqual(
      sftp.map((r) => `${r.label}: ${r.description}`),
      ['ingest-sftp: s-sgc1 · active', 'partner-drop: s-ed1 · active'],
    );
    assert.deepEqual(writes(), []);
    assert.equal(sim.requestCounts()['GET listObjectStorages'], 1);
  });

  it('Delete Storage on an object storage: the name typed (a wrong one refused), restorable said; one v4 DELETE; the row shows deleted and until when', async () => {
    const media = await row('Object Storages', 'media-assets');
    const ui = new ScriptedUi(['media', 'media-assets']);
    await run(ui, 'platformConsole.deleteStorage', media.node);
    const asked = ui.prompts[0]!;
    assert.match(
      asked.prompt,
      /^The storage media-assets \(Name media-assets, ID 2101, Location s-ed1, Status active, Type object storage \(storage API v4\)\) on storage-v4 .*Restore Storage brings it back within 2 weeks \(restore_storage for an agent\); after that it is gone for good\. Type its name/,
    );
    assert.doesNotMatch(asked.prompt, /cannot be undone/);
    assert.deepEqual(asked.refusals, ['Confirmation: type media-assets exactly']);
    assert.deepEqual(writes(), ['DELETE deleteObjectStorage 1']);
    assert.equal(Object.values(sim.lastRequests('deleteObjectStorage'))[0]?.path, '/storage/v4/object_storages/2101');
    await ui.waitForNotification(/^Object storage media-assets was deleted; restorable until \d{4}-\d\d-\d\d \d\d:\d\d UTC \(Restore Storage\)\.$/);
    await until(async () => /deleted · restorable until/.test((await row('Object Storages', 'media-assets')).description), 'the row marked deleted');
    assert.equal((await row('Object Storages', 'media-assets')).contextValue, 'platformConsole.storageRestorable');
  });

  it('Restore Storage on the deleted row: confirmed once, one POST; the row is active again', async () => {
    const old = await row('Object Storages', 'old-reports');
    const ui = new ScriptedUi([], (message) => (message.startsWith('Restore object storage old-reports on storage-v4') ? 'Restore' : undefined));
    await run(ui, 'platformConsole.restoreStorage', old.node);
    assert.equal(ui.confirms.length, 1);
    assert.match(ui.confirms[0]!.detail, /\nName: old-reports\nID: 2104\n/);
    assert.deepEqual(writes(), ['POST restoreObjectStorage 1']);
    await ui.waitForNotification(/^Object storage old-reports was restored\.$/);
    await until(async () => (await row('Object Storages', 'old-reports')).description === 's-drc2 · active', 'the row active again');
  });

  it('Restore declined sends nothing; a restore past the two weeks is said in words (410)', async () => {
    const legacy = await row('Object Storages', 'legacy-uploads');
    await run(new ScriptedUi(), 'platformConsole.restoreStorage', legacy.node);
    assert.deepEqual(writes(), []);
    const ui = new ScriptedUi([], (message) => (message.startsWith('Restore object storage') ? 'Restore' : undefined));
    await run(ui, 'platformConsole.restoreStorage', legacy.node);
    assert.deepEqual(writes(), ['POST restoreObjectStorage 1']);
    await ui.waitForNotification(/^Object storage legacy-uploads \(ID 2105\) can no longer be restored: it was deleted more than 2 weeks ago\.$/);
  });

  it('Delete Storage from the palette: an SFTP storage picked, "cannot be restored" said, one v4 DELETE; the row is gone', async () => {
    const ui = new ScriptedUi(['partner-drop', 'partner-drop']);
    await run(ui, 'platformConsole.deleteStorage');
    const pick = ui.prompts[0]!;
    assert.equal(pick.kind, 'pick');
    assert.ok(pick.items?.includes('media-assets') && pick.items.includes('partner-drop'), `both kinds offered: ${pick.items?.join(', ')}`);
    assert.ok(!pick.items?.includes('old-reports'), 'a deleted storage is not offered for deletion');
    assert.match(ui.prompts[1]!.prompt, /^The storage partner-drop \(Name partner-drop, ID 2201, Location s-ed1, .*an SFTP storage cannot be restored/);
    assert.deepEqual(writes(), ['DELETE deleteSftpStorage 1']);
    await ui.waitForNotification(/^SFTP storage partner-drop was deleted: it cannot be restored\.$/);
    await until(async () => !(await rows('SFTP Storages')).some((r) => r.label === 'partner-drop'), 'the SFTP row gone');
  });

  it('Delete Storage from the palette by a typed id: the id checked as typed, the kind asked, the storage read and its name typed to confirm; one v4 DELETE', async () => {
    const ui = new ScriptedUi(['$(edit) Enter an ID…', '0', '9007199254740992', '2102', 'Object storage', 'backups-eu']);
    await run(ui, 'platformConsole.deleteStorage');
    const typed = ui.prompts.find((p) => p.prompt === 'Storage ID (a positive whole number)')!;
    assert.deepEqual(typed.refusals, ['Storage ID: must be at least 1', 'Storage ID: must be at most 9007199254740991']);
    assert.match(
      ui.prompts.at(-1)!.prompt,
      /^The storage backups-eu \(Name backups-eu, ID 2102, Location s-ed1/,
      'read first: named by what the platform says',
    );
    assert.deepEqual(writes(), ['DELETE deleteObjectStorage 1']);
    assert.equal(Object.values(sim.lastRequests('deleteObjectStorage'))[0]?.path, '/storage/v4/object_storages/2102');
  });

  it('Delete Storage by a typed id of the other kind: read first, not found, nothing asked and nothing sent', async () => {
    const ui = new ScriptedUi(['$(edit) Enter an ID…', '2102', 'SFTP storage', '2102']);
    await run(ui, 'platformConsole.deleteStorage');
    await ui.waitForNotification(/^SFTP storage 2102 \(ID 2102\) was not found on storage-v4; nothing was sent/);
    assert.equal(ui.prompts.filter((p) => /Type its name/.test(p.prompt)).length, 0, 'no typed name asked');
    assert.deepEqual(writes(), []);
  });

  it('Escape at the typed name sends nothing', async () => {
    const media = await row('Object Storages', 'media-assets');
    await run(new ScriptedUi([{ escape: true }]), 'platformConsole.deleteStorage', media.node);
    assert.deepEqual(writes(), []);
  });

  describe('on a spec-dialect connection', () => {
    let spec: Simulator;
    let specId: string;
    before(async () => {
      spec = await startSimulator({ apiKey: KEY, dialect: 'spec' });
      specId = (await ext.connections.signIn('storage-spec', spec.url, KEY, 'spec')).id;
      await ext.connections.switchTo(specId);
    });
    after(async () => {
      await ext.connections.signOut(specId);
      await ext.connections.switchTo(connectionId);
      await spec.close();
    });

    it('the view says there is no storage API v4; Delete Storage… is the v1 flow with its deprecation said', async () => {
      const objects = await rows('Object Storages');
      assert.deepEqual(
        objects.map((r) => r.label),
        ['This server has no storage API v4'],
      );
      spec.resetRequests();
      const ui = new ScriptedUi(['1001', '1001'], (message) => (message === 'Delete Storage (Deprecated)' ? 'Continue' : undefined));
      await run(ui, 'platformConsole.deleteStorage');
      assert.match(ui.confirms[0]!.detail, /deprecated storage deletion endpoint \(v1\)/);
      await ui.waitForNotification(/^Storage 1001 is gone/);
      assert.deepEqual(
        Object.entries(spec.requestCounts()).filter(([k]) => !k.startsWith('GET')),
        [['DELETE deleteStorage', 1]],
      );
      assert.deepEqual(writes(), [], 'nothing went to the platform connection');
    });
  });
});

// GCORE_CLOUD_PROJECT_ID and GCORE_CLOUD_REGION_ID in a real VS Code (#56 item 4): on the
// connection the environment signs in to, the Cloud view opens on that project with that region
// first (the cloud wizards read the same defaults, ui/settings.ts); another connection is not
// touched; a bad value is named in the log and ignored.
import * as assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'mocha';
import { startSimulator, type Simulator } from '../../simulator/index';
import type { TreeNode } from '../../src/ui/treeNodes';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';

const PROJECT = 'GCORE_CLOUD_PROJECT_ID';
const REGION = 'GCORE_CLOUD_REGION_ID';

describe("the environment's cloud project and region (GCORE_CLOUD_*)", function () {
  this.timeout(60_000);
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let sim: Simulator;
  const envUrl = () => process.env.PLATFORM_CONSOLE_BASE_URL!.replace(/\/+$/, '');

  const labels = async (node?: TreeNode) => Promise.all((await ext.cloud.getChildren(node)).map(async (n) => String((await ext.cloud.getTreeItem(n)).label)));
  const firstProject = async () => (await ext.cloud.getChildren())[0]!;

  /** The environment's connection made afresh (nothing picked on it yet), active. */
  async function fromEnvironment(): Promise<string> {
    for (const c of ext.connections.list()) await ext.connections.signOut(c.id, { explicit: false });
    const made = await ext.connections.bootstrapFromEnvironment({ ...process.env, PLATFORM_CONSOLE_API_KEY: testKeys.environment });
    assert.equal(made?.baseUrl, envUrl());
    await ext.connections.switchTo(made.id);
    return made.id;
  }

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ port: 0, apiKey: testKeys.simulator });
  });
  afterEach(() => {
    delete process.env[PROJECT];
    delete process.env[REGION];
  });
  after(async () => {
    for (const c of ext.connections.list()) await ext.connections.signOut(c.id, { explicit: false });
    await ext.connections.bootstrapFromEnvironment({ ...process.env, PLATFORM_CONSOLE_API_KEY: testKeys.environment });
    await sim.close();
  });

  it("without them: the platform's order (the default project first)", async () => {
    await fromEnvironment();
    await ext.cloud.reloadAll();
    assert.deepEqual((await labels()).slice(0, 2), ['production', 'team-b']);
  });

  it("with them: the Cloud view opens on the environment's project, its region first", async () => {
    process.env[PROJECT] = '3';
    process.env[REGION] = '3';
    const id = await fromEnvironment();
    const made = ext.connections.list().find((c) => c.id === id)!;
    assert.deepEqual(ext.connections.environmentLocation(made), { projectId: 3, regionId: 3 }, 'the defaults the view and the wizards read, nothing else');
    await ext.cloud.reloadAll();
    assert.equal((await labels())[0], 'sandbox', 'project 3 first (and open)');
    assert.equal((await labels(await firstProject()))[0], 'Frankfurt', 'region 3 first');
  });

  it('another connection is not the environment’s: its view keeps the platform’s order', async () => {
    process.env[PROJECT] = '3';
    await fromEnvironment();
    const other = await ext.connections.signIn('not-from-env', sim.url, testKeys.simulator);
    try {
      await ext.cloud.reloadAll();
      assert.equal((await labels())[0], 'production');
    } finally {
      await ext.connections.signOut(other.id, { explicit: false });
    }
  });

  it('a bad value: named in the log and ignored', async () => {
    process.env[PROJECT] = 'sandbox';
    process.env[REGION] = '3';
    await fromEnvironment();
    assert.ok(
      ext.log.recent.some((l) => l.includes('GCORE_CLOUD_PROJECT_ID: "sandbox" must be a positive whole number; ignored')),
      ext.log.recent.slice(-6).join('\n'),
    );
    await ext.cloud.reloadAll();
    assert.equal((await labels())[0], 'production', 'the project: the platform’s order');
    assert.equal((await labels(await firstProject()))[0], 'Frankfurt', 'the region still applies');
  });
});

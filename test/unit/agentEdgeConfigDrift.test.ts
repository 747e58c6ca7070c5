// compare_edge_app_config in plain Node against the simulator: the differences as data (name,
// kind, file, line), no value of the app or of the files, a local secret value nowhere; the folder
// read only inside the allowed folders, refused by field before the platform is asked anything.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createPlatformApi } from '../../src/platform/api';
import { HttpClient } from '../../src/platform/http';
import { PlatformLists } from '../../src/platform/platformLists';
import { agentTool, runTool } from '../../src/features/agent/model/toolCatalog';
import type { AgentBinding } from '../../src/features/agent/model/toolKit';
import { startSimulator, type Simulator } from '../../simulator/index';
import { assertDataOnly } from '../support/platformData';
import testKeys from '../support/testKeys.json';

const KEY = 'agent-edge-drift-key-5d2e';
const SECRET = testKeys.edgeSecretValue;
const host = { connections: async () => [], scrub: (t: string) => t.split(KEY).join('***') };

describe('compare_edge_app_config', { timeout: 60_000 }, () => {
  let sim: Simulator;
  let bound: AgentBinding;
  let root: string;
  let outside: string;
  const tool = agentTool('compare_edge_app_config')!;
  const run = (input: object) => runTool(tool, bound, input, host);
  const reads = () => sim.requestCounts()['GET getOwnEdgeApp'] ?? 0;
  before(async () => {
    sim = await startSimulator({ apiKey: KEY, dialect: 'platform' });
    root = mkdtempSync(path.join(tmpdir(), 'drift-tool-'));
    outside = mkdtempSync(path.join(tmpdir(), 'drift-outside-'));
    const api = createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: KEY, dialect: 'platform' }));
    bound = {
      connectionName: 'Sim',
      baseUrl: sim.url,
      dialect: 'platform',
      api,
      lists: new PlatformLists(api),
      signal: new AbortController().signal,
      fileRoots: [root],
    };
    mkdirSync(path.join(root, 'app'));
    writeFileSync(path.join(root, 'app', '.env'), 'FASTEDGE_VAR_ENV_GREETING=Hello\nFASTEDGE_VAR_ENV_LOG_LEVEL=info\n');
    writeFileSync(path.join(root, 'app', '.env.secrets'), `API_TOKEN=${SECRET}\nLOCAL_ONLY=${SECRET}\n`);
    writeFileSync(path.join(outside, '.env'), 'FASTEDGE_VAR_ENV_GREETING=Hello\n');
    mkdirSync(path.join(root, 'leak'));
    symlinkSync(path.join(outside, '.env'), path.join(root, 'leak', '.env'));
  });
  beforeEach(() => sim.resetRequests());
  after(async () => {
    await sim.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('answers each difference as data, with no value of either side and no secret value', async () => {
    const answer = await run({ app_id: 101, folder: path.join(root, 'app') });
    const parts = assertDataOnly(answer, 'compare_edge_app_config', { expectData: false });
    assert.match(parts.ours[0]!, /^edge app 101 on "Sim" against the \.env files \(\.env, \.env\.secrets\): 4 differences, one a line \(no values\):$/);
    const lines = parts.blocks[0]!.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.deepEqual(lines, [
      { section: 'env', name: 'GREETING', kind: 'different values', file: '.env', line: 1 },
      { section: 'rsp_headers', name: 'Access-Control-Allow-Origin', kind: 'on the app, not in the files', file: '.env', line: 1 },
      { section: 'rsp_headers', name: 'Cache-Control', kind: 'on the app, not in the files', file: '.env', line: 1 },
      { section: 'secrets', name: 'LOCAL_ONLY', kind: 'set in the files, not on the app', file: '.env.secrets', line: 2 },
    ]);
    for (const value of [SECRET, 'Hello', 'Hallo', 'max-age=60', 'upstream-token']) assert.equal(answer.includes(value), false, `${value} is in the answer`);
    assert.equal(reads(), 1);
  });

  it('refuses a folder outside the allowed ones, or a relative one, by field, before the platform is asked', async () => {
    for (const folder of [outside, 'app', path.join(root, '..', path.basename(outside))]) {
      const answer = await run({ app_id: 101, folder });
      assert.match(answer, /^Refused before sending, nothing was sent: folder: (is outside the workspace folders|must be an absolute path)/, answer);
    }
    assert.equal(reads(), 0);
  });

  it('a .env that is a link leading outside is not read; no files: nothing compared, nothing asked', async () => {
    const answer = await run({ app_id: 101, folder: path.join(root, 'leak') });
    assert.match(answer, /^Nothing compared: there is no \.env/);
    assert.equal(reads(), 0);
  });

  it('without allowed folders nothing is read', async () => {
    const answer = await runTool(tool, { ...bound, fileRoots: [] }, { app_id: 101, folder: path.join(root, 'app') }, host);
    assert.match(answer, /^Refused before sending, nothing was sent: folder: cannot be used/);
    assert.equal(reads(), 0);
  });
});

// #52 item 3: what removes, disables, overwrites without a way back or prunes is destructive,
// everywhere. A write whose class depends on its input (set_edge_app_config removing a variable,
// edit_snapshot_schedule lowering what is kept, update_notification_setting switching off or
// redirecting, update_protection_profile changing the template) reads its target first and is then
// destructive: said so in the confirmation, refused by MCP without --allow-destructive. Every
// tool's class is in the docs' table (docs/features/agent-tools.md), written from the catalog by
// npm run docs:tools; this test fails when the page is out of date. #52 item 2: set_edge_app_config lists every value it adds, changes and removes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { createMcpServer } from '../../src/mcp';
import { AGENT_TOOLS, confirmation, runTool, type RunHost } from '../../src/features/agent/model/toolCatalog';
import { toolClassesTable, withToolClasses } from '../../src/features/agent/model/toolClassTable';
import { agentSim } from '../support/agentSim';

const KEY = 'tool-classes-key-7d21';
const DOC = path.join(__dirname, '..', '..', 'docs', 'features', 'agent-tools.md');
const PR = { project_id: 1, region_id: 1 };
const SCHEDULE = { ...PR, policy_id: 10, schedule_id: '3f0e2a1c-5b7d-4e8f-9a0b-1c2d3e4f5a60' };
const text = (result: { content?: unknown }) => (result.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('');

describe("each tool's class", { timeout: 60_000 }, () => {
  it('the docs table is the one the catalog gives (npm run docs:tools writes it): every tool once, its class, when destructive, the name typed', () => {
    const page = readFileSync(DOC, 'utf8');
    assert.equal(withToolClasses(page), page, 'docs/features/agent-tools.md: the tool classes table differs from the catalog; run npm run docs:tools');
    const rows = [...toolClassesTable().matchAll(/^\| `([a-z_]+)` \| [^|]+ \| ([a-z]+) \|/gm)].map((m) => [m[1], m[2]]);
    assert.deepEqual(
      rows,
      AGENT_TOOLS.map((t) => [t.name, t.kind]),
      'one row per tool, with its class',
    );
  });

  const t = agentSim(KEY);
  const writes = () => t.writes();
  const reset = () => (t.sim.reset(), t.sim.resetRequests());

  /** Runs a tool as the editor would after asking (the question captured), or as MCP without --allow-destructive. */
  const ask = async (name: string, input: object, refuseDestructive = false) => {
    const tool = t.tool(name);
    const asked: string[] = [];
    const host: RunHost = {
      connections: async () => [],
      scrub: (text) => text,
      confirm: async (req) => void asked.push(confirmation(tool, req, t.bound).message),
      ...(refuseDestructive ? { refuseDestructive: () => 'Refused: destructive. Nothing was sent.' } : {}),
    };
    return { asked, said: await runTool(tool, t.bound, input, host) };
  };

  const cases: [string, object, object][] = [
    ['set_edge_app_config', { app_id: 101, env: { set: { UPSTREAM: 'https://new.example' } } }, { app_id: 101, env: { remove: ['LOG_LEVEL'] } }],
    ['set_edge_app_config', { app_id: 101, rsp_headers: { set: { 'X-New': '1' } } }, { app_id: 101, env: { set: { GREETING: 'https://evil.example' } } }],
    ['edit_snapshot_schedule', { ...SCHEDULE, change: { max_quantity: 9 } }, { ...SCHEDULE, change: { max_quantity: 3 } }],
    [
      'edit_snapshot_schedule',
      { ...SCHEDULE, change: { retention_time: { weeks: 2, days: 0, hours: 0, minutes: 0 } } },
      { ...SCHEDULE, change: { retention_time: { weeks: 0, days: 2, hours: 0, minutes: 0 } } },
    ],
    [
      'update_notification_setting',
      { resellerId: 701, notificationSettingsId: 801, notification_type: 'deletion_request', email: 'ops@reseller-one.example', enabled: true },
      { resellerId: 701, notificationSettingsId: 801, notification_type: 'deletion_request', email: 'ops@reseller-one.example', enabled: false },
    ],
    [
      'update_notification_setting',
      { resellerId: 701, notificationSettingsId: 802, notification_type: 'failed_login', email: 'security@reseller-one.example', enabled: true },
      { resellerId: 701, notificationSettingsId: 801, notification_type: 'deletion_request', email: 'attacker@evil.example', enabled: true },
    ],
    ['update_protection_profile', { protection_profile_id: 1, name: 'renamed-by-agent' }, { protection_profile_id: 1, template_id: 999 }],
  ];

  for (const [name, harmless, destructive] of cases) {
    it(`${name}: ${JSON.stringify(destructive)} is destructive (said, and refused without --allow-destructive); ${JSON.stringify(harmless)} is a write`, async () => {
      const refused = await ask(name, destructive, true);
      assert.equal(refused.said, 'Refused: destructive. Nothing was sent.');
      assert.deepEqual(refused.asked, [], 'not even asked');
      assert.deepEqual(writes(), []);
      const write = await ask(name, harmless, true);
      assert.equal(write.asked.length, 1, write.said);
      assert.doesNotMatch(write.asked[0]!, /Destructive|cannot be undone/);
      reset();
      // Allowed: the question says what is lost before anything is sent.
      const tool = t.tool(name);
      const host: RunHost = {
        connections: async () => [],
        scrub: (text) => text,
        confirm: async (req) =>
          confirmation(tool, req, t.bound).message.match(/\*\*Destructive: [^*]+\*\*[\s\S]*\*\*This cannot be undone\.\*\*/)
            ? 'Declined. Nothing was sent.'
            : 'not said as destructive',
      };
      assert.equal(await runTool(tool, t.bound, destructive, host), 'Declined. Nothing was sent.');
      assert.deepEqual(writes(), []);
    });
  }

  it('update_protection_profile: a field list that drops a value the profile has is destructive; one that keeps them all and adds one is a write', async () => {
    const profile = await t.bound.api.security.getProtectionProfile({ params: { protection_profile_id: 1 } });
    const kept = (profile.fields ?? []).map((f) => ({ template_field_id: f.template_field_id!, value: f.value as string }));
    assert.ok(kept.length >= 1, 'the seeded profile has field values');
    const dropping = await ask('update_protection_profile', { protection_profile_id: 1, fields: kept.slice(1) }, true);
    assert.equal(dropping.said, 'Refused: destructive. Nothing was sent.');
    const shown = await ask('update_protection_profile', { protection_profile_id: 1, fields: kept.slice(1) });
    assert.match(shown.asked[0]!, new RegExp(`Field ${kept[0]!.template_field_id} \`[^\`]* -> dropped\``));
    assert.match(shown.asked[0]!, /\*\*Destructive: the field list it sends replaces the profile's: it drops 1 of its field values/);
    t.sim.reset();
    const keeping = await ask('update_protection_profile', { protection_profile_id: 1, fields: kept }, true);
    assert.match(keeping.said, /^Updated protection profile 1 /);
  });

  it('edit_snapshot_schedule says what the platform will prune, not that snapshots are kept', async () => {
    const { asked } = await ask('edit_snapshot_schedule', { ...SCHEDULE, change: { max_quantity: 3 } });
    assert.match(asked[0]!, /deletes this schedule's oldest snapshots beyond the newest 3 \(it keeps up to 7 now\)/);
    assert.doesNotMatch(asked[0]!, /already made are kept/);
  });

  it('set_edge_app_config lists every value added, changed (old → new) and removed, as code; a secret reference by name, never a value', async () => {
    const { asked } = await ask('set_edge_app_config', {
      app_id: 101,
      env: { set: { GREETING: 'https://evil.example', UPSTREAM: 'https://evil.example/`x`' }, remove: ['LOG_LEVEL'] },
      rsp_headers: { remove: ['Cache-Control'] },
      secrets: { set: { API_TOKEN: 637 } },
    });
    const m = asked[0]!;
    // One fact a change, each value whole and quoted, inside inline code (the same facts as the command's modal: operationParity).
    assert.match(m, / · Variable GREETING `"Hallo" -> "https:\/\/evil\.example"` · /);
    assert.match(m, / · Variable UPSTREAM ``added "https:\/\/evil\.example\/`x`"`` · /);
    assert.match(m, / · Variable LOG_LEVEL `removed \(was "info"\)` · /);
    assert.match(m, / · Response header Cache-Control `removed \(was "max-age=60"\)` · /);
    assert.match(m, / · Secret reference API_TOKEN `secret upstream-token \(id 636\) -> secret db-password \(id 637\)`\. /);
    assert.match(m, /\*\*Destructive: it removes 2 and overwrites 2 of the app's values/);
  });

  it('set_edge_app_config: the app changed between the question and the send: nothing is sent', async () => {
    const tool = t.tool('set_edge_app_config');
    const input = { app_id: 101, env: { set: { GREETING: 'Hi' } } };
    const host: RunHost = {
      connections: async () => [],
      scrub: (text) => text,
      // While the person reads the question, someone else changes the same variable.
      confirm: async () => void (await t.bound.api.edge.patchEdgeApp({ params: { app_id: 101 }, body: { env: { GREETING: 'Moin', LOG_LEVEL: 'info' } } })),
    };
    assert.match(await runTool(tool, t.bound, input, host), /changed since the change was confirmed; nothing was sent/);
    assert.deepEqual(writes(), ['PATCH patchEdgeApp 1'], "only the other person's PATCH");
  });

  it('over MCP with only --allow-writes: a call that removes or overwrites is refused, naming the flag; one that adds is sent', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const env = {
      PLATFORM_CONSOLE_BASE_URL: t.sim.url,
      PLATFORM_CONSOLE_API_KEY: KEY,
      PLATFORM_CONSOLE_DIALECT: 'platform',
      PLATFORM_CONSOLE_CONNECTION_NAME: 'mcp-sim',
    };
    const server = createMcpServer({ allowWrites: true, env, note: () => undefined });
    await server.connect(serverSide);
    const client = new Client({ name: 'tool-classes-test', version: '1.0.0' });
    await client.connect(clientSide);
    try {
      const { tools } = await client.listTools();
      assert.equal(tools.find((t) => t.name === 'set_edge_app_config')?.annotations?.destructiveHint, true, 'may destroy: destructiveHint');
      for (const [name, , destructive] of cases) {
        const result = await client.callTool({ name, arguments: destructive as Record<string, unknown> });
        assert.match(
          text(result),
          /^Refused: this call of [a-z_]+ is destructive \(.+\), and this server was not started with --allow-destructive; nothing was sent\./,
          name,
        );
        assert.equal(result.isError, true);
      }
      assert.deepEqual(writes(), []);
      assert.match(
        text(await client.callTool({ name: 'set_edge_app_config', arguments: { app_id: 101, env: { set: { NEW_ONE: '1' } } } })),
        /^Changed edge app/,
      );
      assert.deepEqual(writes(), ['PATCH patchEdgeApp 1']);
    } finally {
      await client.close();
    }
  });
});

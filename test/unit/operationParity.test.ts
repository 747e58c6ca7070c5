// #54: one operation, three faces. For every operation of the catalog (src/operations), the thing
// is read from the simulator once and its confirmation rendered by each face's own function: the
// command's modal (commandConfirmation + writeConfirmationText), the chat tool's confirmation
// message (as prepareInvocation builds it), and the MCP server's elicitation (the real server, its
// question captured and declined). Each face must show the operation's action, every fact with its
// value and nothing else, its consequence, its undo (or "cannot be undone"), its class, and the
// typed-name decision. A face that drops, adds or rewords one fails here. Where the operation asks
// for the name typed, every face asks it with the command's own prompt: the chat tool's invoke path
// through a scripted FlowUi, MCP in its form; a wrong name sends nothing, the right one sends once.
import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Client, InMemoryTransport, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/client';
import { createMcpServer } from '../../src/mcp';
import { sealWasmFile, uploadEdgeBinary } from '../../src/platform/binaryUpload';
import { OPERATIONS } from '../../src/operations/catalog';
import { commandConfirmation } from '../../src/operations/commandConfirmation';
import { doneOn, readNothing, sendWrite, targetOf, type Operation } from '../../src/operations/operation';
import {
  AGENT_TOOLS,
  confirmation,
  inlineCode,
  mayDestroy,
  parseToolInput,
  prepareWrite,
  runTool,
  withTarget,
} from '../../src/features/agent/model/toolCatalog';
import type { AgentTool, WriteRequest } from '../../src/features/agent/model/toolKit';
import { askNameInEditor } from '../../src/features/agent/typedNameAsk';
import { writeConfirmationText } from '../../src/ui/text/writeConfirmation';
import { typedConfirmationPrompt } from '../../src/ui/typedConfirmation';
import { PRESS_ESCAPE, ScriptedUi } from '../support/scriptedUi';
import { SEEDED_REPORTS } from '../../simulator/state/seedBilling';
import { makeChain } from '../support/certs';
import { operationSim, type AgentSim } from '../support/operationSim';

const KEY = 'operation-parity-key-5e3a';
/** The schedule of policy 10 the simulator seeds. */
const SEEDED_SCHEDULE = '3f0e2a1c-5b7d-4e8f-9a0b-1c2d3e4f5a60';

/** The folder the file tools may read (the editor's workspace, MCP's --file-root), with a .wasm to deploy. */
const FILE_ROOT = realpathSync(mkdtempSync(join(tmpdir(), 'parity-')));
const WASM_FILE = join(FILE_ROOT, 'app.wasm');
writeFileSync(WASM_FILE, Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]));
/** A certificate, its key and chain in the same folder, for create_tls_secret. */
const TLS = makeChain();
const tlsFile = (name: string, text: string) => {
  writeFileSync(join(FILE_ROOT, name), text);
  return join(FILE_ROOT, name);
};

/** One input per operation, naming a thing the simulator seeds. A new operation needs its line here. */
const SAMPLES: Record<string, Record<string, unknown>> = {
  deleteReportTask: { id: SEEDED_REPORTS.Completed },
  disableFreeFeature: { activatedFeatureId: 603 },
  deleteNotificationSetting: { resellerId: 701, notificationSettingsId: 801 },
  pauseSnapshotPolicy: { project_id: 1, region_id: 1, policy_id: 10 },
  resumeSnapshotPolicy: { project_id: 1, region_id: 1, policy_id: 10 },
  renameSnapshotPolicy: { project_id: 1, region_id: 1, policy_id: 10, name: 'nightly-2' },
  deleteSnapshotPolicy: { project_id: 1, region_id: 1, policy_id: 10 },
  disableFunction: { project_id: 1, region_id: 1, namespace_name: 'default', function_name: 'hello-world' },
  enableFunction: { project_id: 1, region_id: 1, namespace_name: 'default', function_name: 'hello-world' },
  deleteCloudSecret: { project_id: 1, region_id: 1, secret_id: '5b3a4f2e-0c1d-4e8f-9a7b-1c2d3e4f5a02' },
  createSecret: {
    project_id: 1,
    region_id: 1,
    name: 'parity-secret',
    payload: 'c2VjcmV0LXZhbHVl',
    payload_content_type: 'application/octet-stream',
    secret_type: 'opaque',
    bit_length: 256,
  },
  deleteStorage: { storage_id: 2101, type: 'object' },
  restoreStorage: { storage_id: 2104 },
  createProtectionProfile: {
    name: 'Parity shield',
    template_id: 7,
    fields: [
      { template_field_id: 22, value: 'parity-api' },
      { template_field_id: 23, value: 7000 },
    ],
  },
  // A field list that keeps one value and drops the rest: the destructive case of the change.
  updateProtectionProfile: { protection_profile_id: 1, name: 'Parity Shield', fields: [{ template_field_id: 5, value: '999' }] },
  deleteProtectionProfile: { protection_profile_id: 1 },
  enableEdgeApp: { app_id: 103 },
  disableEdgeApp: { app_id: 101 },
  startEdgeAppDebug: { app_id: 107 },
  deleteEdgeApp: { app_id: 102 },
  setEdgeAppConfig: { app_id: 101, env: { set: { GREETING: 'Hello', RELEASE: '1' }, remove: ['LOG_LEVEL'] }, secrets: { set: { DB: 637 } } },
  createEdgeSecret: { name: 'api-token-2', comment: 'for the parity test', value: 'value-of-the-parity-secret' },
  replaceEdgeSecretValue: { secret_id: 636, slot: 1704067200, value: 'new-value-of-the-parity-secret' },
  deleteEdgeSecret: { secret_id: 636, force: true },
  // An existing key: the destructive case of Put (the value it holds is overwritten).
  putEdgeKvKey: { store_id: 127, key: 'country/DE', value: 'eu-central-2', expiry: '2030-01-01T00:00:00Z' },
  deleteEdgeKvKey: { store_id: 127, key: 'country/FR' },
  deployEdgeApp: { app_id: 101, file: WASM_FILE },
  rollBackEdgeApp: { app_id: 101, from_binary: 4748, binary: 4751 },
  deleteEdgeBinary: { binary_id: 4748 },
  createEdgeApp: {
    name: 'made-for-parity',
    template_id: 304,
    params: { UPSTREAM_URL: 'https://o.example' },
    secrets: { GATE_TOKEN: 637 },
    env: { REGION: 'eu' },
  },
  editSnapshotSchedule: { project_id: 1, region_id: 1, policy_id: 10, schedule_id: SEEDED_SCHEDULE, change: { hour: '4', max_quantity: 3 } },
  removeSnapshotSchedule: { project_id: 1, region_id: 1, policy_id: 10, schedule_id: SEEDED_SCHEDULE },
  createNotificationSetting: { resellerId: 701, notification_type: 'failed_login', email: 'parity@reseller-one.example' },
  updateNotificationSetting: {
    resellerId: 701,
    notificationSettingsId: 801,
    notification_type: 'deletion_request',
    email: 'ops2@reseller-one.example',
    enabled: false,
  },
  createReport: { template_code: 'ResellerPlans', parameters: { date_to: '2026-10-31', client_id: 7 } },
  addSchedules: {
    project_id: 1,
    region_id: 1,
    policy_id: 10,
    schedules: [
      { type: 'interval', weeks: 0, days: 1, hours: 0, minutes: 0, max_quantity: 2, retention_time: { weeks: 1, days: 0, hours: 0, minutes: 0 } },
      { type: 'cron', day_of_week: 'mon', hour: '3', minute: '0', timezone: 'UTC', max_quantity: 4 },
    ],
  },
  createTlsSecret: {
    project_id: 1,
    region_id: 1,
    name: 'parity-tls',
    certificate_file: tlsFile('leaf.crt', TLS.leaf.certificatePem),
    private_key_file: tlsFile('leaf.key', TLS.leaf.privateKeyPem),
    chain_file: tlsFile('chain.crt', TLS.chainPem),
  },
  createAgentToken: { name: 'Platform Console agent · parity', role: 'Users', exp_date: '2099-01-01T00:00:00Z', clientId: 1 },
  revokeAgentToken: { clientId: 1, tokenId: 42 },
};

/**
 * The operations with no agent tool, one by one with the reason: their command face is checked
 * here, and nothing else may have one.
 * - createEdgeSecret, replaceEdgeSecretValue: the value is typed in the editor's masked box; a tool
 *   would take it from the model, so it would sit in the conversation and the model's context.
 * - createAgentToken, revokeAgentToken (#56): an agent must never mint or revoke its own credentials.
 */
const COMMAND_ONLY = new Set(['createEdgeSecret', 'replaceEdgeSecretValue', 'createAgentToken', 'revokeAgentToken']);

const SAMPLE_TOKEN = { name: 'to revoke', client_user: { role: { name: 'Users' as const } } };

/** The sample an operation can be sent with: the seeded binaries all run in an app (the platform refuses their deletion), so one is stored first. */
async function writable(name: string, t: AgentSim): Promise<Record<string, unknown>> {
  // The simulator seeds no API token: the one revoked is minted first (the first id it gives is 42).
  if (name === 'revokeAgentToken') {
    const made = await t.bound.api.iam.createApiToken({ params: { clientId: 1 }, body: { ...SAMPLE_TOKEN, exp_date: '2099-01-01T00:00:00Z' } });
    return { clientId: 1, tokenId: made.id };
  }
  if (name !== 'deleteEdgeBinary') return SAMPLES[name]!;
  const stored = await uploadEdgeBinary(t.bound.api.http, await sealWasmFile(WASM_FILE));
  return { binary_id: stored.id };
}

type Facts = (readonly [string, string])[];

/** The modal's facts: the `Label: value` lines after the connection's, up to the blank line. */
function modalFacts(detail: string): Facts {
  const lines = detail.split('\n');
  const from = lines.findIndex((l) => l.startsWith('Connection: '));
  const facts: Facts = [];
  for (const line of lines.slice(from + 1)) {
    if (line === '') break;
    const at = line.indexOf(': ');
    facts.push([line.slice(0, at), line.slice(at + 2)]);
  }
  return facts;
}

/** The chat's facts: the line "<noun>: label `value` · label `value`." (values as inline code). */
function chatFacts(message: string, noun: string): Facts {
  const line = message.split('\n').find((l) => l.startsWith(`${noun}: `));
  assert.ok(line, `a line naming ${noun}`);
  return [...line.slice(noun.length + 2).matchAll(/(?:^| · )([^`]+?) (`+) ?(.*?) ?\2/g)].map((m) => [m[1]!, m[3]!] as const);
}

/** The request the chat tool asks about, built as languageModelTools.ts prepareInvocation builds it, and its message. */
async function chatFace(tool: AgentTool, input: Record<string, unknown>, t: AgentSim): Promise<{ request: WriteRequest; message: string }> {
  const parsed = parseToolInput(tool, input);
  assert.ok(parsed.ok);
  const prepared = prepareWrite(tool, parsed.input);
  assert.ok(prepared.ok);
  const targeted = await withTarget(tool, t.bound, parsed.input, prepared.request);
  assert.ok(targeted.ok);
  return { request: targeted.request, message: confirmation(tool, targeted.request, t.bound).message };
}

/** The chat tool's invoke after VS Code's dialog was allowed (languageModelTools.ts invoke): the typed name asked through `ui`. */
const chatInvoke = (tool: AgentTool, input: Record<string, unknown>, t: AgentSim, confirmed: WriteRequest, ui: ScriptedUi) =>
  runTool(tool, t.bound, input, { connections: async () => [], scrub: (x) => x, confirmed, askName: askNameInEditor(() => ui) });

type Elicited = ElicitRequestFormParams;

/** What the MCP server asks a client that confirms by elicitation (answered by `reply`: declined unless said), the tool's annotations and the call's answer. */
async function mcpFace(
  tool: AgentTool,
  input: Record<string, unknown>,
  t: AgentSim,
  reply: ((asked: Elicited) => ElicitResult) | 'no elicitation' = () => ({ action: 'decline' }),
) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const env = {
    PLATFORM_CONSOLE_BASE_URL: t.sim.url,
    PLATFORM_CONSOLE_API_KEY: KEY,
    PLATFORM_CONSOLE_DIALECT: 'platform',
    PLATFORM_CONSOLE_CONNECTION_NAME: t.bound.connectionName,
  };
  const server = createMcpServer({ allowWrites: true, allowDestructive: true, env, note: () => undefined, fileRoots: [FILE_ROOT] });
  await server.connect(serverSide);
  const client = new Client({ name: 'parity', version: '1.0.0' }, { capabilities: reply === 'no elicitation' ? {} : { elicitation: { form: {} } } });
  const asked: Elicited[] = [];
  if (reply !== 'no elicitation')
    client.setRequestHandler('elicitation/create', (request) => {
      asked.push(request.params as Elicited);
      return reply(request.params as Elicited);
    });
  await client.connect(clientSide);
  try {
    const listed = (await client.listTools()).tools.find((x) => x.name === tool.name);
    const answer = await client.callTool({ name: tool.name, arguments: input });
    assert.equal(asked.length, reply === 'no elicitation' ? 0 : 1, `${tool.name}: MCP asked once (none without elicitation)`);
    const said = (answer.content as { text?: string }[]).map((c) => c.text ?? '').join('');
    return {
      message: asked[0]?.message ?? '',
      schema: asked[0]?.requestedSchema ?? { type: 'object' as const, properties: {} },
      annotations: listed?.annotations,
      said,
      isError: answer.isError,
    };
  } finally {
    await client.close();
  }
}

describe('one operation, three faces: the command, the chat tool and MCP confirm the same', { timeout: 60_000 }, () => {
  const t = operationSim(KEY, { fileRoots: [FILE_ROOT] });

  it('every operation has a sample here and exactly one agent tool', () => {
    assert.deepEqual(OPERATIONS.map((op) => op.name).sort(), Object.keys(SAMPLES).sort());
    for (const op of OPERATIONS)
      assert.equal(AGENT_TOOLS.filter((x) => x.operation === op).length, COMMAND_ONLY.has(op.name) ? 0 : 1, `${op.name}: one tool (none when command-only)`);
  });

  it('one way to say a create reads nothing: an operation whose read asks the platform nothing has `readsNothing`, and its tool says so in the same words', async () => {
    // A client that throws on any use: a read that resolves without it asked the platform nothing.
    const untouched = new Proxy({} as typeof t.bound.api, {
      get: () => {
        throw new Error('asked the platform');
      },
    });
    for (const op of OPERATIONS) {
      const readsNothing = await Promise.resolve()
        .then(() => op.read(untouched, SAMPLES[op.name]!))
        .then(
          (thing) => thing === undefined,
          () => false,
        );
      assert.equal(op.readsNothing === true, readsNothing, `${op.name}: readsNothing exactly when its read asks nothing`);
      if (readsNothing) assert.equal(op.read, readNothing, `${op.name}: its read is readNothing`);
      const tool = AGENT_TOOLS.find((x) => x.operation === op);
      const says = readsNothing ? 'The person sees every value sent, and confirms.' : `${op.noun} is read first so the person sees which one, and confirms.`;
      if (tool) assert.ok(tool.modelDescription.includes(says), `${tool.name}: says "${says}"\n${tool.modelDescription}`);
    }
  });

  for (const op of OPERATIONS as readonly Operation[]) {
    it(`${op.name}: same action, facts, consequence, undo, class and typed-name decision on all three faces`, async () => {
      const input = SAMPLES[op.name]!;
      const tool = AGENT_TOOLS.find((x) => x.operation === op);
      const thing = await op.read(t.bound.api, input);
      const target = targetOf(op, input, thing);
      const action = op.action(input, thing);
      const expected = target.facts.map(([l, v]) => [l, v] as const);
      // Every label is ours and reads alike: capitalised, as "Name" or "SHA-256".
      for (const [label] of expected) assert.match(label, /^[A-Z0-9]/, `${op.name}: the fact label "${label}" is capitalised`);
      const destructive = op.kind === 'destructive' || target.destructive !== undefined;
      const undo = target.undo ?? 'This cannot be undone.';

      const command = commandConfirmation(op, input, thing, { name: t.bound.connectionName, baseUrl: t.bound.baseUrl });
      const modal = writeConfirmationText(command.summary);
      // A command-only operation has its command face alone (COMMAND_ONLY says why).
      const chatSide = tool ? await chatFace(tool, input, t) : undefined;
      const mcp = tool ? await mcpFace(tool, input, t) : undefined;
      const toolFaces: [string, string][] =
        chatSide && mcp
          ? [
              ['chat', chatSide.message],
              ['MCP', mcp.message],
            ]
          : [];

      // The action, in the same words.
      assert.equal(modal.message, `${action} on ${t.bound.connectionName}?`, 'command: the action');
      for (const [face, text] of toolFaces) assert.ok(text.includes(inlineCode(action)), `${face}: the action ${action}\n${text}`);
      // Every fact, its value, in the operation's order, and no other.
      assert.deepEqual(modalFacts(modal.detail), expected, 'command: the facts');
      for (const [face, text] of toolFaces) assert.deepEqual(chatFacts(text, target.noun), expected, `${face}: the facts`);
      // What is lost, and how it is undone (or that it cannot be).
      for (const [face, text] of [['command', modal.detail] as [string, string], ...toolFaces]) {
        if (target.consequence) assert.ok(text.includes(target.consequence), `${face}: the consequence "${target.consequence}"\n${text}`);
        assert.equal(text.includes(undo), destructive, `${face}: "${undo}" said exactly when destructive\n${text}`);
      }
      // The class: the modal's button and undo line, the tool's kind, MCP's hint.
      assert.equal(command.summary.destructive, destructive, 'command: destructive');
      assert.equal(modal.button, op.button);
      if (tool && mcp) {
        assert.equal(tool.kind, op.kind, 'chat and MCP: the class');
        assert.equal(tool.destructiveWhen, op.destructiveWhen);
        assert.equal(mcp.annotations?.destructiveHint, mayDestroy(tool), 'MCP: destructiveHint');
        assert.equal(mcp.annotations?.readOnlyHint, op.kind === 'read', 'MCP: readOnlyHint');
      }
      // The typed-name decision is the operation's, and every face asks the same name with the same prompt.
      const typedName = op.typedName?.(input, thing);
      assert.equal(command.typed?.name, typedName, 'command: typed name exactly when the operation asks');
      if (chatSide && mcp) {
        assert.equal(chatSide.request.target?.typed?.name, typedName, 'chat: typed name exactly when the operation asks');
        assert.equal(Object.hasOwn(mcp.schema.properties, 'name'), typedName !== undefined, 'MCP: a name field exactly when the operation asks');
      }
      for (const [face, text] of toolFaces)
        assert.equal(text.includes('must be typed to confirm'), typedName !== undefined, `${face}: says the name is asked exactly when it is\n${text}`);
      if (command.typed) {
        // The typed prompt names the same thing with the same facts, the action and undo as the modal would.
        for (const [label, value] of expected)
          assert.ok(command.typed.thing.includes(`${label} ${value}`), `typed prompt: ${label} ${value}\n${command.typed.thing}`);
        assert.ok(command.typed.consequence.includes(action), `typed prompt: the action\n${command.typed.consequence}`);
        for (const [face, text] of toolFaces) assert.ok(text.includes(inlineCode(typedName!)), `${face}: names ${typedName}`);
      }
      assert.deepEqual(t.writes(), [], 'nothing was sent');
    });

    it(`${op.name}: after the write, the command's notification and the chat and MCP answers say what happened in the operation's words`, async () => {
      const input = await writable(op.name, t);
      const tool = AGENT_TOOLS.find((x) => x.operation === op);
      const connection = t.bound.connectionName;
      // The command's face: read, then sent once (as the command sends it), its notification's words.
      const thing = await op.read(t.bound.api, input);
      const answer = await sendWrite(t.bound.api, op, input, thing);
      const words = op.done(input, thing, answer);
      assert.equal(doneOn(op, input, thing, answer, connection), `${words} on ${connection}.`, 'command: the words, on its connection');
      assert.ok(!words.includes('\n') && words.length > 0, `${op.name}: one line of words`);
      if (!tool) return;
      const typed = commandConfirmation(op, input, thing, { name: connection, baseUrl: t.bound.baseUrl }).typed;
      const first = `${words} on ${JSON.stringify(connection)}`;
      // The chat tool, accepted (the name typed where asked), on the simulator as it was.
      t.sim.reset();
      await writable(op.name, t);
      const { request } = await chatFace(tool, input, t);
      const chat = await chatInvoke(tool, input, t, request, new ScriptedUi(typed ? [typed.name] : []));
      assert.ok(chat.startsWith(first), `chat: begins with "${first}"\n${chat}`);
      // MCP, accepted in its form.
      t.sim.reset();
      await writable(op.name, t);
      const mcp = await mcpFace(tool, input, t, () => ({ action: 'accept', content: { confirm: true, ...(typed ? { name: typed.name } : {}) } }));
      assert.ok(mcp.said.startsWith(first), `MCP: begins with "${first}"\n${mcp.said}`);
    });

    if (op.typedName && !COMMAND_ONLY.has(op.name))
      it(`${op.name}: the name typed is asked by the chat tool and MCP with the command's prompt; a wrong one sends nothing, the right one once`, async () => {
        const input = SAMPLES[op.name]!;
        const tool = AGENT_TOOLS.find((x) => x.operation === op)!;
        const thing = await op.read(t.bound.api, input);
        const typed = commandConfirmation(op, input, thing, { name: t.bound.connectionName, baseUrl: t.bound.baseUrl }).typed;
        assert.ok(typed, `${op.name}: its sample names a thing whose name is typed`);
        const { prompt, problem } = typedConfirmationPrompt(typed);
        const wrong = `${typed.name}-not`;

        // Chat: after VS Code's dialog, the command's prompt in the editor's input box; a wrong name is refused there, Escape sends nothing.
        const { request } = await chatFace(tool, input, t);
        const refusing = new ScriptedUi([wrong, PRESS_ESCAPE]);
        assert.match(
          await chatInvoke(tool, input, t, request, refusing),
          /^Not sent: the person was asked to type the name .* and did not .*Nothing was sent\.$/,
        );
        assert.equal(refusing.prompts.length, 1, 'chat: asked once');
        assert.equal(refusing.prompts[0]!.prompt, prompt, "chat: the command's prompt");
        assert.equal(refusing.prompts[0]!.title, `${typed.title} (${t.bound.connectionName})`, "chat: the command's title");
        assert.deepEqual(refusing.prompts[0]!.refusals, [problem(wrong)], 'chat: the wrong name refused');
        assert.deepEqual(t.writes(), [], 'chat: a wrong name and Escape send nothing');

        // MCP: the name field, with the command's prompt; a wrong name sends nothing.
        const refused = await mcpFace(tool, input, t, () => ({ action: 'accept', content: { confirm: true, name: wrong } }));
        const field = refused.schema.properties.name as { type: string; title: string; description: string };
        assert.equal(field.type, 'string');
        assert.equal(field.description, prompt, "MCP: the command's prompt");
        assert.ok(field.title.includes(typed.name), `MCP: the field names ${typed.name}: ${field.title}`);
        assert.deepEqual(refused.schema.required, ['confirm', 'name']);
        assert.match(refused.said, /^Not sent: the name typed is not .*Nothing was sent\.$/);
        assert.deepEqual(t.writes(), [], 'MCP: a wrong name sends nothing');
        // A client that cannot ask the person: refused even with --allow-destructive, since nobody can type the name.
        const unasked = await mcpFace(tool, input, t, 'no elicitation');
        assert.match(
          unasked.said,
          /^Refused: [a-z_]+ is confirmed only by the person typing the name .*cannot ask the person .*nothing was sent, whatever the flags\./,
        );
        assert.equal(unasked.isError, true);
        assert.deepEqual(t.writes(), [], 'MCP without elicitation sends nothing');

        // The right name: sent once, by each face.
        const sent = await mcpFace(tool, input, t, () => ({ action: 'accept', content: { confirm: true, name: ` ${typed.name} ` } }));
        assert.doesNotMatch(sent.said, /^(Not sent|Refused)/);
        const once = t.writes();
        assert.equal(once.length, 1, `MCP: one request: ${once.join(', ')}`);
        assert.match(once[0]!, / 1$/);
        t.sim.reset();
        t.sim.resetRequests();
        const { request: again } = await chatFace(tool, input, t);
        assert.doesNotMatch(await chatInvoke(tool, input, t, again, new ScriptedUi([typed.name])), /^(Not sent|Refused)/);
        assert.deepEqual(t.writes(), once, 'chat: the same request, once');
      });
  }
});

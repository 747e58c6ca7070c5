// The edge binary and app-creation operations of the catalog (src/operations/edgeDeploy.ts,
// edgeCreate.ts) as the command shows them: Deploy names app, binary old -> new, the file's path,
// size and SHA-256; Roll Back names the binary change and refuses an app changed since the deploy;
// Delete Edge Binary names the binary and its users; Create Edge App names source, params and env
// (values as their length only) and references by name. A bad input is refused naming the field
// and the rule before anything is built; a target that cannot be read is an error, so nothing is
// asked. (The chat tool and MCP: operationParity.test.ts.)
import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { commandConfirmation } from '../../src/operations/commandConfirmation';
import { createEdgeApp } from '../../src/operations/edgeCreate';
import { deleteEdgeBinary, deployEdgeApp, rollBackEdgeApp, type Deployed, type EdgeAppThing } from '../../src/operations/edgeDeploy';
import { sendWrite } from '../../src/operations/operation';
import { modal, operationSim, PROD as conn, refused } from '../support/operationSim';

const app: EdgeAppThing = { id: 103, name: 'hello', url: 'https://hello.example.com', status: 1, binary: 4748 };
const SHA = 'ab'.repeat(32);
const seal = { path: '/work/build/app.wasm', bytes: 52_428_800, sha256: SHA, dev: 1, ino: 2, mtimeMs: 3 };
const failsWith = (kind: string, message: RegExp) => (e: Error & { kind?: string }) => e.kind === kind && message.test(e.message);

describe('edge deploy and create operations as the command confirms them', () => {
  it('Deploy: the app, binary old -> new, the file, its size and SHA-256; a write that says Roll Back keeps the old binary', () => {
    const asked = modal(commandConfirmation(deployEdgeApp, { app_id: 103, file: '/work/build/app.wasm' }, { app, file: seal }, conn));
    assert.equal(asked.message, 'Deploy app.wasm to edge app hello on Prod?');
    assert.equal(asked.button, 'Deploy');
    assert.equal(
      asked.detail,
      [
        'The app serves the new binary once it is pointed at it; a file changed before it is sent is refused. Binary 4748 is kept: Roll Back points the app at it again.',
        '',
        'Connection: Prod (https://api.example)',
        'App: hello',
        'ID: 103',
        'URL: https://hello.example.com',
        'Status: enabled',
        'Binary: 4748 -> new (assigned on upload)',
        'File: /work/build/app.wasm',
        'Size: 50.0 MiB (52,428,800 bytes)',
        `SHA-256: ${SHA}`,
        '',
        'Sent once when you choose Deploy; never retried automatically.',
      ].join('\n'),
    );
    const first = modal(commandConfirmation(deployEdgeApp, { app_id: 103, file: 'a.wasm' }, { app: { id: 103, binary: null }, file: seal }, conn));
    assert.match(first.detail, /App: app 103\nID: 103\nURL: \(no URL given\)\nStatus: not stated\nBinary: \(none\) -> new/);
    assert.doesNotMatch(first.detail, /Roll Back/, 'no binary before: nothing to roll back to');
  });

  it('Roll Back: the binary change, both kept; refused in words when the app runs another binary now', () => {
    const asked = modal(commandConfirmation(rollBackEdgeApp, { app_id: 103, from_binary: 4748, binary: 4700 }, app, conn));
    assert.equal(asked.message, 'Roll back edge app hello to binary 4700 on Prod?');
    assert.equal(asked.button, 'Roll Back');
    assert.match(
      asked.detail,
      /^The app serves binary 4700 again; binary 4748 is kept\.\n\n.*\nApp: hello\nID: 103\nURL: https:\/\/hello\.example\.com\nStatus: enabled\nBinary: 4748 -> 4700\n\nSent once/,
    );
  });

  it('Delete Edge Binary: destructive, the binary, its status, API type, MD5 and users', () => {
    const thing = { binary: { id: 4748, status: 1, api_type: 'wasi-http', checksum: 'c'.repeat(32) }, usedBy: ['hello-edge (101)'] };
    const asked = modal(commandConfirmation(deleteEdgeBinary, { binary_id: 4748 }, thing, conn));
    assert.equal(asked.message, 'Delete edge binary 4748 on Prod?');
    assert.match(
      asked.detail,
      /^The stored \.wasm is deleted; the platform refuses \(409\) while an app uses it\.\n\n.*\nBinary: 4748\nStatus: compiled\nAPI type: wasi-http\nMD5: c{32}\nUsed by: hello-edge \(101\)\n\nThis cannot be undone\./,
    );
    const unused = modal(
      commandConfirmation(deleteEdgeBinary, { binary_id: 9 }, { binary: { id: 9, status: 7, unref_since: '2026-01-01' }, usedBy: [] }, conn),
    );
    assert.match(unused.detail, /Status: status 7\nAPI type: not stated\nMD5: not stated\nUsed by: no app since 2026-01-01/);
  });

  it('Create Edge App: name, source by name, param and env values as their length, references by name, comment, a draft', () => {
    const input = {
      name: 'gate',
      template_id: 304,
      params: { UPSTREAM_URL: 'https://o.example' },
      secrets: { GATE_TOKEN: 637 },
      stores: { CACHE: 127 },
      env: { A: '1' },
      comment: 'demo',
    };
    const thing = { templateName: 'Token Gate', secretNames: { GATE_TOKEN: 'db-password' }, storeNames: { CACHE: undefined } };
    const asked = modal(commandConfirmation(createEdgeApp, input, thing, conn));
    assert.equal(asked.message, 'Create edge app gate from template Token Gate (304) on Prod?');
    assert.equal(
      asked.detail,
      [
        'A new app; nothing existing changes.',
        '',
        'Connection: Prod (https://api.example)',
        'Name: gate',
        'From: template Token Gate (304)',
        'Template params: UPSTREAM_URL (17 characters, not shown)',
        'Secret references: GATE_TOKEN -> db-password (637)',
        'Store references: CACHE -> store 127',
        'Env variables: A (1 character, not shown)',
        'Comment: demo',
        'Starts as: draft (not serving until enabled)',
        '',
        'Sent once when you choose Create; never retried automatically.',
      ].join('\n'),
    );
    assert.ok(!asked.detail.includes('https://o.example'), 'no param value in clear');
    const bin = modal(commandConfirmation(createEdgeApp, { name: 'bin', binary_id: 4748 }, { secretNames: {}, storeNames: {} }, conn));
    assert.match(bin.detail, /Name: bin\nFrom: binary 4748\nEnv variables: \(none\)\nStarts as/);
  });

  it('a refused input names the field and the rule; the requests are as the platform takes them', () => {
    refused(() => deployEdgeApp.request({ app_id: 0, file: '/a.wasm' }), /app_id: must be at least 1/);
    refused(() => deployEdgeApp.request({ app_id: 1, file: '' }), /file: must not be empty/);
    refused(() => rollBackEdgeApp.request({ app_id: 1, from_binary: 2, binary: 0 }), /binary: must be at least 1/);
    refused(() => deleteEdgeBinary.request({ binary_id: -1 }), /binary_id/);
    refused(() => createEdgeApp.request({ name: 'Bad_Name', binary_id: 1 }), /name: must be lowercase letters/);
    refused(() => createEdgeApp.request({ name: 'both', binary_id: 1, template_id: 2 }), /binary_id: give either binary_id or template_id/);
    refused(() => createEdgeApp.request({ name: 'neither' }), /binary_id: give either binary_id or template_id/);
    assert.equal(deployEdgeApp.request({ app_id: 1, file: '/a.wasm' }).endpoint.name, 'storeEdgeBinary', 'the upload first; the PATCH follows with its id');
    assert.deepEqual(rollBackEdgeApp.request({ app_id: 103, from_binary: 4748, binary: 4700 }).call, { params: { app_id: 103 }, body: { binary: 4700 } });
    assert.deepEqual(deleteEdgeBinary.request({ binary_id: 9 }).call, { params: { binary_id: 9 } });
    assert.deepEqual(createEdgeApp.request({ name: 'bin', binary_id: 4748, env: {} }).call.body, { name: 'bin', binary: 4748 }, 'no empty env sent');
    assert.deepEqual(
      createEdgeApp.request({ name: 'gate', template_id: 304, params: { P: 'x' }, secrets: { S: 637 }, stores: { C: 127 }, env: { E: 'y' }, comment: 'c' }).call
        .body,
      {
        name: 'gate',
        template: 304,
        env: { E: 'y', P: 'x' },
        secrets: { S: { id: 637 } },
        stores: { C: { id: 127 } },
        comment: 'c',
      },
    );
  });
});

describe('the target read of the edge deploy and create operations, against the simulator', { timeout: 60_000 }, () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'op-deploy-')));
  const t = operationSim('operation-edge-deploy-key-6c2e', { fileRoots: [root] });

  it('Deploy reads the app and hashes the file; a file that is not WebAssembly or an app not there fails: nothing asked or sent', async () => {
    const wasm = join(root, 'app.wasm');
    writeFileSync(wasm, Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]));
    const thing = await deployEdgeApp.read(t.bound.api, { app_id: 101, file: wasm });
    assert.deepEqual([thing.app.name, thing.file.path, thing.file.bytes], ['hello-edge', wasm, 8]);
    writeFileSync(join(root, 'notes.wasm'), 'hello');
    await assert.rejects(deployEdgeApp.read(t.bound.api, { app_id: 101, file: join(root, 'notes.wasm') }), failsWith('validation', /not WebAssembly/));
    await assert.rejects(deployEdgeApp.read(t.bound.api, { app_id: 999_999, file: wasm }), failsWith('notFound', /./));
    assert.deepEqual(t.writes(), []);
  });

  it('Deploy sends both of its requests itself, once each: the upload, then the app pointed at the id it gave; a PATCH refused after the upload fails, never retried', async () => {
    const wasm = join(root, 'both.wasm');
    writeFileSync(wasm, Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]));
    const input = { app_id: 101, file: wasm };
    const thing = await deployEdgeApp.read(t.bound.api, input);
    const said: string[] = [];
    const deployed = (await sendWrite(t.bound.api, deployEdgeApp, input, thing, { report: (words) => said.push(words) })) as Deployed;
    assert.equal(deployed.previous, thing.app.binary ?? undefined, 'the binary it ran before');
    assert.equal((await t.bound.api.edge.getOwnEdgeApp({ params: { app_id: 101 } })).binary, deployed.binary, 'the app runs the binary stored');
    assert.deepEqual([deployed.bytes, deployed.sha256], [8, thing.file.sha256]);
    assert.deepEqual(t.writes(), ['PATCH patchEdgeApp 1', 'POST storeEdgeBinary 1']);
    assert.deepEqual(said.slice(-2), ['8 bytes of 8 bytes sent', `stored as binary ${deployed.binary}; pointing the app at it…`]);

    // The PATCH refused after the upload: the failure is the caller's to say; one upload, one PATCH, nothing sent again.
    t.sim.resetRequests();
    t.sim.setFault({ route: 'patchEdgeApp', kind: 'status', status: 503, times: 5 });
    const again = await deployEdgeApp.read(t.bound.api, input);
    await assert.rejects(sendWrite(t.bound.api, deployEdgeApp, input, again), failsWith('server', /./));
    t.sim.clearFaults();
    assert.deepEqual(t.writes(), ['PATCH patchEdgeApp 1', 'POST storeEdgeBinary 1']);
    assert.equal((await t.bound.api.edge.getOwnEdgeApp({ params: { app_id: 101 } })).binary, deployed.binary, 'the app still runs the binary it ran');
  });

  it('Roll Back reads the app: one that runs another binary than the one deployed is refused, nothing asked or sent (tool too)', async () => {
    const runs = (await t.bound.api.edge.getOwnEdgeApp({ params: { app_id: 101 } })).binary!;
    assert.equal((await rollBackEdgeApp.read(t.bound.api, { app_id: 101, from_binary: runs, binary: 4751 })).binary, runs);
    await assert.rejects(
      rollBackEdgeApp.read(t.bound.api, { app_id: 101, from_binary: runs + 1, binary: 4751 }),
      failsWith(
        'conflict',
        new RegExp(
          `^Not rolled back: edge app hello-edge \\(101\\) now runs binary ${runs}, not binary ${runs + 1} that was deployed; .* Nothing was sent\\.$`,
        ),
      ),
    );
    const { said, asked } = await t.run('roll_back_edge_app', { app_id: 101, from_binary: runs + 1, binary: 4751 });
    assert.deepEqual(asked, []);
    assert.match(said, /Not rolled back[\s\S]*Nothing was asked or sent/);
    assert.deepEqual(t.writes(), []);
  });

  it('Roll Back through the tool, accepted: one PATCH to the old binary', async () => {
    const runs = (await t.bound.api.edge.getOwnEdgeApp({ params: { app_id: 101 } })).binary!;
    const { said, asked } = await t.run('roll_back_edge_app', { app_id: 101, from_binary: runs, binary: 4751 });
    assert.equal(asked.length, 1);
    assert.match(asked[0]!.message, new RegExp(`Binary \`${runs} -> 4751\``));
    assert.match(said, new RegExp(`^Rolled back edge app 101 on "Sim": binary ${runs} -> 4751\\.$`));
    assert.deepEqual(t.writes(), ['PATCH patchEdgeApp 1']);
    assert.equal((await t.bound.api.edge.getOwnEdgeApp({ params: { app_id: 101 } })).binary, 4751);
  });

  it('Delete Edge Binary reads the binary and the apps using it; one not stored is a notFound', async () => {
    const thing = await deleteEdgeBinary.read(t.bound.api, { binary_id: 4748 });
    assert.equal(thing.binary.id, 4748);
    assert.ok(thing.usedBy.includes('hello-edge (101)'), thing.usedBy.join());
    await assert.rejects(deleteEdgeBinary.read(t.bound.api, { binary_id: 999_999 }), failsWith('notFound', /No stored edge binary 999999/));
    assert.deepEqual(t.writes(), []);
  });

  it('Create Edge App reads the template, secret and store names; a reference not there is a notFound', async () => {
    const thing = await createEdgeApp.read(t.bound.api, { name: 'x1', template_id: 304, secrets: { GATE_TOKEN: 637 }, stores: { CACHE: 127 } });
    assert.deepEqual(thing, { templateName: 'Token Gate', secretNames: { GATE_TOKEN: 'db-password' }, storeNames: { CACHE: 'geo-table' } });
    await assert.rejects(createEdgeApp.read(t.bound.api, { name: 'x1', template_id: 304, secrets: { GATE_TOKEN: 999_999 } }), failsWith('notFound', /./));
    await assert.rejects(
      createEdgeApp.read(t.bound.api, { name: 'x1', binary_id: 4748, stores: { CACHE: 999_999 } }),
      failsWith('notFound', /No edge store 999999/),
    );
    assert.deepEqual(t.writes(), []);
  });
});

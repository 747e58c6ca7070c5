// The FastEdge secret operations of the catalog (src/operations/edgeSecrets.ts) as the command
// shows them: create and replace show the value as its length only (never in clear), replace is
// destructive (the old value cannot be read back), delete asks for the name typed with the apps
// that lose it and whether force is sent; a bad input is refused naming the field and the rule
// before anything is built; a secret not there is a notFound, so nothing is asked. (The chat tool
// and MCP of delete: operationParity.test.ts.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commandConfirmation } from '../../src/operations/commandConfirmation';
import { createEdgeSecret, deleteEdgeSecret, replaceEdgeSecretValue, type EdgeSecretThing } from '../../src/operations/edgeSecrets';
import { typedConfirmationPrompt } from '../../src/ui/typedConfirmation';
import { modal, operationSim, PROD as conn, refused } from '../support/operationSim';

const VALUE = 'value-never-in-a-confirmation-4e1b';
const token: EdgeSecretThing = {
  secret: { id: 636, name: 'upstream-token', comment: 'rotated monthly', app_count: 2, secret_slots: [] },
  users: [{ id: 101, name: 'hello-edge' }],
  complete: false,
};

describe('edge secret operations as the command confirms them', () => {
  it('Create: name, comment, the value as its length, slot 0; a plain write', () => {
    const made = modal(commandConfirmation(createEdgeSecret, { name: 'api-key-2', comment: 'for the tests', value: VALUE }, undefined, conn));
    assert.equal(made.message, 'Create edge secret api-key-2 on Prod?');
    assert.equal(made.button, 'Create');
    assert.equal(
      made.detail,
      [
        'Apps can refer to it by its name.',
        '',
        'Connection: Prod (https://api.example)',
        'Name: api-key-2',
        'Comment: for the tests',
        `Value: ${VALUE.length} characters, not shown`,
        'Slot: 0 (in use from the start)',
        '',
        'Sent once when you choose Create; never retried automatically.',
      ].join('\n'),
    );
    const bare = modal(commandConfirmation(createEdgeSecret, { name: 'k', comment: '', value: 'x' }, undefined, conn));
    assert.match(bare.detail, /Name: k\nValue: 1 character, not shown\n/, 'no comment line when none is sent');
  });

  it('Replace Value: destructive, the secret, its users, the slot and the value as its length', () => {
    const input = { secret_id: 636, slot: 1704067200, value: VALUE };
    const asked = modal(commandConfirmation(replaceEdgeSecretValue, input, token, conn));
    assert.equal(asked.message, 'Replace the value of edge secret upstream-token (636) on Prod?');
    assert.equal(asked.button, 'Replace');
    assert.match(
      asked.detail,
      /^The value it holds now is overwritten and cannot be read back\. The apps that refer to this secret read the new value from their next request\.\n\nConnection: Prod \(https:\/\/api\.example\)\nSecret: upstream-token \(ID 636\)\nUsed by: 2 apps\nSlot: the value in use \(slot 1704067200, from 2024-01-01T00:00:00\.000Z\)\nValue: 34 characters, not shown\n\nThis cannot be undone\./,
    );
    const unused = modal(commandConfirmation(replaceEdgeSecretValue, { ...input, slot: 0 }, { ...token, secret: { ...token.secret, app_count: 0 } }, conn));
    assert.match(unused.detail, /Used by: no app\nSlot: the value in use \(slot 0\)\n/);
    assert.doesNotMatch(unused.detail, /next request/);
  });

  it('Delete: the name typed, with the apps that lose it, their count and force', () => {
    const asked = commandConfirmation(deleteEdgeSecret, { secret_id: 636, force: true }, token, conn);
    assert.equal(asked.typed?.name, 'upstream-token');
    assert.equal(asked.summary.destructive, true);
    const prompt = typedConfirmationPrompt(asked.typed!);
    assert.equal(
      prompt.prompt,
      'The edge secret upstream-token (Secret upstream-token (ID 636), Comment rotated monthly, Apps using it 2 apps: hello-edge (101) (of 2; the others were not found among the apps read), Force yes: deleted even though apps use it) on Prod (https://api.example) is sent: Delete edge secret upstream-token even though apps use it. It is deleted with all its values; the apps above lose it and fail where they read it; this cannot be undone. Type its name, upstream-token, to confirm.',
    );
    assert.equal(prompt.problem('upstream'), 'Confirmation: type upstream-token exactly');
    const unused = commandConfirmation(
      deleteEdgeSecret,
      { secret_id: 637 },
      { secret: { id: 637, name: 'db-password', app_count: 0 }, users: [], complete: true },
      conn,
    );
    assert.match(unused.typed!.thing, /Apps using it none, Force no: the platform refuses while an app uses it\)$/);
    assert.match(unused.typed!.consequence, /It is deleted with all its values$/);
    assert.equal(
      commandConfirmation(deleteEdgeSecret, { secret_id: 637 }, { ...token, secret: { id: 637, app_count: 0 } }, conn).typed?.name,
      '637',
      'no name: the id typed',
    );
  });

  it('no value in clear in any confirmation of create or replace', () => {
    const texts = [
      modal(commandConfirmation(createEdgeSecret, { name: 'api-key-2', comment: '', value: VALUE }, undefined, conn)),
      modal(commandConfirmation(replaceEdgeSecretValue, { secret_id: 636, slot: 0, value: VALUE }, token, conn)),
    ];
    for (const t of texts) assert.ok(!`${t.message}\n${t.detail}`.includes(VALUE));
  });

  it('a refused input names the field and the rule; the requests are as the platform takes them', () => {
    refused(() => createEdgeSecret.request({ name: 'bad name', comment: '', value: 'x' }), /name: must be letters, digits/);
    refused(() => createEdgeSecret.request({ name: 'ok-name', comment: '', value: '' }), /value: must not be empty/);
    refused(() => createEdgeSecret.request({ name: 'ok-name', comment: 'c'.repeat(1025), value: 'x' }), /comment: must be at most 1024 characters/);
    refused(() => replaceEdgeSecretValue.request({ secret_id: 636, slot: -1, value: 'x' }), /slot: must be 0 or more/);
    refused(() => replaceEdgeSecretValue.request({ secret_id: 636, slot: 0, value: 'v'.repeat(4097) }), /value: must be at most 4096 characters/);
    refused(() => deleteEdgeSecret.request({ secret_id: 0 }), /secret_id: must be at least 1/);
    assert.deepEqual(createEdgeSecret.request({ name: 'k-1', comment: '', value: 'v' }).call, {
      params: {},
      body: { name: 'k-1', secret_slots: [{ slot: 0, value: 'v' }] },
    });
    assert.deepEqual(replaceEdgeSecretValue.request({ secret_id: 636, slot: 7, value: 'v' }).call, {
      params: { secret_id: 636 },
      body: { secret_slots: [{ slot: 7, value: 'v' }] },
    });
    assert.deepEqual(deleteEdgeSecret.request({ secret_id: 636, force: true }).call, { params: { secret_id: 636 }, query: { force: true } });
    assert.deepEqual(deleteEdgeSecret.request({ secret_id: 637 }).call, { params: { secret_id: 637 }, query: {} });
  });
});

describe('the target read of the edge secret operations, against the simulator', { timeout: 60_000 }, () => {
  const t = operationSim('operation-edge-secrets-key-2b9d');

  it('delete reads the secret and the apps that use it; a secret not there is a notFound: nothing asked, nothing sent', async () => {
    const thing = await deleteEdgeSecret.read(t.bound.api, { secret_id: 636 });
    assert.deepEqual([thing.secret.name, thing.secret.app_count, thing.users, thing.complete], ['upstream-token', 1, [{ id: 101, name: 'hello-edge' }], true]);
    const replaced = await replaceEdgeSecretValue.read(t.bound.api, { secret_id: 636, slot: 0, value: 'x' });
    assert.deepEqual(replaced.users, [], 'replace does not read the apps');
    for (const read of [
      () => deleteEdgeSecret.read(t.bound.api, { secret_id: 999 }),
      () => replaceEdgeSecretValue.read(t.bound.api, { secret_id: 999, slot: 0, value: 'x' }),
    ])
      await assert.rejects(read(), (e: Error & { kind?: string }) => e.kind === 'notFound');
    assert.deepEqual(t.writes(), []);
  });

  it('the chat tool of a secret not there answers that it could not read it and sends nothing', async () => {
    const { said, asked } = await t.run('delete_edge_secret', { secret_id: 999, force: true });
    assert.deepEqual(asked, []);
    assert.match(said, /Nothing was asked or sent/);
    assert.deepEqual(t.writes(), []);
  });
});

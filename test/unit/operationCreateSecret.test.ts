// Create Secret as an operation of the catalog (src/operations/cloudSecrets.ts createSecret): it
// reads nothing first; every value sent is a fact, the payload only as its size and SHA-256 on
// every face (never its content); a bad input names the field and the rule and sends nothing; the
// command's summary is the operation's confirmation rendered. (All three faces: operationParity.test.ts.)
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { createSecret, payloadFact } from '../../src/operations/cloudSecrets';
import { commandConfirmation } from '../../src/operations/commandConfirmation';
import { sendOperation, targetOf } from '../../src/operations/operation';
import { secretSummary } from '../../src/features/secrets/secretSummary';
import { writeConfirmationText } from '../../src/ui/text/writeConfirmation';
import { operationSim, PROD as conn, refusal } from '../support/operationSim';

const VALUE = 'the-secret-value-never-shown';
const payload = Buffer.from(VALUE).toString('base64');
const input = {
  project_id: 1,
  region_id: 2,
  name: 'db-password',
  payload,
  payload_content_type: 'application/octet-stream',
  secret_type: 'passphrase' as const,
};

describe('Create Secret as the command confirms it', () => {
  it('every value sent is a fact; the payload is its size and SHA-256, never its content', () => {
    const text = writeConfirmationText(commandConfirmation(createSecret, input, undefined, conn).summary);
    const sha = createHash('sha256').update(VALUE).digest('hex').toUpperCase().match(/../g)!.join(':');
    assert.equal(text.message, 'Create secret "db-password" in project 1, region 2 on Prod?');
    assert.equal(text.button, 'Create Secret');
    assert.equal(
      text.detail,
      [
        'The platform creates it in the background (a task); its payload is sent as given and shown nowhere.',
        '',
        'Connection: Prod (https://api.example)',
        'Name: db-password',
        'Type: passphrase',
        `Payload: ${VALUE.length} bytes, SHA-256 ${sha}; never shown`,
        'Content type: application/octet-stream',
        'Encoding: base64',
        'Algorithm: none',
        'Bit length: none',
        'Mode: none',
        'Expiration: never',
        'Project / region: 1 / 2',
        '',
        'Sent once when you choose Create Secret; never retried automatically.',
      ].join('\n'),
    );
    assert.ok(!JSON.stringify(text).includes(payload) && !JSON.stringify(text).includes(VALUE));
    assert.equal(commandConfirmation(createSecret, input, undefined, conn).typed, undefined, 'a modal, no typed name');
  });

  it('the optional metadata, when given, is in the facts as sent', () => {
    const facts = targetOf(createSecret, { ...input, algorithm: 'aes', bit_length: 256, mode: 'cbc', expiration: '2030-12-31T23:59:59' }, undefined).facts;
    assert.deepEqual(facts.slice(5, 9), [
      ['Algorithm', 'aes'],
      ['Bit length', '256'],
      ['Mode', 'cbc'],
      ['Expiration', '2030-12-31T23:59:59'],
    ]);
    assert.match(payloadFact(Buffer.alloc(2048).toString('base64')), /^2,048 bytes, SHA-256 /);
  });

  it("the command's summary step is the operation's confirmation, one line an item, then where the payload came from", () => {
    const summary = secretSummary(
      {
        projectId: 1,
        regionId: 2,
        name: 'db-password',
        secret_type: 'passphrase',
        payload_content_type: 'application/octet-stream',
        source: 'text',
        prepared: { base64: payload, bytes: VALUE.length, sha256: '' },
      },
      conn,
    );
    const modal = writeConfirmationText(commandConfirmation(createSecret, input, undefined, conn).summary);
    assert.equal(summary.placeholder, `${modal.message} Review the values`);
    assert.deepEqual(summary.items[0], { label: '$(check) Create Secret', description: 'Create secret "db-password" in project 1, region 2', value: 'submit' });
    assert.deepEqual(
      summary.items.slice(1).map((i) => i.label),
      modal.detail.split('\n').filter((l) => l !== ''),
    );
    assert.equal(summary.items.find((i) => i.label.startsWith('Payload: '))?.description, 'typed');
  });

  it('a bad input names the field and the rule: the request is never built', () => {
    assert.throws(() => createSecret.request({ ...input, name: '' }), refusal(/name/, /must not be empty/));
    assert.throws(() => createSecret.request({ ...input, payload: 'not base64!' }), refusal(/payload/, /base64/));
    assert.throws(() => createSecret.request({ ...input, payload_content_type: 'text/plain' }), refusal(/payload_content_type/, /text\/plain is incompatible/));
    assert.throws(() => createSecret.request({ ...input, bit_length: 0 }), refusal(/bit_length/, /greater than 0/));
    assert.throws(() => createSecret.request({ ...input, region_id: 0 }), refusal(/region_id/, /at least 1|greater/));
    const { project_id: _p, region_id: _r, ...body } = input;
    // As sent (JSON): every value given, the encoding filled in.
    assert.deepEqual(JSON.parse(JSON.stringify(createSecret.request(input).call)), {
      params: { project_id: 1, region_id: 2 },
      body: { ...body, payload_content_encoding: 'base64' },
    });
  });
});

describe('Create Secret against the simulator', { timeout: 60_000 }, () => {
  const t = operationSim('operation-create-secret-key-41c9');

  it('nothing is read first; sent once to POST createSecret; a refused input sends nothing', async () => {
    assert.equal(createSecret.readsNothing, true);
    assert.equal(await createSecret.read(t.bound.api, input), undefined);
    assert.deepEqual(t.writes(), []);
    const sent = (await sendOperation(t.bound.api, createSecret.request({ ...input, project_id: 1, region_id: 1 }))) as { tasks: string[] };
    assert.equal(sent.tasks.length, 1);
    assert.deepEqual(t.writes(), ['POST createSecret 1']);
  });

  it('the tool says it reads nothing first, and its confirmation shows no payload', async () => {
    const tool = t.tool('create_secret');
    assert.doesNotMatch(tool.modelDescription, /read first/);
    assert.match(tool.modelDescription, /The person sees every value sent, and confirms\./);
    const { asked } = await t.run('create_secret', { ...input, project_id: 1, region_id: 1 }, () => 'declined');
    assert.equal(asked.length, 1);
    assert.match(asked[0]!.message, /The secret: Name `db-password` · Type `passphrase` · Payload `28 bytes, SHA-256 [0-9A-F:]{95}; never shown`/);
    assert.ok(!asked[0]!.message.includes(payload) && !asked[0]!.message.includes(VALUE));
    assert.deepEqual(t.writes(), []);
  });
});

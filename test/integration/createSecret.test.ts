// Create Secret in a real VS Code against the simulator: a file payload with Back, a typed
// payload with every refusal and Escape, a PKCS12 bundle built from PEM files, a task in ERROR,
// a cancelled watch, and a 500 on submit followed by Retry.
import * as assert from 'node:assert/strict';
import { X509Certificate, createHash, createPrivateKey } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { readPkcs12 } from '../../src/features/secrets/model/pkcs12';
import { SimulatorControl } from '../../simulator/controlClient';
import { startSimulator, type Simulator } from '../../simulator/index';
import { expiredLeaf, leafExpiringIn, makeChain, mismatchedKeyPem } from '../support/certs';
import { ACCEPT, PRESS_BACK, PRESS_ESCAPE, ScriptedUi } from '../support/scriptedUi';
import testKeys from '../support/testKeys.json';
import { platformConsole } from './support/extension';
import { fence } from './support/fence';
import { until } from './support/until';

const KEY = testKeys.simulator;
const SOURCE_FILE = '$(file) A file';
const SOURCE_TEXT = '$(key) Type the value';
const SOURCE_PKCS12 = '$(shield) PKCS12 bundle from PEM files';
const NO_DETAILS = 'No optional metadata';
const WITH_DETAILS = 'Set algorithm, bit length, mode or expiration…';
const SUBMIT = '$(check) Create Secret';

interface SentSecret {
  name: string;
  payload: string;
  payload_content_encoding: string;
  payload_content_type: string;
  secret_type: string;
  bit_length?: number | null;
  expiration?: string | null;
}

describe('Create Secret', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let ext: Awaited<ReturnType<typeof platformConsole>>;
  let connectionId: string;
  let dir: string;
  const config = () => vscode.workspace.getConfiguration('platformConsole.cloud');
  const sent = (route: string) => sim.requestCounts()[route] ?? 0;
  /** The last secret as sent, payload included: watched in-process, since the request log keeps only the payload's length. */
  let sentSecret: SentSecret | undefined;
  const lastSecret = (): SentSecret => {
    assert.ok(sentSecret, 'the simulator received no POST createSecret');
    return sentSecret;
  };
  const run = async (ui: ScriptedUi) => {
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.createSecret');
  };

  before(async () => {
    ext = await platformConsole();
    sim = await startSimulator({ apiKey: KEY, taskDurationMs: 600 });
    sim.watchRequests((request) => {
      if (request.route === 'createSecret') sentSecret = request.body as SentSecret;
    });
    connectionId = (await ext.connections.signIn('secrets', sim.url, KEY)).id;
    dir = await mkdtemp(join(tmpdir(), 'secrets-'));
  });
  beforeEach(() => {
    sim.clearFaults();
    sim.resetRequests();
    sentSecret = undefined;
  });
  after(async () => {
    ext.setUi(undefined);
    await config().update('projectId', undefined, vscode.ConfigurationTarget.Global);
    await config().update('regionId', undefined, vscode.ConfigurationTarget.Global);
    await ext.connections.signOut(connectionId);
    await sim.close();
  });

  it('a file payload, with Back in the middle; project and region asked once, then remembered', async () => {
    await config().update('projectId', undefined, vscode.ConfigurationTarget.Global);
    await config().update('regionId', undefined, vscode.ConfigurationTarget.Global);
    const file = join(dir, 'token.bin');
    await writeFile(file, Buffer.from([0, 1, 2, 250, 251, 252]));
    const ui = new ScriptedUi([
      '$(edit) Enter an ID…',
      'x',
      '1',
      ACCEPT, // project typed (not a number refused); region picked: the first listed
      'db-token',
      'symmetric',
      SOURCE_TEXT,
      PRESS_BACK, // back from the typed value to the source
      SOURCE_FILE,
      join(dir, 'missing.bin'),
      file,
      ACCEPT,
      NO_DETAILS,
      SUBMIT,
    ]);
    await run(ui);
    await ui.waitForNotification(/^Secret db-token created \(id /, 20_000);
    assert.deepEqual(ui.prompts.find((p) => p.prompt === 'Project ID')?.refusals, ['Project ID: must be a whole number']);
    assert.equal(ui.prompts[0]?.busy, true, 'the project pick opened busy while the list loaded');
    const fileStep = ui.prompts.find((p) => p.prompt.startsWith('File holding the secret'))!;
    assert.match(fileStep.refusals[0] ?? '', /^Payload file: .*missing\.bin does not exist/);
    assert.deepEqual(ui.prompts.map((p) => p.totalSteps).slice(-1), [9]);
    assert.equal(ui.prompts.at(-1)?.canGoBack, true);
    // The summary is the operation's confirmation (src/operations/cloudSecrets.ts createSecret), line for line as the modal reads.
    const summary = ui.prompts.at(-1)!;
    const sha = createHash('sha256')
      .update(Buffer.from([0, 1, 2, 250, 251, 252]))
      .digest('hex')
      .toUpperCase()
      .match(/../g)!
      .join(':');
    assert.equal(summary.prompt, 'Create secret "db-token" in project 1, region 1 on secrets? Review the values');
    assert.deepEqual(summary.items?.slice(0, 2), [
      SUBMIT,
      'The platform creates it in the background (a task); its payload is sent as given and shown nowhere.',
    ]);
    assert.deepEqual(summary.items?.slice(2), [
      `Connection: secrets (${sim.url})`,
      'Name: db-token',
      'Type: symmetric',
      `Payload: 6 bytes, SHA-256 ${sha}; never shown`,
      'Content type: application/octet-stream',
      'Encoding: base64',
      'Algorithm: none',
      'Bit length: none',
      'Mode: none',
      'Expiration: never',
      'Project / region: 1 / 1',
      'Sent once when you choose Create Secret; never retried automatically.',
    ]);
    const body = lastSecret();
    assert.deepEqual(body, {
      name: 'db-token',
      payload: Buffer.from([0, 1, 2, 250, 251, 252]).toString('base64'),
      payload_content_encoding: 'base64',
      payload_content_type: 'application/octet-stream',
      secret_type: 'symmetric',
      algorithm: null,
      bit_length: null,
      mode: null,
      expiration: null,
    } as unknown as SentSecret);
    assert.equal(config().get('projectId'), 1);
    assert.equal(config().get('regionId'), 1);
    assert.ok(ui.progressRuns.some((r) => r.title === 'Creating secret db-token' && r.messages.some((m) => /FINISHED/.test(m))));
  });

  it('a typed payload: every refusal names the field and the rule; Escape sends nothing', async () => {
    const past = '2020-01-01T00:00:00';
    const ui = new ScriptedUi([
      ACCEPT,
      ACCEPT, // remembered project and region
      '',
      'api-pass',
      'passphrase',
      SOURCE_TEXT,
      '',
      's3cr3t value',
      'text/plain',
      'bogus',
      ACCEPT,
      WITH_DETAILS,
      'aes',
      '0',
      '-3',
      'x',
      '256',
      'cbc',
      past,
      '2030-01-01T00:00:00Z',
      '2031-06-30T12:00:00',
      PRESS_ESCAPE,
    ]);
    await run(ui);
    const refusals = Object.fromEntries(ui.prompts.filter((p) => p.refusals.length).map((p) => [p.prompt.split(' (')[0], p.refusals]));
    assert.deepEqual(refusals['Secret name'], ['Secret name: must not be empty']);
    assert.deepEqual(refusals['The secret value'], ['Secret value: must not be empty']);
    assert.match(refusals['Payload content type']?.[0] ?? '', /^Payload content type: text\/plain is incompatible with base64/);
    assert.match(refusals['Payload content type']?.[1] ?? '', /^Payload content type: must be a media type/);
    assert.deepEqual(refusals['Bit length'], [
      'Bit length: must be greater than 0',
      'Bit length: must be greater than 0',
      'Bit length: must be a whole number',
    ]);
    const expiration = Object.entries(refusals).find(([k]) => k.startsWith('Expiration'))?.[1];
    assert.deepEqual(expiration, [
      'Expiration: must be in the future (read as UTC)',
      'Expiration: must be an ISO 8601 date-time without time zone, like 2030-12-31T23:59:59',
    ]);
    assert.equal(ui.prompts.find((p) => p.prompt.startsWith('The secret value'))?.password, true);
    assert.equal(sent('POST createSecret'), 0, 'Escape sent nothing');
    assert.equal(ui.remainingAnswers, 0);
  });

  it('a PKCS12 bundle built from PEM files: mismatched key and expired certificate refused, expiry warned', async () => {
    const chain = leafExpiringIn(10);
    const files = {
      cert: join(dir, 'server.crt'),
      key: join(dir, 'server.key'),
      chain: join(dir, 'chain.pem'),
      wrongKey: join(dir, 'other.key'),
      expired: join(dir, 'expired.crt'),
      expiredKey: join(dir, 'expired.key'),
    };
    const expired = expiredLeaf(new Date(), 5);
    await Promise.all([
      writeFile(files.cert, chain.leaf.certificatePem),
      writeFile(files.key, chain.leaf.privateKeyPem),
      writeFile(files.chain, chain.chainPem),
      writeFile(files.wrongKey, mismatchedKeyPem()),
      writeFile(files.expired, expired.leaf.certificatePem),
      writeFile(files.expiredKey, expired.leaf.privateKeyPem),
    ]);
    const ui = new ScriptedUi([
      ACCEPT,
      ACCEPT,
      'tls-example',
      'certificate',
      SOURCE_PKCS12,
      files.cert,
      files.wrongKey,
      files.chain, // the key does not match: refused at the chain step
      PRESS_BACK,
      PRESS_BACK,
      files.expired,
      files.expiredKey,
      files.chain, // expired: refused
      PRESS_BACK,
      PRESS_BACK,
      files.cert,
      files.key,
      files.chain,
      ACCEPT,
      NO_DETAILS,
      SUBMIT,
    ]);
    await run(ui);
    await ui.waitForNotification(/^Secret tls-example created/, 20_000);
    const chainSteps = ui.prompts.filter((p) => p.prompt.startsWith('Intermediate chain'));
    assert.match(chainSteps[0]?.refusals.join(' ') ?? '', /key/i);
    assert.match(chainSteps[1]?.refusals.join(' ') ?? '', /expired/i);
    assert.deepEqual(chainSteps[2]?.refusals, []);
    const summary = ui.prompts.at(-1)!;
    assert.ok(
      summary.items?.some((i) => i.startsWith('Certificate: ') && i.includes('example.test')),
      summary.items?.join('\n'),
    );
    assert.ok(
      summary.items?.some((i) => i.startsWith('$(warning)') && /expires/i.test(i)),
      'a certificate expiring in 10 days is warned about',
    );
    assert.ok(summary.items?.some((i) => /^Payload: .* SHA-256 [0-9A-F]{2}:/.test(i)));
    const body = lastSecret();
    assert.equal(body.payload_content_type, 'application/x-pkcs12');
    // The request log, over the control API, keeps the rest of the request but not the bundle (which holds the key).
    const logged = (await new SimulatorControl(sim.url, sim.controlToken).lastRequests('createSecret'))['POST createSecret']!;
    assert.deepEqual(logged.body, { ...body, payload: `[redacted: ${body.payload.length} characters]` });
    assert.ok(!JSON.stringify(logged).includes(body.payload.slice(0, 64)), 'no part of the payload in the request log');
    const bundle = readPkcs12(Buffer.from(body.payload, 'base64'), '');
    assert.equal(bundle.certificatePem.replace(/\r/g, '').trim(), chain.leaf.certificatePem.replace(/\r/g, '').trim());
    assert.equal(bundle.chainPems.length, 2);
    assert.ok(!JSON.stringify(ui.prompts).includes(chain.leaf.privateKeyPem.slice(40, 80)), 'no key material in any prompt');
  });

  it('a certbot ECDSA certificate (P-256 key, P-384 chain; the key in SEC1 form) is bundled whole (#58)', async () => {
    const ec = makeChain({ leafCurve: 'prime256v1', ecdsaCAs: true });
    const files = { cert: join(dir, 'cert.pem'), key: join(dir, 'privkey.pem'), chain: join(dir, 'chain.pem') };
    await Promise.all([writeFile(files.cert, ec.leaf.certificatePem), writeFile(files.key, ec.leaf.key.traditionalPem), writeFile(files.chain, ec.chainPem)]);
    const ui = new ScriptedUi([ACCEPT, ACCEPT, 'tls-ecdsa', 'certificate', SOURCE_PKCS12, files.cert, files.key, files.chain, ACCEPT, NO_DETAILS, SUBMIT]);
    await run(ui);
    await ui.waitForNotification(/^Secret tls-ecdsa created/, 20_000);
    assert.deepEqual(ui.prompts.find((p) => p.prompt.startsWith('Intermediate chain'))?.refusals, []);
    const bundle = readPkcs12(Buffer.from(lastSecret().payload, 'base64'), '');
    assert.equal(createPrivateKey(bundle.privateKeyPem).asymmetricKeyDetails?.namedCurve, 'prime256v1');
    assert.ok(new X509Certificate(bundle.certificatePem).checkPrivateKey(createPrivateKey(bundle.privateKeyPem)));
    assert.deepEqual(
      bundle.chainPems.map((pem) => new X509Certificate(pem).fingerprint256),
      [ec.intermediate, ec.root].map((p) => new X509Certificate(p.certificatePem).fingerprint256),
    );
  });

  it("a task that ends in ERROR shows the task's error text with Show Log", async () => {
    const ui = new ScriptedUi([ACCEPT, ACCEPT, 'will-fail', 'opaque', SOURCE_TEXT, 'value', ACCEPT, NO_DETAILS, SUBMIT]);
    await run(ui);
    const failed = await ui.waitForNotification(/^Secret will-fail was not created: /, 20_000);
    assert.equal(failed.severity, 'error');
    assert.deepEqual(failed.actions, ['Show Log']);
    assert.ok(failed.message.length > 'Secret will-fail was not created: '.length);
  });

  it('cancelling the watch says the platform keeps working; Check Task follows it to the end', async () => {
    sim.setOptions({ taskDurationMs: 3000 });
    let cancelled = false;
    const ui = new ScriptedUi([ACCEPT, ACCEPT, 'slow-one', 'opaque', SOURCE_TEXT, 'value', ACCEPT, NO_DETAILS, SUBMIT], (message) =>
      /^Stopped watching/.test(message) ? 'Check Task' : undefined,
    );
    ui.cancelProgressWhen = (title) => {
      if (cancelled || !title.startsWith('Creating secret slow-one')) return false;
      cancelled = true;
      return true;
    };
    try {
      await run(ui);
      const stopped = await ui.waitForNotification(/^Stopped watching secret slow-one \(task [0-9a-f]{8}\)\. The platform keeps working on it\./);
      assert.deepEqual(stopped.actions, ['Check Task']);
      await ui.waitForNotification(/^Secret slow-one created/, 20_000);
      assert.equal(sent('POST createSecret'), 1, 'watching again sends nothing new');
    } finally {
      sim.setOptions({ taskDurationMs: 600 });
    }
  });

  it('a 500 on submit is not retried; Retry reopens the summary with every value, the file re-read', async () => {
    const file = join(dir, 'retry.bin');
    await writeFile(file, 'first content');
    sim.setFault({ route: 'createSecret', kind: 'status', status: 500, times: 1 });
    let postsBeforeRetry = -1;
    const ui = new ScriptedUi([ACCEPT, ACCEPT, 'retry-me', 'opaque', SOURCE_FILE, file, ACCEPT, NO_DETAILS, SUBMIT, SUBMIT], (message, actions) => {
      if (/^Could not create secret retry-me: Server error \(HTTP 500\)/.test(message) && postsBeforeRetry < 0) {
        assert.deepEqual(actions, ['Retry', 'Show Log']);
        postsBeforeRetry = sent('POST createSecret');
        // Changed before Retry reopens the flow: the payload must be read again, not kept.
        writeFileSync(file, 'second content');
        return 'Retry';
      }
      return undefined;
    });
    ext.setUi(ui);
    await vscode.commands.executeCommand('platformConsole.createSecret');
    await ui.waitForNotification(/^Secret retry-me created/, 20_000);
    assert.equal(postsBeforeRetry, 1, 'the failed POST was not retried automatically');
    const summaries = ui.prompts.filter((p) => p.items?.[0] === SUBMIT);
    assert.equal(summaries.length, 2, 'Retry reopened the summary directly');
    assert.equal(summaries[1]?.canGoBack, true, 'and Back still reaches the earlier steps');
    assert.equal(sent('POST createSecret'), 2);
    assert.equal(Buffer.from(lastSecret().payload, 'base64').toString(), 'second content');
  });

  const pemThroughV2 =
    'on a platform connection the PEM files go through v2 as read for the summary: checked the same, ' +
    'one POST /cloud/v2/secrets, no PKCS12 and no content type asked; the spec connection keeps v1';
  it(pemThroughV2, async () => {
    const chain = leafExpiringIn(200);
    const files = { cert: join(dir, 'v2.crt'), key: join(dir, 'v2.key'), chain: join(dir, 'v2-chain.pem'), wrongKey: join(dir, 'v2-other.key') };
    await Promise.all([
      writeFile(files.cert, chain.leaf.certificatePem),
      writeFile(files.key, chain.leaf.privateKeyPem),
      writeFile(files.chain, chain.chainPem),
      writeFile(files.wrongKey, mismatchedKeyPem()),
    ]);
    let v2Body: { name: string; payload: { certificate: string; private_key: string; certificate_chain: string } } | undefined;
    const stop = sim.watchRequests((request) => {
      if (request.route === 'createSecretV2') v2Body = request.body as typeof v2Body;
    });
    // The same connection switched to the platform's dialect for this case (no other sign-in to leave behind).
    const id = ext.connections.active!.id;
    await ext.connections.setDialect(id, 'platform');
    try {
      const ui = new ScriptedUi([
        ACCEPT,
        ACCEPT,
        'tls-v2',
        'certificate',
        '$(shield) TLS certificate from PEM files',
        files.cert,
        files.wrongKey,
        files.chain, // the key does not match: refused as for v1
        PRESS_BACK,
        files.key,
        files.chain,
        SUBMIT,
      ]);
      // The key file gets other (still valid) text while the summary is shown: what was confirmed is what goes.
      ui.beforeAnswer = (prompt) => {
        if (prompt.items?.[0] === SUBMIT) writeFileSync(files.key, `${chain.leaf.privateKeyPem}\n\n`);
      };
      await run(ui);
      await ui.waitForNotification(/^Secret tls-v2 created/, 20_000);
      assert.match(ui.prompts.filter((p) => p.prompt.startsWith('Intermediate chain'))[0]?.refusals.join(' ') ?? '', /key/i);
      assert.ok(!ui.prompts.some((p) => /content type|Optional metadata/i.test(p.prompt)), 'neither content type nor metadata asked');
      const summary = ui.prompts.at(-1)!;
      // createTlsSecret's confirmation: the certificate named, the key never shown, every value sent.
      assert.ok(summary.items?.some((i) => i.startsWith('Subject: ')) && !summary.items.some((i) => i.startsWith('Content type:')), summary.items?.join('\n'));
      assert.ok(summary.items?.includes('Private key: read from its file, matches the certificate; never shown'), summary.items?.join('\n'));
      assert.ok(!summary.items?.some((i) => i.includes('PRIVATE KEY')), 'the key is never in the summary');
      assert.equal(sent('POST createSecretV2'), 1);
      assert.equal(sent('POST createSecret'), 0);
      assert.ok(v2Body, 'the simulator received the v2 POST');
      // The certificates as checked (the first of the certificate file, the chain's in order) and the key as read.
      assert.equal(v2Body.payload.certificate.trim(), chain.leaf.certificatePem.trim());
      assert.equal(v2Body.payload.private_key, chain.leaf.privateKeyPem, 'the key as read for the summary, not read again at submit');
      assert.equal(v2Body.payload.certificate_chain.replace(/\s+/g, ''), chain.chainPem.replace(/\s+/g, ''));
      const logged = (await new SimulatorControl(sim.url, sim.controlToken).lastRequests('createSecretV2'))['POST createSecretV2']!;
      assert.ok(!JSON.stringify(logged).includes('PRIVATE KEY'), 'no key material in the request log');
    } finally {
      stop?.();
      // The views read their lists again after a dialect change, when shown: with none shown, none
      // reads, and a load already running ends here, not in a later suite.
      await vscode.commands.executeCommand('workbench.view.explorer');
      const views = [ext.profiles, ext.cloud, ext.storage, ext.attacks, ext.edge, ext.reports.tree];
      await until('the Platform Console views hidden', () => views.every((v) => !v.view.visible));
      await ext.connections.setDialect(id, 'spec');
      await ext.profiles.settled();
      await fence(sim);
    }
  });
});

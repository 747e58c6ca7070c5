// Create TLS Secret as an operation of the catalog (src/operations/tlsSecret.ts createTlsSecret):
// its "read" is the PEM files (checked: the key, the chain's order, validity; a refusal names the
// field and sends nothing); the facts name the certificate and every file, never the key; the
// request carries exactly the texts read; the command's v2 summary is this confirmation rendered.
// (All three faces: operationParity.test.ts; the tool's folders: agentTlsSecret, mcpFileRoots.)
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { tlsSummary } from '../../src/features/secrets/secretSummary';
import { commandConfirmation } from '../../src/operations/commandConfirmation';
import { sendOperation, targetOf } from '../../src/operations/operation';
import { PEM_FILE_MAX, createTlsSecret, readAnyPem, readTlsFiles } from '../../src/operations/tlsSecret';
import { writeConfirmationText } from '../../src/ui/text/writeConfirmation';
import { expiredLeaf, makeChain, mismatchedKeyPem } from '../support/certs';
import { clientOf, operationSim, PROD as conn } from '../support/operationSim';

const KEY = 'operation-tls-secret-key-8d21';
const refusal = (field: string, rule: RegExp) => (e: Error & { kind?: string; issues?: { path: string; message: string }[] }) =>
  e.kind === 'validation' && e.issues?.[0]?.path === field && rule.test(e.message);

describe('Create TLS Secret as an operation', { timeout: 60_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'op-tls-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const put = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  const chain = makeChain();
  const input = {
    project_id: 1,
    region_id: 2,
    name: 'shop-tls',
    certificate_file: put('leaf.crt', chain.leaf.certificatePem),
    private_key_file: put('leaf.key', chain.leaf.privateKeyPem),
    chain_file: put('chain.crt', chain.chainPem),
  };
  const t = operationSim(KEY);

  it('the facts name the certificate, its chain and every file, every value sent, never the key', async () => {
    const thing = await createTlsSecret.read(t.bound.api, input);
    const text = writeConfirmationText(commandConfirmation(createTlsSecret, input, thing, conn).summary);
    assert.equal(text.message, 'Create TLS secret "shop-tls" in project 1, region 2 on Prod?');
    assert.equal(text.button, 'Create Secret');
    const facts = targetOf(createTlsSecret, input, thing).facts.map(([label]) => label);
    assert.deepEqual(facts, [
      'Name',
      'Subject',
      'Issuer',
      'Valid until',
      'SHA-256',
      'Chain',
      'Private key',
      'Certificate file',
      'Chain file',
      'Private key file',
      'Expiration',
      'Project / region',
    ]);
    assert.match(text.detail, /^Subject: O=Example, CN=example\.test$/m);
    assert.match(text.detail, /^Chain: .*Intermediate CA <- .*Root CA$/m);
    assert.match(text.detail, /^Private key: read from its file, matches the certificate; never shown$/m);
    assert.match(text.detail, /^Project \/ region: 1 \/ 2$/m);
    assert.ok(!JSON.stringify(text).includes('PRIVATE KEY') && !JSON.stringify(text).includes(chain.leaf.privateKeyPem.split('\n')[1]!), 'never the key');
    assert.equal(commandConfirmation(createTlsSecret, input, thing, conn).typed, undefined, 'a modal, no typed name');
  });

  it('the request is made from the texts as read: one POST /cloud/v2/secrets with them, the key as in its file', async () => {
    const thing = await readTlsFiles(readAnyPem, input);
    // The file changes after it was read: what was read (and confirmed) is what goes.
    writeFileSync(input.private_key_file, mismatchedKeyPem());
    const seen: unknown[] = [];
    const stop = t.sim.watchRequests((r) => seen.push(r.body));
    try {
      await sendOperation(t.bound.api, createTlsSecret.requestFor!(input, thing)!);
    } finally {
      stop();
      writeFileSync(input.private_key_file, chain.leaf.privateKeyPem);
    }
    assert.deepEqual(t.writes(), ['POST createSecretV2 1']);
    const body = seen.find((b) => (b as { name?: string })?.name === 'shop-tls') as { payload: { certificate: string; private_key: string }; expiration: null };
    assert.equal(body.payload.private_key, chain.leaf.privateKeyPem);
    assert.equal(body.payload.certificate.trim(), chain.leaf.certificatePem.trim());
    assert.equal(body.expiration, null);
  });

  it('bad input names the field and the rule; nothing is read or sent', async () => {
    assert.throws(
      () => createTlsSecret.request({ ...input, name: '' }),
      (e: Error & { kind?: string }) => e.kind === 'validation' && /name/.test(e.message),
    );
    const wrongKey = put('other.key', mismatchedKeyPem());
    await assert.rejects(readTlsFiles(readAnyPem, { ...input, private_key_file: wrongKey }), refusal('private_key_file', /does not belong to the certificate/));
    const reversed = put('reversed.crt', chain.root.certificatePem + chain.intermediate.certificatePem);
    await assert.rejects(readTlsFiles(readAnyPem, { ...input, chain_file: reversed }), refusal('chain_file', /not in order/));
    const old = expiredLeaf();
    await assert.rejects(
      readTlsFiles(readAnyPem, {
        ...input,
        certificate_file: put('old.crt', old.leaf.certificatePem),
        private_key_file: put('old.key', old.leaf.privateKeyPem),
        chain_file: undefined,
      }),
      refusal('certificate_file', /expired/),
    );
    await assert.rejects(readTlsFiles(readAnyPem, { ...input, certificate_file: join(dir, 'missing.crt') }), refusal('certificate_file', /cannot be read/));
    await assert.rejects(
      readTlsFiles(readAnyPem, { ...input, chain_file: put('big.crt', 'x'.repeat(PEM_FILE_MAX + 1)) }),
      refusal('chain_file', new RegExp(`at most ${PEM_FILE_MAX}`)),
    );
    assert.deepEqual(t.writes(), []);
  });

  it('a connection of the original design (no /cloud/v2/secrets) is refused before any file is read', async () => {
    const spec = clientOf(t, KEY, 'spec');
    await assert.rejects(
      createTlsSecret.read(spec, { ...input, certificate_file: join(dir, 'missing.crt') }),
      refusal('connection', /no \/cloud\/v2\/secrets/),
    );
    assert.deepEqual(t.writes(), []);
  });

  it("the command's v2 summary is the operation's confirmation: its button, every fact a line, the bundle's warnings after", async () => {
    const thing = await readTlsFiles(readAnyPem, input);
    const state = {
      projectId: 1,
      regionId: 2,
      name: 'shop-tls',
      certFile: input.certificate_file,
      keyFile: input.private_key_file,
      chainFile: input.chain_file,
      bundleWarnings: ['expires soon'],
    };
    const summary = tlsSummary(state, thing, conn);
    const detail = writeConfirmationText(commandConfirmation(createTlsSecret, input, thing, conn).summary).detail;
    assert.equal(summary.placeholder, 'Create TLS secret "shop-tls" in project 1, region 2 on Prod? Review the values');
    assert.deepEqual(summary.items[0], {
      label: '$(check) Create Secret',
      description: 'Create TLS secret "shop-tls" in project 1, region 2',
      value: 'submit',
    });
    assert.deepEqual(
      summary.items.slice(1, -1).map((i) => i.label),
      detail.split('\n').filter((l) => l !== ''),
    );
    assert.equal(summary.items.at(-1)!.label, '$(warning) expires soon');
  });
});

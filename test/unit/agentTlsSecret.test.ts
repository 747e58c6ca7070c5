// create_tls_secret in plain Node, against the platform-dialect simulator: PEM files named by
// path are checked before the person is asked (the key, the chain's order, validity, the folders
// allowed), the confirmation names the certificate and every file's path and never the key, and one
// v2 POST carries the PEM texts as they were checked. A spec-dialect connection is refused with
// nothing sent.
import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { runTool } from '../../src/features/agent/model/toolCatalog';
import { agentSim } from '../support/agentSim';
import { expiredLeaf, makeChain, mismatchedKeyPem } from '../support/certs';

const PR = { project_id: 1, region_id: 1 };

describe('create_tls_secret', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pc-tls-'));
  const t = agentSim('agent-tls-secret-key-51c7', { fileRoots: [dir] });
  after(() => rmSync(dir, { recursive: true, force: true }));
  const put = (name: string, text: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  const chain = makeChain();
  const files = {
    certificate_file: put('leaf.crt', chain.leaf.certificatePem),
    private_key_file: put('leaf.key', chain.leaf.privateKeyPem),
    chain_file: put('chain.crt', chain.chainPem),
  };

  it('checked, shown by subject and fingerprint (never the key), then one POST /cloud/v2/secrets with the PEM texts', async () => {
    const seen: unknown[] = [];
    const stop = t.sim.watchRequests((r) => seen.push(r.body));
    const { said, asked } = await t.run('create_tls_secret', { ...PR, name: 'shop-tls', ...files });
    stop();
    assert.equal(asked.length, 1);
    const message = asked[0]!.message;
    assert.match(message, /CN=example\.test/);
    assert.match(message, /Example Test Intermediate CA/);
    assert.match(message, /SHA-256/);
    assert.ok(!message.includes('PRIVATE KEY') && !message.includes(chain.leaf.privateKeyPem.split('\n')[1]!), 'the key is never in the confirmation');
    assert.deepEqual(asked[0]!.sentMeanwhile, [], 'nothing sent before the person answered');
    assert.deepEqual(t.writes(), ['POST createSecretV2 1']);
    const body = seen.find((b) => (b as { name?: string })?.name === 'shop-tls') as {
      payload: { certificate: string; private_key: string; certificate_chain: string };
    };
    assert.equal(body.payload.certificate.trim(), chain.leaf.certificatePem.trim());
    assert.equal(body.payload.private_key, chain.leaf.privateKeyPem);
    assert.match(body.payload.certificate_chain, /BEGIN CERTIFICATE[\s\S]*BEGIN CERTIFICATE/);
    assert.match(said, /^TLS secret "shop-tls" is being created on "Sim" \(project 1, region 1\)/);
    assert.ok(!said.includes('PRIVATE KEY'));
  });

  it('a key of another certificate, a chain out of order, an expired certificate: refused by field, nothing asked or sent', async () => {
    const wrongKey = await t.run('create_tls_secret', { ...PR, name: 'x1', ...files, private_key_file: put('other.key', mismatchedKeyPem()) });
    assert.match(wrongKey.said, /^Refused before sending[\s\S]*private_key_file[\s\S]*does not belong to the certificate/);
    const reversed = await t.run('create_tls_secret', {
      ...PR,
      name: 'x2',
      ...files,
      chain_file: put('reversed.crt', chain.root.certificatePem + chain.intermediate.certificatePem),
    });
    assert.match(reversed.said, /chain_file[\s\S]*not in order/);
    const old = expiredLeaf();
    const expired = await t.run('create_tls_secret', {
      ...PR,
      name: 'x3',
      certificate_file: put('old.crt', old.leaf.certificatePem),
      private_key_file: put('old.key', old.leaf.privateKeyPem),
    });
    assert.match(expired.said, /certificate_file[\s\S]*expired/);
    const relative = await t.run('create_tls_secret', { ...PR, name: 'x4', ...files, certificate_file: 'leaf.crt' });
    assert.match(relative.said, /certificate_file[\s\S]*absolute path/);
    assert.deepEqual([...wrongKey.asked, ...reversed.asked, ...expired.asked, ...relative.asked], []);
    assert.deepEqual(t.writes(), []);
  });

  it('the confirmation names every file read by its path, the key file included (never its text); the texts sent are those checked then', async () => {
    const keyFile = put('kept.key', chain.leaf.privateKeyPem);
    const seen: unknown[] = [];
    const stop = t.sim.watchRequests((r) => seen.push(r.body));
    // Between the question and the send the key file gets other (still valid) text: what was checked is what goes.
    const { said, asked } = await t.run('create_tls_secret', { ...PR, name: 'kept-tls', ...files, private_key_file: keyFile }, () => {
      writeFileSync(keyFile, `${chain.leaf.privateKeyPem}\n\n`);
      return undefined;
    });
    stop();
    assert.match(said, /is being created/);
    const message = asked[0]!.message;
    for (const [label, file] of [
      ['Certificate file', files.certificate_file],
      ['Chain file', files.chain_file],
      ['Private key file', keyFile],
    ] as const) {
      assert.ok(message.includes(`${label} \`${realpathSync(file)}\``), `${label} in\n${message}`);
    }
    const body = seen.find((b) => (b as { name?: string })?.name === 'kept-tls') as { payload: { private_key: string } };
    assert.equal(body.payload.private_key, chain.leaf.privateKeyPem, 'the key as read for the confirmation');
    assert.deepEqual(t.writes(), ['POST createSecretV2 1']);
  });

  it('outside the workspace folders, or on a spec-dialect connection: refused, nothing sent', async () => {
    const host = { connections: async () => [], scrub: (s: string) => s, confirm: async () => assert.fail('nothing is asked') };
    const tool = t.tool('create_tls_secret');
    const elsewhere = await runTool(tool, { ...t.bound, fileRoots: [path.join(dir, 'workspace')] }, { ...PR, name: 'x5', ...files }, host);
    assert.match(elsewhere, /outside the workspace folders/);
    const spec = await runTool(tool, { ...t.bound, dialect: 'spec' }, { ...PR, name: 'x6', ...files }, host);
    assert.match(spec, /no \/cloud\/v2\/secrets: use create_secret/);
    assert.deepEqual(t.writes(), []);
  });
});

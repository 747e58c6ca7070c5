import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { X509Certificate, createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import * as asn1js from 'asn1js';
import fc from 'fast-check';
import { formatDn } from '../../src/features/secrets/model/certificates';
import { buildPkcs12, inspectBundle, readPkcs12, type BundleInput } from '../../src/features/secrets/model/pkcs12';
import {
  EC_TEST_CERTIFICATE,
  ecKey,
  ecSec1KeyPem,
  encryptedKeyPem,
  expiredLeaf,
  generatedKeyCount,
  leafExpiringIn,
  makeCertificate,
  makeChain,
  mismatchedKeyPem,
  notYetValidLeaf,
  rsaKey,
  type TestChain,
} from '../support/certs';

const NOW = new Date('2030-01-15T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const chain = makeChain({ now: NOW });
const good: BundleInput = { certificatePem: chain.leaf.certificatePem, privateKeyPem: chain.leaf.privateKeyPem, chainPem: chain.chainPem, now: NOW };
const INT = 'Chain certificate 1 (CN=Example Test Intermediate CA)';

const fingerprint = (pem: string) => new X509Certificate(pem).fingerprint256;
const samePrivateKey = (a: string, b: string) =>
  createPrivateKey(a)
    .export({ type: 'pkcs8', format: 'der' })
    .equals(createPrivateKey(b).export({ type: 'pkcs8', format: 'der' }));

function problemsOf(input: Partial<BundleInput>): string[] {
  return inspectBundle({ ...good, ...input }).problems;
}
function warningsOf(input: Partial<BundleInput>): string[] {
  const check = inspectBundle({ ...good, ...input });
  assert.deepEqual(check.problems, []);
  return check.warnings;
}

const openssl = spawnSync('openssl', ['version'], { encoding: 'utf8' });
const hasOpenssl = openssl.status === 0;
const work = mkdtempSync(join(tmpdir(), 'pkcs12-test-'));
after(() => rmSync(work, { recursive: true, force: true }));

describe('PKCS12 bundle: round trip', () => {
  it('holds the certificate, the key and the chain in order, and reads back the same', () => {
    const { der, base64, check } = buildPkcs12(good);
    assert.deepEqual(check.problems, []);
    assert.deepEqual(check.warnings, []);
    assert.equal(base64, der.toString('base64'));
    const back = readPkcs12(der);
    assert.equal(back.certificatePem, chain.leaf.certificatePem, 'the same PEM text, LF line ends');
    assert.ok(samePrivateKey(back.privateKeyPem, chain.leaf.privateKeyPem));
    assert.deepEqual(back.chainPems.map(fingerprint), [chain.intermediate.certificatePem, chain.root.certificatePem].map(fingerprint));
    assert.match(back.privateKeyPem, /^-----BEGIN PRIVATE KEY-----/);
  });

  it('uses the password, and refuses to open with a wrong one', () => {
    const { der } = buildPkcs12({ ...good, password: 'Pa$$ w0rd!' });
    assert.equal(readPkcs12(der, 'Pa$$ w0rd!').chainPems.length, 2);
    assert.throws(() => readPkcs12(der, 'wrong'), /PKCS12: cannot be opened \(.*Invalid password/);
    assert.throws(() => readPkcs12(der), /PKCS12: cannot be opened/);
    assert.throws(() => readPkcs12(Buffer.from('not a pkcs12')), /PKCS12: cannot be opened/);
  });

  it('takes traditional "BEGIN RSA PRIVATE KEY" keys as well as PKCS#8', () => {
    const { der } = buildPkcs12({ ...good, privateKeyPem: chain.leaf.key.traditionalPem });
    assert.ok(samePrivateKey(readPkcs12(der).privateKeyPem, chain.leaf.privateKeyPem));
  });

  it('takes files with Windows line ends', () => {
    const crlf = (text: string) => text.replace(/\n/g, '\r\n');
    const check = inspectBundle({
      ...good,
      certificatePem: crlf(good.certificatePem),
      privateKeyPem: crlf(good.privateKeyPem),
      chainPem: crlf(chain.chainPem),
    });
    assert.deepEqual([check.problems, check.warnings, check.chain.length], [[], [], 2]);
  });

  it('throws with every problem listed when there is one', () => {
    assert.throws(
      () => buildPkcs12({ ...good, privateKeyPem: mismatchedKeyPem(), chainPem: '' }),
      (err: Error) =>
        /^Cannot build the PKCS12 bundle:\n- /.test(err.message) &&
        /Private key: does not match/.test(err.message) &&
        /Chain: the file is empty/.test(err.message),
    );
  });

  it("OpenSSL reads the bundle (when openssl is installed), and the bundle reader reads OpenSSL's", { skip: !hasOpenssl && 'openssl not found' }, () => {
    const p12 = join(work, 'server.p12');
    writeFileSync(p12, buildPkcs12(good).der);
    const info = spawnSync('openssl', ['pkcs12', '-in', p12, '-passin', 'pass:', '-nokeys', '-info'], { encoding: 'utf8' });
    assert.equal(info.status, 0, info.stderr);
    assert.match(info.stderr, /MAC: sha1, Iteration 2048/);
    assert.match(info.stderr, /Shrouded Keybag: PBES2, PBKDF2, AES-256-CBC, Iteration 2048, PRF hmacWithSHA256/);
    assert.equal(info.stdout.match(/-----BEGIN CERTIFICATE-----/g)?.length, 3);
    assert.match(info.stdout, /friendlyName: example\.test/);
    const subjects = [...info.stdout.matchAll(/^subject=(.*)$/gm)].map((m) => m[1]);
    assert.deepEqual(subjects, [
      'O = Example, CN = example.test',
      'C = US, O = Example Test, CN = Example Test Intermediate CA',
      'C = US, O = Example Test, CN = Example Test Root CA',
    ]);
    const key = spawnSync('openssl', ['pkcs12', '-in', p12, '-passin', 'pass:', '-nodes', '-nocerts'], { encoding: 'utf8' });
    assert.equal(key.status, 0, key.stderr);
    assert.ok(samePrivateKey(key.stdout.slice(key.stdout.indexOf('-----BEGIN')), chain.leaf.privateKeyPem));

    writeFileSync(p12, buildPkcs12({ ...good, password: 'secret' }).der);
    assert.equal(spawnSync('openssl', ['pkcs12', '-in', p12, '-passin', 'pass:secret', '-nokeys'], { encoding: 'utf8' }).status, 0);
    assert.notEqual(spawnSync('openssl', ['pkcs12', '-in', p12, '-passin', 'pass:', '-nokeys'], { encoding: 'utf8' }).status, 0);

    // The other way: `openssl pkcs12 -export` (OpenSSL 3 defaults: AES-256 for everything, SHA-256 MAC).
    for (const [name, text] of [
      ['server.key', chain.leaf.privateKeyPem],
      ['server.crt', chain.leaf.certificatePem],
      ['ca-chain.crt', chain.chainPem],
    ] as const) {
      writeFileSync(join(work, name), text);
    }
    const made = spawnSync(
      'openssl',
      [
        'pkcs12',
        '-export',
        '-inkey',
        join(work, 'server.key'),
        '-in',
        join(work, 'server.crt'),
        '-certfile',
        join(work, 'ca-chain.crt'),
        '-passout',
        'pass:',
        '-out',
        join(work, 'openssl.p12'),
      ],
      { encoding: 'utf8' },
    );
    assert.equal(made.status, 0, made.stderr);
    const back = readPkcs12(readFileSync(join(work, 'openssl.p12')));
    assert.equal(fingerprint(back.certificatePem), fingerprint(chain.leaf.certificatePem));
    assert.equal(back.chainPems.length, 2);
  });
});

describe('PKCS12 bundle: what the summary shows', () => {
  it('subject, issuer, validity, serial, fingerprint and CA flag of the certificate and the chain', () => {
    const check = inspectBundle(good);
    const node = new X509Certificate(chain.leaf.certificatePem);
    assert.deepEqual(check.certificate, {
      subject: 'CN=example.test, O=Example',
      issuer: 'CN=Example Test Intermediate CA, O=Example Test, C=US',
      notBefore: new Date(NOW.getTime() - 30 * DAY),
      notAfter: new Date(NOW.getTime() + 90 * DAY),
      serialNumber: node.serialNumber,
      sha256Fingerprint: node.fingerprint256,
      isCA: false,
    });
    assert.match(check.certificate!.sha256Fingerprint, /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    assert.deepEqual(
      check.chain.map((c) => [c.subject, c.issuer, c.isCA]),
      [
        ['CN=Example Test Intermediate CA, O=Example Test, C=US', 'CN=Example Test Root CA, O=Example Test, C=US', true],
        ['CN=Example Test Root CA, O=Example Test, C=US', 'CN=Example Test Root CA, O=Example Test, C=US', true],
      ],
    );
  });

  it('names read as RFC 4514 text, special characters escaped', () => {
    assert.equal(
      formatDn([
        { shortName: 'O', value: 'Example, Inc.' },
        { shortName: 'CN', value: ' a+b "c"' },
      ]),
      'CN=\\ a\\+b \\"c\\", O=Example\\, Inc.',
    );
    assert.equal(
      formatDn([
        { type: '1.2.840.113549.1.9.1', shortName: 'E', value: 'ops@example.test' },
        { type: '0.9.2342.19200300.100.1.25', value: 'test' },
      ]),
      'DC=test, emailAddress=ops@example.test',
    );
  });
});

describe('PKCS12 bundle: the key', () => {
  it("must be the certificate's (modulus and exponent compared)", () => {
    assert.deepEqual(problemsOf({ privateKeyPem: mismatchedKeyPem() }), [
      'Private key: does not match the certificate (CN=example.test): their RSA moduli differ; it is the key of another certificate',
    ]);
    assert.deepEqual(problemsOf({ privateKeyPem: chain.intermediate.privateKeyPem }), [
      `Private key: does not match the certificate (CN=example.test): their RSA moduli differ; it is the key of ${INT}`,
    ]);
  });

  it('refuses an encrypted key and says to decrypt it first', () => {
    for (const form of ['pkcs8', 'traditional'] as const) {
      assert.deepEqual(problemsOf({ privateKeyPem: encryptedKeyPem(chain.leaf.key, form) }), [
        'Private key: is encrypted with a passphrase; decrypt it first (openssl pkey -in server.key -out server-decrypted.key) and use the decrypted file',
      ]);
    }
  });

  it('names what the file holds instead of a key', () => {
    assert.deepEqual(problemsOf({ privateKeyPem: '' }), ['Private key: the file is empty']);
    assert.deepEqual(problemsOf({ privateKeyPem: chain.leaf.certificatePem }), [
      'Private key: the file holds a certificate, not a private key (were the certificate and key files swapped?)',
    ]);
    assert.deepEqual(problemsOf({ privateKeyPem: chain.leaf.key.publicKeyPem }), ['Private key: the file holds a public key, not the private key']);
    assert.match(problemsOf({ privateKeyPem: 'key' })[0]!, /^Private key: not a PEM file \(no "-----BEGIN PRIVATE KEY-----"/);
    assert.match(problemsOf({ privateKeyPem: '\x30\x82\x04\xa4\x02\x01' })[0]!, /convert a DER \(binary\) key first: openssl pkey -inform der/);
    assert.deepEqual(problemsOf({ privateKeyPem: chain.leaf.privateKeyPem + mismatchedKeyPem() }), [
      "Private key: the file holds 2 private keys; keep only the certificate's key",
    ]);
    assert.deepEqual(problemsOf({ privateKeyPem: chain.leaf.privateKeyPem.replace(/^MII.*$/m, 'MII*not*base64') }), [
      'Private key: the PEM block has damaged base64 text',
    ]);
    assert.match(
      problemsOf({ privateKeyPem: '-----BEGIN PRIVATE KEY-----\nMAMCAQA=\n-----END PRIVATE KEY-----\n' })[0]!,
      /^Private key: cannot be read as a PRIVATE KEY \(/,
    );
  });

  it('takes a key file that also holds the certificate, with a warning', () => {
    assert.deepEqual(warningsOf({ privateKeyPem: chain.leaf.privateKeyPem + chain.leaf.certificatePem }), [
      'Private key: the file also holds a "CERTIFICATE" block, which was ignored',
    ]);
  });

  it('warns about a key shorter than 2048 bits', () => {
    const small = makeChain({ now: NOW, leafKeyName: 'small', leafKeyBits: 1024 });
    assert.deepEqual(warningsOf({ certificatePem: small.leaf.certificatePem, privateKeyPem: small.leaf.privateKeyPem, chainPem: small.chainPem }), [
      'Private key: the RSA key has 1024 bits; clients today expect 2048 or more',
    ]);
  });
});

describe('PKCS12 bundle: EC keys (certbot makes ECDSA P-256 keys by default)', () => {
  // Let's Encrypt's ECDSA chain: a P-256 leaf under a P-384 intermediate (E5..E9) and root (ISRG Root X2).
  const certbot = makeChain({ now: NOW, leafCurve: 'prime256v1', ecdsaCAs: true });
  const p384 = makeChain({ now: NOW, leafCurve: 'secp384r1', ecdsaCAs: true });
  const rsaUnderEc = makeChain({ now: NOW, ecdsaCAs: true });
  const input = (c: TestChain, privateKeyPem = c.leaf.privateKeyPem): BundleInput => ({
    certificatePem: c.leaf.certificatePem,
    privateKeyPem,
    chainPem: c.chainPem,
    now: NOW,
  });
  const fingerprints = (c: TestChain) => [c.leaf, c.intermediate, c.root].map((p) => fingerprint(p.certificatePem));

  it('bundles a certbot-style chain (P-256 leaf, P-384 CAs), a P-384 leaf and an RSA leaf under EC CAs; each reads back whole', () => {
    for (const c of [certbot, p384, rsaUnderEc]) {
      const { der, check } = buildPkcs12(input(c));
      assert.deepEqual([check.problems, check.warnings], [[], []]);
      const back = readPkcs12(der);
      assert.deepEqual([back.certificatePem, ...back.chainPems].map(fingerprint), fingerprints(c));
      assert.ok(samePrivateKey(back.privateKeyPem, c.leaf.privateKeyPem));
    }
  });

  it('takes the key as PKCS#8, as SEC1 ("BEGIN EC PRIVATE KEY"), and as SEC1 after "BEGIN EC PARAMETERS" (openssl ecparam -genkey)', () => {
    const sec1 = certbot.leaf.key.traditionalPem;
    assert.match(sec1, /^-----BEGIN EC PRIVATE KEY-----/);
    const params = '-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----\n';
    for (const privateKeyPem of [certbot.leaf.privateKeyPem, sec1, params + sec1]) {
      const { der, check } = buildPkcs12(input(certbot, privateKeyPem));
      assert.deepEqual([check.problems, check.warnings], [[], []]);
      assert.ok(samePrivateKey(readPkcs12(der).privateKeyPem, certbot.leaf.privateKeyPem));
    }
    // A SEC1 key without its curve inside, which only the EC PARAMETERS block names.
    const sec1Der = Buffer.from(sec1.replace(/-----[^-]+-----|\s/g, ''), 'base64');
    const parsed = asn1js.fromBER(new Uint8Array(sec1Der)).result as asn1js.Sequence;
    parsed.valueBlock.value = parsed.valueBlock.value.filter((n) => !(n.idBlock.tagClass === 3 && n.idBlock.tagNumber === 0));
    const bare = `-----BEGIN EC PRIVATE KEY-----\n${Buffer.from(parsed.toBER()).toString('base64')}\n-----END EC PRIVATE KEY-----\n`;
    assert.match(problemsOf(input(certbot, bare))[0]!, /^Private key: cannot be read as a EC PRIVATE KEY/);
    assert.ok(samePrivateKey(readPkcs12(buildPkcs12(input(certbot, params + bare)).der).privateKeyPem, certbot.leaf.privateKeyPem));
    const ownCertificate = inspectBundle({ ...EC_TEST_CERTIFICATE, privateKeyPem: ecSec1KeyPem(), now: NOW });
    assert.deepEqual(ownCertificate.problems, []);
    assert.deepEqual(ownCertificate.warnings, ['Certificate: is self-signed; browsers and most clients will not trust it']);
  });

  it('OpenSSL reads the EC bundles: the key, which matches the certificate, and every certificate', { skip: !hasOpenssl && 'openssl not found' }, () => {
    for (const [c, curve] of [
      [certbot, 'prime256v1'],
      [p384, 'secp384r1'],
    ] as const) {
      const p12 = join(work, `ec-${curve}.p12`);
      writeFileSync(p12, buildPkcs12({ ...input(c), password: 'secret' }).der);
      const info = spawnSync('openssl', ['pkcs12', '-in', p12, '-passin', 'pass:secret', '-nodes', '-info'], { encoding: 'utf8' });
      assert.equal(info.status, 0, info.stderr);
      assert.match(info.stderr, /MAC: sha1, Iteration 2048/);
      assert.match(info.stderr, /Shrouded Keybag: PBES2, PBKDF2, AES-256-CBC, Iteration 2048, PRF hmacWithSHA256/);
      const certificates = [...info.stdout.matchAll(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----\n/g)].map((m) => fingerprint(m[0]));
      assert.deepEqual(certificates, fingerprints(c));
      const keyPem = /-----BEGIN PRIVATE KEY-----[\s\S]*?-----END PRIVATE KEY-----\n/.exec(info.stdout)?.[0] ?? '';
      assert.ok(samePrivateKey(keyPem, c.leaf.privateKeyPem), 'the key OpenSSL found is the leaf key');
      assert.equal(createPrivateKey(keyPem).asymmetricKeyDetails?.namedCurve, curve);
      assert.ok(new X509Certificate(c.leaf.certificatePem).checkPrivateKey(createPrivateKey(keyPem)), 'and it matches the certificate');
      assert.match(info.stdout, /friendlyName: example\.test/);
    }
    // And the other way: an EC bundle `openssl pkcs12 -export` makes (OpenSSL 3: everything AES-256, SHA-256 MAC).
    writeFileSync(join(work, 'ec.key'), certbot.leaf.key.traditionalPem);
    writeFileSync(join(work, 'ec.crt'), certbot.leaf.certificatePem);
    writeFileSync(join(work, 'ec-chain.crt'), certbot.chainPem);
    const out = join(work, 'ec-openssl.p12');
    const args = ['-inkey', join(work, 'ec.key'), '-in', join(work, 'ec.crt'), '-certfile', join(work, 'ec-chain.crt'), '-passout', 'pass:x', '-out', out];
    const made = spawnSync('openssl', ['pkcs12', '-export', ...args], { encoding: 'utf8' });
    assert.equal(made.status, 0, made.stderr);
    const back = readPkcs12(readFileSync(out), 'x');
    assert.deepEqual([back.certificatePem, ...back.chainPems].map(fingerprint), fingerprints(certbot));
    assert.ok(samePrivateKey(back.privateKeyPem, certbot.leaf.privateKeyPem));
    assert.throws(() => readPkcs12(readFileSync(out), 'y'), /PKCS12: cannot be opened \(Invalid password/);
  });

  it("refuses a key that is not the certificate's, saying how they differ", () => {
    assert.deepEqual(problemsOf(input(certbot, ecKey('other-p256').privateKeyPem)), [
      'Private key: does not match the certificate (CN=example.test): their public keys differ; it is the key of another certificate',
    ]);
    assert.deepEqual(problemsOf(input(certbot, certbot.intermediate.privateKeyPem)), [
      'Private key: does not match the certificate (CN=example.test): the certificate has an EC key (P-256), the private key is an EC key (P-384); ' +
        `it is the key of ${INT}`,
    ]);
    assert.deepEqual(problemsOf(input(certbot, chain.leaf.privateKeyPem)), [
      'Private key: does not match the certificate (CN=example.test): the certificate has an EC key (P-256), the private key is an RSA key (2048 bits); ' +
        'it is the key of another certificate',
    ]);
    assert.throws(() => buildPkcs12(input(certbot, ecKey('other-p256').privateKeyPem)), /Private key: does not match the certificate/);
  });

  it('refuses curves other than P-256 and P-384 (P-521, secp256k1) and other key types, naming the field', () => {
    const supported = 'only RSA keys and EC keys on the curves P-256 and P-384 are supported';
    for (const curve of ['secp521r1', 'secp256k1']) {
      const c = makeChain({ now: NOW, leafCurve: curve, ecdsaCAs: true });
      assert.deepEqual(problemsOf(input(c)), [
        `Private key: is an EC key on the curve ${curve}; ${supported}`,
        `Certificate: has an EC key on the curve ${curve}; ${supported}`,
      ]);
      assert.throws(() => buildPkcs12(input(c)), new RegExp(`Private key: is an EC key on the curve ${curve}`));
    }
    const ed25519 = createPrivateKey(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }));
    assert.deepEqual(problemsOf({ privateKeyPem: ed25519.export({ type: 'pkcs8', format: 'pem' }).toString() }), [
      `Private key: is an Ed25519 key; ${supported}`,
    ]);
  });
});

describe('PKCS12 bundle: the certificate file', () => {
  it('names PEM errors', () => {
    assert.deepEqual(problemsOf({ certificatePem: '  \n' }), ['Certificate: the file is empty']);
    assert.deepEqual(problemsOf({ certificatePem: 'hello' }), ['Certificate: not a PEM file (no "-----BEGIN CERTIFICATE-----" line)']);
    assert.deepEqual(problemsOf({ certificatePem: chain.leaf.privateKeyPem }), ['Certificate: no certificate in the file (it holds a "PRIVATE KEY" block)']);
    assert.deepEqual(problemsOf({ certificatePem: chain.leaf.certificatePem.slice(0, 300) }), [
      'Certificate: the PEM block has no "-----END CERTIFICATE-----" line (the file is cut short or two blocks are mixed)',
    ]);
    assert.deepEqual(problemsOf({ certificatePem: chain.leaf.certificatePem.replace(/^MII.*$/m, 'MII!!') }), [
      'Certificate: the PEM block has damaged base64 text',
    ]);
    assert.match(
      problemsOf({ certificatePem: '-----BEGIN CERTIFICATE-----\nMAMCAQA=\n-----END CERTIFICATE-----\n' })[0]!,
      /^Certificate: is not a readable X\.509 certificate \(/,
    );
  });

  it('takes a full chain in the certificate file: the first is the certificate, the rest go to the chain', () => {
    const check = inspectBundle({ ...good, certificatePem: chain.leaf.certificatePem + chain.chainPem, chainPem: undefined });
    assert.deepEqual(check.problems, []);
    assert.deepEqual(check.warnings, [
      'Certificate: the file holds 3 certificates; the first (CN=example.test) is used as the certificate and the other 2 were added to the chain',
    ]);
    assert.deepEqual(
      check.chain.map((c) => c.subject.split(',')[0]),
      ['CN=Example Test Intermediate CA', 'CN=Example Test Root CA'],
    );
    const back = readPkcs12(buildPkcs12({ ...good, certificatePem: chain.leaf.certificatePem + chain.chainPem, chainPem: undefined }).der);
    assert.deepEqual(
      [back.certificatePem, ...back.chainPems].map(fingerprint),
      [chain.leaf, chain.intermediate, chain.root].map((p) => fingerprint(p.certificatePem)),
    );
  });

  it('picks the certificate the key belongs to when it is not first', () => {
    const check = inspectBundle({
      ...good,
      certificatePem: chain.intermediate.certificatePem + chain.leaf.certificatePem,
      chainPem: chain.root.certificatePem,
    });
    assert.deepEqual(check.problems, []);
    assert.deepEqual(check.warnings, [
      'Certificate: the file holds 2 certificates; certificate 2 (CN=example.test) matches the private key ' +
        'and is used as the certificate, the other 1 was added to the chain',
    ]);
    assert.equal(check.certificate?.subject, 'CN=example.test, O=Example');
    assert.equal(check.chain.length, 2);
  });

  it('says when the certificate is self-signed', () => {
    const key = rsaKey('leaf');
    const selfSigned = makeCertificate({
      subject: [['CN', 'self.test']],
      key,
      notBefore: new Date(NOW.getTime() - DAY),
      notAfter: new Date(NOW.getTime() + 365 * DAY),
      isCA: false,
    });
    assert.deepEqual(warningsOf({ certificatePem: selfSigned, chainPem: undefined }), [
      'Certificate: is self-signed; browsers and most clients will not trust it',
    ]);
  });
});

describe('PKCS12 bundle: the chain', () => {
  it('puts a chain given out of order in order, and says so', () => {
    const reversed = { ...good, chainPem: chain.root.certificatePem + chain.intermediate.certificatePem };
    assert.deepEqual(warningsOf(reversed), [
      'Chain: the certificates were not in order; they were put in order: CN=Example Test Intermediate CA, ' +
        "then CN=Example Test Root CA (the certificate's issuer first, each certificate followed by its own " +
        'issuer)',
    ]);
    assert.deepEqual(
      readPkcs12(buildPkcs12(reversed).der).chainPems.map(fingerprint),
      [chain.intermediate.certificatePem, chain.root.certificatePem].map(fingerprint),
    );
  });

  it('accepts a chain without the root, and warns when there is no chain at all', () => {
    assert.deepEqual(warningsOf({ chainPem: chain.intermediate.certificatePem }), []);
    assert.deepEqual(warningsOf({ chainPem: undefined }), [
      'Chain: none given, but the certificate is issued by CN=Example Test Intermediate CA: unless that is ' +
        'a root clients trust, they need the intermediate chain',
    ]);
  });

  it("refuses a chain that does not start with the certificate's issuer", () => {
    assert.deepEqual(problemsOf({ chainPem: chain.root.certificatePem }), [
      'Chain: no chain certificate issued the certificate: its issuer is CN=Example Test Intermediate CA, ' +
        'O=Example Test, C=US, the chain holds CN=Example Test Root CA; the chain must start with the ' +
        'certificate of the issuer, each certificate followed by its own issuer',
    ]);
  });

  it('refuses a certificate that is not part of the chain', () => {
    const stranger = makeCertificate({
      subject: [['CN', 'Stranger CA']],
      key: rsaKey('other'),
      notBefore: new Date(NOW.getTime() - DAY),
      notAfter: new Date(NOW.getTime() + 365 * DAY),
      isCA: true,
    });
    assert.deepEqual(problemsOf({ chainPem: chain.chainPem + stranger }), [
      "Chain certificate 3 (CN=Stranger CA): is not part of the certificate's chain (CN=example.test <- " +
        'CN=Example Test Intermediate CA <- CN=Example Test Root CA): nothing in the chain is issued by it; ' +
        'remove it or fix the chain',
    ]);
  });

  it('refuses an intermediate with the right name but another key (signatures are verified)', () => {
    const impostor = makeCertificate({
      subject: [
        ['C', 'US'],
        ['O', 'Example Test'],
        ['CN', 'Example Test Intermediate CA'],
      ],
      key: rsaKey('other'),
      issuer: { certificatePem: chain.root.certificatePem, key: chain.root.key },
      notBefore: new Date(NOW.getTime() - DAY),
      notAfter: new Date(NOW.getTime() + 365 * DAY),
      isCA: true,
    });
    assert.deepEqual(problemsOf({ chainPem: impostor + chain.root.certificatePem }), [
      `${INT}: has the name of the issuer of the certificate but did not sign it (the signature does not ` +
        'verify with its key): it is another certificate with the same name',
    ]);
  });

  it('names chain file errors', () => {
    assert.deepEqual(problemsOf({ chainPem: '' }), ['Chain: the file is empty (leave the chain out if there is none)']);
    assert.deepEqual(problemsOf({ chainPem: chain.root.privateKeyPem }), ['Chain: no certificate in the file (it holds a "PRIVATE KEY" block)']);
    assert.deepEqual(problemsOf({ chainPem: 'intermediate' }), ['Chain: not a PEM file (no "-----BEGIN CERTIFICATE-----" line)']);
    const damaged = chain.intermediate.certificatePem + chain.root.certificatePem.replace(/^MII.*$/m, 'MII%%');
    assert.deepEqual(problemsOf({ chainPem: damaged }), ['Chain certificate 2: the PEM block has damaged base64 text']);
  });

  it('includes a repeated certificate once, and leaves the certificate itself out', () => {
    assert.deepEqual(warningsOf({ chainPem: chain.chainPem + chain.intermediate.certificatePem }), [
      'Chain certificate 3 (CN=Example Test Intermediate CA): the same certificate as Chain certificate 1 ' +
        '(CN=Example Test Intermediate CA); it is included once',
    ]);
    assert.deepEqual(warningsOf({ chainPem: chain.leaf.certificatePem + chain.chainPem }), [
      'Chain certificate 1 (CN=example.test): is the certificate itself; it was left out of the chain',
    ]);
  });
});

describe('PKCS12 bundle: validity', () => {
  const forChain = (c: ReturnType<typeof makeChain>): Partial<BundleInput> => ({ certificatePem: c.leaf.certificatePem, chainPem: c.chainPem });

  it('refuses an expired certificate', () => {
    assert.deepEqual(problemsOf(forChain(expiredLeaf(NOW, 5))), ['Certificate: expired on 2030-01-10 (not after 2030-01-10T12:00:00Z)']);
  });

  it('refuses a certificate that is not valid yet', () => {
    assert.deepEqual(problemsOf(forChain(notYetValidLeaf(NOW, 3))), ['Certificate: not valid yet: valid from 2030-01-18 (not before 2030-01-18T12:00:00Z)']);
  });

  it('refuses an expired chain certificate', () => {
    const c = makeChain({ now: NOW, intermediateDaysValid: -1 });
    assert.deepEqual(problemsOf(forChain(c)), [`${INT}: expired on 2030-01-14 (not after 2030-01-14T12:00:00Z)`]);
  });

  it('warns when a certificate expires within 30 days, with the date and the days left', () => {
    assert.deepEqual(warningsOf(forChain(leafExpiringIn(10, NOW))), ['Certificate: expires on 2030-01-25, in 10 days (not after 2030-01-25T12:00:00Z)']);
    assert.deepEqual(warningsOf(forChain(makeChain({ now: NOW, intermediateDaysValid: 30 }))), [
      `${INT}: expires on 2030-02-14, in 30 days (not after 2030-02-14T12:00:00Z)`,
    ]);
    assert.deepEqual(warningsOf(forChain(makeChain({ now: NOW, leafDaysValid: 31 }))), []);
    assert.deepEqual(warningsOf({ ...forChain(leafExpiringIn(1, NOW)), now: new Date(NOW.getTime() + 1 * DAY - 60_000) }), [
      'Certificate: expires on 2030-01-16, in less than a day (not after 2030-01-16T12:00:00Z)',
    ]);
  });

  it('defaults `now` to the current time', () => {
    const today = makeChain();
    assert.deepEqual(
      inspectBundle({ certificatePem: today.leaf.certificatePem, privateKeyPem: today.leaf.privateKeyPem, chainPem: today.chainPem }).problems,
      [],
    );
  });
});

describe('PKCS12 bundle: input that makes no sense', () => {
  it('refuses a password other than printable ASCII', () => {
    assert.deepEqual(problemsOf({ password: 'pässwort' }), [
      'Password: only printable ASCII characters are supported (other characters are turned into keys differently by different tools)',
    ]);
  });

  it('never throws: every problem is a message', () => {
    const pems = [chain.leaf.certificatePem, chain.leaf.privateKeyPem, chain.chainPem];
    const mangled = fc
      .tuple(fc.constantFrom(...pems), fc.nat(), fc.string({ maxLength: 4 }))
      .map(([pem, at, s]) => pem.slice(0, at % pem.length) + s + pem.slice((at % pem.length) + 1));
    const text = fc.oneof(fc.string(), mangled, fc.constantFrom(...pems));
    fc.assert(
      fc.property(text, text, fc.option(text, { nil: undefined }), (certificatePem, privateKeyPem, chainPem) => {
        const check = inspectBundle({ certificatePem, privateKeyPem, chainPem, now: NOW });
        assert.ok(Array.isArray(check.problems) && Array.isArray(check.warnings));
      }),
      { numRuns: 150 },
    );
  });

  it('made few RSA keys (test material stays fast; EC keys take a millisecond)', () => {
    assert.ok(generatedKeyCount() <= 5, `generated ${generatedKeyCount()} RSA keys`);
  });
});

// Test certificates, made fast: RSA keys come from node:crypto (cached in-process, so a test
// file generates at most a handful), X.509 certificates are built with node-forge and signed
// with node:crypto. No VS Code and no test-runner imports: unit and integration tests use it.
import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import forge from 'node-forge';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TestKey {
  /** PKCS#8, "BEGIN PRIVATE KEY". */
  privateKeyPem: string;
  /** Traditional PKCS#1, "BEGIN RSA PRIVATE KEY". */
  rsaPrivateKeyPem: string;
  /** SubjectPublicKeyInfo, "BEGIN PUBLIC KEY". */
  publicKeyPem: string;
}

const keys = new Map<string, TestKey>();

/** An RSA key (2048 bits unless told), generated once per name and process. */
export function rsaKey(name: string, modulusLength = 2048): TestKey {
  let key = keys.get(name);
  if (!key) {
    const pair = generateKeyPairSync('rsa', { modulusLength });
    key = {
      privateKeyPem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      rsaPrivateKeyPem: pair.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
      publicKeyPem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    };
    keys.set(name, key);
  }
  return key;
}

/** How many keys this process generated so far (to keep test files fast). */
export function generatedKeyCount(): number {
  return keys.size;
}

export interface CertificateSpec {
  /** Subject attributes in DN order, e.g. [['O', 'Example'], ['CN', 'example.test']]. */
  subject: Array<[string, string]>;
  key: TestKey;
  /** Who signs: omitted for a self-signed certificate. */
  issuer?: { certificatePem: string; key: TestKey };
  notBefore: Date;
  notAfter: Date;
  isCA: boolean;
  /** Hex serial number; a counter by default. */
  serialNumber?: string;
  dnsNames?: string[];
}

let serial = 0x1000;

/** A PEM certificate signed with SHA-256 by the issuer's key (or its own). */
export function makeCertificate(spec: CertificateSpec): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(spec.key.publicKeyPem);
  cert.serialNumber = spec.serialNumber ?? (serial++).toString(16).padStart(4, '0');
  cert.validity.notBefore = spec.notBefore;
  cert.validity.notAfter = spec.notAfter;
  const subject = spec.subject.map(([shortName, value]) => ({ shortName, value }));
  cert.setSubject(subject);
  cert.setIssuer(spec.issuer ? forge.pki.certificateFromPem(spec.issuer.certificatePem).subject.attributes : subject);
  const extensions: object[] = [
    { name: 'basicConstraints', cA: spec.isCA, critical: true },
    spec.isCA
      ? { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true }
      : { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ];
  if (!spec.isCA) extensions.push({ name: 'extKeyUsage', serverAuth: true });
  if (spec.dnsNames?.length) extensions.push({ name: 'subjectAltName', altNames: spec.dnsNames.map((value) => ({ type: 2, value })) });
  cert.setExtensions(extensions);

  const signer = spec.issuer?.key ?? spec.key;
  cert.signatureOid = forge.pki.oids.sha256WithRSAEncryption!;
  cert.siginfo.algorithmOid = forge.pki.oids.sha256WithRSAEncryption!;
  // getTBSCertificate exists in node-forge but is missing from @types/node-forge.
  const pki = forge.pki as typeof forge.pki & { getTBSCertificate(c: forge.pki.Certificate): forge.asn1.Asn1 };
  cert.tbsCertificate = pki.getTBSCertificate(cert);
  const tbs = Buffer.from(forge.asn1.toDer(cert.tbsCertificate).getBytes(), 'binary');
  cert.signature = sign('sha256', tbs, signer.privateKeyPem).toString('binary');
  return forge.pki.certificateToPem(cert).replace(/\r\n/g, '\n');
}

export interface Party {
  cn: string;
  certificatePem: string;
  key: TestKey;
  /** PKCS#8 PEM of the key, for convenience. */
  privateKeyPem: string;
}

export interface TestChain {
  root: Party;
  intermediate: Party;
  leaf: Party;
  /** Intermediate then root, the order `-certfile ca-chain.crt` expects. */
  chainPem: string;
}

export interface ChainOptions {
  /** The moment the certificates are made around; default now. */
  now?: Date;
  /** The leaf is valid from `now - leafDaysOld` to `now + leafDaysValid`; default 90 days. */
  leafDaysValid?: number;
  /** Default 30. */
  leafDaysOld?: number;
  /** Overrides for the leaf's validity, when days relative to `now` are not enough. */
  leafNotBefore?: Date;
  leafNotAfter?: Date;
  /** Days left on the intermediate; default 5 years. */
  intermediateDaysValid?: number;
  /** The leaf's key name in the key cache (a different name gives a different key); default "leaf". */
  leafKeyName?: string;
  /** Bits of the leaf's key when it is first generated; default 2048. */
  leafKeyBits?: number;
  leafCN?: string;
}

/** A root CA, an intermediate CA and a leaf for example.test (plus www.example.test). */
export function makeChain(options: ChainOptions = {}): TestChain {
  const now = options.now ?? new Date();
  const days = (n: number) => new Date(now.getTime() + n * DAY_MS);
  const rootKey = rsaKey('root');
  const intermediateKey = rsaKey('intermediate');
  const leafKey = rsaKey(options.leafKeyName ?? 'leaf', options.leafKeyBits);

  const rootCN = 'Example Test Root CA';
  const rootPem = makeCertificate({
    subject: [
      ['C', 'US'],
      ['O', 'Example Test'],
      ['CN', rootCN],
    ],
    key: rootKey,
    notBefore: days(-3650),
    notAfter: days(3650),
    isCA: true,
  });
  const intermediateCN = 'Example Test Intermediate CA';
  const intermediatePem = makeCertificate({
    subject: [
      ['C', 'US'],
      ['O', 'Example Test'],
      ['CN', intermediateCN],
    ],
    key: intermediateKey,
    issuer: { certificatePem: rootPem, key: rootKey },
    notBefore: days(-365),
    notAfter: days(options.intermediateDaysValid ?? 5 * 365),
    isCA: true,
  });
  const leafCN = options.leafCN ?? 'example.test';
  const leafPem = makeCertificate({
    subject: [
      ['O', 'Example'],
      ['CN', leafCN],
    ],
    key: leafKey,
    issuer: { certificatePem: intermediatePem, key: intermediateKey },
    notBefore: options.leafNotBefore ?? days(-(options.leafDaysOld ?? 30)),
    notAfter: options.leafNotAfter ?? days(options.leafDaysValid ?? 90),
    isCA: false,
    dnsNames: [leafCN, `www.${leafCN}`],
  });
  const party = (cn: string, certificatePem: string, key: TestKey): Party => ({ cn, certificatePem, key, privateKeyPem: key.privateKeyPem });
  return {
    root: party(rootCN, rootPem, rootKey),
    intermediate: party(intermediateCN, intermediatePem, intermediateKey),
    leaf: party(leafCN, leafPem, leafKey),
    chainPem: intermediatePem + rootPem,
  };
}

/** A chain whose leaf expired `daysAgo` days before `now` (default 5). */
export function expiredLeaf(now = new Date(), daysAgo = 5): TestChain {
  return makeChain({ now, leafDaysOld: 365, leafDaysValid: -daysAgo });
}

/** A chain whose leaf expires `days` days after `now` (default 10). */
export function leafExpiringIn(days = 10, now = new Date()): TestChain {
  return makeChain({ now, leafDaysValid: days });
}

/** A chain whose leaf only becomes valid `days` days after `now` (default 3). */
export function notYetValidLeaf(now = new Date(), days = 3): TestChain {
  return makeChain({ now, leafNotBefore: new Date(now.getTime() + days * DAY_MS), leafDaysValid: 90 + days });
}

/** A private key that belongs to no certificate of makeChain (PKCS#8 PEM). */
export function mismatchedKeyPem(): string {
  return rsaKey('other').privateKeyPem;
}

/** A key encrypted with a passphrase: PKCS#8 ("BEGIN ENCRYPTED PRIVATE KEY") or traditional ("Proc-Type: 4,ENCRYPTED"). */
export function encryptedKeyPem(key: TestKey, form: 'pkcs8' | 'traditional' = 'pkcs8', passphrase = 'secret'): string {
  return createPrivateKey(key.privateKeyPem)
    .export({ type: form === 'pkcs8' ? 'pkcs8' : 'pkcs1', format: 'pem', cipher: 'aes-256-cbc', passphrase })
    .toString();
}

/**
 * A self-signed EC (P-256) certificate and its key, made once with OpenSSL (node-forge cannot build
 * EC certificates). Test material only: valid from 2026-11-22 to 2126-10-29.
 */
export const EC_TEST_CERTIFICATE = {
  certificatePem: `-----BEGIN CERTIFICATE-----
MIIBizCCATGgAwIBAgIUFxDKBQ2NKhDa3pAtb2NGg/xCoo4wCgYIKoZIzj0EAwIw
GjEYMBYGA1UEAwwPZWMuZXhhbXBsZS50ZXN0MCAXDTI2MTEyMjA2MTU0N1oYDzIx
MjYxMDI5MDYxNTQ3WjAaMRgwFgYDVQQDDA9lYy5leGFtcGxlLnRlc3QwWTATBgcq
hkjOPQIBBggqhkjOPQMBBwNCAARRYV/kuJ00ZGN25wb1akq7lV9d51E6hQvJTI9w
B7V0XMSNfJAgCMlapclw6gDWFi2jgR/vb9nsVa7h7o8AFhzOo1MwUTAdBgNVHQ4E
FgQU7PyLHsKicLBtA/d63F/dKuFTNjkwHwYDVR0jBBgwFoAU7PyLHsKicLBtA/d6
3F/dKuFTNjkwDwYDVR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNIADBFAiB1wiR1
XBDqIA/iFaYFGPkMx5q7bni2dFlr33WpxD+SggIhAI6mvUsnAbLM141BWxZCOBiy
V85pfBuR2qIJQl1eC3nI
-----END CERTIFICATE-----
`,
  privateKeyPem: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgmHtzH83GM4Y/78xC
/OX/IzEM6w469hO4XEcAOYVAMC2hRANCAARRYV/kuJ00ZGN25wb1akq7lV9d51E6
hQvJTI9wB7V0XMSNfJAgCMlapclw6gDWFi2jgR/vb9nsVa7h7o8AFhzO
-----END PRIVATE KEY-----
`,
};

/** The EC test key in SEC1 form ("BEGIN EC PRIVATE KEY"). */
export function ecSec1KeyPem(): string {
  return createPrivateKey(EC_TEST_CERTIFICATE.privateKeyPem).export({ type: 'sec1', format: 'pem' }).toString();
}

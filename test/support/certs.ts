// Test certificates, made fast: keys come from node:crypto (cached in-process, so a test file
// generates at most a handful), X.509 certificates are built with @peculiar/asn1-x509 and signed
// with node:crypto: RSA (SHA-256) or ECDSA (SHA-256 on P-256, SHA-384 on P-384 and up), as a CA
// such as Let's Encrypt signs. No VS Code and no test-runner imports: unit and integration tests use it.
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  BasicConstraints,
  Certificate,
  ExtendedKeyUsage,
  Extension,
  Extensions,
  GeneralName,
  KeyUsage,
  KeyUsageFlags,
  Name,
  RelativeDistinguishedName,
  SubjectAlternativeName,
  SubjectKeyIdentifier,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Validity,
  Version,
  id_ce_basicConstraints,
  id_ce_extKeyUsage,
  id_ce_keyUsage,
  id_ce_subjectAltName,
  id_ce_subjectKeyIdentifier,
  id_kp_serverAuth,
} from '@peculiar/asn1-x509';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TestKey {
  /** PKCS#8, "BEGIN PRIVATE KEY". */
  privateKeyPem: string;
  /** The traditional form: PKCS#1 "BEGIN RSA PRIVATE KEY" for RSA, SEC1 "BEGIN EC PRIVATE KEY" for EC. */
  traditionalPem: string;
  /** SubjectPublicKeyInfo, "BEGIN PUBLIC KEY". */
  publicKeyPem: string;
}

const keys = new Map<string, TestKey>();

function cached(name: string, make: () => KeyObject): TestKey {
  let key = keys.get(name);
  if (!key) {
    const privateKey = make();
    const ec = privateKey.asymmetricKeyType === 'ec';
    key = {
      privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      traditionalPem: privateKey.export({ type: ec ? 'sec1' : 'pkcs1', format: 'pem' }).toString(),
      publicKeyPem: createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString(),
    };
    keys.set(name, key);
  }
  return key;
}

/** An RSA key (2048 bits unless told), generated once per name and process. */
export function rsaKey(name: string, modulusLength = 2048): TestKey {
  return cached(name, () => generateKeyPairSync('rsa', { modulusLength }).privateKey);
}

/** An EC key on a curve by Node's name (prime256v1, secp384r1, secp521r1, secp256k1), once per name and process. */
export function ecKey(name: string, namedCurve = 'prime256v1'): TestKey {
  return cached(name, () => generateKeyPairSync('ec', { namedCurve }).privateKey);
}

/** How many RSA keys this process generated so far (the slow ones: to keep test files fast). */
export function generatedKeyCount(): number {
  return [...keys.values()].filter((k) => k.traditionalPem.startsWith('-----BEGIN RSA')).length;
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

const ATTRIBUTE_OIDS: Record<string, string> = { CN: '2.5.4.3', C: '2.5.4.6', L: '2.5.4.7', ST: '2.5.4.8', O: '2.5.4.10', OU: '2.5.4.11' };

function name(attributes: Array<[string, string]>): Name {
  return new Name(
    attributes.map(([short, value]) => {
      const type = ATTRIBUTE_OIDS[short];
      if (!type) throw new Error(`certs.ts: no OID for ${short}`);
      const text = short === 'C' ? { printableString: value } : { utf8String: value };
      return new RelativeDistinguishedName([new AttributeTypeAndValue({ type, value: new AttributeValue(text) })]);
    }),
  );
}

/** The signature algorithm and hash for a signer's key, as CAs pick them. */
function signatureFor(key: KeyObject): { algorithm: AlgorithmIdentifier; hash: string } {
  if (key.asymmetricKeyType === 'rsa') {
    return { algorithm: new AlgorithmIdentifier({ algorithm: '1.2.840.113549.1.1.11', parameters: null }), hash: 'sha256' };
  }
  const p256 = key.asymmetricKeyDetails?.namedCurve === 'prime256v1' || key.asymmetricKeyDetails?.namedCurve === 'secp256k1';
  return p256
    ? { algorithm: new AlgorithmIdentifier({ algorithm: '1.2.840.10045.4.3.2' }), hash: 'sha256' }
    : { algorithm: new AlgorithmIdentifier({ algorithm: '1.2.840.10045.4.3.3' }), hash: 'sha384' };
}

function extension(extnID: string, critical: boolean, value: object): Extension {
  return new Extension({ extnID, critical, extnValue: new OctetString(AsnConvert.serialize(value)) });
}

/** A PEM certificate signed by the issuer's key (or its own): SHA-256 with RSA, ECDSA with SHA-256 or SHA-384. */
export function makeCertificate(spec: CertificateSpec): string {
  const signer = createPrivateKey((spec.issuer?.key ?? spec.key).privateKeyPem);
  const subjectKey = createPublicKey(spec.key.publicKeyPem);
  const spkiDer = subjectKey.export({ type: 'spki', format: 'der' });
  const spki = AsnConvert.parse(spkiDer, SubjectPublicKeyInfo);
  const { algorithm, hash } = signatureFor(signer);
  const serialHex = spec.serialNumber ?? (serial++).toString(16).padStart(4, '0');
  const subject = name(spec.subject);
  const issuer = spec.issuer ? AsnConvert.parse(pemDer(spec.issuer.certificatePem), Certificate).tbsCertificate.subject : subject;
  const keyId = createHash('sha1').update(Buffer.from(spki.subjectPublicKey)).digest();
  const extensions: Extension[] = [
    extension(id_ce_basicConstraints, true, new BasicConstraints({ cA: spec.isCA })),
    extension(
      id_ce_keyUsage,
      true,
      new KeyUsage(
        spec.isCA
          ? KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign
          : subjectKey.asymmetricKeyType === 'rsa'
            ? KeyUsageFlags.digitalSignature | KeyUsageFlags.keyEncipherment
            : KeyUsageFlags.digitalSignature,
      ),
    ),
    extension(id_ce_subjectKeyIdentifier, false, new SubjectKeyIdentifier(keyId)),
  ];
  if (!spec.isCA) extensions.push(extension(id_ce_extKeyUsage, false, new ExtendedKeyUsage([id_kp_serverAuth])));
  if (spec.dnsNames?.length) {
    extensions.push(extension(id_ce_subjectAltName, false, new SubjectAlternativeName(spec.dnsNames.map((dNSName) => new GeneralName({ dNSName })))));
  }
  const tbs = new TBSCertificate({
    version: Version.v3,
    serialNumber: hexBytes(serialHex),
    signature: algorithm,
    issuer,
    validity: new Validity({ notBefore: spec.notBefore, notAfter: spec.notAfter }),
    subject,
    subjectPublicKeyInfo: spki,
    extensions: new Extensions(extensions),
  });
  const signatureValue = sign(hash, Buffer.from(AsnConvert.serialize(tbs)), signer);
  const cert = new Certificate({ tbsCertificate: tbs, signatureAlgorithm: algorithm, signatureValue: arrayBuffer(signatureValue) });
  const der = Buffer.from(AsnConvert.serialize(cert));
  return `-----BEGIN CERTIFICATE-----\n${der
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n')}\n-----END CERTIFICATE-----\n`;
}

function pemDer(pem: string): Buffer {
  return Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64');
}

/** An INTEGER's bytes from hex: a leading zero byte when the top bit is set, so it stays positive. */
function hexBytes(hex: string): ArrayBuffer {
  const bytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  return arrayBuffer(bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
}

function arrayBuffer(bytes: Buffer): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
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
  /** The leaf's key on this EC curve (Node's name, e.g. prime256v1) instead of RSA. */
  leafCurve?: string;
  /** ECDSA P-384 root and intermediate, as Let's Encrypt's ISRG Root X2 and E5..E9 (certbot's default chain). */
  ecdsaCAs?: boolean;
}

/** A root CA, an intermediate CA and a leaf for example.test (plus www.example.test). */
export function makeChain(options: ChainOptions = {}): TestChain {
  const now = options.now ?? new Date();
  const days = (n: number) => new Date(now.getTime() + n * DAY_MS);
  const rootKey = options.ecdsaCAs ? ecKey('root-ec', 'secp384r1') : rsaKey('root');
  const intermediateKey = options.ecdsaCAs ? ecKey('intermediate-ec', 'secp384r1') : rsaKey('intermediate');
  const leafKey = options.leafCurve
    ? ecKey(options.leafKeyName ?? `leaf-${options.leafCurve}`, options.leafCurve)
    : rsaKey(options.leafKeyName ?? 'leaf', options.leafKeyBits);

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
 * A self-signed EC (P-256) certificate and its key, made once with OpenSSL (a certificate made
 * elsewhere, next to the ones built here). Test material only: valid from 2026-11-22 to 2126-10-29.
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

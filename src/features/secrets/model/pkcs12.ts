// The PKCS12 bundle the platform's HTTPS load balancers take as a secret's `payload`: the TLS
// certificate, its private key and the intermediate chain, like
//   openssl pkcs12 -export -inkey server.key -in server.crt -certfile ca-chain.crt -passout pass: -out server.p12
// Everything is checked first and every problem is a message naming the file and the rule.
// Pure functions, no file I/O: callers read the files. RSA keys, and EC keys on P-256 and P-384
// (certbot's default since 2.0 is an ECDSA P-256 key).
import { createPrivateKey, createPublicKey, type KeyObject, type X509Certificate } from 'node:crypto';
import type { Certificate } from '@peculiar/asn1-x509';
import * as asn1js from 'asn1js';
import {
  canonicalDn,
  commonName,
  describeKeyType,
  dnAttributes,
  isCertificateBlock,
  parseCertificate,
  pemBlocks,
  shortName,
  toPem,
  type CertificateInfo,
  type PemBlock,
} from './certificates';
import { readPfx, writePfx } from './pfxFile';

export type { CertificateInfo } from './certificates';

export interface BundleInput {
  certificatePem: string;
  privateKeyPem: string;
  /** Intermediate certificates, PEM, concatenated; omit when there are none. */
  chainPem?: string;
  /** Default '' (like `-passout pass:`); printable ASCII only. */
  password?: string;
  /** For the validity checks; default the current time. */
  now?: Date;
}

export interface BundleCheck {
  /** Undefined only when no certificate could be read (the problems say why). */
  certificate: CertificateInfo | undefined;
  /** In bundle order: the certificate's issuer first, each followed by its own issuer. */
  chain: CertificateInfo[];
  /** Refusals: the bundle is not built while there is one. */
  problems: string[];
  warnings: string[];
}

export const EXPIRY_WARNING_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const SUPPORTED = 'only RSA keys and EC keys on the curves P-256 and P-384 are supported';
/** Node's curve names; P-521 is left out as browsers no longer offer it for TLS (Chrome dropped it). */
const CURVES: Record<string, string> = { prime256v1: 'P-256', secp384r1: 'P-384' };

interface Cert {
  file: 'certificate' | 'chain';
  /** 1-based position among the certificates of its file. */
  position: number;
  cert: Certificate;
  info: CertificateInfo;
  der: Buffer;
  x509: X509Certificate;
}

interface Analysis {
  check: BundleCheck;
  leaf?: Cert;
  chain: Cert[];
  key?: KeyObject;
}

/** Every check, without building. Never throws for bad input: every problem is a message. */
export function inspectBundle(input: BundleInput): BundleCheck {
  return analyse(input).check;
}

/** The PKCS12 (DER and base64); throws an Error listing the problems when there are any. */
export function buildPkcs12(input: BundleInput): { der: Buffer; base64: string; check: BundleCheck } {
  const { check, leaf, chain, key } = analyse(input);
  if (check.problems.length || !leaf || !key) {
    throw new Error(`Cannot build the PKCS12 bundle:\n- ${check.problems.join('\n- ')}`);
  }
  const der = writePfx(key, [leaf.der, ...chain.map((c) => c.der)], input.password ?? '', commonName(leaf.cert));
  return { der, base64: der.toString('base64'), check };
}

/** What a PKCS12 holds: the certificate that goes with the key, the key (PKCS#8 PEM) and the other certificates in order. */
export function readPkcs12(der: Buffer, password = ''): { certificatePem: string; privateKeyPem: string; chainPems: string[] } {
  let content: ReturnType<typeof readPfx>;
  try {
    content = readPfx(der, password);
  } catch (err) {
    throw new Error(`PKCS12: cannot be opened (${message(err)})`, { cause: err });
  }
  const { keys, certificates } = content;
  const key = keys[0];
  if (!key) throw new Error('PKCS12: holds no private key');
  if (keys.length > 1) throw new Error(`PKCS12: holds ${keys.length} private keys`);
  if (!certificates.length) throw new Error('PKCS12: holds no certificate');
  const leafIndex = Math.max(0, key.localKeyId === undefined ? 0 : certificates.findIndex((c) => c.localKeyId === key.localKeyId));
  return {
    certificatePem: toPem('CERTIFICATE', certificates[leafIndex]!.der),
    privateKeyPem: toPem('PRIVATE KEY', key.der),
    chainPems: certificates.filter((_, i) => i !== leafIndex).map((c) => toPem('CERTIFICATE', c.der)),
  };
}

// ---------------------------------------------------------------------------------------------

function analyse(input: BundleInput): Analysis {
  const problems: string[] = [];
  const warnings: string[] = [];
  const now = input.now ?? new Date();
  const password = input.password ?? '';
  if (!/^[\x20-\x7e]*$/.test(password)) {
    problems.push('Password: only printable ASCII characters are supported (other characters are turned into keys differently by different tools)');
  }

  // Messages come in the order of the summary: certificate, key, chain.
  const fromCertFile = readCertificates(input.certificatePem ?? '', 'certificate', problems, warnings);
  const key = readKey(input.privateKeyPem ?? '', problems, warnings);
  const fromChainFile = input.chainPem === undefined ? [] : readCertificates(input.chainPem, 'chain', problems, warnings);

  // The certificate: the first of its file, unless another one there is the one the key belongs to.
  const parsed = fromCertFile.filter((c): c is Cert => c !== undefined);
  let leaf = fromCertFile[0];
  if (key && (!leaf || !sameKey(leaf, key))) leaf = parsed.find((c) => sameKey(c, key)) ?? leaf;
  if (fromCertFile.length > 1 && leaf) {
    const others = fromCertFile.length - 1;
    warnings.push(
      leaf.position === 1
        ? `Certificate: the file holds ${fromCertFile.length} certificates; the first ` +
            `(${shortName(leaf.info)}) is used as the certificate and the other ${plural(others, 'was', 'were')} ` +
            'added to the chain'
        : `Certificate: the file holds ${fromCertFile.length} certificates; certificate ${leaf.position} ` +
            `(${shortName(leaf.info)}) matches the private key and is used as the certificate, the other ` +
            `${plural(others, 'was', 'were')} added to the chain`,
    );
  }
  const label = (c: Cert) =>
    c === leaf ? 'Certificate' : `${c.file === 'chain' ? 'Chain certificate' : 'Certificate file, certificate'} ${c.position} (${shortName(c.info)})`;

  if (leaf && !key) {
    // Said only when the key gives no reason of its own: an unsupported certificate with its own key says both.
    const why = unsupportedKey(leaf.x509.publicKey);
    if (why) problems.push(`Certificate: has ${why}; ${SUPPORTED}`);
  } else if (leaf && key && !sameKey(leaf, key)) {
    const owner = [...parsed, ...fromChainFile].find((c) => c && sameKey(c, key));
    problems.push(
      `Private key: does not match the certificate (${shortName(leaf.info)}): ${keyDifference(leaf.x509.publicKey, key)}` +
        (owner ? `; it is the key of ${label(owner)}` : '; it is the key of another certificate'),
    );
  }

  // The chain: what the certificate file had besides the certificate, then the chain file; each once.
  const pool: Cert[] = [];
  for (const c of [...parsed.filter((c) => c !== leaf), ...fromChainFile]) {
    if (!c) continue;
    if (leaf && c.info.sha256Fingerprint === leaf.info.sha256Fingerprint) {
      warnings.push(`${label(c)}: is the certificate itself; it was left out of the chain`);
      continue;
    }
    const same = pool.find((p) => p.info.sha256Fingerprint === c.info.sha256Fingerprint);
    if (same) {
      if (same.file === c.file) warnings.push(`${label(c)}: the same certificate as ${label(same)}; it is included once`);
      continue;
    }
    pool.push(c);
  }
  const chain = leaf ? orderChain(leaf, pool, label, problems, warnings) : pool;

  for (const c of leaf ? [leaf, ...chain] : chain) checkValidity(label(c), c.info, now, problems, warnings);
  if (leaf && isSelfSigned(leaf)) {
    warnings.push('Certificate: is self-signed; browsers and most clients will not trust it');
  } else if (leaf && input.chainPem === undefined && !pool.length) {
    warnings.push(
      'Chain: none given, but the certificate is issued by ' +
        `${shortName({ ...leaf.info, subject: leaf.info.issuer })}: unless that is a root clients trust, ` +
        'they need the intermediate chain',
    );
  }

  return { check: { certificate: leaf?.info, chain: chain.map((c) => c.info), problems, warnings }, leaf, chain, key };
}

/** Puts the chain in order from the certificate up (each certificate followed by its issuer); refuses what does not fit. */
function orderChain(leaf: Cert, pool: Cert[], label: (c: Cert) => string, problems: string[], warnings: string[]): Cert[] {
  const path: Cert[] = [];
  const left = [...pool];
  for (let current = leaf; !isSelfSigned(current); ) {
    const candidates = left.filter((c) => namesIssuer(current, c));
    // Prefer the candidate whose signature verifies, then one that cannot be checked, then the given order.
    const pick = candidates.find((c) => signs(c, current) === true) ?? candidates.find((c) => signs(c, current) === undefined) ?? candidates[0];
    if (!pick) break;
    if (signs(pick, current) === false) {
      problems.push(
        `${label(pick)}: has the name of the issuer of ` +
          `${current === leaf ? 'the certificate' : label(current)} but did not sign it (the signature does ` +
          'not verify with its key): it is another certificate with the same name',
      );
    }
    path.push(pick);
    left.splice(left.indexOf(pick), 1);
    current = pick;
  }

  if (left.length && !path.length) {
    problems.push(
      `Chain: no chain certificate issued the certificate: its issuer is ${leaf.info.issuer}, the chain ` +
        `holds ${left.map((c) => shortName(c.info)).join(', ')}; ` +
        'the chain must start with the certificate of the issuer, each certificate followed by its own issuer',
    );
  } else {
    const route = [leaf, ...path].map((c) => shortName(c.info)).join(' <- ');
    for (const c of left) {
      problems.push(`${label(c)}: is not part of the certificate's chain (${route}): nothing in the chain is issued by it; remove it or fix the chain`);
    }
  }
  if (!left.length && path.some((c, i) => c !== pool[i])) {
    warnings.push(
      `Chain: the certificates were not in order; they were put in order: ${path.map((c) => shortName(c.info)).join(', then ')} ` +
        "(the certificate's issuer first, each certificate followed by its own issuer)",
    );
  }
  for (const c of path) {
    if (!c.info.isCA && !isSelfSigned(c))
      warnings.push(`${label(c)}: is not marked as a CA (basicConstraints CA:TRUE), so clients may not accept it as an issuer`);
  }
  return [...path, ...left];
}

function namesIssuer(child: Cert, parent: Cert): boolean {
  return canonicalDn(dnAttributes(child.cert.tbsCertificate.issuer)) === canonicalDn(dnAttributes(parent.cert.tbsCertificate.subject));
}

/** Whether `parent`'s key signed `child` (checked by node:crypto); undefined when that cannot be told. */
function signs(parent: Cert, child: Cert): boolean | undefined {
  try {
    return child.x509.verify(parent.x509.publicKey);
  } catch {
    return undefined;
  }
}

function isSelfSigned(c: Cert): boolean {
  return namesIssuer(c, c) && signs(c, c) !== false;
}

function checkValidity(label: string, info: CertificateInfo, now: Date, problems: string[], warnings: string[]): void {
  if (now.getTime() < info.notBefore.getTime()) {
    problems.push(`${label}: not valid yet: valid from ${day(info.notBefore)} (not before ${iso(info.notBefore)})`);
  } else if (now.getTime() > info.notAfter.getTime()) {
    problems.push(`${label}: expired on ${day(info.notAfter)} (not after ${iso(info.notAfter)})`);
  } else {
    const left = info.notAfter.getTime() - now.getTime();
    if (left <= EXPIRY_WARNING_DAYS * DAY_MS) {
      const days = Math.floor(left / DAY_MS);
      const when = days === 0 ? 'in less than a day' : `in ${days} day${days === 1 ? '' : 's'}`;
      warnings.push(`${label}: expires on ${day(info.notAfter)}, ${when} (not after ${iso(info.notAfter)})`);
    }
  }
}

function readCertificates(text: string, file: 'certificate' | 'chain', problems: string[], warnings: string[]): Array<Cert | undefined> {
  const part = file === 'certificate' ? 'Certificate' : 'Chain';
  if (!text.trim()) {
    problems.push(file === 'certificate' ? 'Certificate: the file is empty' : 'Chain: the file is empty (leave the chain out if there is none)');
    return [];
  }
  const blocks = pemBlocks(text);
  if (!blocks.length) {
    problems.push(
      `${part}: not a PEM file (no "-----BEGIN CERTIFICATE-----" line)` +
        (looksBinary(text) ? '; convert a DER (binary) certificate first: openssl x509 -inform der -in cert.der -out cert.pem' : ''),
    );
    return [];
  }
  const certBlocks = blocks.filter((b) => isCertificateBlock(b));
  const others = blocks.filter((b) => !certBlocks.includes(b));
  if (!certBlocks.length) {
    problems.push(`${part}: no certificate in the file (it holds ${describeBlocks(others)})`);
    return [];
  }
  if (others.length) warnings.push(`${part}: the file also holds ${describeBlocks(others)}, which ${others.length === 1 ? 'was' : 'were'} ignored`);
  return certBlocks.map((block, i): Cert | undefined => {
    const position = i + 1;
    const where = file === 'chain' ? `Chain certificate ${position}` : position === 1 ? 'Certificate' : `Certificate file, certificate ${position}`;
    if (block.damage) {
      problems.push(`${where}: the PEM block ${block.damage}`);
      return undefined;
    }
    const parsed = parseCertificate(block.der);
    if (!parsed.ok) {
      problems.push(`${where}: ${parsed.reason}`);
      return undefined;
    }
    return { file, position, cert: parsed.cert, info: parsed.info, der: parsed.der, x509: parsed.x509 };
  });
}

function readKey(text: string, problems: string[], warnings: string[]): KeyObject | undefined {
  const P = 'Private key';
  const refuse = (why: string) => {
    problems.push(`${P}: ${why}`);
    return undefined;
  };
  if (!text.trim()) return refuse('the file is empty');
  const blocks = pemBlocks(text);
  if (!blocks.length) {
    return refuse(
      'not a PEM file (no "-----BEGIN PRIVATE KEY-----", "-----BEGIN RSA PRIVATE KEY-----" or "-----BEGIN EC PRIVATE KEY-----" line)' +
        (looksBinary(text) ? '; convert a DER (binary) key first: openssl pkey -inform der -in server.key -out server.pem' : ''),
    );
  }
  const keyBlocks = blocks.filter((b) => b.type.endsWith('PRIVATE KEY'));
  const others = blocks.filter((b) => !keyBlocks.includes(b) && b.type !== 'EC PARAMETERS');
  if (!keyBlocks.length) {
    if (others.some(isCertificateBlock)) return refuse('the file holds a certificate, not a private key (were the certificate and key files swapped?)');
    if (others.some((b) => b.type === 'PUBLIC KEY' || b.type === 'RSA PUBLIC KEY')) return refuse('the file holds a public key, not the private key');
    return refuse(`no private key in the file (it holds ${describeBlocks(others.length ? others : blocks)})`);
  }
  if (keyBlocks.length > 1) return refuse(`the file holds ${keyBlocks.length} private keys; keep only the certificate's key`);
  if (others.length) warnings.push(`${P}: the file also holds ${describeBlocks(others)}, which ${others.length === 1 ? 'was' : 'were'} ignored`);

  const block = keyBlocks[0]!;
  if (block.damage) return refuse(`the PEM block ${block.damage}`);
  if (block.encrypted) {
    return refuse('is encrypted with a passphrase; decrypt it first (openssl pkey -in server.key -out server-decrypted.key) and use the decrypted file');
  }
  const formats: Record<string, 'pkcs8' | 'pkcs1' | 'sec1'> = { 'PRIVATE KEY': 'pkcs8', 'RSA PRIVATE KEY': 'pkcs1', 'EC PRIVATE KEY': 'sec1' };
  const format = formats[block.type];
  const expected = '"BEGIN PRIVATE KEY", "BEGIN RSA PRIVATE KEY" or "BEGIN EC PRIVATE KEY"';
  if (block.type === 'OPENSSH PRIVATE KEY') return refuse(`is in OpenSSH format, not PEM (${expected}); ${SUPPORTED}`);
  if (block.type === 'DSA PRIVATE KEY') return refuse(`is a DSA key; ${SUPPORTED}`);
  if (!format) return refuse(`"BEGIN ${block.type}" is not a key format that can be used; expected ${expected}`);

  let keyObject: KeyObject;
  try {
    keyObject = createPrivateKey({ key: block.der, format: 'der', type: format });
  } catch (err) {
    // A SEC1 key may leave its curve to the "EC PARAMETERS" block before it (openssl ecparam -genkey).
    const parameters = blocks.find((b) => b.type === 'EC PARAMETERS' && !b.damage);
    const withCurve = format === 'sec1' && parameters ? sec1WithCurve(block.der, parameters.der) : undefined;
    if (!withCurve) return refuse(`cannot be read as a ${block.type} (${message(err)})`);
    keyObject = withCurve;
  }
  const unsupported = unsupportedKey(keyObject);
  if (unsupported) return refuse(`is ${unsupported}; ${SUPPORTED}`);
  const bits = keyObject.asymmetricKeyDetails?.modulusLength;
  if (bits !== undefined && bits < 2048) warnings.push(`${P}: the RSA key has ${bits} bits; clients today expect 2048 or more`);
  return keyObject;
}

/** A SEC1 key without its curve, read as PKCS#8 whose algorithm names the curve; undefined when that fails too. */
function sec1WithCurve(sec1: Buffer, parameters: Buffer): KeyObject | undefined {
  const curve = asn1js.fromBER(new Uint8Array(parameters));
  if (curve.offset === -1) return undefined;
  const info = new asn1js.Sequence({
    value: [
      new asn1js.Integer({ value: 0 }),
      new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: '1.2.840.10045.2.1' }), curve.result] }),
      new asn1js.OctetString({ valueHex: new Uint8Array(sec1) }),
    ],
  });
  try {
    return createPrivateKey({ key: Buffer.from(info.toBER()), format: 'der', type: 'pkcs8' });
  } catch {
    return undefined;
  }
}

/** Why a key (private or public) cannot go in the bundle: "an EC key on secp521r1"; undefined when it can. */
function unsupportedKey(key: KeyObject): string | undefined {
  const type = key.asymmetricKeyType ?? 'unknown';
  if (type === 'rsa') return undefined;
  const curve = key.asymmetricKeyDetails?.namedCurve;
  if (type === 'ec' && curve && CURVES[curve]) return undefined;
  return `${describeKeyType(type)} key${curve ? ` on the curve ${curve}` : ''}`;
}

/** "an RSA key (2048 bits)", "an EC key (P-256)": for mismatch messages. */
function describeKey(key: KeyObject): string {
  const type = key.asymmetricKeyType ?? 'unknown';
  const { modulusLength, namedCurve } = key.asymmetricKeyDetails ?? {};
  const detail = modulusLength ? `${modulusLength} bits` : namedCurve ? (CURVES[namedCurve] ?? namedCurve) : undefined;
  return `${type === 'rsa' ? 'an RSA' : describeKeyType(type)} key${detail ? ` (${detail})` : ''}`;
}

function keyDifference(certificateKey: KeyObject, key: KeyObject): string {
  const a = describeKey(certificateKey);
  const b = describeKey(key);
  if (a !== b) return `the certificate has ${a}, the private key is ${b}`;
  return certificateKey.asymmetricKeyType === 'rsa' ? 'their RSA moduli differ' : 'their public keys differ';
}

const publicKeys = new WeakMap<KeyObject, Buffer>();

function sameKey(cert: Cert, key: KeyObject): boolean {
  let mine = publicKeys.get(key);
  if (!mine) {
    mine = createPublicKey(key).export({ type: 'spki', format: 'der' });
    publicKeys.set(key, mine);
  }
  return cert.x509.publicKey.export({ type: 'spki', format: 'der' }).equals(mine);
}

function describeBlocks(blocks: PemBlock[]): string {
  const counts = new Map<string, number>();
  for (const b of blocks) counts.set(b.type, (counts.get(b.type) ?? 0) + 1);
  return [...counts].map(([type, n]) => (n === 1 ? `a "${type}" block` : `${n} "${type}" blocks`)).join(', ');
}

/** Control characters other than tab and line ends: a DER (binary) file read as text. */
function looksBinary(text: string): boolean {
  return [...text.slice(0, 256)].some((c) => c.charCodeAt(0) < 0x20 && !'\t\n\r\f'.includes(c));
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function iso(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

// Reading PEM files and X.509 certificates for display and checks (plain Node + node-forge).
import { X509Certificate, createHash } from 'node:crypto';
import forge from 'node-forge';

export interface CertificateInfo {
  /** RFC 4514 order, most specific first: "CN=example.com, O=Example". */
  subject: string;
  issuer: string;
  notBefore: Date;
  notAfter: Date;
  /** Upper-case hex, no separators, as `openssl x509 -serial` shows it. */
  serialNumber: string;
  /** SHA-256 of the DER certificate, "AA:BB:..". */
  sha256Fingerprint: string;
  /** basicConstraints CA:TRUE. */
  isCA: boolean;
}

export interface PemBlock {
  /** The label: "CERTIFICATE", "PRIVATE KEY", "RSA PRIVATE KEY", ... */
  type: string;
  /** 1-based position among the file's blocks. */
  position: number;
  /** The decoded body; empty when `damage` is set. */
  der: Buffer;
  /** Proc-Type: 4,ENCRYPTED (traditional encrypted key) or "ENCRYPTED PRIVATE KEY". */
  encrypted: boolean;
  /** Why the block cannot be used (no END line, damaged base64). */
  damage?: string;
}

const BEGIN = /-----BEGIN ([A-Za-z0-9 ]+)-----/g;

/** The PEM blocks of a text file, in order; damaged ones carry `damage` instead of a body. */
export function pemBlocks(text: string): PemBlock[] {
  const blocks: PemBlock[] = [];
  BEGIN.lastIndex = 0;
  for (let m = BEGIN.exec(text); m; m = BEGIN.exec(text)) {
    const type = m[1]!.trim();
    const start = m.index + m[0].length;
    const endLine = `-----END ${type}-----`;
    const end = text.indexOf(endLine, start);
    const nextBegin = text.indexOf('-----BEGIN ', start);
    const position = blocks.length + 1;
    if (end < 0 || (nextBegin >= 0 && nextBegin < end)) {
      blocks.push({
        type,
        position,
        der: Buffer.alloc(0),
        encrypted: false,
        damage: `has no "${endLine}" line (the file is cut short or two blocks are mixed)`,
      });
      continue;
    }
    BEGIN.lastIndex = end + endLine.length;
    const lines = text.slice(start, end).split(/\r?\n/);
    let encrypted = type === 'ENCRYPTED PRIVATE KEY';
    const bodyLines: string[] = [];
    let inHeaders = true;
    for (const raw of lines) {
      const line = raw.trim();
      if (inHeaders && /^[A-Za-z-]+:/.test(line)) {
        if (/^Proc-Type:.*ENCRYPTED/i.test(line)) encrypted = true;
        continue;
      }
      if (line) inHeaders = false;
      bodyLines.push(line);
    }
    const body = bodyLines.join('');
    if (!body || !/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 === 1) {
      blocks.push({ type, position, der: Buffer.alloc(0), encrypted, damage: body ? 'has damaged base64 text' : 'is empty' });
      continue;
    }
    blocks.push({ type, position, der: Buffer.from(body, 'base64'), encrypted });
  }
  return blocks;
}

/** "PEM" text for one DER body. */
export function toPem(type: string, der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${type}-----\n${lines.join('\n')}\n-----END ${type}-----\n`;
}

export function isCertificateBlock(block: PemBlock): boolean {
  return block.type === 'CERTIFICATE' || block.type === 'X509 CERTIFICATE';
}

export type ParsedCertificate =
  | { ok: true; cert: forge.pki.Certificate; info: CertificateInfo; der: Buffer; x509: X509Certificate | undefined }
  | { ok: false; reason: string; unsupportedKey?: string };

/**
 * Parses one DER certificate with node-forge (RSA public keys only: forge reads no other), and with
 * node:crypto for signature checks (forge throws alike for a wrong key and an unknown algorithm).
 */
export function parseCertificate(der: Buffer): ParsedCertificate {
  let cert: forge.pki.Certificate;
  try {
    cert = forge.pki.certificateFromAsn1(forge.asn1.fromDer(der.toString('binary')));
  } catch (err) {
    const keyType = publicKeyType(der);
    if (keyType && keyType !== 'rsa') return { ok: false, reason: `has ${describeKeyType(keyType)} public key`, unsupportedKey: keyType };
    return { ok: false, reason: `is not a readable X.509 certificate (${err instanceof Error ? err.message : String(err)})` };
  }
  let x509: X509Certificate | undefined;
  try {
    x509 = new X509Certificate(der);
  } catch {
    x509 = undefined;
  }
  return { ok: true, cert, der, x509, info: certificateInfo(cert, der) };
}

function publicKeyType(der: Buffer): string | undefined {
  try {
    return new X509Certificate(der).publicKey.asymmetricKeyType;
  } catch {
    return undefined;
  }
}

/** "an EC", "an Ed25519", "a DSA" ... for messages. */
export function describeKeyType(type: string): string {
  const names: Record<string, string> = {
    ec: 'an EC',
    ed25519: 'an Ed25519',
    ed448: 'an Ed448',
    dsa: 'a DSA',
    'rsa-pss': 'an RSA-PSS',
    dh: 'a DH',
    x25519: 'an X25519',
    x448: 'an X448',
  };
  return names[type] ?? `a ${type}`;
}

export function certificateInfo(cert: forge.pki.Certificate, der: Buffer): CertificateInfo {
  const basic = cert.getExtension('basicConstraints') as { cA?: boolean } | null;
  let serial = cert.serialNumber.toUpperCase();
  while (serial.length > 2 && serial.startsWith('00')) serial = serial.slice(2);
  return {
    subject: formatDn(cert.subject.attributes),
    issuer: formatDn(cert.issuer.attributes),
    notBefore: cert.validity.notBefore,
    notAfter: cert.validity.notAfter,
    serialNumber: serial,
    sha256Fingerprint: createHash('sha256').update(der).digest('hex').toUpperCase().match(/../g)!.join(':'),
    isCA: basic?.cA === true,
  };
}

const ATTRIBUTE_NAMES: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.9': 'STREET',
  '2.5.4.5': 'serialNumber',
  '2.5.4.4': 'SN',
  '2.5.4.42': 'GN',
  '2.5.4.12': 'title',
  '0.9.2342.19200300.100.1.25': 'DC',
  '0.9.2342.19200300.100.1.1': 'UID',
  '1.2.840.113549.1.9.1': 'emailAddress',
};

interface DnAttribute {
  type?: string;
  shortName?: string;
  name?: string;
  value?: unknown;
}

/** A distinguished name as RFC 4514 text, most specific attribute first: "CN=example.com, O=Example". */
export function formatDn(attributes: DnAttribute[]): string {
  return [...attributes]
    .reverse()
    .map((a) => `${(a.type && ATTRIBUTE_NAMES[a.type]) ?? a.shortName ?? a.name ?? a.type ?? '?'}=${escapeDnValue(dnValue(a.value))}`)
    .join(', ');
}

function dnValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(dnValue).join('+');
  return String(value);
}

function escapeDnValue(value: string): string {
  return value
    .replace(/[\\",+;<>]/g, (c) => `\\${c}`)
    .replace(/^[ #]/, (c) => `\\${c}`)
    .replace(/ $/, '\\ ');
}

/** A DN compared the lenient way OpenSSL does: case and runs of spaces do not matter. */
export function canonicalDn(attributes: DnAttribute[]): string {
  return formatDn(attributes).toLowerCase().replace(/\s+/g, ' ');
}

/** The certificate's common name, if it has one. */
export function commonName(cert: forge.pki.Certificate): string | undefined {
  const cn = cert.subject.getField('CN') as DnAttribute | null;
  return typeof cn?.value === 'string' ? cn.value : undefined;
}

/** "CN=example.test" when there is a CN, else the whole subject: short enough for a message. */
export function shortName(info: CertificateInfo): string {
  const cn = info.subject.split(/(?<!\\), /).find((part) => part.startsWith('CN='));
  return cn ?? (info.subject || '(empty subject)');
}

// Reading PEM files and X.509 certificates for display and checks: the fields from the DER
// (@peculiar/asn1-x509, any key type), keys and signatures with node:crypto.
import { X509Certificate, createHash } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { BasicConstraints, Certificate, id_ce_basicConstraints, type Name } from '@peculiar/asn1-x509';

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

export type ParsedCertificate = { ok: true; cert: Certificate; info: CertificateInfo; der: Buffer; x509: X509Certificate } | { ok: false; reason: string };

/** Parses one DER certificate: its fields from the ASN.1, its key and signature checks with node:crypto. */
export function parseCertificate(der: Buffer): ParsedCertificate {
  let cert: Certificate;
  let x509: X509Certificate;
  try {
    cert = AsnConvert.parse(der, Certificate);
    x509 = new X509Certificate(der);
  } catch (err) {
    return { ok: false, reason: `is not a readable X.509 certificate (${err instanceof Error ? err.message : String(err)})` };
  }
  return { ok: true, cert, der, x509, info: certificateInfo(cert, der) };
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

export function certificateInfo(cert: Certificate, der: Buffer): CertificateInfo {
  const tbs = cert.tbsCertificate;
  const basic = tbs.extensions?.find((e) => e.extnID === id_ce_basicConstraints);
  let serial = Buffer.from(tbs.serialNumber).toString('hex').toUpperCase();
  while (serial.length > 2 && serial.startsWith('00')) serial = serial.slice(2);
  return {
    subject: formatDn(dnAttributes(tbs.subject)),
    issuer: formatDn(dnAttributes(tbs.issuer)),
    notBefore: tbs.validity.notBefore.getTime(),
    notAfter: tbs.validity.notAfter.getTime(),
    serialNumber: serial,
    sha256Fingerprint: createHash('sha256').update(der).digest('hex').toUpperCase().match(/../g)!.join(':'),
    isCA: basic ? AsnConvert.parse(basic.extnValue, BasicConstraints).cA : false,
  };
}

/** A Name's attributes in DN order (least specific first), multi-valued RDNs flattened. */
export function dnAttributes(name: Name): DnAttribute[] {
  return name.flatMap((rdn) => rdn.map((atv) => ({ type: atv.type, value: atv.value.toString() })));
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

export interface DnAttribute {
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
export function commonName(cert: Certificate): string | undefined {
  return dnAttributes(cert.tbsCertificate.subject).find((a) => a.type === '2.5.4.3')?.value as string | undefined;
}

/** "CN=example.test" when there is a CN, else the whole subject: short enough for a message. */
export function shortName(info: CertificateInfo): string {
  const cn = info.subject.split(/(?<!\\), /).find((part) => part.startsWith('CN='));
  return cn ?? (info.subject || '(empty subject)');
}

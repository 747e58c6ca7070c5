// Turns the chosen payload source into the base64 the API takes, and describes it for the
// summary by size and SHA-256 fingerprint, never by content. Nothing here is stored.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import type * as Pkcs12 from './model/pkcs12';
import type { BundleCheck } from './model/pkcs12';

/**
 * The PKCS12 code and node-forge: their own bundle (dist/lazy/pkcs12.js, esbuild.mjs), read on the
 * first bundle a person builds, never at start-up.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pkcs12 = (): typeof Pkcs12 => require('./model/pkcs12') as typeof Pkcs12;

export type PayloadSource = 'file' | 'text' | 'pkcs12';

export interface PayloadFiles {
  source?: PayloadSource;
  payloadFile?: string;
  payloadText?: string;
  certFile?: string;
  keyFile?: string;
  chainFile?: string;
}

export interface PreparedPayload {
  base64: string;
  bytes: number;
  /** `AB:CD:…` of the raw payload. */
  sha256: string;
  /** For PKCS12 bundles: subject, issuer, validity of each certificate. */
  check?: BundleCheck;
}

/** Guards against pasting a path to something that is not a secret (a disk image, a video). */
export const PAYLOAD_FILE_MAX_BYTES = 1024 * 1024;

export function fingerprint(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').toUpperCase().match(/../g)!.join(':');
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Why `path` cannot be read as a payload file; undefined when it can. */
export async function payloadFileProblem(path: string, label: string): Promise<string | undefined> {
  if (!path.trim()) return `${label}: choose a file`;
  try {
    const info = await stat(path.trim());
    if (!info.isFile()) return `${label}: ${path} is not a file`;
    if (info.size === 0) return `${label}: ${path} is empty`;
    if (info.size > PAYLOAD_FILE_MAX_BYTES) return `${label}: ${path} is ${info.size.toLocaleString('en-US')} bytes; a secret payload file may be at most 1 MB (${PAYLOAD_FILE_MAX_BYTES.toLocaleString('en-US')} bytes)`;
    return undefined;
  } catch {
    return `${label}: ${path} does not exist or cannot be read`;
  }
}

/** The content type a file most likely has, from its extension. */
export function guessContentType(path: string): string {
  switch (extname(path).toLowerCase()) {
    case '.p12':
    case '.pfx':
      return 'application/x-pkcs12';
    case '.pem':
    case '.crt':
    case '.cer':
    case '.key':
      return 'application/x-pem-file';
    case '.der':
      return 'application/pkix-cert';
    default:
      return 'application/octet-stream';
  }
}

async function pems(files: PayloadFiles) {
  const read = (path: string | undefined) => (path ? readFile(path.trim(), 'utf8') : Promise.resolve(undefined));
  const [certificatePem, privateKeyPem, chainPem] = await Promise.all([read(files.certFile), read(files.keyFile), read(files.chainFile)]);
  return { certificatePem: certificatePem ?? '', privateKeyPem: privateKeyPem ?? '', chainPem };
}

/** Checks a PKCS12 input before building: problems refuse, warnings are shown. */
export async function checkBundleFiles(files: PayloadFiles, now = new Date()): Promise<BundleCheck> {
  return pkcs12().inspectBundle({ ...(await pems(files)), now });
}

export async function preparePayload(files: PayloadFiles, now = new Date()): Promise<PreparedPayload> {
  let raw: Buffer;
  let check: BundleCheck | undefined;
  switch (files.source) {
    case 'file':
      raw = await readFile(files.payloadFile!.trim());
      break;
    case 'text':
      raw = Buffer.from(files.payloadText ?? '', 'utf8');
      break;
    case 'pkcs12': {
      const bundle = pkcs12().buildPkcs12({ ...(await pems(files)), now });
      raw = bundle.der;
      check = bundle.check;
      break;
    }
    default:
      throw new Error('No payload source chosen');
  }
  return { base64: raw.toString('base64'), bytes: raw.length, sha256: fingerprint(raw), check };
}

/** The PEM texts a v2 TLS secret sends (the chain empty when none was given). */
export async function pemPayload(files: PayloadFiles): Promise<{ certificate: string; private_key: string; certificate_chain: string }> {
  const { certificatePem, privateKeyPem, chainPem } = await pems(files);
  return { certificate: certificatePem, private_key: privateKeyPem, certificate_chain: chainPem ?? '' };
}

/** The summary of PEM files sent as they are (v2): checked as a bundle is, described by the certificate's SHA-256. */
export async function preparePem(files: PayloadFiles, now = new Date()): Promise<PreparedPayload> {
  const texts = await pems(files);
  const check = pkcs12().inspectBundle({ ...texts, now });
  const certificate = Buffer.from(texts.certificatePem, 'utf8');
  const bytes = certificate.length + Buffer.byteLength(texts.privateKeyPem) + Buffer.byteLength(texts.chainPem ?? '');
  return { base64: '', bytes, sha256: fingerprint(certificate), check };
}

// Turns the chosen payload source into the base64 the API takes, and describes it for the
// summary by size and SHA-256 fingerprint, never by content. Nothing here is stored.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import type * as Pkcs12 from './model/pkcs12';
import type { BundleCheck } from './model/pkcs12';

/**
 * The PKCS12 code and its ASN.1 libraries: their own bundle (dist/lazy/pkcs12.js, esbuild.mjs), read on the
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

/** Why `path` cannot be read as a payload file; undefined when it can. */
export async function payloadFileProblem(path: string, label: string): Promise<string | undefined> {
  if (!path.trim()) return `${label}: choose a file`;
  try {
    const info = await stat(path.trim());
    if (!info.isFile()) return `${label}: ${path} is not a file`;
    if (info.size === 0) return `${label}: ${path} is empty`;
    if (info.size > PAYLOAD_FILE_MAX_BYTES)
      return (
        `${label}: ${path} is ${info.size.toLocaleString('en-US')} bytes; a secret payload file may be at ` +
        `most 1 MB (${PAYLOAD_FILE_MAX_BYTES.toLocaleString('en-US')} bytes)`
      );
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

/** The warnings on PEM texts as read for a v2 TLS secret (expiring soon, a reordered chain): the bundle's own check, no file read again. */
export function pemWarnings(payload: { certificate: string; private_key: string; certificate_chain: string }, now = new Date()): string[] {
  return pkcs12().inspectBundle({
    certificatePem: payload.certificate,
    privateKeyPem: payload.private_key,
    chainPem: payload.certificate_chain || undefined,
    now,
  }).warnings;
}

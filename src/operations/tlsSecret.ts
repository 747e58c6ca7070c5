// A TLS secret created from PEM files (POST /cloud/v2/secrets), described once. Its "read" is the
// files: read through a reader the face supplies (the chat tool and MCP only inside the folders
// the person allowed, from one handle each; the command any file the person picked), checked (the
// key belongs to the certificate, the chain is in order, valid now) and named by the certificate.
// The request is made from exactly the texts read (requestFor); the private key is never a fact.
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { open } from 'node:fs/promises';
import * as z from 'zod';
import type { PlatformApi } from '../platform/api';
import { endpoints } from '../schema/endpoints';
import { PlatformError } from '../schema/errors';
import { NOT_STATED, checkedRequest, defineOperation } from './operation';

export const PEM_FILE_MAX = 64 * 1024;
const CERT = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/** A refusal naming the input field and the rule; nothing is sent. */
export const refusedTlsField = (field: string, message: string) =>
  new PlatformError({ kind: 'validation', message: `${field} ${message}`, issues: [{ path: field, message }] });

/** One PEM file's text and its real path; refuses naming `field` (the face decides where it may read). */
export type PemReader = (file: string, field: string, what: string) => Promise<{ text: string; real: string }>;

export interface PemPayload {
  readonly certificate: string;
  readonly private_key: string;
  readonly certificate_chain: string;
}

/** What the person confirms: the certificate as read and checked, the texts that are sent, each file's real path. */
export interface TlsThing {
  readonly payload: PemPayload;
  readonly subject: string;
  readonly issuer: string;
  readonly validTo: string;
  readonly sha256: string;
  readonly chain: readonly string[];
  readonly paths: { readonly certificate_file: string; readonly private_key_file: string; readonly chain_file?: string };
}

const create = () => endpoints.createSecretV2;
const tlsFields = () =>
  z.strictObject({
    project_id: create().params.shape.project_id.describe('The project id (list_cloud_locations finds it)').meta({ title: 'Project ID' }),
    region_id: create().params.shape.region_id.describe('The region id (list_cloud_locations finds it)').meta({ title: 'Region ID' }),
    name: z.string().describe("The secret's name (1..255 characters)").meta({ title: 'Secret name' }),
    certificate_file: z.string().min(1).max(4096).describe('Absolute path of the PEM certificate').meta({ title: 'Certificate file' }),
    private_key_file: z.string().min(1).max(4096).describe('Absolute path of its PEM private key (unencrypted)').meta({ title: 'Private key file' }),
    chain_file: z.string().min(1).max(4096).optional().describe('Absolute path of the PEM chain (intermediates), if any').meta({ title: 'Chain file' }),
    expiration: z.string().optional().describe('When the secret expires (ISO date-time); leave out for none').meta({ title: 'Expiration' }),
  });
export type TlsSecretInput = z.output<ReturnType<typeof tlsFields>>;

/** Any file the person picked (the command's reader), at most PEM_FILE_MAX bytes, read from one handle. */
export const readAnyPem: PemReader = async (file, field) => {
  const handle = await open(file, 'r').catch(() => {
    throw refusedTlsField(field, `cannot be read: ${file} does not exist or is not readable`);
  });
  try {
    const bytes = Buffer.alloc(PEM_FILE_MAX + 1);
    const { bytesRead } = await handle.read(bytes, 0, bytes.length, 0);
    if (bytesRead > PEM_FILE_MAX) throw refusedTlsField(field, `is more than ${PEM_FILE_MAX} bytes: a PEM file here is at most ${PEM_FILE_MAX}`);
    return { text: bytes.subarray(0, bytesRead).toString('utf8'), real: file };
  } finally {
    await handle.close();
  }
};

const oneLine = (dn: string) => dn.split('\n').join(', ');

/** The files read once each through `read` and checked; every problem refuses with the field named. */
export async function readTlsFiles(
  read: PemReader,
  files: Pick<TlsSecretInput, 'certificate_file' | 'private_key_file' | 'chain_file'>,
  now = new Date(),
): Promise<TlsThing> {
  const certificateFile = await read(files.certificate_file, 'certificate_file', 'a PEM certificate');
  const keyFile = await read(files.private_key_file, 'private_key_file', 'a PEM private key');
  const chainFile = files.chain_file ? await read(files.chain_file, 'chain_file', 'a PEM chain') : undefined;
  const first = certificateFile.text.match(CERT)?.[0];
  if (!first) throw refusedTlsField('certificate_file', 'holds no PEM certificate (-----BEGIN CERTIFICATE-----)');
  let leaf: X509Certificate;
  try {
    leaf = new X509Certificate(first);
  } catch {
    throw refusedTlsField('certificate_file', 'holds a certificate that cannot be read');
  }
  let key;
  try {
    key = createPrivateKey(keyFile.text);
  } catch {
    throw refusedTlsField('private_key_file', 'is not an unencrypted PEM private key');
  }
  if (!leaf.checkPrivateKey(key)) throw refusedTlsField('private_key_file', 'does not belong to the certificate (its public key differs)');
  if (Date.parse(leaf.validTo) < now.getTime()) throw refusedTlsField('certificate_file', `holds a certificate that expired on ${leaf.validTo}`);
  if (Date.parse(leaf.validFrom) > now.getTime()) throw refusedTlsField('certificate_file', `holds a certificate not valid before ${leaf.validFrom}`);
  const chainText = chainFile?.text ?? '';
  const chain: X509Certificate[] = [];
  for (const pem of chainText.match(CERT) ?? []) {
    try {
      chain.push(new X509Certificate(pem));
    } catch {
      throw refusedTlsField('chain_file', `holds a certificate that cannot be read (number ${chain.length + 1})`);
    }
  }
  if (chainText.trim() !== '' && chain.length === 0) throw refusedTlsField('chain_file', 'holds no PEM certificate');
  [leaf, ...chain].forEach((cert, i) => {
    const issuer = chain[i];
    if (issuer && !(cert.checkIssued(issuer) && cert.verify(issuer.publicKey)))
      throw refusedTlsField(
        'chain_file',
        `is not in order: certificate ${i + 1} of the chain did not sign ${i === 0 ? 'the certificate' : `certificate ${i}`} (the chain goes from the issuer of the certificate up)`,
      );
  });
  return {
    payload: { certificate: first, private_key: keyFile.text, certificate_chain: chain.map((c) => c.toString()).join('\n') },
    subject: oneLine(leaf.subject),
    issuer: oneLine(leaf.issuer),
    validTo: leaf.validTo,
    sha256: leaf.fingerprint256,
    chain: chain.map((c) => oneLine(c.subject)),
    paths: { certificate_file: certificateFile.real, private_key_file: keyFile.real, ...(chainFile ? { chain_file: chainFile.real } : {}) },
  };
}

/** The platform's dialect only: a server of the original design has no /cloud/v2/secrets. */
export function tlsDialectProblem(api: PlatformApi): PlatformError | undefined {
  return api.http.dialect === 'platform'
    ? undefined
    : refusedTlsField(
        'connection',
        'is a server of the original design, which has no /cloud/v2/secrets: use create_secret (or Create Secret with a PKCS12 bundle)',
      );
}

/** The request for checked input and the PEM texts as read: exactly what is sent. */
const requestWith = ({ project_id, region_id, name, expiration }: TlsSecretInput, payload: PemPayload) =>
  checkedRequest(create(), { params: { project_id, region_id }, body: { name, payload, expiration: expiration ?? null } });

/** Stands for the texts until they are read: the input's own rules are checked without them. */
const UNREAD: PemPayload = { certificate: '-----BEGIN CERTIFICATE-----', private_key: '-----BEGIN PRIVATE KEY-----', certificate_chain: '' };

export const createTlsSecret = defineOperation({
  name: 'createTlsSecret',
  title: 'Create TLS Secret',
  noun: 'The certificate',
  kind: 'write',
  button: 'Create Secret',
  done: ({ name }) => `TLS secret ${JSON.stringify(name)} is being created`,
  fields: tlsFields,
  request: (input) => requestWith(input, UNREAD),
  requestFor: (input, thing: TlsThing) => requestWith(input, thing.payload),
  action: ({ name, project_id, region_id }, _thing?: TlsThing) => `Create TLS secret ${JSON.stringify(name)} in project ${project_id}, region ${region_id}`,
  // The command face reads any file the person picked; the chat tool and MCP read with their own reader (readTlsFiles).
  read: async (api, input): Promise<TlsThing> => {
    const problem = tlsDialectProblem(api);
    if (problem) throw problem;
    return readTlsFiles(readAnyPem, input);
  },
  // Every label capitalised, as every other operation's facts; Name, Expiration, Project / region as createSecret names them.
  target: (input, thing) => ({
    facts: [
      ['Name', input.name],
      ['Subject', thing?.subject ?? NOT_STATED],
      ['Issuer', thing?.issuer ?? NOT_STATED],
      ['Valid until', thing?.validTo ?? NOT_STATED],
      ['SHA-256', thing?.sha256 ?? NOT_STATED],
      ['Chain', thing ? (thing.chain.length === 0 ? 'none' : thing.chain.join(' <- ')) : NOT_STATED],
      ['Private key', thing ? 'read from its file, matches the certificate; never shown' : 'not read yet; never shown'],
      ['Certificate file', thing?.paths.certificate_file ?? input.certificate_file],
      ['Chain file', thing ? (thing.paths.chain_file ?? 'none') : (input.chain_file ?? 'none')],
      ['Private key file', thing?.paths.private_key_file ?? input.private_key_file],
      ['Expiration', input.expiration ?? 'never'],
      ['Project / region', `${input.project_id} / ${input.region_id}`],
    ],
    consequence: 'A new secret is created from these files as they were read for this question; load balancer listeners can then use it.',
  }),
});

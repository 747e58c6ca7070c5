// create_tls_secret: a TLS certificate from PEM files through the platform's current endpoint
// (POST /cloud/v2/secrets). The model names the files, never their text: the private key goes from
// disk to the platform and is not in the conversation. The files are checked as the Create
// Secret flow checks them (the key matches, the chain's order, validity) before the person is asked.
// Each file is opened once, inside the allowed folders (agentFiles.ts); the texts checked and shown
// at the confirmation are the texts sent (kept for the call, never read again).
import { X509Certificate, createPrivateKey } from 'node:crypto';
import * as z from 'zod';
import { endpoints } from '../../../schema/endpoints';
import { validateCall } from '../../../schema/validate';
import { openAllowedFile, refusedField } from './agentFiles';
import { jsonLine, quoted as q } from './platformText';
import { connectionField, defineTool, perCall, type AgentBinding, type WriteTarget } from './toolKit';
import { nameOf, withData } from './toolAnswers';

const PEM_FILE_MAX = 64 * 1024;
const CERT = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

interface Files {
  certificate_file: string;
  private_key_file: string;
  chain_file?: string | undefined;
}

interface CheckedPem {
  payload: { certificate: string; private_key: string; certificate_chain: string };
  leaf: X509Certificate;
  chain: X509Certificate[];
  /** The real path of each file read, by field. */
  paths: { certificate_file: string; private_key_file: string; chain_file?: string };
}

/** The file's text, read from one handle opened inside the allowed folders, and its real path. */
async function pemFile(b: AgentBinding, file: string, field: string, what: string): Promise<{ text: string; real: string }> {
  const opened = await openAllowedFile(b, file, field, what);
  try {
    if (opened.info.size > PEM_FILE_MAX) throw refusedField(field, `is ${opened.info.size} bytes: a PEM file here is at most ${PEM_FILE_MAX}`);
    const bytes = Buffer.alloc(PEM_FILE_MAX + 1);
    const { bytesRead } = await opened.handle.read(bytes, 0, bytes.length, 0);
    if (bytesRead > PEM_FILE_MAX) throw refusedField(field, `grew past ${PEM_FILE_MAX} bytes: a PEM file here is at most that`);
    return { text: bytes.subarray(0, bytesRead).toString('utf8'), real: opened.real };
  } finally {
    await opened.handle.close();
  }
}

/** The three files read and checked; every problem refuses with the field named, nothing sent. */
export async function checkedPem(b: AgentBinding, files: Files, now = new Date()): Promise<CheckedPem> {
  const certificateFile = await pemFile(b, files.certificate_file, 'certificate_file', 'a PEM certificate');
  const keyFile = await pemFile(b, files.private_key_file, 'private_key_file', 'a PEM private key');
  const chainFile = files.chain_file ? await pemFile(b, files.chain_file, 'chain_file', 'a PEM chain') : undefined;
  const [certificate, privateKey, chainText] = [certificateFile.text, keyFile.text, chainFile?.text ?? ''];
  const first = certificate.match(CERT)?.[0];
  if (!first) throw refusedField('certificate_file', 'holds no PEM certificate (-----BEGIN CERTIFICATE-----)');
  let leaf: X509Certificate;
  try {
    leaf = new X509Certificate(first);
  } catch {
    throw refusedField('certificate_file', 'holds a certificate that cannot be read');
  }
  let key;
  try {
    key = createPrivateKey(privateKey);
  } catch {
    throw refusedField('private_key_file', 'is not an unencrypted PEM private key');
  }
  if (!leaf.checkPrivateKey(key)) throw refusedField('private_key_file', 'does not belong to the certificate (its public key differs)');
  if (Date.parse(leaf.validTo) < now.getTime()) throw refusedField('certificate_file', `holds a certificate that expired on ${leaf.validTo}`);
  if (Date.parse(leaf.validFrom) > now.getTime()) throw refusedField('certificate_file', `holds a certificate not valid before ${leaf.validFrom}`);
  const chain: X509Certificate[] = [];
  for (const pem of chainText.match(CERT) ?? []) {
    try {
      chain.push(new X509Certificate(pem));
    } catch {
      throw refusedField('chain_file', `holds a certificate that cannot be read (number ${chain.length + 1})`);
    }
  }
  if (chainText.trim() !== '' && chain.length === 0) throw refusedField('chain_file', 'holds no PEM certificate');
  [leaf, ...chain].forEach((cert, i) => {
    const issuer = chain[i];
    if (issuer && !(cert.checkIssued(issuer) && cert.verify(issuer.publicKey)))
      throw refusedField(
        'chain_file',
        `is not in order: certificate ${i + 1} of the chain did not sign ${i === 0 ? 'the certificate' : `certificate ${i}`} (the chain goes from the issuer of the certificate up)`,
      );
  });
  const paths = { certificate_file: certificateFile.real, private_key_file: keyFile.real, ...(chainFile ? { chain_file: chainFile.real } : {}) };
  return { payload: { certificate: first, private_key: privateKey, certificate_chain: chain.map((c) => c.toString()).join('\n') }, leaf, chain, paths };
}

/** The texts as checked and shown at the confirmation, for the send of the same call. */
const confirmedPem = perCall<CheckedPem['payload']>();

const firstLine = (dn: string) => dn.split('\n').join(', ');

export const createTlsSecret = defineTool({
  name: 'create_tls_secret',
  referenceName: 'platformCreateTlsSecret',
  displayName: 'Create TLS Secret',
  userDescription: 'Store a TLS certificate and its key (PEM files) as a cloud secret for load balancers',
  modelDescription:
    "Creates a TLS certificate secret (for load balancer listeners) in a project and region from PEM files named by absolute path, inside the folders the person allowed (the workspace folders in the editor, the --file-root folders over MCP): certificate_file, private_key_file, optional chain_file (the issuers, from the certificate's issuer up). Never put PEM text in the conversation: the files are read here. They are checked first (the key belongs to the certificate, the chain is in order, the certificate is valid now); the person sees the certificate's subject, issuer, expiry and fingerprint and confirms. Platform connections only (POST /cloud/v2/secrets); on others use create_secret. Returns the task id(s).",
  kind: 'write',
  input: () =>
    z.strictObject({
      ...connectionField,
      project_id: endpoints.createSecretV2.params.shape.project_id.describe('The project id (list_cloud_locations finds it)'),
      region_id: endpoints.createSecretV2.params.shape.region_id.describe('The region id (list_cloud_locations finds it)'),
      name: z.string().describe("The secret's name (1..255 characters)"),
      certificate_file: z.string().min(1).max(4096).describe('Absolute path of the PEM certificate'),
      private_key_file: z.string().min(1).max(4096).describe('Absolute path of its PEM private key (unencrypted)'),
      chain_file: z.string().min(1).max(4096).optional().describe('Absolute path of the PEM chain (intermediates), if any'),
      expiration: z.string().optional().describe('When the secret expires (ISO date-time); leave out for none'),
    }),
  prepare: (input) => {
    const { project_id, region_id, name, expiration, ...files } = input;
    const confirmed = confirmedPem.begin(input);
    // Checks the name and places now; the PEM texts are read and checked when the target is read.
    const placeholder = { certificate: '-----BEGIN CERTIFICATE-----', private_key: '-----BEGIN PRIVATE KEY-----', certificate_chain: '' };
    const checked = validateCall(endpoints.createSecretV2, {
      params: { project_id, region_id },
      body: { name, payload: placeholder, expiration: expiration ?? null },
    });
    return {
      endpoint: endpoints.createSecretV2,
      call: { params: checked.params },
      operation: `Create TLS secret ${JSON.stringify(name)} in project ${project_id}, region ${region_id} (POST /cloud/v2/secrets)`,
      shownBody: {
        name,
        payload: {
          certificate: `<${files.certificate_file}>`,
          private_key: '<read from the key file; never shown>',
          certificate_chain: files.chain_file ? `<${files.chain_file}>` : '',
        },
        expiration: expiration ?? null,
      },
      send: async (b: AgentBinding) => {
        // Confirmed: the texts checked and shown then. Not asked (an MCP client without elicitation): read and checked now.
        const payload = confirmed.value ?? (await checkedPem(b, files)).payload;
        return b.api.cloud.createSecretV2({ params: { project_id, region_id }, body: { name, payload, expiration: expiration ?? null } }, { signal: b.signal });
      },
    };
  },
  readTarget: async (b, input): Promise<WriteTarget> => {
    if (b.dialect !== 'platform')
      throw refusedField('connection', `is a server of the original design, which has no /cloud/v2/secrets: use create_secret on ${nameOf(b.connectionName)}`);
    const { leaf, chain, paths, payload } = await checkedPem(b, input);
    confirmedPem.keep(input, payload);
    return {
      noun: 'The certificate',
      facts: [
        ['subject', firstLine(leaf.subject)],
        ['issuer', firstLine(leaf.issuer)],
        ['valid until', leaf.validTo],
        ['SHA-256', leaf.fingerprint256],
        ['chain', chain.length === 0 ? 'none' : chain.map((c) => firstLine(c.subject)).join(' <- ')],
        ['private key', 'read from its file, matches the certificate; never shown'],
        ['certificate file', paths.certificate_file],
        ['chain file', paths.chain_file ?? 'none'],
        ['private key file', paths.private_key_file],
      ],
      consequence: 'A new secret is created from these files as they were read for this question; load balancer listeners can then use it.',
    };
  },
  answer: (sent, b, input) => {
    const answer = sent as z.output<typeof endpoints.createSecretV2.response>;
    return withData({
      head: `TLS secret ${q(input.name)} is being created on ${nameOf(b.connectionName)} (project ${input.project_id}, region ${input.region_id}); the platform's task id${answer.tasks.length === 1 ? '' : 's'}:`,
      source: 'create_tls_secret',
      data: [jsonLine(answer.tasks)],
    });
  },
});

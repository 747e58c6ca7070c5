// create_tls_secret: the catalog's createTlsSecret (src/operations/tlsSecret.ts) as a tool. The
// model names the files, never their text: the private key goes from disk to the platform and is
// not in the conversation. Each file is opened once, inside the allowed folders (agentFiles.ts),
// and checked by the operation; the texts checked and shown at the confirmation are the texts sent
// (kept for the call, never read again).
import { PEM_FILE_MAX, createTlsSecret as tlsOp, readTlsFiles, type PemReader, type TlsSecretInput, type TlsThing } from '../../../operations/tlsSecret';
import { openAllowedFile, refusedField } from './agentFiles';
import { toolFromOperation } from './operationTool';
import { jsonLine } from './platformText';
import type { AgentBinding } from './toolKit';
import { nameOf, withData } from './toolAnswers';

/** The file's text, read from one handle opened inside the allowed folders, and its real path. */
const allowedPem =
  (b: AgentBinding): PemReader =>
  async (file, field, what) => {
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
  };

/** The operation's thing, its files read only inside the allowed folders; a connection of the original design is refused first. */
async function readAllowed(b: AgentBinding, input: TlsSecretInput): Promise<TlsThing> {
  if (b.dialect !== 'platform')
    throw refusedField('connection', `is a server of the original design, which has no /cloud/v2/secrets: use create_secret on ${nameOf(b.connectionName)}`);
  return readTlsFiles(allowedPem(b), input);
}

export const createTlsSecret = toolFromOperation(tlsOp, {
  name: 'create_tls_secret',
  referenceName: 'platformCreateTlsSecret',
  userDescription: 'Store a TLS certificate and its key (PEM files) as a cloud secret for load balancers',
  purpose:
    "Creates a TLS certificate secret (for load balancer listeners) in a project and region from PEM files named by absolute path, inside the folders the person allowed (the workspace folders in the editor, the --file-root folders over MCP): certificate_file, private_key_file, optional chain_file (the issuers, from the certificate's issuer up). Never put PEM text in the conversation: the files are read here. They are checked first (the key belongs to the certificate, the chain is in order, the certificate is valid now); the person sees the certificate's subject, issuer, expiry and fingerprint.",
  usage: 'Platform connections only (POST /cloud/v2/secrets); on others use create_secret. Returns the task id(s).',
  // The files read only inside the allowed folders; the texts checked and shown are the texts sent.
  readFiles: readAllowed,
  // The body as the person sees it: the files by path, never the key's text.
  shownBody: (input) => ({
    name: input.name,
    payload: {
      certificate: `<${input.certificate_file}>`,
      private_key: '<read from the key file; never shown>',
      certificate_chain: input.chain_file ? `<${input.chain_file}>` : '',
    },
    expiration: input.expiration ?? null,
  }),
  answer: (sent, _b, input, done) => {
    const answer = sent as { tasks: string[] };
    return withData({
      head: `${done} (project ${input.project_id}, region ${input.region_id}); the platform's task id${answer.tasks.length === 1 ? '' : 's'}:`,
      source: 'create_tls_secret',
      data: [jsonLine(answer.tasks)],
    });
  },
});

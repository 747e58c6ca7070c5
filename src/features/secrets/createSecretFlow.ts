// "Create Secret…": project, region, name, type, payload (a file, typed text, or a PKCS12 bundle
// built from PEM files), content type, optional metadata, a summary, then submit. Each step that
// fills an input of createSecret (or createTlsSecret's files) is named by that field's title and
// checked by its own rule (src/ui/operationSteps.ts); where the payload comes from is the command's.
import type * as z from 'zod';
import { SECRET_TYPES, TEXT_PLAIN_REFUSAL, isTextPlain, type SecretType } from '../../schema/cloud';
import { cloudLocationSteps, type CloudDefaults } from '../../ui/cloudLocation';
import { fieldProblem } from '../../ui/fieldRules';
import { fieldStep, fieldTitle, operationField, ruleWords } from '../../ui/operationSteps';
import type { StepContext, WizardStep } from '../../ui/wizard';
import { createSecret } from '../../operations/cloudSecrets';
import { createTlsSecret, readAnyPem, readTlsFiles } from '../../operations/tlsSecret';
import type { SecretFlowState } from './secretFlowState';
import { secretSummary, tlsInput, tlsSummary } from './secretSummary';
import { checkBundleFiles, guessContentType, payloadFileProblem, pemWarnings, preparePayload } from './secretPayload';

export const SECRET_TYPE_MEANINGS: Record<SecretType, string> = {
  symmetric: 'byte arrays such as keys for symmetric encryption',
  public: 'the public key of an asymmetric keypair',
  private: 'the private key of an asymmetric keypair',
  passphrase: 'a plain-text passphrase',
  certificate: 'a certificate, e.g. X.509 (also PKCS12 bundles for HTTPS load balancers)',
  opaque: 'kept for backwards compatibility with earlier API versions',
};

type Inputs = ReturnType<typeof createSecret.fields>;
type Input = z.output<Inputs>;
type TlsFile = 'certificate_file' | 'private_key_file' | 'chain_file';
const withDetails = (s: SecretFlowState) => s.withDetails === true;
const tlsTitle = (name: TlsFile) => fieldTitle(operationField(createTlsSecret, name), name);

const MEDIA_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(\s*;.*)?$/i;

/** A createSecret field's schema and its title: what a step the command declares itself checks and says. */
function field(name: keyof Input) {
  const schema = operationField(createSecret, name);
  return { schema, title: fieldTitle(schema, name) };
}

/** The box's prompt for a declared step: the field's title, then its rule in words (or `help`). */
function promptOf(schema: Parameters<typeof ruleWords>[0], title: string, help = ruleWords(schema)): string {
  return help ? `${title} (${help})` : title;
}

/**
 * payload_content_type: the field's own rule, the body's text/plain rule (a check across fields in
 * the schema, said here as it types), then the command's: the shape of a media type.
 */
export function contentTypeProblem(value: string): string | undefined {
  const { schema, title } = field('payload_content_type');
  const text = value.trim();
  const problem = fieldProblem(schema, text, title);
  if (problem) return problem;
  if (isTextPlain(text)) return `${title}: ${TEXT_PLAIN_REFUSAL}`;
  return MEDIA_TYPE.test(text) ? undefined : `${title}: must be a media type like application/octet-stream`;
}

/** expiration: the field's own rule (`YYYY-MM-DDTHH:MM[:SS]`), then the command's: read as UTC, not in the past. */
export function expirationProblem(value: string, now: Date): string | undefined {
  const { schema, title } = field('expiration');
  const text = value.trim();
  if (!text) return undefined;
  return fieldProblem(schema, text, title) ?? (Date.parse(`${text}Z`) <= now.getTime() ? `${title}: must be in the future (read as UTC)` : undefined);
}

/** A file a createTlsSecret file field names (its rule), then one the command can read as a payload file. */
async function tlsFileProblem(name: TlsFile, path: string): Promise<string | undefined> {
  const schema = operationField(createTlsSecret, name);
  const title = fieldTitle(schema, name);
  return fieldProblem(schema, path.trim(), title) ?? payloadFileProblem(path, title);
}

function optionalText(value: string): string | undefined {
  return value.trim() ? value.trim() : undefined;
}

async function askFile(ctx: StepContext, prompt: string, value: string | undefined, label: string, accept = (v: string) => payloadFileProblem(v, label)) {
  const path = await ctx.input({
    prompt,
    value: value ?? '',
    placeholder: 'Path of the file, or use the Browse… button',
    browse: { title: prompt },
    validate: (v) => (v.trim() ? undefined : `${label}: choose a file`),
    validateOnAccept: accept,
  });
  return optionalText(path);
}

export interface SecretFlowDeps {
  defaults: CloudDefaults;
  now?: () => Date;
  /** The connection speaks the platform's dialect: a TLS certificate from PEM files goes through v2 as PEM. */
  pemV2?: boolean;
  /** The connection the secret is sent on, named by the confirmation. */
  connection: { name: string; baseUrl: string };
}

/** PEM files sent as they are through `POST /cloud/v2/secrets` (no PKCS12 bundle, no content type). */
export const sendsPemV2 = (s: SecretFlowState, pemV2: boolean | undefined): boolean => pemV2 === true && s.source === 'pkcs12';

/** The steps, in order. Retry restarts at the summary (or at the typed text, which is never kept). */
export function createSecretSteps(deps: SecretFlowDeps): WizardStep<SecretFlowState>[] {
  const now = deps.now ?? (() => new Date());
  return [
    ...cloudLocationSteps<SecretFlowState>(deps.defaults),
    // NAME_STEP: the step's id is its field's name.
    fieldStep<Inputs, 'name', SecretFlowState>(createSecret, 'name'),
    fieldStep<Inputs, 'secret_type', SecretFlowState>(createSecret, 'secret_type', {
      choices: SECRET_TYPES.map((t) => ({ value: t, label: t, description: SECRET_TYPE_MEANINGS[t] })),
      initial: () => 'certificate',
    }),
    {
      prompt: async (s, ctx) => {
        s.source = await ctx.pick({
          placeholder: 'Where does the secret come from?',
          items: [
            { label: '$(file) A file', description: 'read and base64-encoded here', value: 'file' as const },
            { label: '$(key) Type the value', description: 'masked; never stored', value: 'text' as const },
            deps.pemV2
              ? {
                  label: '$(shield) TLS certificate from PEM files',
                  description: 'certificate, private key, optional chain',
                  detail: "Sent as PEM through the platform's v2 endpoint (no PKCS12 bundle); checked here: key matches, chain order, expiry",
                  value: 'pkcs12' as const,
                }
              : {
                  label: '$(shield) PKCS12 bundle from PEM files',
                  description: 'certificate, private key, optional chain',
                  detail: 'What HTTPS-terminated load balancing needs; built and checked here (key matches, chain order, expiry)',
                  value: 'pkcs12' as const,
                },
          ],
          activeValue: s.source,
        });
      },
    },
    // The payload's source, file or typed text, is the command's: the payload sent is its bytes base64-encoded.
    {
      shouldPrompt: (s) => s.source === 'file',
      prompt: async (s, ctx) => {
        s.payloadFile = await askFile(ctx, 'File holding the secret (at most 1 MB)', s.payloadFile, 'Payload file');
      },
    },
    {
      id: TYPED_TEXT_STEP,
      shouldPrompt: (s) => s.source === 'text',
      prompt: async (s, ctx) => {
        s.payloadText = await ctx.input({
          prompt: 'The secret value (masked; sent base64-encoded, never stored)',
          password: true,
          validate: (v) => (v.length === 0 ? 'Secret value: must not be empty' : undefined),
        });
      },
    },
    {
      shouldPrompt: (s) => s.source === 'pkcs12',
      prompt: async (s, ctx) => {
        // createTlsSecret's certificate_file (v2); the PKCS12 bundle's certificate (v1).
        s.certFile = await askFile(ctx, 'Certificate (PEM)', s.certFile, tlsTitle('certificate_file'), (v) => tlsFileProblem('certificate_file', v));
      },
    },
    {
      shouldPrompt: (s) => s.source === 'pkcs12',
      prompt: async (s, ctx) => {
        s.keyFile = await askFile(ctx, 'Private key of the certificate (PEM, not encrypted)', s.keyFile, tlsTitle('private_key_file'), (v) =>
          tlsFileProblem('private_key_file', v),
        );
      },
    },
    {
      shouldPrompt: (s) => s.source === 'pkcs12',
      prompt: async (s, ctx) => {
        const chain = await ctx.input({
          prompt: 'Intermediate chain (PEM, several certificates concatenated; leave empty for none)',
          value: s.chainFile ?? '',
          placeholder: 'Leave empty for none',
          browse: { title: 'Intermediate chain (PEM)' },
          validateOnAccept: async (v) => {
            if (v.trim()) {
              const problem = await tlsFileProblem('chain_file', v);
              if (problem) return problem;
            }
            // Everything is checked together here: key against certificate, chain order, expiry.
            const check = await checkBundleFiles({ ...s, chainFile: optionalText(v) }, now());
            return check.problems.length ? check.problems.join(' ') : undefined;
          },
        });
        s.chainFile = optionalText(chain);
      },
    },
    {
      // Declared: payload_content_type, suggested from the source, checked by its rule and the command's (a media type).
      id: 'payload_content_type',
      shouldPrompt: (s) => !sendsPemV2(s, deps.pemV2),
      prompt: async (s, ctx) => {
        const suggested =
          s.source === 'file' && s.payloadFile ? guessContentType(s.payloadFile) : s.source === 'pkcs12' ? 'application/x-pkcs12' : 'application/octet-stream';
        const { schema, title } = field('payload_content_type');
        s.payload_content_type = (
          await ctx.input({
            prompt: promptOf(schema, title, 'the payload is always sent base64-encoded'),
            value: s.payload_content_type ?? suggested,
            validate: contentTypeProblem,
          })
        ).trim();
      },
    },
    {
      // v2 takes no algorithm, bit length or mode.
      shouldPrompt: (s) => !sendsPemV2(s, deps.pemV2),
      prompt: async (s, ctx) => {
        s.withDetails = await ctx.pick({
          placeholder: 'Optional metadata: algorithm, bit length, mode, expiration',
          items: [
            { label: 'No optional metadata', value: false },
            { label: 'Set algorithm, bit length, mode or expiration…', description: 'each may be left empty', value: true },
          ],
          activeValue: s.withDetails ?? false,
        });
      },
    },
    fieldStep<Inputs, 'algorithm', SecretFlowState>(createSecret, 'algorithm', { when: withDetails }),
    fieldStep<Inputs, 'bit_length', SecretFlowState>(createSecret, 'bit_length', { when: withDetails }),
    fieldStep<Inputs, 'mode', SecretFlowState>(createSecret, 'mode', { when: withDetails }),
    {
      id: 'expiration',
      shouldPrompt: withDetails,
      prompt: async (s, ctx) => {
        // Declared: the field's rule and the command's own (in the future), with an example a year ahead.
        const { schema, title } = field('expiration');
        const example = new Date(now().getTime() + 365 * 86_400_000).toISOString().slice(0, 19);
        s.expiration = optionalText(
          await ctx.input({
            prompt: promptOf(schema, title, `UTC, ISO 8601 without zone, e.g. ${example}; optional, empty to leave it out`),
            value: s.expiration ?? '',
            validate: (v) => expirationProblem(v, now()),
          }),
        );
      },
    },
    {
      id: SUMMARY_STEP,
      prompt: async (s, ctx) => {
        // v1 and v2: the operation's own confirmation, rendered here so Back reaches every value.
        const summary = sendsPemV2(s, deps.pemV2) ? await tlsStep(s, now(), deps.connection) : await v1Step(s, now(), deps.connection);
        for (;;) {
          const choice = await ctx.pick(summary);
          if (choice === 'submit') return;
        }
      },
    },
  ];
}

/** The v1 summary: the payload built from the file, text or PEM files, then createSecret's confirmation. */
async function v1Step(s: SecretFlowState, now: Date, connection: SecretFlowDeps['connection']) {
  s.prepared = await preparePayload(s, now);
  s.bundleWarnings = s.prepared.check?.warnings ?? [];
  return secretSummary(s, connection);
}

/** The v2 summary: the PEM files read once and checked (createTlsSecret's rules), then its confirmation; a file that fails is said, with no submit. */
async function tlsStep(s: SecretFlowState, now: Date, connection: SecretFlowDeps['connection']) {
  s.withDetails = undefined;
  s.tls = undefined;
  try {
    s.tls = await readTlsFiles(readAnyPem, tlsInput(s), now);
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    return { placeholder: `Nothing can be sent: ${problem}. Go Back to choose other files`, items: [{ label: `$(error) ${problem}`, value: 'info' as const }] };
  }
  s.bundleWarnings = pemWarnings(s.tls.payload, now);
  return tlsSummary(s, s.tls, connection);
}

/** Where Retry reopens the flow: the summary, or the typed text, which is never kept. */
export const SUMMARY_STEP = 'summary';
/** Where the flow opens when started from a region's Secrets row (project and region known). */
export const NAME_STEP = 'name';
export const TYPED_TEXT_STEP = 'typedText';

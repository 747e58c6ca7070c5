// "Create Secret…": project, region, name, type, payload (a file, typed text, or a PKCS12 bundle
// built from PEM files), content type, optional metadata, a summary, then submit.
import { SECRET_TYPES, TEXT_PLAIN_REFUSAL, isTextPlain, secretCreateRequest, type SecretType } from '../../schema/cloud';
import { isValidLocalDateTime } from '../../schema/schemaKit';
import { cloudLocationSteps, type CloudDefaults } from '../../ui/cloudLocation';
import { fieldProblem, parseWholeNumber, wholeNumberProblem } from '../../ui/fieldRules';
import type { StepContext, WizardStep } from '../../ui/wizard';
import { readAnyPem, readTlsFiles } from '../../operations/tlsSecret';
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

const MEDIA_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(\s*;.*)?$/i;

export function contentTypeProblem(value: string): string | undefined {
  if (!value.trim()) return 'Content type: must not be empty';
  if (isTextPlain(value)) return `Content type: ${TEXT_PLAIN_REFUSAL}`;
  if (!MEDIA_TYPE.test(value.trim())) return 'Content type: must be a media type like application/octet-stream';
  return undefined;
}

/** `YYYY-MM-DDTHH:MM[:SS]`, read as UTC, and not in the past. */
export function expirationProblem(value: string, now: Date): string | undefined {
  const text = value.trim();
  if (!text) return undefined;
  if (!isValidLocalDateTime(text)) return 'Expiration: must be an ISO 8601 date-time without time zone, like 2030-12-31T23:59:59';
  if (Date.parse(`${text}Z`) <= now.getTime()) return 'Expiration: must be in the future (read as UTC)';
  return undefined;
}

const shape = () => secretCreateRequest.shape;

function optionalText(value: string): string | undefined {
  return value.trim() ? value.trim() : undefined;
}

async function askFile(ctx: StepContext, prompt: string, value: string | undefined, label: string, optional = false): Promise<string | undefined> {
  const path = await ctx.input({
    prompt,
    value: value ?? '',
    placeholder: optional ? 'Leave empty for none' : 'Path of the file, or use the Browse… button',
    browse: { title: prompt },
    validate: (v) => (optional && !v.trim() ? undefined : v.trim() ? undefined : `${label}: choose a file`),
    validateOnAccept: async (v) => (optional && !v.trim() ? undefined : payloadFileProblem(v, label)),
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
    {
      id: NAME_STEP,
      prompt: async (s, ctx) => {
        s.name = (
          await ctx.input({
            prompt: 'Secret name',
            value: s.name ?? '',
            placeholder: 'e.g. tls-example-com',
            validate: (v) => fieldProblem(shape().name, v.trim(), 'Name'),
          })
        ).trim();
      },
    },
    {
      prompt: async (s, ctx) => {
        s.secretType = await ctx.pick({
          placeholder: 'Secret type',
          items: SECRET_TYPES.map((t) => ({ label: t, description: SECRET_TYPE_MEANINGS[t], value: t })),
          activeValue: s.secretType ?? 'certificate',
        });
      },
    },
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
        s.certFile = await askFile(ctx, 'Certificate (PEM)', s.certFile, 'Certificate file');
      },
    },
    {
      shouldPrompt: (s) => s.source === 'pkcs12',
      prompt: async (s, ctx) => {
        s.keyFile = await askFile(ctx, 'Private key of the certificate (PEM, not encrypted)', s.keyFile, 'Private key file');
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
              const problem = await payloadFileProblem(v, 'Chain file');
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
      shouldPrompt: (s) => !sendsPemV2(s, deps.pemV2),
      prompt: async (s, ctx) => {
        const suggested =
          s.source === 'file' && s.payloadFile ? guessContentType(s.payloadFile) : s.source === 'pkcs12' ? 'application/x-pkcs12' : 'application/octet-stream';
        s.contentType = (
          await ctx.input({
            prompt: 'Payload content type (the payload is always sent base64-encoded)',
            value: s.contentType ?? suggested,
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
    {
      shouldPrompt: (s) => s.withDetails === true,
      prompt: async (s, ctx) => {
        s.algorithm = optionalText(await ctx.input({ prompt: 'Algorithm (informational, e.g. aes; empty for none)', value: s.algorithm ?? '' }));
      },
    },
    {
      shouldPrompt: (s) => s.withDetails === true,
      prompt: async (s, ctx) => {
        const text = await ctx.input({
          prompt: 'Bit length (informational, greater than 0; empty for none)',
          value: s.bitLength === undefined ? '' : String(s.bitLength),
          validate: (v) => {
            if (!v.trim()) return undefined;
            // A whole number is checked against the rule (its bound named even past 2^53); other text says what is wanted.
            return /^-?\d+$/.test(v.trim()) ? wholeNumberProblem(shape().bit_length, v, 'Bit length') : 'Bit length: must be a whole number greater than 0';
          },
        });
        s.bitLength = text.trim() ? parseWholeNumber(text) : undefined;
      },
    },
    {
      shouldPrompt: (s) => s.withDetails === true,
      prompt: async (s, ctx) => {
        s.mode = optionalText(await ctx.input({ prompt: 'Mode (informational, e.g. cbc; empty for none)', value: s.mode ?? '' }));
      },
    },
    {
      shouldPrompt: (s) => s.withDetails === true,
      prompt: async (s, ctx) => {
        const example = new Date(now().getTime() + 365 * 86_400_000).toISOString().slice(0, 19);
        s.expiration = optionalText(
          await ctx.input({
            prompt: `Expiration, UTC, ISO 8601 without zone (e.g. ${example}); empty for none`,
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

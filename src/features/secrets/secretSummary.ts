// The last step of "Create Secret…": the values reviewed before submit, Back reaching each. For the
// v1 POST it is the operation's own confirmation (src/operations/cloudSecrets.ts createSecret),
// rendered as the modal would show it, so it reads as the chat tool and MCP read; the command adds
// only where the payload came from and what it checked in the files (certificates, warnings). The
// v2 branch (PEM files sent as read) is createTlsSecret's confirmation (src/operations/tlsSecret.ts).
import type * as z from 'zod';
import { commandConfirmation } from '../../operations/commandConfirmation';
import { createSecret } from '../../operations/cloudSecrets';
import { createTlsSecret, type TlsSecretInput, type TlsThing } from '../../operations/tlsSecret';
import { writeConfirmationText } from '../../ui/text/writeConfirmation';
import type { SecretFlowState } from './secretFlowState';

export type SecretInput = z.output<ReturnType<typeof createSecret.fields>>;

interface SummaryItem {
  label: string;
  description?: string;
  detail?: string;
  value: 'submit' | 'info';
}

/** The operation's input the summary confirms: exactly what is sent. */
export function secretInput(s: SecretFlowState): SecretInput {
  return {
    project_id: s.projectId!,
    region_id: s.regionId!,
    name: s.name!,
    payload: s.prepared!.base64,
    payload_content_encoding: 'base64',
    payload_content_type: s.payload_content_type!,
    secret_type: s.secret_type!,
    algorithm: s.algorithm ?? null,
    bit_length: s.bit_length ?? null,
    mode: s.mode ?? null,
    expiration: s.expiration ?? null,
  };
}

/** The v1 summary: the operation's confirmation, one line an item, then the command's file checks. */
export function secretSummary(s: SecretFlowState, connection: { name: string; baseUrl: string }): { placeholder: string; items: SummaryItem[] } {
  const { summary } = commandConfirmation(createSecret, secretInput(s), undefined, connection);
  const text = writeConfirmationText(summary);
  const from = s.source === 'file' ? `from ${s.payloadFile}` : s.source === 'text' ? 'typed' : 'PKCS12 built from PEM files';
  const lines = text.detail.split('\n').filter((line) => line !== '');
  return {
    placeholder: `${text.message} Review the values`,
    items: [
      { label: `$(check) ${summary.button}`, description: summary.action, value: 'submit' },
      ...lines.map((line): SummaryItem => ({ label: line, ...(line.startsWith('Payload: ') ? { description: from } : {}), value: 'info' })),
      ...fileChecks(s),
    ],
  };
}

/** The operation's input for the v2 (PEM) branch: the files the person picked, read and checked at the summary. */
export function tlsInput(s: SecretFlowState): TlsSecretInput {
  return {
    project_id: s.projectId!,
    region_id: s.regionId!,
    name: s.name!,
    certificate_file: s.certFile!,
    private_key_file: s.keyFile!,
    ...(s.chainFile ? { chain_file: s.chainFile } : {}),
    ...(s.expiration === undefined ? {} : { expiration: s.expiration }),
  };
}

/** The v2 summary: createTlsSecret's confirmation of the files as read (`thing`), one line an item, then the bundle's warnings. */
export function tlsSummary(s: SecretFlowState, thing: TlsThing, connection: { name: string; baseUrl: string }): { placeholder: string; items: SummaryItem[] } {
  const { summary } = commandConfirmation(createTlsSecret, tlsInput(s), thing, connection);
  const text = writeConfirmationText(summary);
  const lines = text.detail.split('\n').filter((line) => line !== '');
  return {
    placeholder: `${text.message} Review the values`,
    items: [
      { label: `$(check) ${summary.button}`, description: summary.action, value: 'submit' },
      ...lines.map((line): SummaryItem => ({ label: line, value: 'info' })),
      ...(s.bundleWarnings ?? []).map((warning): SummaryItem => ({ label: `$(warning) ${warning}`, value: 'info' })),
    ],
  };
}

/** What the command checked in the PEM files: each certificate, and the bundle's warnings. */
function fileChecks(s: SecretFlowState): SummaryItem[] {
  const p = s.prepared!;
  const certs = [p.check?.certificate, ...(p.check?.chain ?? [])].filter((c) => c !== undefined);
  return [
    ...certs.map(
      (cert): SummaryItem => ({
        label: `Certificate: ${cert.subject}`,
        description: `issued by ${cert.issuer}`,
        detail: `valid ${cert.notBefore.toISOString()} to ${cert.notAfter.toISOString()}`,
        value: 'info',
      }),
    ),
    ...(s.bundleWarnings ?? []).map((warning): SummaryItem => ({ label: `$(warning) ${warning}`, value: 'info' })),
  ];
}

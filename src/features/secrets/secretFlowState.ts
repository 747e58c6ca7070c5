// What Create Secret's wizard gathers: the secret's values (named as createSecret's inputs) and,
// at the summary, what was read from its files. Its own file so the summary (secretSummary.ts) and the flow share it without
// importing each other.
import type { SecretType } from '../../schema/cloud';
import type { TlsThing } from '../../operations/tlsSecret';
import type { CloudLocation } from '../../ui/cloudLocation';
import type { PayloadFiles, PreparedPayload } from './secretPayload';

export interface SecretFlowState extends CloudLocation, PayloadFiles {
  name?: string;
  secret_type?: SecretType;
  payload_content_type?: string;
  withDetails?: boolean;
  algorithm?: string;
  bit_length?: number;
  mode?: string;
  expiration?: string;
  /** Built at the summary from the files or text; never kept after submit. */
  prepared?: PreparedPayload;
  /** v2: the PEM files as read and checked at the summary, the texts then sent; never kept after submit. */
  tls?: TlsThing;
  /** PKCS12 warnings (expiring soon, reordered chain), shown in the summary. */
  bundleWarnings?: string[];
}

// How a write the agent sent ended, in the audit trail's terms: the statuses come from the
// requests the send itself made (requestWitness), the reason from the error, in our words (its
// kind, the field and rule of a refused request), never the platform's text. No VS Code here.
import { formatIssues, isPlatformError, kindTitle } from '../../../schema/errors';
import type { RequestLogEntry } from '../../../platform/httpOptions';
import type { AgentWrite, WriteResult } from './agentActivity';
import type { WriteRequest } from './toolKit';

/** The write requests (not the reads around them) among those a send made. */
const writesAmong = (entries: readonly RequestLogEntry[]) => entries.filter((e) => e.method !== 'GET');

/** Sent and answered: the status of its last write request (none when the send had nothing to send). */
export function succeeded(entries: readonly RequestLogEntry[]): WriteResult {
  const status = writesAmong(entries).at(-1)?.status;
  return status === undefined ? { kind: 'succeeded' } : { kind: 'succeeded', status };
}

/**
 * A send that threw. A request the client's rules refused before anything reached the platform
 * is the product's refusal; anything else failed, with its status when the platform answered.
 */
export function failed(error: unknown, entries: readonly RequestLogEntry[]): WriteResult {
  const reached = writesAmong(entries).some((e) => e.status !== undefined);
  if (!isPlatformError(error)) return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
  if (error.kind === 'validation' && !reached) {
    return { kind: 'refused', reason: `the request broke a rule (${formatIssues(error.issues) || error.message}); nothing was sent` };
  }
  const said = kindTitle(error.kind).toLowerCase();
  const reason = reached ? said : `${said}; nothing was sent`;
  return error.status === undefined ? { kind: 'failed', reason } : { kind: 'failed', status: error.status, reason };
}

/** The target as the confirmation names it: the operation and its target, in a few words; before a request is made, the tool. */
export function targetOf(tool: { displayName: string }, request: WriteRequest | undefined): string {
  return request?.operation ?? `${tool.displayName} (not prepared)`;
}

/** What the audit is told, scrubbed as every answer is (no key in a record). */
export function scrubbedWrite(write: AgentWrite, scrub: (text: string) => string): AgentWrite {
  const result = 'reason' in write.result ? { ...write.result, reason: scrub(write.result.reason) } : write.result;
  return { tool: write.tool, connection: scrub(write.connection), target: scrub(write.target), result };
}

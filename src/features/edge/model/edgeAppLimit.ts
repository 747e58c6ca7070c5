// The published POST /fastedge/v1/apps answers 429 "Application count limit exceeded for this
// client": said as the account's app limit (its number when the platform's message gives one),
// not as "too many requests" (nothing is retried: waiting would not help).
import { PlatformError } from '../../../schema/errors';

/** "the account has reached its app limit (5)", the number read from the server's message. */
export function appLimitText(serverMessage: string | undefined): string {
  const limit = /\blimit\D{0,20}?(\d+)/i.exec(serverMessage ?? '')?.[1];
  return `The account has reached its app limit${limit ? ` (${limit})` : ''}: delete an app it no longer needs, then create again`;
}

/** A 429 from app create as the app limit; any other error as it was. */
export function asAppLimit(error: unknown): unknown {
  if (!(error instanceof PlatformError) || error.status !== 429) return error;
  const said = error.serverMessage ? `: ${error.serverMessage}` : '';
  const message = `${appLimitText(error.serverMessage)} (HTTP 429${said})`;
  return new PlatformError({
    ...error,
    kind: error.kind,
    message: error.requestId ? `${message} [request id ${error.requestId}]` : message,
    issues: error.issues,
    cause: error,
  });
}

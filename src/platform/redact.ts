// The one place that scrubs secrets out of text before it reaches a log, an error or a UI.

const REDACTED = '***';
/** `Authorization: apikey <anything>` in any text, whatever the key. */
const APIKEY_HEADER = /(apikey)(\s+)[^\s"',;]+/gi;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Replaces every occurrence of each secret, its URL-encoded and base64 forms, and any
 * `apikey <token>` pair with `***`. Secrets shorter than 4 characters are ignored (they
 * would blank out ordinary words).
 */
export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text.replace(APIKEY_HEADER, `$1$2${REDACTED}`);
  for (const secret of secrets) {
    if (!secret || secret.length < 4) continue;
    const forms = new Set([secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64')]);
    for (const form of forms) {
      out = out.replace(new RegExp(escapeRegExp(form), 'g'), REDACTED);
    }
  }
  return out;
}

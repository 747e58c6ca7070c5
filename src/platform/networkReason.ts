// Words for why a request never got an answer, from the socket error Node's fetch wraps.

/** Node's fetch wraps socket errors: dig out `ECONNRESET` and friends. */
export function networkReason(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      const words: Record<string, string> = {
        ECONNRESET: 'the connection was reset',
        ECONNREFUSED: 'the connection was refused',
        ENOTFOUND: 'the host name was not found',
        EAI_AGAIN: 'the host name could not be resolved',
        ETIMEDOUT: 'the connection timed out',
        EPIPE: 'the connection was closed',
        UND_ERR_SOCKET: 'the connection was closed',
        UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
        CERT_HAS_EXPIRED: 'the server certificate has expired',
        UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the server certificate could not be verified',
        DEPTH_ZERO_SELF_SIGNED_CERT: 'the server certificate is self-signed',
      };
      return `${words[code] ?? 'the request failed'} (${code})`;
    }
    const next = (current as { cause?: unknown }).cause;
    if (!next) break;
    current = next;
  }
  const message = current instanceof Error ? current.message : '';
  return message && message !== 'fetch failed' ? message : 'the request failed';
}

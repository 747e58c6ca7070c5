// The control API's token: made at random unless given, and compared in constant time so the
// time an answer takes says nothing about how much of a guess was right.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The header that carries it (Node lower-cases incoming header names). */
export const CONTROL_TOKEN_HEADER = 'X-Simulator-Token';

/** 256 random bits, base64url (43 characters): safe in a header and on a command line. */
export function makeControlToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Why a given token cannot be used, as a rule ("must be ..."), or undefined when it can. */
export function controlTokenProblem(token: string): string | undefined {
  // Visible ASCII only: it travels in an HTTP header; 16 characters keep a guess out of reach.
  if (!/^[\x21-\x7e]{16,256}$/.test(token)) return 'must be 16 to 256 visible characters (ASCII, no spaces)';
  return undefined;
}

/** Whether `given` is the token. Both are hashed first, so their lengths never show either. */
export function sameToken(given: string, token: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(token));
}

// Who may call the control API: a program on this machine that holds the token. Checked from the
// headers alone, before the body is read, so a refused request changes nothing.
import type { IncomingHttpHeaders } from 'node:http';
import { CONTROL_TOKEN_HEADER, sameToken } from './controlToken';

export interface Refusal {
  status: number;
  message: string;
}

const LOOPBACK_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** `127.0.0.1`, `localhost` or `[::1]` (any case), with or without a port. */
export function isLoopbackHost(host: string | undefined): boolean {
  const match = /^(\[[^\]]*\]|[^:[\]]+)(?::\d{1,5})?$/.exec(host ?? '');
  return match !== null && LOOPBACK_HOSTNAMES.has(match[1]!.toLowerCase());
}

/** An http(s) origin whose host is loopback; `null` (a sandboxed page, a file) is not. */
export function isLoopbackOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTNAMES.has(url.hostname);
}

/** A header's value as the refusal shows it: quoted, and never long. */
function shown(value: string): string {
  return JSON.stringify(value.length > 100 ? `${value.slice(0, 100)}…` : value);
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * Why this control request is refused, or undefined when it may go on. In order: the Host (DNS
 * rebinding), the Origin (a browser page of another site), the token, then the body's type.
 */
export function controlRefusal(method: string, headers: IncomingHttpHeaders, token: string): Refusal | undefined {
  const host = headers.host;
  if (!isLoopbackHost(host)) {
    return {
      status: 403,
      message: `Host ${shown(host ?? '')} refused: the control API answers only a loopback Host (127.0.0.1, localhost or [::1], with the port)`,
    };
  }
  const origin = single(headers.origin);
  if (origin !== undefined && !isLoopbackOrigin(origin)) {
    return {
      status: 403,
      message: `Origin ${shown(origin)} refused: the control API takes no requests from web pages of other sites (a loopback Origin, or none)`,
    };
  }
  const given = single(headers[CONTROL_TOKEN_HEADER.toLowerCase()]);
  if (!given) {
    return {
      status: 401,
      message: `missing ${CONTROL_TOKEN_HEADER} header: the control API needs the simulator's control token (printed on its start line unless set with --control-token)`,
    };
  }
  if (!sameToken(given, token)) return { status: 403, message: `${CONTROL_TOKEN_HEADER} is not this simulator's control token` };
  const hasBody = BODY_METHODS.has(method) || Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;
  const contentType = headers['content-type'] ?? '';
  if (hasBody && contentType.split(';')[0]!.trim().toLowerCase() !== 'application/json') {
    return {
      status: 415,
      message: `a control request with a body (and every POST, PUT or PATCH) must be Content-Type: application/json, not ${contentType ? shown(contentType) : 'none'}`,
    };
  }
  return undefined;
}

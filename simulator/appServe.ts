// The apps' URLs on a running simulator: `/__apps/<name>-<client id>/<path…>`, any method, no
// key (an app's URL is public), answered only to this machine (loopback peers), like the whole
// simulator by default. Its body is never read.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimCore } from './core';
import { EDGE_APPS_PATH } from './edgeAppUrl';
import { appBySlug, callEdgeApp } from './edgeRuntime';
import { writeReply } from './reply';

export const isAppPath = (pathname: string): boolean => pathname.startsWith(EDGE_APPS_PATH);

const isLoopback = (address: string | undefined): boolean =>
  address !== undefined && (address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address));

// The app shares the simulator's origin (the platform gives each its own): a page it answers runs
// sandboxed, in no origin, so it cannot read the simulator's other answers.
const GUARDS = { 'x-content-type-options': 'nosniff', 'content-security-policy': 'sandbox' };

export function serveApp(core: SimCore, req: IncomingMessage, res: ServerResponse, url: URL): void {
  const plain = (status: number, body: string) => writeReply(res, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...GUARDS }, body });
  // A body is not read: the socket closes after the answer rather than reading what follows.
  if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) res.setHeader('Connection', 'close');
  if (!isLoopback(req.socket.remoteAddress)) return plain(403, 'app URLs answer this machine only\n');
  const rest = url.pathname.slice(EDGE_APPS_PATH.length);
  const cut = rest.indexOf('/');
  const slug = cut < 0 ? rest : rest.slice(0, cut);
  const app = appBySlug(core.state, slug);
  if (!app) return plain(404, `no app answers at ${EDGE_APPS_PATH}${slug}\n`);
  const path = `${cut < 0 ? '/' : rest.slice(cut)}${url.search}`;
  const answer = callEdgeApp(core.state, app, { method: req.method ?? 'GET', path, clientIp: req.socket.remoteAddress ?? '127.0.0.1' }, core.now());
  writeReply(res, { status: answer.status, headers: { ...answer.headers, ...GUARDS }, body: answer.body });
}

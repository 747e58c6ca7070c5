// The HTTP server: reads each request, hands it to the control API or the platform API, and
// on close ends every socket and pending wait so nothing hangs.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { serveApi } from './apiRequest';
import { isAppPath, serveApp } from './appServe';
import { readUpload, type UploadedBody } from './binaryUpload';
import { BodySlots, BodyTooLarge, hasBody, JSON_BODY_LIMIT_BYTES } from './bodySlots';
import { serveControl } from './control';
import { controlRefusal } from './controlAccess';
import type { SimCore } from './core';
import { jsonReply, writeReply } from './reply';

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > JSON_BODY_LIMIT_BYTES) {
        // Read no further; the 413 is sent with Connection: close, which ends the socket.
        req.removeAllListeners('data');
        req.pause();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export class SimServer {
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();
  /** Pending waits (latency, trickle): each ends its wait with `false`. */
  readonly #waits = new Set<() => void>();
  readonly #bodies = new BodySlots();

  /** `controlToken`: what `X-Simulator-Token` must say for /__sim/ to answer. */
  constructor(
    private readonly core: SimCore,
    private readonly controlToken: string,
  ) {
    this.#server = createServer((req, res) => {
      this.#handle(req, res).catch((error: unknown) => {
        process.stderr.write(`simulator: ${error instanceof Error ? error.message : String(error)}\n`);
        writeReply(res, jsonReply(500, { error: 'Internal Server Error' }));
      });
    });
    this.#server.on('connection', (socket) => {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
  }

  listen(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(port, host, () => {
        this.#server.off('error', reject);
        resolve((this.#server.address() as AddressInfo).port);
      });
    });
  }

  close(): Promise<void> {
    for (const end of [...this.#waits]) end();
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    for (const socket of this.#sockets) socket.destroy();
    this.#server.closeAllConnections();
    return closed;
  }

  /** Bodies being read and requests waiting for a slot to read theirs. */
  bodyReads(): { reading: number; waiting: number } {
    return this.#bodies.counts();
  }

  readonly wait = (ms: number, res: ServerResponse): Promise<boolean> =>
    new Promise((resolve) => {
      if (res.destroyed) return resolve(false);
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        res.off('close', onClose);
        this.#waits.delete(onClose);
        resolve(ok);
      };
      const onClose = () => finish(false);
      const timer = setTimeout(() => finish(!res.destroyed), ms);
      res.once('close', onClose);
      this.#waits.add(onClose);
    });

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://simulator');
    if (isAppPath(url.pathname)) return serveApp(this.core, req, res, url);
    const isControl = url.pathname === '/__sim' || url.pathname.startsWith('/__sim/');
    // Refused before its body is read: a refused control request changes nothing.
    const refusal = isControl ? controlRefusal(req.method ?? 'GET', req.headers, this.controlToken) : undefined;
    if (refusal) {
      writeReply(res, jsonReply(refusal.status, { error: refusal.message }));
      return;
    }
    const body = hasBody(req);
    if (!isControl && this.core.checkAuth(req.headers.authorization) !== 'ok') {
      // Answered from its headers: the body is never read. Node discards what still arrives
      // until the answer is sent, then \`Connection: close\` ends the socket.
      if (body) res.setHeader('Connection', 'close');
      await serveApi(this.core, req, res, url, '', this.wait);
      return;
    }
    const release = body ? await this.#bodies.acquire(req) : () => undefined;
    if (!release) return;
    let bodyText = '';
    let upload: UploadedBody | undefined;
    try {
      // A binary's bytes are streamed through, never held: only their size, checksum and magic are kept.
      const match = isControl ? undefined : this.core.router.match(req.method ?? 'GET', url.pathname);
      if (match?.kind === 'found' && match.name === 'storeEdgeBinary') upload = await readUpload(req);
      else bodyText = await readBody(req);
    } catch (error) {
      if (error instanceof BodyTooLarge) writeReply(res, jsonReply(413, { error: 'Payload Too Large' }, { Connection: 'close' }));
      else req.destroy();
      return;
    } finally {
      release();
    }
    if (isControl) {
      serveControl(this.core, req.method ?? 'GET', url, bodyText, res);
      return;
    }
    await serveApi(this.core, req, res, url, bodyText, this.wait, upload);
  }
}

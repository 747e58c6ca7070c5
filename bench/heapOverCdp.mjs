// A heap snapshot over the Chrome DevTools Protocol, read as it streams (bench/heapSnapshot.mjs):
// from the extension host (Node's inspector, opened by the bench build: bench/extension/inspectHost.ts)
// or from the workbench page (Playwright's CDP session). Bench code (bench/tree.memory).
import { ws as WebSocket } from 'playwright-core/lib/utilsBundle';
import { analyse, snapshotReader } from './heapSnapshot.mjs';

/** A CDP session to the Node inspector listening on 127.0.0.1:`port`: { send, on, close }. */
export async function nodeInspector(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const socket = new WebSocket(targets[0].webSocketDebuggerUrl, { perMessageDeflate: false, maxPayload: 1 << 30 });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let next = 1;
  const pending = new Map();
  const listeners = new Map();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    if (message.id !== undefined) {
      const { resolve, reject } = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) reject(new Error(`${message.error.message} (${message.error.code})`));
      else resolve(message.result);
    } else listeners.get(message.method)?.(message.params);
  });
  return {
    send: (method, params = {}) =>
      new Promise((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve, reject });
        socket.send(JSON.stringify({ id, method, params }));
      }),
    on: (method, listener) => listeners.set(method, listener),
    close: () => socket.close(),
  };
}

/** Two forced GCs, then the used JS heap (`usedSize` from Runtime.getHeapUsage). */
export async function heapAfterGc(session) {
  await session.send('HeapProfiler.enable');
  await session.send('HeapProfiler.collectGarbage');
  await session.send('HeapProfiler.collectGarbage');
  return (await session.send('Runtime.getHeapUsage')).usedSize;
}

/** A heap snapshot (V8 forces a GC before it), parsed and analysed as its chunks come. */
export async function heapSnapshot(session) {
  const reader = snapshotReader();
  session.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => reader.feed(chunk));
  await session.send('HeapProfiler.enable');
  await session.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
  return analyse(reader.finish());
}

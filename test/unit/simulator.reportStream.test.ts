import assert from 'node:assert/strict';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startSimulator, type Simulator } from '../../simulator/index';
import { streamReply } from '../../simulator/reply';
import { SEEDED_REPORTS, SEEDED_RESULT_REPORTS } from '../../simulator/state/seedBilling';

const KEY = 'stream-key-b16d474';
let sim: Simulator;

const download = (uuid: string, query = '', signal?: AbortSignal): Promise<Response> =>
  fetch(`${sim.url}/billing/org/v1/reports/${uuid}/download${query}`, { headers: { Authorization: `apikey ${KEY}` }, signal });

before(async () => {
  sim = await startSimulator({ apiKey: KEY });
});
after(() => sim.close());

describe('a streamed answer', () => {
  /** An endless body of 64 KiB chunks that counts what it made and notes when it was stopped. */
  function endless() {
    const seen = { made: 0, stopped: false };
    const stream = function* () {
      try {
        for (;;) {
          seen.made++;
          yield Buffer.alloc(64 * 1024, 0x61);
        }
      } finally {
        seen.stopped = true;
      }
    };
    return { seen, stream };
  }

  async function serve(stream: () => Iterable<Uint8Array>): Promise<{ server: Server; port: number }> {
    const server = createServer((_req, res) => void streamReply(res, 200, { 'Content-Type': 'text/plain' }, stream));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, port: (server.address() as AddressInfo).port };
  }

  it('makes chunks only as the client reads them, and stops its generator when the client goes', async () => {
    const { seen, stream } = endless();
    const { server, port } = await serve(stream);
    try {
      await new Promise<void>((resolve, reject) => {
        get({ port, host: '127.0.0.1', path: '/' }, (res) => {
          res.once('data', () => {
            // The client stops reading: only socket buffers' worth can be made meanwhile.
            res.pause();
            setTimeout(() => {
              assert.ok(seen.made < 100, `made ${seen.made} chunks while the client read one`);
              assert.equal(seen.stopped, false);
              res.destroy();
              resolve();
            }, 300);
          });
        }).on('error', reject);
      });
      for (let i = 0; i < 100 && !seen.stopped; i++) await new Promise((r) => setTimeout(r, 10));
      assert.equal(seen.stopped, true, 'the generator was stopped (its finally ran)');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe('the large results', () => {
  it('the 500,000-row JSON is sent without being held whole: live memory stays far below its size', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const live = () => {
      gc();
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const baseline = live();
    let peak = 0;
    let received = 0;
    let nextSample = 0;
    const response = await download(SEEDED_RESULT_REPORTS.rows500k);
    assert.equal(response.status, 200);
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      received += chunk.length;
      if (received >= nextSample) {
        peak = Math.max(peak, live() - baseline);
        nextSample += 2 * 1024 * 1024;
      }
    }
    assert.ok(received > 35 * 1024 * 1024, `received ${received} bytes`);
    assert.ok(peak < 16 * 1024 * 1024, `live memory grew by ${Math.round(peak / 1024 / 1024)} MiB while ${Math.round(received / 1024 / 1024)} MiB went by`);
  });

  it('the ~200 MB CSV: its first bytes come at once (the header row), long before it could be made whole', async () => {
    const controller = new AbortController();
    const started = performance.now();
    const response = await download(SEEDED_RESULT_REPORTS.csv200MB, '?format=csv', controller.signal);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    const ms = performance.now() - started;
    controller.abort();
    assert.ok(new TextDecoder().decode(first.value).startsWith('client_id,company_name,product,plan,period,amount,currency\r\n'));
    assert.ok(ms < 5000, `first bytes after ${Math.round(ms)} ms`);
  });
});

describe('faults on the download', () => {
  const csvOf = async (query = '?format=csv') => {
    const response = await download(SEEDED_REPORTS.Completed, query);
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };

  it('huge: the result grows to the asked size in its own format, still well formed', async () => {
    sim.setFault({ route: 'downloadReport', kind: 'huge', bytes: 3 * 1024 * 1024, times: 1 });
    const { status, type, text } = await csvOf();
    assert.equal(status, 200);
    assert.match(type ?? '', /^text\/csv/);
    const size = Buffer.byteLength(text);
    assert.ok(size >= 3 * 1024 * 1024 && size < 3.2 * 1024 * 1024, `${size} bytes`);
    const lines = text.split('\r\n');
    assert.equal(lines.pop(), '', 'ends with a whole line');
    assert.ok(lines.length > 1900, 'past the task’s own 1,900 rows');
    assert.equal(lines[0], 'client_id,company_name,credit_type,granted,used,remaining,currency,comment');
    sim.setFault({ route: 'downloadReport', kind: 'huge', bytes: 2 * 1024 * 1024, times: 1 });
    const json = (await (await download(SEEDED_REPORTS.Completed)).json()) as { rows: unknown[] };
    assert.ok(json.rows.length > 1900, 'the JSON still parses, with more rows');
  });

  it('trickle: the same bytes, a few at a time', async () => {
    const plain = await csvOf('?format=json');
    sim.setFault({ route: 'downloadReport', kind: 'trickle', chunkBytes: 64 * 1024, ms: 5, times: 1 });
    const slow = await csvOf('?format=json');
    assert.equal(slow.status, 200);
    assert.equal(slow.text, plain.text);
  });

  it('reset, status: the connection fails, or the product error answers, before any of the result', async () => {
    sim.setFault({ route: 'downloadReport', kind: 'reset', times: 1 });
    await assert.rejects(download(SEEDED_REPORTS.Completed, '?format=csv'));
    sim.setFault({ route: 'downloadReport', kind: 'status', status: 503, times: 1 });
    const refused = await csvOf();
    assert.equal(refused.status, 503);
    assert.deepEqual(JSON.parse(refused.text), { detail: 'A server error occurred.' });
    assert.equal((await csvOf()).status, 200, 'the faults were for one request each');
  });
});

// The runtime's floor for Deploy to Edge App… (edge.deploy): a bare Node process (the extension
// host's Node) doing what the command does with the file and nothing else: its SHA-256 read in
// 1 MiB chunks, then the file posted as the body with global fetch, streamed from disk in 1 MiB
// reads (ReadableStream.from, duplex 'half', as src/platform/http.ts sends an upload). The key
// comes on stdin; it answers one JSON line: the upload's milliseconds, bytes sent, and the resident
// size, heap and array buffers growth over both passes (sampled every 100 ms, as the bench samples
// the extension host) after a small warm-up request, since the host has talked to the server before.
//
//   node bench/uploadFromFile.mjs <url> <file> <warm-up url>   (key on stdin)
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';

const [url, file, warmUrl] = process.argv.slice(2);
let key = '';
for await (const chunk of process.stdin) key += chunk;
const auth = { Authorization: `apikey ${key.trim()}` };

await (await fetch(warmUrl, { headers: auth })).arrayBuffer();
const { size } = await stat(file);
const memory = () => process.memoryUsage();
const before = memory();
const peak = { rss: before.rss, heap: before.heapUsed, buffers: before.arrayBuffers };
const sample = () => {
  const now = memory();
  peak.rss = Math.max(peak.rss, now.rss);
  peak.heap = Math.max(peak.heap, now.heapUsed);
  peak.buffers = Math.max(peak.buffers, now.arrayBuffers);
};
const sampler = setInterval(sample, 100);
const hash = createHash('sha256');
for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) hash.update(chunk);
hash.digest('hex');
const started = performance.now();
async function* chunks() {
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) yield new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}
const response = await fetch(url, {
  method: 'POST',
  headers: { ...auth, 'Content-Type': 'application/octet-stream', 'Content-Length': String(size) },
  body: ReadableStream.from(chunks()),
  duplex: 'half',
});
const answer = await response.text();
const ms = performance.now() - started;
clearInterval(sampler);
sample();
if (!response.ok) throw new Error(`HTTP ${response.status}: ${answer.slice(0, 200)}`);
console.log(
  JSON.stringify({
    ms,
    bytes: size,
    growth: peak.rss - before.rss,
    heapGrowth: peak.heap - before.heapUsed,
    buffersGrowth: peak.buffers - before.arrayBuffers,
  }),
);

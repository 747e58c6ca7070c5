// The runtime's floor for Save Report As… (reports.save): a bare Node process (the extension host's
// Node) fetching one URL to a file with global fetch and a stream pipeline, nothing else. The key
// comes on stdin; it answers one JSON line: milliseconds, bytes, and its resident size growth (sampled
// every 100 ms, as the bench samples the extension host) after a small warm-up fetch, since the host
// has fetched before it saves.
//
//   node bench/fetchToFile.mjs <url> <file> <accept> <warm-up url>   (key on stdin)
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const [url, file, accept, warmUrl] = process.argv.slice(2);
let key = '';
for await (const chunk of process.stdin) key += chunk;
const headers = { Authorization: `apikey ${key.trim()}`, Accept: accept };

await (await fetch(warmUrl, { headers })).arrayBuffer();
const before = process.memoryUsage().rss;
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
const started = performance.now();
const response = await fetch(url, { headers });
if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
await pipeline(Readable.fromWeb(response.body), createWriteStream(file));
const ms = performance.now() - started;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
console.log(JSON.stringify({ ms, bytes: (await stat(file)).size, growth: peak - before }));

// The text of a log line, made from its seed: the same seed always gives the same message.
// Choices come from hashed bits of the seed, not a PRNG object: 100,000 lines are built per request.

const PATHS = ['/', '/healthz', '/api/v1/items', '/api/v1/orders/42', '/resize?w=320&h=240', '/export?month=2026-04', '/webhook'];
const AGENTS = ['python-requests/2.25.1', 'curl/8.5.0', 'Go-http-client/1.1', 'Mozilla/5.0', 'kube-probe/1.29'];
const WARNINGS = ['slow upstream response', 'retrying request to storage', 'cache miss ratio above 40%', 'memory usage at 85% of limit'];
const ERRORS = [
  'upstream timed out after 30s',
  'failed to decode payload: unexpected EOF',
  'connection refused by 10.0.3.7:5432',
  'panic recovered: index out of range',
];
const STATUSES = [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 201, 204, 404];

/** A 32-bit integer hash (lowbias32). */
function mix(value: number): number {
  let x = value >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return (x ^ (x >>> 16)) >>> 0;
}

const pick = <T>(items: readonly T[], bits: number): T => items[bits % items.length] as T;

/** ` 2026/05/23 05:07:31 INFO 192.168.1.7:41386 "GET / HTTP/1.1" 200 14ms curl/8.5.0 req=0a1b2c3d` */
export function logMessage(seed: number, stamp: string): string {
  const a = mix(seed);
  const b = mix(a ^ 0x9e3779b9);
  const id = seed.toString(16).padStart(8, '0');
  const level = a % 100;
  if (level < 5) return ` ${stamp} ERROR ${pick(ERRORS, a >>> 8)} req=${id}`;
  if (level < 15) return ` ${stamp} WARN ${pick(WARNINGS, a >>> 8)} req=${id}`;
  const ip = `192.168.${b & 255}.${((b >>> 8) % 254) + 1}:${30000 + ((b >>> 16) % 30000)}`;
  return ` ${stamp} INFO ${ip} "GET ${pick(PATHS, a >>> 8)} HTTP/1.1" ${pick(STATUSES, a >>> 12)} ${((a >>> 16) % 250) + 1}ms ${pick(AGENTS, a >>> 20)} req=${id}`;
}

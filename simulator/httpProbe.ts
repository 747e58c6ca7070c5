// Raw HTTP calls for tests and benchmarks: status, headers, text and the JSON if it parses.
// Deliberately not the extension's client, so the simulator is checked on its own.

export interface ProbeResult {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body; undefined when empty or not JSON. */
  json: unknown;
  ms: number;
}

export interface ProbeOptions {
  /** The key for `Authorization: apikey <key>`; null sends no header. */
  apiKey: string | null;
  body?: unknown;
  /** Sent as is instead of `body` (broken JSON). */
  rawBody?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function probe(baseUrl: string, method: string, path: string, options: ProbeOptions): Promise<ProbeResult> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.apiKey !== null) headers.Authorization = `apikey ${options.apiKey}`;
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body, signal: options.signal });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json, ms: performance.now() - started };
}

// Where an edge app answers. On the platform, `https://<name>-<client>.fastedge.app`; a running
// simulator serves each app itself, below its own loopback origin, so the URL it hands out works.

/** The path every app's URL begins with on a running simulator: `/__apps/<name>-<client id>/`. */
export const EDGE_APPS_PATH = '/__apps/';

/** The app's URL: on the simulator's `origin` when it listens, else the platform's form (state made without a server). */
export function edgeAppUrl(origin: string | undefined, name: string, clientId: number): string {
  return origin === undefined ? `https://${name}-${clientId}.fastedge.app` : `${origin}${EDGE_APPS_PATH}${name}-${clientId}`;
}

/** The origin app URLs take for a server bound to `host`: a wildcard address is reached through loopback. */
export function appOrigin(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '') return `http://127.0.0.1:${port}`;
  if (host === '::' || host === '[::]') return `http://[::1]:${port}`;
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}

// A platform with one Completed report task whose result a test writes (hostile headers and
// cells): what the simulator's generated results cannot be.
import { createServer, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const REPORT_UUID = '0d3c3b7e-1111-4a6e-9c1d-00000000beef';
const UUID = REPORT_UUID;

/** A platform whose one report task is Completed and whose result is what `download` writes. */
export async function reportServer(download: (res: ServerResponse) => void, template: string = 'BigReport'): Promise<{ url: string; close(): Promise<void> }> {
  const server: HttpServer = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === `/billing/org/v1/reports/${UUID}`) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ uuid: UUID, status: 'Completed', task_type: 'Report', created_at: '2026-11-20T10:00:00Z', parameters: { type: template } }));
    } else if (path === `/billing/org/v1/reports/${UUID}/download`) download(res);
    else {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"detail":"Not found."}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

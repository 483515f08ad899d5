import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AtolDriverFake, atolCorsHeaders, createAtolDriver } from '../../demo/atol-driver-fake.ts';

/**
 * The ATOL driver fake on a loopback port, as the real web server listens on the cashier's
 * computer. stop() and start() again on the same port play a register switched off and back on
 * (its tasks kept, as the real service keeps them).
 */
export async function startAtolDriverServer(driver: AtolDriverFake = createAtolDriver(), port = 0) {
  let server: Server | null = null;
  let bound = port;
  const start = async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const cors = atolCorsHeaders(req.headers.origin);
        if (req.method === 'OPTIONS') {
          res.writeHead(204, cors).end();
          return;
        }
        const answer = driver.handle(req.method ?? 'GET', (req.url ?? '/').split('?')[0] ?? '/', Buffer.concat(chunks).toString('utf8'));
        res.writeHead(answer.status, { ...cors, 'content-type': 'application/json; charset=utf-8' }).end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server?.listen(bound, '127.0.0.1', resolve));
    bound = (server?.address() as AddressInfo).port;
  };
  await start();
  return {
    driver,
    get base() {
      return `http://127.0.0.1:${bound}`;
    },
    start,
    async stop() {
      const s = server;
      server = null;
      if (!s) return;
      const closed = new Promise<void>((resolve) => s.close(() => resolve()));
      // Kept-alive sockets would hold close() open; a register switched off drops them.
      s.closeAllConnections();
      await closed;
    },
  };
}

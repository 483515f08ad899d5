import { createServer } from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until GET url answers 200, or the process dies, or the time runs out. */
export async function waitForHttp(url: string, options: { timeoutMs: number; alive: () => boolean; what: string }) {
  const until = Date.now() + options.timeoutMs;
  while (Date.now() < until) {
    if (!options.alive()) throw new Error(`${options.what} exited before answering ${url}`);
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`${options.what} did not answer ${url} within ${options.timeoutMs / 1000} s`);
}

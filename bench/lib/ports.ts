export { freePort } from '../../tests/pg-cluster.ts';

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

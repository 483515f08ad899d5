import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'main.ts');

export type SpawnedServer = {
  child: ChildProcess;
  /** http://127.0.0.1:<port> once it listens. */
  url: string;
  output(): string;
  /** Resolves with the exit code (null after a signal) once the process has exited. */
  exited: Promise<number | null>;
};

/**
 * Starts main.ts as production does (its own process, port 0) with env over the test's
 * environment; resolves once it listens, or rejects with its output when it exits first.
 */
export function spawnServer(env: Record<string, string>, timeoutMs = 60_000): Promise<SpawnedServer> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', DEMO: '0', JOBS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = () => {
      const port = /Storefront is running at http:\/\/[^:]+:(\d+)/.exec(output)?.[1];
      if (!port) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve({ child, url: `http://127.0.0.1:${port}`, output: () => output, exited });
    };
    child.stdout?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`the server exited (${code}) before listening:\n${output}`), { code, output }));
    });
  });
}

/** Kills what is still running of the given servers (a test's cleanup) and waits for each to exit. */
export async function killLeftovers(...servers: readonly (SpawnedServer | undefined)[]): Promise<void> {
  for (const server of servers) {
    if (!server || server.child.exitCode !== null || server.child.signalCode !== null) continue;
    server.child.kill('SIGKILL');
    await server.exited;
  }
}

/**
 * The per-client limits turned off, for a server whose every client is one test or bench
 * process on one address (the limits would refuse them; their own tests turn each on).
 */
export const ONE_ADDRESS_LIMITS_OFF: Readonly<Record<string, string>> = {
  HOLD_LIMIT_ORDERS: '0',
  HOLD_LIMIT_PLACES: '0',
  ORDER_BURST_CAPTCHA: '0',
  CAPTCHA_RATE_LIMIT: '0',
  PAY_RATE_LIMIT: '0',
  RETURN_RATE_LIMIT: '0',
};

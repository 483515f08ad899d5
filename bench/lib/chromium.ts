import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitForHttp } from './ports.ts';
import { CHROMIUM } from './web.ts';

/**
 * Debian's Chromium, headless, with the DevTools protocol on a free port (what Lighthouse drives),
 * and a throw-away profile so that every run starts with an empty cache.
 */
export async function launchChromium(): Promise<{ port: number; kill: () => Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'storefront-chromium-'));
  const child = spawn(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      '--no-first-run',
      '--no-default-browser-check',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`http://127.0.0.1:${port}/json/version`, {
      timeoutMs: 30_000,
      alive: () => child.exitCode === null,
      what: 'Chromium',
    });
  } catch (error) {
    await kill();
    throw error;
  }
  return { port, kill };
}

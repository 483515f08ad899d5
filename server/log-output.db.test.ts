import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpawnedServer, killLeftovers, spawnServer } from '../tests/spawn-server.ts';

// The production entry with its output on a pipe (as under a service manager or a container):
// every log line is one JSON object a log collector can parse, not pino-pretty's text.
let dir: string;
let server: SpawnedServer;
beforeAll(async () => {
  // An empty folder: a venue's first start (initdb and every migration) is proven here too; the
  // other files that start a server give it a migrated one (docs/codebase.md, 'The suite's time').
  dir = mkdtempSync(path.join(tmpdir(), 'storefront-log-'));
  server = await spawnServer({ DATA_DIR: dir, LOG_LEVEL: 'info' });
}, 120_000);
afterAll(async () => {
  await killLeftovers(server);
  rmSync(dir, { recursive: true, force: true });
});

describe('the log of a server whose output is not a terminal', () => {
  it('is JSON, one object a line', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // Fastify's own records, wherever they are: besides them the start and the stop print a few
    // plain sentences for the operator (server/start.ts, graceful-shutdown.ts), which are no log.
    const logLines = server
      .output()
      .split('\n')
      .filter((line) => /Server listening|incoming request|request completed/.test(line));
    expect(logLines.length).toBeGreaterThanOrEqual(3);
    const records = logLines.map((line) => JSON.parse(line) as { level: unknown; msg: unknown; req?: { url?: string } });
    for (const record of records) expect(record).toMatchObject({ level: expect.any(Number), msg: expect.any(String) });
    expect(records.some((record) => record.msg === 'incoming request' && record.req?.url === '/healthz')).toBe(true);
  });
});

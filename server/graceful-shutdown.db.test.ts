import { mkdtempSync, rmSync } from 'node:fs';
import { type Socket, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from '../tests/harness.ts';
import { type SpawnedServer, killLeftovers, spawnServer } from '../tests/spawn-server.ts';
import { DRAIN_MS } from './graceful-shutdown.ts';

// SIGTERM while a request is under way: it finishes, a new request on a kept-alive connection is
// told to come back (503 -1029, Retry-After, Connection: close), and the process exits 0.
let dir: string;
let server: SpawnedServer;
beforeAll(async () => {
  dir = await migratedDataDir(mkdtempSync(path.join(tmpdir(), 'storefront-stop-')));
  // JOBS on: the shutdown stops the background jobs too.
  server = await spawnServer({ DATA_DIR: dir, JOBS: '1' });
}, 120_000);
afterAll(async () => {
  await killLeftovers(server);
  rmSync(dir, { recursive: true, force: true });
});

type RawAnswer = { status: number; headers: Record<string, string>; body: string };

/** A kept-alive HTTP/1.1 connection that reads whole answers (Content-Length bodies). */
async function openConnection(url: string) {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let buffer = '';
  let waiting: (() => void) | undefined;
  socket.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    waiting?.();
  });
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('close', () => waiting?.());
  const answer = () =>
    new Promise<RawAnswer>((resolve, reject) => {
      const check = () => {
        const end = buffer.indexOf('\r\n\r\n');
        if (end >= 0) {
          const [statusLine = '', ...lines] = buffer.slice(0, end).split('\r\n');
          const headers = Object.fromEntries(
            lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
          );
          const length = Number(headers['content-length'] ?? 0);
          if (buffer.length >= end + 4 + length) {
            const body = buffer.slice(end + 4, end + 4 + length);
            buffer = buffer.slice(end + 4 + length);
            waiting = undefined;
            return resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
          }
        }
        if (socket.destroyed) reject(new Error(`connection closed before a whole answer: ${JSON.stringify(buffer)}`));
      };
      waiting = check;
      check();
    });
  return { socket, answer, ended, send: (text: string) => socket.write(text) };
}

describe('SIGTERM stops the server gracefully', () => {
  it('finishes the request under way, answers a new one 503 -1029, closes and exits 0', async () => {
    const host = `Host: ${new URL(server.url).host}\r\n`;
    // A CSRF token for the POST, on the connection that will carry it.
    const slow = await openConnection(server.url);
    slow.send(`GET /api/token HTTP/1.1\r\n${host}\r\n`);
    const token = (JSON.parse((await slow.answer()).body) as { token: string }).token;
    const idle = await openConnection(server.url);
    idle.send(`GET /healthz HTTP/1.1\r\n${host}\r\n`);
    expect((await idle.answer()).status).toBe(200);

    // A POST whose body is half sent: the request is under way when SIGTERM comes.
    const body = JSON.stringify({ hash: 'no-such-event', lang: 'en' });
    slow.send(
      `POST /api/no-scheme HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-CSRF-TOKEN: ${token}\r\nX-Requested-With: XMLHttpRequest\r\n\r\n${body.slice(0, 10)}`,
    );
    // The server has read its headers once a request on another connection gets its answer.
    idle.send(`GET /healthz HTTP/1.1\r\n${host}\r\n`);
    expect((await idle.answer()).status).toBe(200);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('SIGTERM: shutting down');

    // A new request on a kept-alive connection: come back later, and the connection closes.
    idle.send(`GET /api/setup?lang=en HTTP/1.1\r\n${host}\r\n`);
    const refused = await idle.answer();
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers.connection).toBe('close');
    expect(JSON.parse(refused.body)).toEqual({ errorCode: '-1029', errorText: 'Too many requests. Please wait a moment and try again.' });
    await idle.ended;

    // The request under way gets its whole answer (the route's own: no such event).
    slow.send(body.slice(10));
    const finished = await slow.answer();
    expect(finished.status).toBe(404);
    expect(JSON.parse(finished.body)).toMatchObject({ errorCode: '-1004' });
    await slow.ended;

    expect(await server.exited).toBe(0);
    // Not the drain's time-out: it stopped as soon as nothing was under way.
    expect(Date.now() - signalled).toBeLessThan(DRAIN_MS);

    // Every step after the drain finished within its limit, and the stop says how long it took.
    expect(server.output()).not.toMatch(/^shutdown: /m);
    expect(server.output()).toMatch(/^SIGTERM: stopped in \d+\.\d s \(requests and connections /m);
    expect(server.output()).not.toMatch(/^\s+at /m);
  }, 60_000);
});

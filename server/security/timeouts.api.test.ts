import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../tests/harness.ts';
import { CONNECTION_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(() => t.close());

describe('the HTTP server bounds slow clients', () => {
  it('gives a client 30 s to send a whole request, headers included (Node defaults to 300 s)', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(t.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(t.app.server.headersTimeout).toBeGreaterThan(0);
    expect(t.app.server.headersTimeout).toBeLessThanOrEqual(REQUEST_TIMEOUT_MS);
  });

  it('closes a socket idle for 2 minutes, and keeps an idle keep-alive connection 72 s', () => {
    expect(t.app.server.timeout).toBe(CONNECTION_TIMEOUT_MS);
    expect(t.app.server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
  });

  it('still serves a request sent in pieces within the time', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1');
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
        if (text.includes('\r\n\r\n')) {
          socket.destroy();
          resolve(text);
        }
      });
      socket.on('error', reject);
      socket.write('GET /api/token HTTP/1.1\r\n');
      setTimeout(() => socket.write('Host: 127.0.0.1\r\n\r\n'), 50);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  });
});

import { vi } from 'vitest';
import type { TestApp } from './harness.ts';

/**
 * Sends the web app's fetch calls to the test app (app.inject, no network), so that a page
 * rendered in jsdom talks to the real server and database: a page test can then drive the
 * server's own state (the clock, the jobs) instead of a made-up answer. Undone by
 * vi.unstubAllGlobals().
 */
export function fetchThroughApp(t: TestApp) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const res = await t.app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url,
      headers: Object.fromEntries(new Headers(init.headers)),
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'text/plain') },
    });
  });
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiGet, apiPost, resetCsrfToken } from './api.ts';

type Call = { url: string; init: RequestInit };

/** A fetch that answers from a list, recording each request. */
function fakeFetch(answers: Array<{ status?: number; body: unknown } | Error>) {
  const calls: Call[] = [];
  const queue = [...answers];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = queue.shift();
    if (!next) throw new Error(`unexpected request ${url}`);
    if (next instanceof Error) throw next;
    return new Response(JSON.stringify(next.body), { status: next.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

const header = (call: Call | undefined, name: string) => new Headers(call?.init.headers).get(name);
const answer = z.object({ errorCode: z.string(), errorText: z.string(), hash: z.string() });

beforeEach(() => resetCsrfToken());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('apiGet', () => {
  it('parses the answer with the schema and sends X-Requested-With, without a CSRF token', async () => {
    const calls = fakeFetch([{ body: { token: 'x', extra: 1 } }]);
    await expect(apiGet('/api/thing', z.object({ token: z.string() }))).resolves.toEqual({ token: 'x' });
    expect(header(calls[0], 'X-Requested-With')).toBe('XMLHttpRequest');
    expect(header(calls[0], 'X-CSRF-TOKEN')).toBeNull();
  });

  it('turns an answer that does not match the schema into -9999', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeFetch([{ body: { unexpected: true } }]);
    await expect(apiGet('/api/thing', z.object({ token: z.string() }))).rejects.toMatchObject({ code: '-9999' });
  });

  it('loads a lazily given schema and checks the answer with it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn(async () => z.object({ token: z.string() }));
    fakeFetch([{ body: { token: 'x', extra: 1 } }, { body: { unexpected: true } }]);
    await expect(apiGet('/api/thing', load)).resolves.toEqual({ token: 'x' });
    await expect(apiGet('/api/thing', load)).rejects.toMatchObject({ code: '-9999' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('in a production build trusts the answer and loads no schema (docs/first-load.md)', async () => {
    vi.stubEnv('DEV', false);
    vi.resetModules();
    try {
      const production = await import('./api.ts');
      const load = vi.fn(async () => z.object({ token: z.string() }));
      fakeFetch([{ body: { token: 'x', extra: 1 } }, { status: 404, body: { errorCode: -1004, errorText: 'нет' } }]);
      await expect(production.apiGet('/api/thing', load)).resolves.toEqual({ token: 'x', extra: 1 });
      // Business errors are still read without a schema, the code as a number too.
      await expect(production.apiGet('/api/thing', load)).rejects.toMatchObject({ code: '-1004', text: 'нет', status: 404 });
      expect(load).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });
});

describe('apiPost', () => {
  it('fetches the CSRF token once and sends it with every call', async () => {
    const ok = { body: { errorCode: '0', errorText: '', hash: 'h' } };
    const calls = fakeFetch([{ body: { token: 'tok1' } }, ok, ok]);
    await apiPost('/api/order/create', { a: 1 }, answer);
    await apiPost('/api/order/create', { a: 2 }, answer);
    expect(calls.map((call) => call.url)).toEqual(['/api/token', '/api/order/create', '/api/order/create']);
    expect(header(calls[1], 'X-CSRF-TOKEN')).toBe('tok1');
    expect(header(calls[2], 'X-CSRF-TOKEN')).toBe('tok1');
    expect(header(calls[1], 'Content-Type')).toBe('application/json');
    expect(calls[2]?.init.body).toBe('{"a":2}');
  });

  it('refetches the token and retries once after a 403 with -1000', async () => {
    const calls = fakeFetch([
      { body: { token: 'old' } },
      { status: 403, body: { errorCode: '-1000', errorText: 'stale' } },
      { body: { token: 'new' } },
      { body: { errorCode: '0', errorText: '', hash: 'h2' } },
    ]);
    await expect(apiPost('/api/order/view', {}, answer)).resolves.toMatchObject({ hash: 'h2' });
    expect(header(calls[3], 'X-CSRF-TOKEN')).toBe('new');
  });

  it('gives up after one retry', async () => {
    const stale = { status: 403, body: { errorCode: '-1000', errorText: 'stale' } };
    fakeFetch([{ body: { token: 'a' } }, stale, { body: { token: 'b' } }, stale]);
    await expect(apiPost('/api/order/view', {}, answer)).rejects.toMatchObject({ code: '-1000', text: 'stale', status: 403 });
  });

  it.each([
    {
      description: 'a business error with HTTP 200',
      status: 200,
      body: { errorCode: '-9998', errorText: 'limit' },
      code: '-9998',
      text: 'limit',
    },
    {
      description: 'a business error with HTTP 400',
      status: 400,
      body: { errorCode: '-1002', errorText: 'check' },
      code: '-1002',
      text: 'check',
    },
    { description: 'a numeric error code', status: 200, body: { errorCode: -9997, errorText: 'pay' }, code: '-9997', text: 'pay' },
    { description: 'an HTTP 500 without a code (inner error)', status: 500, body: 'oops', code: '-9999', text: '' },
  ])('turns $description into ApiError $code', async ({ status, body, code, text }) => {
    fakeFetch([{ body: { token: 't' } }, { status, body }]);
    const error: unknown = await apiPost('/api/x', {}, answer).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code, text });
  });

  it('only logs a network failure and reports it as -9999', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeFetch([{ body: { token: 't' } }, new TypeError('Failed to fetch')]);
    await expect(apiPost('/api/x', {}, answer)).rejects.toMatchObject({ code: '-9999', text: '' });
    expect(log).toHaveBeenCalledOnce();
  });
});

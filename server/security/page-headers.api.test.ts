import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../tests/harness.ts';
import { saveSetup } from '../setup/setup.repository.ts';

const FIRST_PAINT_CSS = 'body{margin:0}.boot{display:flex}';
const INDEX_HTML = `<!doctype html>\n<html lang="ru">\n  <head>\n    <title>Билеты</title>\n    <style>${FIRST_PAINT_CSS}</style>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let webDist: string;
let t: TestApp;
let embeddable: TestApp;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'page-headers-'));
  mkdirSync(path.join(webDist, '.vite'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  mkdirSync(path.join(webDist, 'admin'));
  mkdirSync(path.join(webDist, 'checkin'));
  writeFileSync(path.join(webDist, 'admin', 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webDist, 'checkin', 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webDist, 'embed-demo.html'), '<!doctype html><script>document.title = "demo"</script>');
  writeFileSync(path.join(webDist, '.vite', 'manifest.json'), '{}');
  t = await createTestApp({ demo: false, webDist });
  embeddable = await createTestApp({ demo: false, webDist, config: { embedOrigins: ['https://venue.example'] } });
});
afterAll(async () => {
  await t.close();
  await embeddable.close();
  rmSync(webDist, { recursive: true, force: true });
});

const directives = (policy: unknown) =>
  String(policy)
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);

describe('the Content-Security-Policy of pages', () => {
  it.each([
    { url: '/', status: 200, encoding: undefined },
    { url: '/event/no-such-event', status: 404, encoding: undefined },
    // An address Fastify cannot decode skips the hooks; its page gets the headers all the same.
    { url: '/%ZZ', status: 404, encoding: undefined },
    { url: '/?lang=en', status: 200, encoding: 'br' },
  ])('sends the page policy with $url ($status, encoding $encoding)', async ({ url, status, encoding }) => {
    const res = await t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
    expect(res.statusCode).toBe(status);
    const policy = directives(res.headers['content-security-policy']);
    expect(policy).toEqual(
      expect.arrayContaining([
        "default-src 'self'",
        // reCAPTCHA is off in this setup: no Google origin may run a script or show a frame.
        "script-src 'self'",
        "frame-src 'self'",
        `style-src 'self' 'sha256-${createHash('sha256').update(FIRST_PAINT_CSS).digest('base64')}'`,
        "style-src-attr 'unsafe-inline'",
        "img-src 'self' data: blob: https:",
        "media-src 'self' data:",
        "object-src 'none'",
        "form-action 'self'",
        "frame-ancestors 'self'",
      ]),
    );
    // No inline script may run: the page's inline blocks are JSON data.
    expect(policy.find((d) => d.startsWith('script-src '))).not.toMatch(/unsafe-inline|unsafe-eval/);
    // Nor can injected markup bring a <style>: only the built page's own, by hash.
    expect(policy.find((d) => d.startsWith('style-src '))).not.toMatch(/unsafe-inline/);
  });

  it("allows Google's scripts only on storefront pages with reCAPTCHA on, never on /admin or /checkin", async () => {
    const scriptsOf = async (url: string) =>
      directives((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']).filter((d) =>
        /^(script|frame)-src /.test(d),
      );
    for (const url of ['/', '/admin', '/checkin']) expect(await scriptsOf(url)).toEqual(["script-src 'self'", "frame-src 'self'"]);
    await saveSetup(t.db, { recaptcha: { enabled: true, sitekey: 'site-key' } });
    t.clock.advance(6000); // past the setup cache
    try {
      expect(await scriptsOf('/')).toEqual([
        "script-src 'self' https://www.google.com https://www.gstatic.com",
        "frame-src 'self' https://www.google.com https://recaptcha.google.com",
      ]);
      for (const url of ['/admin', '/admin/staff', '/checkin'])
        expect(await scriptsOf(url)).toEqual(["script-src 'self'", "frame-src 'self'"]);
    } finally {
      await saveSetup(t.db, {});
      t.clock.advance(6000);
    }
  });

  it("allows Yandex SmartCaptcha's origin only on storefront pages with SmartCaptcha on", async () => {
    const sourcesOf = async (url: string) =>
      directives((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']).filter((d) =>
        /^(script|frame|connect)-src /.test(d),
      );
    await saveSetup(t.db, { smartcaptcha: { enabled: true, sitekey: 'ysc1_client' } });
    t.clock.advance(6000); // past the setup cache
    try {
      expect(await sourcesOf('/')).toEqual([
        "script-src 'self' https://smartcaptcha.yandexcloud.net",
        "connect-src 'self' https://smartcaptcha.yandexcloud.net",
        "frame-src 'self' https://smartcaptcha.yandexcloud.net",
      ]);
      for (const url of ['/admin', '/checkin'])
        expect(await sourcesOf(url)).toEqual(["script-src 'self'", "connect-src 'self'", "frame-src 'self'"]);
    } finally {
      await saveSetup(t.db, {});
      t.clock.advance(6000);
    }
  });

  it('keeps the embed code frame-ancestors, once, after the page policy', async () => {
    const res = await embeddable.get('/');
    const policy = directives(res.headers['content-security-policy']);
    expect(policy.filter((d) => d.startsWith('frame-ancestors'))).toEqual(["frame-ancestors 'self' https://venue.example"]);
    expect(policy[0]).toBe("default-src 'self'");
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it.each(['/api/setup', '/api/no-such-call'])('sends no page policy with the JSON answer of %s, only frame-ancestors', async (url) => {
    const res = await t.get(url);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-security-policy']).toBe("frame-ancestors 'self'");
  });

  it.each(['/embed-demo.html', '/api/docs'])('leaves %s, which runs inline scripts, to frame-ancestors alone', async (url) => {
    const res = await t.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toBe("frame-ancestors 'self'");
  });
});

describe('headers of every answer', () => {
  it.each(['/', '/api/setup', '/api/no-such-call', '/embed-demo.html', '/api/%ZZ'])(
    'sends nosniff, the referrer policy and a request id with %s',
    async (url) => {
      const res = await t.get(url);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-request-id']).toMatch(UUID);
    },
  );

  it('sends them with a refusal too (403 of the CSRF check)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/order/create', payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('gives each request its own id', async () => {
    const [a, b] = await Promise.all([t.get('/api/setup'), t.get('/api/setup')]);
    expect(a?.headers['x-request-id']).not.toBe(b?.headers['x-request-id']);
  });

  it('keeps a sane X-Request-Id of a proxy in front', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/setup', headers: { 'x-request-id': 'lb-7f3a.42:1' } });
    expect(res.headers['x-request-id']).toBe('lb-7f3a.42:1');
  });

  it.each([
    { description: 'spaces and a fake log line', id: 'abc {"level":60} x' },
    { description: 'an id over 128 characters', id: 'a'.repeat(129) },
    { description: 'markup', id: '<script>' },
    { description: 'an empty id', id: '' },
  ])('replaces an X-Request-Id of $description with its own', async ({ id }) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/setup', headers: { 'x-request-id': id } });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  // The header over HTTPS (through a trusted proxy) is tested in trust-proxy.api.test.ts.
  it('sends no Strict-Transport-Security over plain HTTP, nor when an untrusted client claims HTTPS', async () => {
    const plain = await t.get('/api/setup');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const claimed = await t.app.inject({ method: 'GET', url: '/api/setup', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });
});

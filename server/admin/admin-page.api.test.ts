import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../tests/harness.ts';

// A built app in miniature with both entries: the storefront's index.html and the back office's.
const STOREFRONT_HTML = '<!doctype html>\n<html lang="ru"><head><title>Билеты</title></head><body><div id="root"></div></body></html>\n';
const ADMIN_HTML = '<!doctype html>\n<html lang="ru"><head><title>Бэк-офис</title></head><body><div id="root"></div></body></html>\n';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'admin-dist-'));
  mkdirSync(path.join(webDist, 'admin'));
  mkdirSync(path.join(webDist, '.vite'));
  writeFileSync(path.join(webDist, 'index.html'), STOREFRONT_HTML);
  writeFileSync(path.join(webDist, 'admin', 'index.html'), ADMIN_HTML);
  writeFileSync(
    path.join(webDist, '.vite', 'manifest.json'),
    JSON.stringify({ 'index.html': { file: 'assets/index-1.js', isEntry: true } }),
  );
  t = await createTestApp({ demo: false, webDist, config: { embedOrigins: ['https://venue.example'] } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the back office page', () => {
  it.each(['/admin', '/admin/', '/admin/staff', '/admin/orders/42?lang=en'])(
    'serves the back office at %s, never framed, kept out of search engines',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(ADMIN_HTML);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.headers['x-frame-options']).toBe('DENY');
      const policy = String(res.headers['content-security-policy']);
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toContain('venue.example');
    },
  );

  it("leaves the storefront as it was: its own page, framable by the venue's site", async () => {
    for (const url of ['/', '/administrator']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('Бэк-офис');
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self' https://venue.example");
    }
  });

  it('answers the admin API never framed either', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/me' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});

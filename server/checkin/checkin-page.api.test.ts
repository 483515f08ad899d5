import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../tests/harness.ts';

// A built app in miniature with the storefront's page and the check-in page.
const STOREFRONT_HTML = '<!doctype html>\n<html lang="ru"><head><title>Билеты</title></head><body><div id="root"></div></body></html>\n';
const CHECKIN_HTML =
  '<!doctype html>\n<html lang="ru"><head><title>Контроль билетов</title></head><body><div id="root"></div></body></html>\n';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'checkin-dist-'));
  mkdirSync(path.join(webDist, 'checkin'));
  mkdirSync(path.join(webDist, '.vite'));
  writeFileSync(path.join(webDist, 'index.html'), STOREFRONT_HTML);
  writeFileSync(path.join(webDist, 'checkin', 'index.html'), CHECKIN_HTML);
  writeFileSync(path.join(webDist, 'checkin-sw.js'), 'self.addEventListener("fetch", () => {});\n');
  writeFileSync(path.join(webDist, 'checkin.webmanifest'), '{"name":"Контроль билетов","start_url":"/checkin"}\n');
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

describe('the check-in page', () => {
  it.each(['/checkin', '/checkin/', '/checkin?lang=en'])(
    'serves the check-in page at %s, never framed, kept out of search engines',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(CHECKIN_HTML);
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    },
  );

  it('serves its service worker and manifest, and leaves the storefront its own page', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/checkin-sw.js' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/checkin.webmanifest' })).statusCode).toBe(200);
    const store = await t.app.inject({ method: 'GET', url: '/checkins' });
    expect(store.body).not.toContain('Контроль билетов');
  });
});

import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../tests/harness.ts';

// A built app in miniature: index.html, one hashed asset with its precompressed copy, Vite's manifest.
const INDEX_HTML =
  '<!doctype html>\n<html lang="ru">\n  <head>\n    <title>Билеты</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';
const ASSET = 'console.log("app");\n'.repeat(50);
const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true },
  'features/afisha/afisha-page.tsx': { file: 'assets/afisha-page-1.js' },
};

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'spa-dist-'));
  mkdirSync(path.join(webDist, 'assets'));
  mkdirSync(path.join(webDist, '.vite'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webDist, 'assets', 'index-1.js'), ASSET);
  writeFileSync(path.join(webDist, 'assets', 'index-1.js.br'), brotliCompressSync(ASSET));
  writeFileSync(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  t = await createTestApp({ demo: false, webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('serving the built app', () => {
  it.each([
    { accept: 'gzip, deflate, br', encoding: 'br', decode: (body: Buffer) => brotliDecompressSync(body).toString() },
    { accept: 'gzip, deflate', encoding: 'gzip', decode: (body: Buffer) => gunzipSync(body).toString() },
    { accept: '', encoding: undefined, decode: (body: Buffer) => body.toString() },
  ])('sends the page compressed as the browser accepts ($accept), with its preload hints', async ({ accept, encoding, decode }) => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: accept ? { 'accept-encoding': accept } : {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = decode(res.rawPayload);
    expect(html).toContain('<link rel="preload" as="fetch" href="/api/setup" crossorigin>');
    // The listing's answer comes inside the page (server/spa-first-answer.ts), not as a request of its own.
    expect(html).not.toContain('href="/api/afisha"');
    const inlined = /<script type="application\/json" id="afisha-answer">([^<]*)<\/script>/.exec(html);
    const afisha = await t.get('/api/afisha');
    expect(JSON.parse(inlined?.[1] ?? 'null')).toEqual({ lang: 'ru', saleOffsets: {}, answer: afisha.json() });
    expect(html.indexOf('id="afisha-answer"')).toBeGreaterThan(html.indexOf('<body>'));
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/afisha-page-1.js">');
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
  });

  it('serves a hashed asset precompressed, cached for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-1.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ASSET);
  });

  it.each(['/%ZZ', '/event/%E0%A4%A', '/order/%'])(
    'answers a page address it cannot decode (%s) with the app and 404, not a bare error',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root"></div>');
    },
  );

  it('answers an API address it cannot decode with -1002 in the business answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/%ZZ?lang=en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errorCode: '-1002', errorText: expect.stringMatching(/[a-z]/) });
  });

  it.each([
    { url: '/?lang=xx', to: '/' },
    { url: '/contacts?lang=EN', to: '/contacts' },
    { url: '/?id=2&lang=xx&sid=21', to: '/?id=2&sid=21' },
    { url: '/?lang=en&lang=kz', to: '/?lang=en' },
    { url: '/?lang=xx&lang=en', to: '/' },
  ])('moves $url, whose lang the app does not know or has twice, to $to', async ({ url, to }) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(to);
  });

  it.each(['/?lang=en', '/contacts?lang=kz', '/?id=2&lang=ch', '/', '/?id=2', '/?lang=ru'])(
    'serves %s, whose lang is right, as it is',
    async (url) => {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    },
  );
});

describe('redirects of page addresses stay on this site', () => {
  let address: string | undefined;
  it.each([
    { url: '//evil.example/?lang=en&lang=kz', to: '/evil.example/?lang=en' },
    { url: '///evil.example/?lang=xx', to: '/evil.example/' },
  ])('moves $url to the same-origin path $to, never to another host', async ({ url, to }) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(to);
  });

  // app.inject() parses its URL with WHATWG rules (a backslash becomes a slash), so these go
  // over a real socket, as a browser or a script would send them.
  it.each([
    { url: '/\\evil.example/?lang=xx', to: '/evil.example/' },
    { url: '/\\/evil.example?lang=EN', to: '/evil.example' },
    { url: '//\\evil.example?lang=en&lang=en', to: '/evil.example?lang=en' },
  ])('moves $url (sent raw) to the same-origin path $to', async ({ url, to }) => {
    address ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { status, location } = await new Promise<{ status: number | undefined; location: string | undefined }>((resolve, reject) => {
      const request = http.get(`${address}/`, { path: url }, (res) => {
        res.resume();
        resolve({ status: res.statusCode, location: res.headers.location });
      });
      request.on('error', reject);
    });
    expect(status).toBe(301);
    expect(location).toBe(to);
  });
});

describe('a venue text with $-patterns in the page', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp({ webDist });
    // String.replace reads $' $& $` in a replacement string; the event name must arrive literally.
    await demo.db.query(`update events set name = jsonb_build_object('ru', $1::text) where id = (select min(id) from events)`, [
      "Концерт $' $& $` $$ конец",
    ]);
    await demo.db.query('update catalog_version set version = version + 1');
  });
  afterAll(() => demo.close());

  it('inlines the listing answer with the name as written', async () => {
    const res = await demo.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    const inlined = /<script type="application\/json" id="afisha-answer">([^<]*)<\/script>/.exec(res.body);
    expect(inlined?.[1]).toContain("Концерт $' $& $` $$ конец");
    // Exactly one page: a $' would have copied the rest of the page after the answer.
    expect(res.body.match(/<\/html>/g)).toHaveLength(1);
    expect(res.body.match(/<div id="root"><\/div>/g)).toHaveLength(1);
  });
});

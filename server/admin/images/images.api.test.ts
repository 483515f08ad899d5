import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MAX_BYTES, MEDIA_WIDTHS, parseMediaUrl } from '../../../contract/media.ts';
import { type TestApp, createClock, createTestApp } from '../../../tests/harness.ts';
import { signedInAs } from '../staff/staff-test-kit.ts';
import { IMAGE_UPLOADS } from './images.service.ts';

// Posters and logos uploaded in the back office, stored in the database and served under /media.
let t: TestApp;
let manager: { cookie: string; member: { id: number } };
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(new Date('2026-11-27T07:00:00Z')) });
  manager = await signedInAs(t, 'manager');
});
afterAll(() => t.close());

async function upload(bytes: Buffer, contentType = 'image/jpeg', cookie = manager.cookie) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/images?lang=en',
    payload: bytes,
    headers: { 'content-type': contentType, 'x-csrf-token': await t.csrfToken(cookie), 'x-requested-with': 'XMLHttpRequest', cookie },
  });
}

/** A camera-like photo: 1200×800 pixels stored sideways (EXIF orientation 6), with GPS, a camera name and a colour profile. */
function cameraPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'Test Camera', Model: 'GPS-1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '37/1 37/1 0/1' },
    })
    .withIccProfile('p3')
    .toBuffer();
}

const stored = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from media_images')).rows[0]?.n;
const uploadsAudited = async () =>
  (await t.db.query<{ n: number }>("select count(*)::int as n from audit_log where action = 'image.upload'")).rows[0]?.n;

describe('POST /api/admin/images', () => {
  it('turns a photo upright, strips every bit of metadata and serves each width in AVIF, WebP and JPEG', async () => {
    const photo = await cameraPhoto();
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();
    expect(before.icc).toBeDefined();

    const res = await upload(photo);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ errorCode: '0', width: 800, height: 1200, existing: false });
    const parsed = parseMediaUrl(answer.url);
    expect(parsed).toEqual({ hash: answer.hash, fallback: 'jpg' });

    for (const width of MEDIA_WIDTHS) {
      for (const [format, type] of [
        ['avif', 'image/avif'],
        ['webp', 'image/webp'],
        ['jpg', 'image/jpeg'],
      ] as const) {
        const file = await t.get(`/media/${answer.hash}/${width}.${format}`);
        expect(file.statusCode, `${width}.${format}`).toBe(200);
        expect(file.headers['content-type']).toBe(type);
        expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(file.rawPayload).metadata();
        expect({ exif: meta.exif, icc: meta.icc, xmp: meta.xmp, iptc: meta.iptc, orientation: meta.orientation }).toEqual({
          exif: undefined,
          icc: undefined,
          xmp: undefined,
          iptc: undefined,
          orientation: undefined,
        });
        // Upright (portrait, as the camera's orientation said), and never wider than the photo.
        expect(meta.width).toBe(Math.min(width, 800));
        expect(meta.height).toBe(Math.round((Math.min(width, 800) * 1200) / 800));
      }
    }
    const raw = (await t.get(`/media/${answer.hash}/960.jpg`)).rawPayload;
    expect(raw.includes(Buffer.from('Test Camera'))).toBe(false);
    expect(raw.includes(Buffer.from('GPS'))).toBe(false);
  });

  it('stores the same upload once, records each upload, and answers a revalidation with 304', async () => {
    const photo = await sharp({ create: { width: 500, height: 375, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const first = await upload(photo, 'application/octet-stream');
    expect(first.statusCode, first.body).toBe(200);
    const count = await stored();
    const audited = await uploadsAudited();
    const again = await upload(photo, 'image/png');
    expect(again.json()).toMatchObject({ hash: first.json().hash, url: first.json().url, existing: true });
    expect(await stored()).toBe(count);
    expect(await uploadsAudited()).toBe((audited ?? 0) + 1);
    const entry = await t.db.query<{ staff_id: number; subject_id: string }>(
      "select staff_id, subject_id from audit_log where action = 'image.upload' order by id desc limit 1",
    );
    expect(entry.rows[0]).toEqual({ staff_id: manager.member.id, subject_id: first.json().hash });

    const url = `/media/${first.json().hash}/215.webp`;
    const file = await t.get(url);
    const etag = file.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}-215-webp"$/);
    const revalidated = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it('keeps transparency: a logo with transparent parts falls back to PNG, not JPEG', async () => {
    const logo = await sharp({ create: { width: 300, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([
        { input: { create: { width: 100, height: 40, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } } }, left: 10, top: 20 },
      ])
      .png()
      .toBuffer();
    const res = await upload(logo, 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    expect(parseMediaUrl(res.json().url)?.fallback).toBe('png');
    const png = await t.get(`/media/${res.json().hash}/430.png`);
    expect((await sharp(png.rawPayload).metadata()).hasAlpha).toBe(true);
    expect((await t.get(`/media/${res.json().hash}/430.jpg`)).statusCode).toBe(404);
  });

  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
  );
  const refusals = [
    {
      description: 'a text file, whatever type it claims',
      bytes: async () => Buffer.from('just some text, not a picture'),
      type: 'image/jpeg',
      status: 400,
      code: '-2461',
    },
    { description: 'an SVG (it can carry scripts)', bytes: async () => svg, type: 'image/svg+xml', status: 400, code: '-2462' },
    {
      description: 'a JPEG cut short',
      bytes: async () => (await cameraPhoto()).subarray(0, 2000),
      type: 'image/jpeg',
      status: 400,
      code: '-2464',
    },
    {
      description: 'a small file that decodes to 64 megapixels',
      bytes: () =>
        sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
      type: 'image/png',
      status: 400,
      code: '-2463',
    },
    {
      description: 'a file over the size limit',
      bytes: async () => Buffer.alloc(MEDIA_MAX_BYTES + 1, 1),
      type: 'image/jpeg',
      status: 413,
      code: '-2460',
    },
    { description: 'an empty body', bytes: async () => Buffer.alloc(0), type: 'image/jpeg', status: 400, code: '-2461' },
  ];
  it.each(refusals)(
    'refuses $description with a clear message on the file field, and stores nothing',
    async ({ bytes, type, status, code }) => {
      const count = await stored();
      const audited = await uploadsAudited();
      const res = await upload(await bytes(), type);
      expect(res.statusCode, res.body).toBe(status);
      const body = res.json();
      expect(body.errorCode).toBe(code);
      expect(body.errorText).toMatch(/\w{4,}/);
      expect(body.fields?.[0]?.path).toBe('file');
      expect(await stored()).toBe(count);
      expect(await uploadsAudited()).toBe(audited);
    },
  );

  it('is for those who edit the catalog: support is refused', async () => {
    const support = await signedInAs(t, 'support');
    const res = await upload(await cameraPhoto(), 'image/jpeg', support.cookie);
    expect(res.statusCode).toBe(403);
  });
});

describe('a burst of uploads', () => {
  /**
   * A distinct noisy picture: nothing to deduplicate, and a few tenths of a second to decode and
   * encode, far longer than the burst takes to arrive (a 400-pixel one took seconds of CPU each,
   * for nothing the line's rule needs).
   */
  const noisy = (seed: number) =>
    sharp({
      create: {
        width: 120,
        height: 120,
        channels: 3,
        background: { r: seed * 20, g: 90, b: 200 - seed * 10 },
        noise: { type: 'gaussian', mean: 120, sigma: 40 },
      },
    })
      .png()
      .toBuffer();

  it('decodes one at a time with a short line, refuses the rest with 429 -2465, Retry-After and a text, stores exactly what it answered, and takes uploads again after', async () => {
    const count = await stored();
    const pictures = await Promise.all(Array.from({ length: 10 }, (_, i) => noisy(i + 1)));
    const answers = await Promise.all(pictures.map((bytes) => upload(bytes, 'image/png')));
    const taken = answers.filter((res) => res.statusCode === 200);
    const refused = answers.filter((res) => res.statusCode !== 200);
    // One decoding and the line waiting behind it get through; the burst's rest is refused.
    expect(taken.length).toBeGreaterThanOrEqual(IMAGE_UPLOADS.atOnce + IMAGE_UPLOADS.waiting);
    expect(refused.length).toBeGreaterThan(0);
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(429);
      expect(res.headers['retry-after']).toBe(String(IMAGE_UPLOADS.retryAfterSeconds));
      expect(res.json()).toEqual({
        errorCode: '-2465',
        errorText: 'Other images are being processed right now. Upload again in a few seconds.',
        fields: [{ path: 'file', code: 'busy' }],
      });
    }
    expect(await stored()).toBe((count ?? 0) + taken.length);
    // The line is free again: a refused picture is taken now.
    const again = await upload(pictures[answers.indexOf(refused[0] as (typeof answers)[number])] as Buffer, 'image/png');
    expect(again.statusCode, again.body).toBe(200);
  }, 120_000);
});

describe('GET /media/<hash>/<width>.<format>', () => {
  it.each([
    '/media/0123456789abcdef0123456789abcdef/215.webp',
    '/media/not-a-hash/215.webp',
    '/media/0123456789abcdef0123456789abcdef/217.webp',
    '/media/0123456789abcdef0123456789abcdef/215.gif',
  ])('answers 404 for %s', async (url) => {
    const res = await t.get(url);
    expect(res.statusCode).toBe(404);
  });
});

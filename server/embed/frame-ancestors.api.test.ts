import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../tests/harness.ts';

describe('frame-ancestors: which host pages may frame the storefront', () => {
  let plain: TestApp;
  let embeddable: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ demo: false });
    embeddable = await createTestApp({ demo: false, config: { embedOrigins: ['https://venue.example', 'https://*.museum.example'] } });
  });
  afterAll(async () => {
    await plain.close();
    await embeddable.close();
  });

  it('allows only its own pages when no host origin is configured', async () => {
    const res = await plain.get('/api/setup');
    expect(res.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('allows the configured host origins and sends no X-Frame-Options, which would block them', async () => {
    for (const url of ['/api/setup', '/robots.txt', '/no-such-page']) {
      const res = await embeddable.get(url);
      expect(res.headers['content-security-policy']).toBe("frame-ancestors 'self' https://venue.example https://*.museum.example");
      expect(res.headers['x-frame-options']).toBeUndefined();
    }
  });
});

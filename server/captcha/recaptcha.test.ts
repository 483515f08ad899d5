import { describe, expect, it } from 'vitest';
import { createGoogleRecaptchaVerifier } from './recaptcha.ts';

function fakeFetch(answer: unknown, ok = true) {
  const calls: { url: string; body: string }[] = [];
  const fetchImpl = (async (url: string, init: { body: URLSearchParams }) => {
    calls.push({ url, body: init.body.toString() });
    return { ok, json: async () => answer } as Response;
  }) as unknown as typeof fetch;
  return { fetchImpl, calls };
}

describe('Google reCAPTCHA verifier', () => {
  const cases = [
    { description: 'success without a score (v2)', answer: { success: true }, expected: true },
    { description: 'success with a good score (v3)', answer: { success: true, score: 0.9 }, expected: true },
    { description: 'success with a low score', answer: { success: true, score: 0.1 }, expected: false },
    { description: 'failure', answer: { success: false, 'error-codes': ['invalid-input-response'] }, expected: false },
  ];
  it.each(cases)('answers $expected for $description', async ({ answer, expected }) => {
    const { fetchImpl, calls } = fakeFetch(answer);
    const verifier = createGoogleRecaptchaVerifier('secret-key', { fetch: fetchImpl });
    expect(await verifier.verify('token-1', '10.0.0.1')).toBe(expected);
    expect(calls[0]?.url).toBe('https://www.google.com/recaptcha/api/siteverify');
    expect(calls[0]?.body).toBe('secret=secret-key&response=token-1&remoteip=10.0.0.1');
  });

  it('refuses when Google answers an HTTP error', async () => {
    const { fetchImpl } = fakeFetch({ success: true }, false);
    expect(await createGoogleRecaptchaVerifier('k', { fetch: fetchImpl }).verify('t')).toBe(false);
  });

  it('refuses when Google cannot be reached', async () => {
    const failing = (async () => {
      throw new Error('network down');
    }) as unknown as typeof fetch;
    expect(await createGoogleRecaptchaVerifier('k', { fetch: failing }).verify('t')).toBe(false);
  });

  it('refuses every token when no secret is configured, without calling Google', async () => {
    const { fetchImpl, calls } = fakeFetch({ success: true });
    expect(await createGoogleRecaptchaVerifier(undefined, { fetch: fetchImpl }).verify('t')).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it('refuses an empty token', async () => {
    const { fetchImpl, calls } = fakeFetch({ success: true });
    expect(await createGoogleRecaptchaVerifier('k', { fetch: fetchImpl }).verify('')).toBe(false);
    expect(calls).toHaveLength(0);
  });
});

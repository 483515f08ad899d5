/** Verifies an invisible reCAPTCHA token; tests replace it (design: no third-party call in tests). */
export interface RecaptchaVerifier {
  verify(token: string, remoteIp?: string): Promise<boolean>;
}

const SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

/**
 * The real verifier: posts the token to Google's siteverify with the secret key. A score below
 * minScore (reCAPTCHA v3) or any failure to reach Google counts as not verified.
 */
export function createGoogleRecaptchaVerifier(
  secret: string | undefined,
  options: { minScore?: number; fetch?: typeof fetch; timeoutMs?: number; log?: (message: string) => void } = {},
): RecaptchaVerifier {
  const doFetch = options.fetch ?? fetch;
  const minScore = options.minScore ?? 0.5;
  return {
    async verify(token, remoteIp) {
      if (!secret) {
        options.log?.('reCAPTCHA is enabled but RECAPTCHA_SECRET is not set; refusing the token');
        return false;
      }
      if (!token) return false;
      const body = new URLSearchParams({ secret, response: token });
      if (remoteIp) body.set('remoteip', remoteIp);
      try {
        const res = await doFetch(SITEVERIFY_URL, {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
        if (!res.ok) return false;
        const answer = (await res.json()) as { success?: boolean; score?: number };
        return answer.success === true && (answer.score === undefined || answer.score >= minScore);
      } catch (error) {
        options.log?.(`reCAPTCHA siteverify failed: ${(error as Error).message}`);
        return false;
      }
    },
  };
}

/**
 * Yandex SmartCaptcha's server check (docs/captcha.md, 'Yandex SmartCaptcha'): the widget puts a
 * one-time token (valid five minutes, checkable once) in the page; the server posts it, with the
 * server key and the visitor's address, to the validate method as x-www-form-urlencoded
 * `secret`, `token`, `ip`, and reads the JSON answer `{status: 'ok' | 'failed', message, host}`.
 */
export interface SmartCaptchaVerifier {
  verify(token: string, remoteIp?: string): Promise<boolean>;
}

/** The validate method as Yandex Cloud's guide names it; SMARTCAPTCHA_VALIDATE_URL overrides it. */
export const SMARTCAPTCHA_VALIDATE_URL = 'https://smartcaptcha.yandexcloud.net/validate';

/** How long the order waits for Yandex before it counts the check as not answered. */
export const SMARTCAPTCHA_TIMEOUT_MS = 3000;

/**
 * The real verifier. `status: 'ok'` passes and any other answer of HTTP 200 refuses. When the
 * service cannot answer (an HTTP status other than 200, no answer within the timeout, the
 * network down), the visitor passes, as Yandex's guide advises: a captcha outage must not stop
 * the sale, and the order calls keep their own per-client limits and adaptive image captcha.
 * Each such pass is logged. Without a server key every token is refused and nothing is sent.
 */
export function createSmartCaptchaVerifier(
  secret: string | undefined,
  options: { url?: string | undefined; fetch?: typeof fetch; timeoutMs?: number; log?: (message: string) => void } = {},
): SmartCaptchaVerifier {
  const doFetch = options.fetch ?? fetch;
  const url = options.url ?? SMARTCAPTCHA_VALIDATE_URL;
  return {
    async verify(token, remoteIp) {
      if (!secret) {
        options.log?.('SmartCaptcha is enabled but SMARTCAPTCHA_SECRET is not set; refusing the token');
        return false;
      }
      if (!token) return false;
      const body = new URLSearchParams({ secret, token });
      if (remoteIp) body.set('ip', remoteIp);
      let res: Response;
      try {
        res = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
          signal: AbortSignal.timeout(options.timeoutMs ?? SMARTCAPTCHA_TIMEOUT_MS),
        });
      } catch (error) {
        options.log?.(`SmartCaptcha validate did not answer (${(error as Error).message}); letting the visitor pass`);
        return true;
      }
      if (res.status !== 200) {
        options.log?.(`SmartCaptcha validate answered HTTP ${res.status}; letting the visitor pass`);
        return true;
      }
      try {
        const answer = (await res.json()) as { status?: unknown; message?: unknown };
        if (answer.status === 'ok') return true;
        if (typeof answer.message === 'string' && answer.message) options.log?.(`SmartCaptcha refused a token: ${answer.message}`);
        return false;
      } catch {
        options.log?.('SmartCaptcha validate answered HTTP 200 without JSON; refusing the token');
        return false;
      }
    },
  };
}

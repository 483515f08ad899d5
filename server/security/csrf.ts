import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const TOKEN_LIFETIME_MS = 7 * 24 * 3600 * 1000;

/**
 * Stateless CSRF tokens: a random nonce and the issue time, signed with the server secret.
 * Nothing is kept in memory, so any instance behind a load balancer accepts any token.
 */
export function createCsrf(secret: string, now: () => number = Date.now) {
  const sign = (payload: string) => createHmac('sha256', secret).update(`csrf:${payload}`).digest('base64url');
  return {
    issue(): string {
      const payload = `${randomBytes(16).toString('base64url')}.${now().toString(36)}`;
      return `${payload}.${sign(payload)}`;
    },
    verify(token: unknown): boolean {
      if (typeof token !== 'string' || token.length > 200) return false;
      const parts = token.split('.');
      if (parts.length !== 3) return false;
      const [nonce, issued, signature] = parts as [string, string, string];
      const expected = Buffer.from(sign(`${nonce}.${issued}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
      const issuedAt = parseInt(issued, 36);
      return Number.isFinite(issuedAt) && now() - issuedAt < TOKEN_LIFETIME_MS && issuedAt <= now() + 60_000;
    },
  };
}
export type Csrf = ReturnType<typeof createCsrf>;

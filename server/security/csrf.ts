import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const TOKEN_LIFETIME_MS = 7 * 24 * 3600 * 1000;

/**
 * Stateless CSRF tokens: a random nonce and the issue time, signed with the server secret.
 * Nothing is kept in memory, so any instance behind a load balancer accepts any token. A token
 * may be bound to a staff session (`binding`: a digest of its cookie): it is then taken only with
 * that session's cookie, and a token of no session only without one, so a token read from one
 * session, or fetched anonymously, never acts for a staff session.
 */
export function createCsrf(secret: string, now: () => number = Date.now) {
  const sign = (payload: string, binding: string) =>
    createHmac('sha256', secret)
      .update(binding ? `csrf:${payload}:${binding}` : `csrf:${payload}`)
      .digest('base64url');
  return {
    issue(binding = ''): string {
      const payload = `${randomBytes(16).toString('base64url')}.${now().toString(36)}`;
      return `${payload}.${sign(payload, binding)}`;
    },
    verify(token: unknown, binding = ''): boolean {
      if (typeof token !== 'string' || token.length > 200) return false;
      const parts = token.split('.');
      if (parts.length !== 3) return false;
      const [nonce, issued, signature] = parts as [string, string, string];
      const expected = Buffer.from(sign(`${nonce}.${issued}`, binding));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
      const issuedAt = parseInt(issued, 36);
      return Number.isFinite(issuedAt) && now() - issuedAt < TOKEN_LIFETIME_MS && issuedAt <= now() + 60_000;
    },
  };
}
export type Csrf = ReturnType<typeof createCsrf>;

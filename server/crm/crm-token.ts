import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed token by which a venue's site identifies its CRM client to the storefront
 * (docs/crm-client.md): `<clientId>.<expires, unix seconds>.<HMAC-SHA256 in base64url>`, the
 * HMAC over `crm:v1:<clientId>.<expires>` with the secret the venue and the storefront share
 * (CRM_SECRET). It carries no personal data; the client's data stays in the database.
 */
export function signCrmToken(secret: string, clientId: number, expiresAtMs: number): string {
  const payload = `${clientId}.${Math.floor(expiresAtMs / 1000)}`;
  return `${payload}.${mac(secret, payload)}`;
}

/** The client id of a valid, unexpired token, or undefined. */
export function verifyCrmToken(secret: string, token: unknown, nowMs: number): number | undefined {
  if (typeof token !== 'string' || token.length > 200) return undefined;
  const match = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, id, expires, signature] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(mac(secret, `${id}.${expires}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (Number(expires) * 1000 <= nowMs) return undefined;
  const clientId = Number(id);
  return Number.isSafeInteger(clientId) && clientId > 0 ? clientId : undefined;
}

function mac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`crm:v1:${payload}`).digest('base64url');
}

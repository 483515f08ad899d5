import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * T-Bank's request signature: the request's root-level scalar fields (objects such as Receipt
 * and DATA left out, and Token itself), plus Password, sorted by key name, their values
 * concatenated (booleans as true/false), SHA-256 in lower-case hex. Notifications are signed
 * the same way.
 */
export function tbankToken(fields: Record<string, unknown>, password: string): string {
  const pairs: [string, string][] = [['Password', password]];
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'Token' || value === null || value === undefined || typeof value === 'object') continue;
    pairs.push([key, String(value)]);
  }
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(pairs.map(([, value]) => value).join(''), 'utf8')
    .digest('hex');
}

/** Whether a notification's Token is the one its fields and the password give, compared in constant time. */
export function tbankTokenMatches(fields: Record<string, unknown>, password: string, token: string): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(token)) return false;
  return timingSafeEqual(Buffer.from(tbankToken(fields, password), 'hex'), Buffer.from(token, 'hex'));
}

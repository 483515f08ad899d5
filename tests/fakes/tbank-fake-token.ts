import { createHash } from 'node:crypto';

/**
 * The fake T-Bank's own Token, written from T-Bank's description of it («Формирование токена»)
 * and never from our adapter: take the request's root-level parameters only (nested objects and
 * arrays such as Receipt and DATA take no part), add the pair Password, sort the pairs by key,
 * concatenate the values alone, SHA-256 of the UTF-8 string, hex.
 */
export function fakeTbankToken(request: Record<string, unknown>, password: string): string {
  const pairs = Object.keys(request)
    .filter((key) => key !== 'Token')
    .map((key) => [key, request[key]] as const)
    .filter((pair): pair is readonly [string, string | number | boolean] => ['string', 'number', 'boolean'].includes(typeof pair[1]))
    .map(([key, value]) => [key, String(value)] as const)
    .concat([['Password', password]]);
  const text = pairs
    .sort((a, b) => (a[0] === b[0] ? 0 : a[0] < b[0] ? -1 : 1))
    .map((pair) => pair[1])
    .join('');
  return createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex');
}

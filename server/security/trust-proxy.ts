import { isIP } from 'node:net';
import { z } from 'zod';

/** What Fastify's trustProxy option takes from TRUST_PROXY. */
export type TrustProxy = boolean | number | string[];

// proxy-addr's names for address ranges (Fastify passes them on): 127.0.0.1/8 and ::1,
// 169.254.0.0/16 and fe80::/10, and the private ranges (10/8, 172.16/12, 192.168/16, fc00::/7).
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, an address/prefix (CIDR) or one of proxy-addr's range names. */
function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which proxy in front of the server may say who the client is (X-Forwarded-For,
 * -Proto, -Host). request.ip feeds the reCAPTCHA check and what is logged, request.protocol HSTS
 * and links; believing any sender would let a client name its own address. Unset or `false`:
 * nobody (the socket's peer is the client). `true`: every peer, which makes request.ip the
 * leftmost X-Forwarded-For address, the one a client writes itself: a start with it warns
 * (trustProxyWarning). A whole number: that many proxy hops (the address the outermost of them saw). Otherwise a comma-separated list of
 * proxy addresses and CIDR ranges (`10.0.0.0/8, 192.168.1.5`), or `loopback`, `linklocal`,
 * `uniquelocal`.
 */
export const trustProxyFromEnv = z
  .string()
  .trim()
  .default('')
  .transform((value, context): TrustProxy => {
    if (value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 100) return hops;
    }
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const wrong = entries.filter((entry) => !isProxyAddress(entry));
    if (entries.length === 0 || wrong.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `must be true, false, a hop count, or proxy addresses/CIDRs separated by commas (not an address: ${wrong.join(', ') || value})`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * The value for Fastify's trustProxy option. A hop count becomes the function Fastify itself
 * builds from a number (trust the first `hops` hops), which its types do not list.
 */
export function fastifyTrustProxy(value: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

/**
 * The warning a start with TRUST_PROXY=true prints: with every peer trusted, request.ip is the
 * leftmost X-Forwarded-For address, which the client itself chose (a proxy appends to the header a
 * client sent), so the per-address limits and the logs believe whatever a client claims.
 */
export function trustProxyWarning(value: TrustProxy): string | undefined {
  if (value !== true) return undefined;
  return (
    'Warning: TRUST_PROXY=true believes the leftmost X-Forwarded-For address, which a client can write itself, ' +
    'so it can choose its own address for the per-address limits and the logs. Set TRUST_PROXY to the number of ' +
    'proxies in front (1) or their addresses (10.0.0.0/8) instead.'
  );
}

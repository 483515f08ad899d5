import { isIPv6 } from 'node:net';

/**
 * The key a per-address limit counts a client by: an IPv4 address as it is, an IPv6 address by
 * its /64. A single IPv6 subscriber is usually given a whole /64 (2^64 addresses), so counting
 * whole addresses would give one client an endless supply of fresh limits. An IPv4 address
 * written as IPv6 (`::ffff:192.0.2.1`, as a dual-stack socket reports it) is the IPv4 address.
 * Every per-address limit (sign-ins, re-authentication, captcha, payments, returns, holds,
 * discount codes) counts by this key.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const groups = expandIPv6(ip.split('%')[0] ?? ip);
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, each without leading zeros. */
function expandIPv6(ip: string): string[] {
  let text = ip.toLowerCase();
  // An embedded IPv4 tail (::ffff:1.2.3.4 was handled; 64:ff9b::1.2.3.4 and the like) becomes two groups.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => Number.parseInt(group || '0', 16).toString(16));
}

import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What only the paying browser has: Pay sets a cookie scoped to its payment's return address,
 * holding an HMAC of the payment id under the server secret. The return address names the order
 * (redirects to its page) only to a browser carrying it, so a payment id seen elsewhere (the
 * sandbox's QR URL on a screen, a log) does not lead to the order's hash.
 */
export function createReturnProof(secret: string) {
  const key = createHmac('sha256', secret).update('payment-return:v1').digest();
  const valueOf = (publicId: string) => createHmac('sha256', key).update(publicId).digest('base64url');
  const nameOf = (publicId: string) => `sf_pay_${publicId}`;
  return {
    /** The Set-Cookie value for a payment; it lives as long as the order may be paid, and a little more. */
    cookie(publicId: string, options: { secure: boolean; maxAgeSeconds: number }): string {
      const attributes = [
        `Path=/payments/return/${publicId}`,
        `Max-Age=${Math.max(60, Math.ceil(options.maxAgeSeconds))}`,
        'HttpOnly',
        'SameSite=Lax',
      ];
      if (options.secure) attributes.push('Secure');
      return [`${nameOf(publicId)}=${valueOf(publicId)}`, ...attributes].join('; ');
    },
    /** Whether the request's Cookie header carries the payment's proof. */
    carries(cookieHeader: string | undefined, publicId: string): boolean {
      if (!cookieHeader) return false;
      const wanted = Buffer.from(valueOf(publicId));
      for (const part of cookieHeader.split(';')) {
        const [name, ...rest] = part.trim().split('=');
        if (name !== nameOf(publicId)) continue;
        const value = Buffer.from(rest.join('='));
        if (value.length === wanted.length && timingSafeEqual(value, wanted)) return true;
      }
      return false;
    },
  };
}

import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The unsubscribe link's token: the entry's id and an HMAC of it under the server secret, so a
 * visitor leaves the line without signing in, and nobody leaves it for someone else by guessing ids.
 */
export function createWaitlistTokens(secret: string) {
  const key = createHmac('sha256', secret).update('waitlist-unsubscribe:v1').digest();
  const mac = (id: number) => createHmac('sha256', key).update(String(id)).digest('base64url');
  return {
    tokenOf: (entryId: number) => `${entryId}.${mac(entryId)}`,
    /** The entry id a token names, or undefined for a token this server did not sign. */
    entryOf(token: string): number | undefined {
      const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return undefined;
      const id = Number(match[1]);
      if (!Number.isSafeInteger(id) || id > 2_147_483_647) return undefined;
      const given = Buffer.from(match[2] as string);
      const wanted = Buffer.from(mac(id));
      return given.length === wanted.length && timingSafeEqual(given, wanted) ? id : undefined;
    },
  };
}
export type WaitlistTokens = ReturnType<typeof createWaitlistTokens>;

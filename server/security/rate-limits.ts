import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../contract/errors.ts';
import type { Db } from '../db/client.ts';
import { BusinessError } from '../http.ts';
import { insertHit, lockRateKey, recentHits } from './rate-limits.repository.ts';
import { addressKey } from './client-address.ts';

/**
 * Calls limited per client address, by the route pattern the router matched (never the raw
 * address, which /%61pi/… would slip past). Each costs the server something a script could
 * multiply: a captcha image or recording drawn and stored, a payment registered at the acquirer,
 * a return request or an exchange mailed to the buyer.
 */
export const RATE_LIMITED_ROUTES = {
  captcha: ['GET /api/captcha', 'GET /api/captcha/audio'],
  payments: ['POST /api/order/pay'],
  // A buyer's exchange refunds or charges at the acquirer and mails the buyer, like a return.
  returns: ['POST /api/order/return-create', 'POST /api/order/return-confirm', 'POST /api/order/exchange'],
} as const;

export type RateBucket = keyof typeof RATE_LIMITED_ROUTES;

/** Calls one client address may make per bucket within windowMs; 0: no limit. */
export type RateLimits = Record<RateBucket, number> & { windowMs: number };

/**
 * Per-client rate limits, counted like the hold limits: in the database, under an advisory lock
 * per client and bucket, so parallel calls count each other on every instance. A call over the
 * limit answers 429, -1029, the text of that code and Retry-After (seconds until the client's
 * oldest hit leaves the window), before any of the call's work. A call counts once its input is
 * valid, whatever the call then answers (an unknown order costs a lookup too); one refused by the
 * limit does not count, so a client that keeps knocking is let in again when its window has passed.
 */
export function rateLimits(app: FastifyInstance, db: Db, limits: RateLimits, now: () => number) {
  const bucketOf = new Map<string, RateBucket>();
  for (const [bucket, routes] of Object.entries(RATE_LIMITED_ROUTES) as [RateBucket, readonly string[]][]) {
    if (limits[bucket] > 0) for (const route of routes) bucketOf.set(route, bucket);
  }
  if (bucketOf.size === 0) return;

  app.addHook('preHandler', async (request) => {
    const bucket = bucketOf.get(`${request.method} ${request.routeOptions.url ?? ''}`);
    if (!bucket) return;
    const limit = limits[bucket];
    const client = addressKey(request.ip);
    const at = new Date(now());
    const retryAfterSeconds = await db.transaction(async (tx) => {
      await lockRateKey(tx, bucket, client);
      const { count, oldest } = await recentHits(tx, bucket, client, new Date(at.getTime() - limits.windowMs));
      if (count >= limit) return Math.max(1, Math.ceil(((oldest ?? at).getTime() + limits.windowMs - at.getTime()) / 1000));
      await insertHit(tx, bucket, client, at);
      return undefined;
    });
    if (retryAfterSeconds !== undefined) {
      throw new BusinessError(ErrorCode.tooManyRequests, { status: 429, retryAfterSeconds });
    }
  });
}

/**
 * A limit counted like the per-client ones but on any key (a payment's id, a sender's address):
 * answers whether one more hit fits `limit` within `windowMs`, and counts it when it does.
 */
export async function takeHit(db: Db, bucket: string, key: string, limit: number, windowMs: number, at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockRateKey(tx, bucket, key);
    const { count } = await recentHits(tx, bucket, key, new Date(at.getTime() - windowMs));
    if (count >= limit) return false;
    await insertHit(tx, bucket, key, at);
    return true;
  });
}

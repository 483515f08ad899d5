import { ADAPTIVE_CAPTCHA } from '../../contract/captcha.ts';
import { ErrorCode } from '../../contract/errors.ts';
import type { Db } from '../db/client.ts';
import { BusinessError } from '../http.ts';
import { attachHoldClaim, deleteHoldClaim, findClientHolds, insertHoldClaim, lockClients } from './hold-limits.repository.ts';
import { textOf } from '../locales/texts.ts';
import { addressKey } from './client-address.ts';

/** How much one client may hold unpaid at once, and when it orders faster than a person can. */
export type HoldLimits = {
  /** Unpaid orders one client address, or one e-mail, holds at once; 0: no limit. */
  orders: number;
  /** Places held in them at once; 0: no limit. */
  places: number;
  /** Orders one client address may place within burstWindowMs before the next needs the captcha; 0: never. */
  burstOrders: number;
  burstWindowMs: number;
};

/** A claim of one order's hold: attach it to the placed order, or drop it when placing failed. */
export type HoldClaim = { attach(orderHash: string): Promise<void>; drop(): Promise<void> };

export type HoldGuard = ReturnType<typeof createHoldGuard>;

/**
 * Limits unpaid holds per client address and per e-mail. An order claims its places before it is
 * placed, in a transaction that holds the client's advisory locks, so parallel orders of one
 * client count each other on any instance; beyond a limit the order is refused with 429 and
 * Retry-After (when the client's first hold ends) and nothing is held. A client address placing
 * orders faster than a person can gets `captcha: true`: the caller then requires the image
 * captcha even where the setup has it off.
 */
export function createHoldGuard(deps: { db: Db; limits: HoldLimits }) {
  const { db, limits } = deps;
  const off = limits.orders === 0 && limits.places === 0 && limits.burstOrders === 0;

  async function claim(c: {
    ip: string;
    email: string;
    places: number;
    at: Date;
    until: Date;
    captchaAnswered: boolean;
  }): Promise<HoldClaim | undefined> {
    if (off) return undefined;
    const email = c.email.trim().toLowerCase();
    const ip = addressKey(c.ip);
    const id = await db.transaction(async (tx) => {
      await lockClients(tx, ip, email);
      const since = new Date(c.at.getTime() - limits.burstWindowMs);
      const byIp = await findClientHolds(tx, 'client_ip', ip, c.at, since);
      const byEmail = email ? await findClientHolds(tx, 'email', email, c.at, since) : undefined;
      // A script is asked for the captcha first: what it may hold is told only to whoever answers.
      if (limits.burstOrders > 0 && byIp.recent >= limits.burstOrders && !c.captchaAnswered) {
        throw new BusinessError(ErrorCode.invalidRecaptcha, { status: 400, details: { [ADAPTIVE_CAPTCHA.field]: ADAPTIVE_CAPTCHA.image } });
      }
      for (const holds of [byIp, byEmail]) {
        if (!holds) continue;
        const tooMany = limits.orders > 0 && holds.orders + 1 > limits.orders;
        const tooLarge = limits.places > 0 && holds.places + c.places > limits.places;
        if (tooMany || tooLarge) {
          const freeAt = holds.freeAt?.getTime() ?? c.at.getTime();
          const retryAfterSeconds = Math.max(1, Math.ceil((freeAt - c.at.getTime()) / 1000));
          throw new BusinessError(ErrorCode.tooManyRequests, { status: 429, retryAfterSeconds, text: textOf('security', 'tooManyHolds') });
        }
      }
      return insertHoldClaim(tx, { ip, email, places: c.places, at: c.at, until: c.until });
    });
    return { attach: (orderHash) => attachHoldClaim(db, id, orderHash), drop: () => deleteHoldClaim(db, id) };
  }

  return { claim };
}

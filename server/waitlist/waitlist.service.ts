import { appliesOnDay } from '../../contract/concession-rules.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { priceFitsPayment } from '../../contract/event-prices.ts';
import { type WaitlistJoinRequest, WAITLIST_DEFAULT_HOLD_MINUTES } from '../../contract/waitlist.ts';
import { type OrderCaptchaDeps, withOrderCaptcha } from '../captcha/order-captcha.ts';
import { pricesOfSession } from '../event/event.service.ts';
import { BusinessError } from '../http.ts';
import { venueDateParts } from '../order-view/dates.ts';
import { enqueueMail } from '../mail/outbox.repository.ts';
import { releaseOrderServices } from '../offers/offers.service.ts';
import { releaseOrder } from '../orders/orders.service.ts';
import { addressKey } from '../security/client-address.ts';
import { takeHit } from '../security/rate-limits.ts';
import type { SetupService } from '../setup/setup.service.ts';
import { joinedMail } from './waitlist-mail.ts';
import type { WaitlistTokens } from './waitlist-token.ts';
import {
  type OfferPriceRow,
  type WaitlistSessionRow,
  findEntry,
  findOfferPrices,
  findHoldMinutes,
  findWaitlistSession,
  insertEntry,
  leaveLine,
  linePosition,
  placeFilterFits,
} from './waitlist.repository.ts';
import type { Queryable } from '../db/client.ts';

/**
 * Sign-ups one client address, and one e-mail address, may make within the rate-limit window
 * (RATE_LIMIT_WINDOW_S, counted like the other per-client limits of server/security/rate-limits.ts).
 */
export const WAITLIST_JOINS_PER_ADDRESS = 5;
export const WAITLIST_JOINS_PER_EMAIL = 3;

export type WaitlistDeps = OrderCaptchaDeps & {
  setup: SetupService;
  now: () => number;
  tokens: WaitlistTokens;
  /** The storefront's public address, for the e-mails' links. */
  baseUrl: string;
  timeZone: string;
  /** The rate-limit window (ms) the sign-up limits count in. */
  windowMs: number;
};

const refuse = (code: (typeof ErrorCode)[keyof typeof ErrorCode], status: number) => new BusinessError(code, { status });

/** Whether the session is on sale now (published, sale begun, not cancelled, not started). */
export function onSale(session: WaitlistSessionRow, at: Date): boolean {
  return (
    session.is_published &&
    !session.is_cancelled &&
    session.starts_at.getTime() > at.getTime() &&
    (session.sale_starts_at === null || session.sale_starts_at.getTime() <= at.getTime())
  );
}

/** How long an offer holds its places for the session's event: the event's own time, else the venue's, else the default. */
export async function holdMinutesOf(db: Queryable, session: Pick<WaitlistSessionRow, 'event_id' | 'venue_id'>): Promise<number> {
  const set = await findHoldMinutes(db, session.event_id, session.venue_id);
  return set.event ?? set.venue ?? WAITLIST_DEFAULT_HOLD_MINUTES;
}

/**
 * The prices an offer of a quantity session may hold places at: the session's ordinary prices
 * (not a group, subscription or Pushkin-card-only price), in category order, leaving out a
 * concession category on a day it does not apply (the session's day in the venue's time zone).
 */
export async function offerPricesOf(
  db: Queryable,
  session: Pick<WaitlistSessionRow, 'id' | 'event_id' | 'starts_at'>,
  timeZone: string,
): Promise<OfferPriceRow[]> {
  const day = venueDateParts(session.starts_at, timeZone).iso;
  return pricesOfSession(await findOfferPrices(db, session.event_id), session.id).filter(
    (p) => !p.for_subscription && p.group_passes === 0 && priceFitsPayment(p.pushkin, false) && appliesOnDay(p.category_concession, day),
  );
}

/** The unsubscribe page's address for an entry, in its language. */
export function unsubscribeUrl(deps: Pick<WaitlistDeps, 'baseUrl' | 'tokens'>, entryId: number, lang: string): string {
  const query = lang === 'ru' ? '' : `?lang=${encodeURIComponent(lang)}`;
  return `${deps.baseUrl}/waitlist/unsubscribe/${deps.tokens.tokenOf(entryId)}${query}`;
}

/**
 * The visitor's side of the waiting list: joining a sold-out session's line, and leaving it by the
 * e-mail's signed link. The places themselves are given by the matching job (waitlist-job.ts).
 */
export function createWaitlistService(deps: WaitlistDeps) {
  const { db } = deps;
  return {
    async join(input: WaitlistJoinRequest, remoteIp: string | undefined): Promise<{ position: number }> {
      const at = new Date(deps.now());
      const session = await findWaitlistSession(db, input.sessionId);
      if (!session || !onSale(session, at)) throw refuse(ErrorCode.notFound, 404);
      if (session.remaining > 0) throw refuse(ErrorCode.waitlistNotSoldOut, 409);
      if (input.places > session.order_limit) throw refuse(ErrorCode.limit, 409);
      const zoneId = input.zoneId ?? null;
      const sectorId = input.sectorId ?? null;
      if (zoneId !== null || sectorId !== null) {
        if (!session.use_seat_map || session.hall_id === null || !(await placeFilterFits(db, session.hall_id, zoneId, sectorId)))
          throw refuse(ErrorCode.waitlistPlaceInvalid, 400);
      }
      // A seated hall's seats take their zone's price; a quantity session's category must be one it sells.
      const categoryId = input.categoryId ?? null;
      if (categoryId !== null) {
        if (
          (session.use_seat_map && session.hall_id !== null) ||
          !(await offerPricesOf(db, session, deps.timeZone)).some((p) => p.category_id === categoryId)
        )
          throw refuse(ErrorCode.waitlistCategoryInvalid, 400);
      }
      // Limits against a script signing up addresses in bulk (or one address again and again): per
      // client address and per e-mail, before the captcha's answer is used up.
      const tooMany = () =>
        new BusinessError(ErrorCode.tooManyRequests, { status: 429, retryAfterSeconds: Math.ceil(deps.windowMs / 1000) });
      if (!(await takeHit(db, 'waitlist-address', addressKey(remoteIp ?? ''), WAITLIST_JOINS_PER_ADDRESS, deps.windowMs, at)))
        throw tooMany();
      if (!(await takeHit(db, 'waitlist-email', input.email, WAITLIST_JOINS_PER_EMAIL, deps.windowMs, at))) throw tooMany();

      const setup = await deps.setup.get();
      return withOrderCaptcha(deps, setup, input, remoteIp, async (tx) => {
        const id = await insertEntry(tx, {
          sessionId: session.id,
          email: input.email,
          places: input.places,
          zoneId,
          sectorId,
          categoryId,
          lang: input.lang,
          at,
        });
        if (id === undefined) throw refuse(ErrorCode.waitlistAlreadyJoined, 409);
        const position = await linePosition(tx, id);
        await enqueueMail(
          tx,
          joinedMail({
            entryId: id,
            to: input.email,
            lang: input.lang,
            places: input.places,
            position,
            session: { eventName: session.event_name, startsAt: session.starts_at, hasTime: session.has_time, timeZone: deps.timeZone },
            unsubscribeUrl: unsubscribeUrl(deps, id, input.lang),
          }),
          at,
        );
        return { position };
      });
    },

    /**
     * Leaves the line by the e-mail's link: no sign-in, the token is the proof. An entry holding an
     * offer gives its places back at once, so the next in line gets them. Applied twice, the second
     * answers `unsubscribed: false` and changes nothing.
     */
    async unsubscribe(token: string): Promise<{ unsubscribed: boolean }> {
      const id = deps.tokens.entryOf(token);
      if (id === undefined || !(await findEntry(db, id))) throw refuse(ErrorCode.waitlistLinkInvalid, 400);
      const at = new Date(deps.now());
      const left = await db.transaction(async (tx) => leaveLineReleasing(tx, id, 'unsubscribed', at, null));
      return { unsubscribed: left !== undefined };
    },
  };
}
export type WaitlistService = ReturnType<typeof createWaitlistService>;

/**
 * Takes an entry out of the line; one that held an offer releases its still-unpaid order (its
 * places go back on sale and to the next in line). Answers the entry as it was, or undefined when
 * it had left the line already.
 */
export async function leaveLineReleasing(tx: Queryable, id: number, state: 'unsubscribed' | 'removed', at: Date, staffId: number | null) {
  const was = await leaveLine(tx, id, state, at, staffId);
  if (was?.state === 'offered' && was.offered_order_id !== null) {
    if (await releaseOrder(tx, was.offered_order_id, at, 'expired')) await releaseOrderServices(tx, was.offered_order_id);
  }
  return was;
}

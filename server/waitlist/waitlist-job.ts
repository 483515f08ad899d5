import { unitServiceFee } from '../../contract/event-prices.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import { orderViewPath } from '../../contract/order-path.ts';
import { normalizeLang } from '../../contract/lang.ts';
import type { Db, Queryable } from '../db/client.ts';
import { BusinessError } from '../http.ts';
import { enqueueMail } from '../mail/outbox.repository.ts';
import { releaseOrderServices } from '../offers/offers.service.ts';
import { CatalogMoved, type NewOrder, type NewOrderLine, type PlacedOrder, placeOrder, releaseOrder } from '../orders/orders.service.ts';
import { findSessionPrices, findTakenSeatIds } from '../seating/seating.repository.ts';
import { effectivePrices, pricesOnDay } from '../seating/seating.service.ts';
import type { SetupService } from '../setup/setup.service.ts';
import { plannedOffers, pricesInTurn, seatsTogether } from './matching.ts';
import { offerMail } from './waitlist-mail.ts';
import type { WaitlistTokens } from './waitlist-token.ts';
import { holdMinutesOf, offerPricesOf, onSale, unsubscribeUrl } from './waitlist.service.ts';
import {
  type EntryRow,
  type WaitlistSessionRow,
  findHallSeatsInOrder,
  findWaitlistSession,
  lockLapsedOffers,
  markExpired,
  markOffered,
  releaseSavepoint,
  rollbackToSavepoint,
  savepoint,
  sessionsToMatch,
  settleOffers,
  tryLockLine,
  waitingLine,
} from './waitlist.repository.ts';

export type WaitlistJobDeps = {
  db: Db;
  now: () => number;
  setup: SetupService;
  tokens: WaitlistTokens;
  baseUrl: string;
  timeZone: string;
};

/** How many sessions, lapsed offers and people in one line a run looks at; the rest wait for the next run. */
const SESSIONS_PER_RUN = 50;
const LAPSED_PER_RUN = 200;
const LINE_PER_RUN = 200;

/**
 * The waiting list's durable job: it never runs inside a buyer's or a member of staff's request, so
 * places that come back by any road (a return, a refund, an unpaid reserve released, a group
 * reserve cancelled, staff adding places or unblocking seats) reach the line without any of those
 * roads knowing of it: the job looks at what is free.
 *
 * A run (1) releases the unpaid orders of offers whose hold ran out, (2) records offers settled
 * elsewhere (paid: bought; cancelled: expired), then (3) for each session with people waiting and a
 * place free, holds places for those first in line whose request fits (matching.ts) in an order of
 * their own, awaiting payment until the hold ends, and queues the e-mail with the link to pay.
 *
 * Safe on several instances: lapsed offers are claimed with FOR UPDATE SKIP LOCKED; a session's
 * line is matched under a transaction-scoped advisory lock, which another instance skips. Places
 * are taken by the order path's own statement (place_order), so a web buyer racing the job for the
 * same place meets the same guarded update or seat index: exactly one wins. The loser here undoes
 * its attempt (a savepoint) and the person keeps their place at the head of the line.
 */
export function createWaitlistMatcher(deps: WaitlistJobDeps) {
  const { db } = deps;

  async function releaseLapsed(at: Date): Promise<number> {
    return db.transaction(async (tx) => {
      let n = 0;
      for (const offer of await lockLapsedOffers(tx, at, LAPSED_PER_RUN)) {
        // Paid at the last moment: the release refuses, and settleOffers records the purchase.
        if (!(await releaseOrder(tx, offer.order_id, at, 'expired'))) continue;
        await releaseOrderServices(tx, offer.order_id);
        await markExpired(tx, offer.id, at);
        n += 1;
      }
      await settleOffers(tx, at);
      return n;
    });
  }

  async function matchSession(sessionId: number, at: Date): Promise<number> {
    const setup = await deps.setup.get();
    return db.transaction(async (tx) => {
      if (!(await tryLockLine(tx, sessionId))) return 0;
      const session = await findWaitlistSession(tx, sessionId);
      if (!session || !onSale(session, at) || session.remaining <= 0) return 0;
      const line = await waitingLine(tx, sessionId, LINE_PER_RUN);
      if (line.length === 0) return 0;
      const until = new Date(at.getTime() + (await holdMinutesOf(tx, session)) * 60_000);
      const offer = async (entry: EntryRow, lines: NewOrderLine[]): Promise<boolean> => {
        const placed = await tryPlace(tx, orderFor(session, entry, lines, at, until));
        if (!placed) return false;
        await markOffered(tx, entry.id, placed.id, at, until);
        const lang = normalizeLang(entry.lang);
        await enqueueMail(
          tx,
          offerMail({
            entryId: entry.id,
            to: entry.email,
            lang,
            places: entry.places,
            orderId: placed.id,
            orderNumber: placed.number,
            until,
            session: { eventName: session.event_name, startsAt: session.starts_at, hasTime: session.has_time, timeZone: deps.timeZone },
            payUrl: `${deps.baseUrl}${orderViewPath(placed.hash, lang, setup.is_integration === 1)}`,
            unsubscribeUrl: unsubscribeUrl(deps, entry.id, lang),
          }),
          at,
        );
        return true;
      };
      return session.use_seat_map && session.hall_id !== null
        ? offerSeats(tx, session, session.hall_id, line, offer, deps.timeZone)
        : offerPlaces(tx, session, line, offer, deps.timeZone);
    });
  }

  return {
    /** One run of the job; answers what it did, for tests and the log. */
    async run(): Promise<{ released: number; offered: number }> {
      const at = new Date(deps.now());
      const released = await releaseLapsed(at);
      let offered = 0;
      for (const sessionId of await sessionsToMatch(db, at, SESSIONS_PER_RUN)) offered += await matchSession(sessionId, at);
      return { released, offered };
    },
  };
}
export type WaitlistMatcher = ReturnType<typeof createWaitlistMatcher>;

type Offer = (entry: EntryRow, lines: NewOrderLine[]) => Promise<boolean>;

/**
 * A quantity session: the price of the category the visitor asked for; when it cannot take the
 * places (no longer sold, a limited price run out, a minimum above the request) or none was asked,
 * the event's first ordinary price in category order that takes them.
 */
async function offerPlaces(
  tx: Queryable,
  session: WaitlistSessionRow,
  line: readonly EntryRow[],
  offer: Offer,
  timeZone: string,
): Promise<number> {
  const prices = await offerPricesOf(tx, session, timeZone);
  let free = session.remaining;
  let offered = 0;
  for (const entry of plannedOffers(line, free)) {
    if (entry.places > free) continue;
    const usable = pricesInTurn(prices, entry.category_id).filter((p) => p.min_quantity <= entry.places);
    let done = false;
    for (const price of usable) {
      const placed = await offer(entry, [
        {
          sessionId: session.id,
          priceId: price.id,
          categoryId: price.category_id,
          zoneId: price.zone_id,
          seatId: null,
          standingAreaId: null,
          subscriptionEventId: null,
          isGroup: false,
          quantity: entry.places,
          unitPrice: price.amount,
          unitFee: unitServiceFee(price.amount, price.service_fee, price.service_fee_kind),
        },
      ]);
      if (placed) {
        done = true;
        break;
      }
    }
    if (done) {
      free -= entry.places;
      offered += 1;
    } else {
      // The places went to someone faster (a web buyer): this person stays first for the next run.
      break;
    }
  }
  return offered;
}

/** A seated session: the first seats side by side that fit the request, each at its zone's first price. */
async function offerSeats(
  tx: Queryable,
  session: WaitlistSessionRow,
  hallId: number,
  line: readonly EntryRow[],
  offer: Offer,
  timeZone: string,
): Promise<number> {
  const seats = await findHallSeatsInOrder(tx, hallId);
  const taken = new Set(await findTakenSeatIds(tx, session.id));
  const priceOfZone = new Map<number, ReturnType<typeof effectivePrices>[number]>();
  for (const price of effectivePrices(
    pricesOnDay(await findSessionPrices(tx, session.event_id, session.id), session.starts_at, timeZone),
  )) {
    if (price.zone_id !== null && !priceOfZone.has(price.zone_id)) priceOfZone.set(price.zone_id, price);
  }
  let free = session.remaining;
  let offered = 0;
  for (const entry of line) {
    if (entry.places > free) continue;
    const run = seatsTogether(seats, taken, entry.places, { zoneId: entry.zone_id, sectorId: entry.sector_id }, (z) => priceOfZone.has(z));
    if (!run) continue;
    const lines = run.map((seat): NewOrderLine => {
      const price = priceOfZone.get(seat.zone_id) as NonNullable<ReturnType<typeof priceOfZone.get>>;
      return {
        sessionId: session.id,
        priceId: price.id,
        categoryId: price.category_id,
        zoneId: price.zone_id,
        seatId: seat.id,
        standingAreaId: null,
        subscriptionEventId: null,
        isGroup: false,
        quantity: 1,
        unitPrice: price.amount,
        unitFee: unitServiceFee(price.amount, price.service_fee, price.service_fee_kind),
      };
    });
    if (!(await offer(entry, lines))) break; // taken by a web buyer meanwhile: the person stays first
    for (const seat of run) taken.add(seat.id);
    free -= entry.places;
    offered += 1;
  }
  return offered;
}

function orderFor(session: WaitlistSessionRow, entry: EntryRow, lines: NewOrderLine[], at: Date, until: Date): NewOrder {
  return {
    eventId: session.event_id,
    status: session.named_tickets ? OrderStatus.reserved : OrderStatus.confirmed,
    lang: normalizeLang(entry.lang),
    createdAt: at,
    reservedUntil: until,
    buyer: { name: '', surname: '', firstName: '', patronymic: '', phone: '', email: entry.email },
    pushkinCard: false,
    isSubscription: false,
    crmClientId: null,
    checkboxes: [],
    lines,
  };
}

/** Places the order inside the job's transaction; a place taken by someone else meanwhile undoes this attempt only. */
async function tryPlace(tx: Queryable, order: NewOrder): Promise<PlacedOrder | undefined> {
  await savepoint(tx);
  try {
    const placed = await placeOrder(tx, order);
    await releaseSavepoint(tx);
    return placed;
  } catch (error) {
    await rollbackToSavepoint(tx);
    if (error instanceof BusinessError || error instanceof CatalogMoved) return undefined;
    throw error;
  }
}

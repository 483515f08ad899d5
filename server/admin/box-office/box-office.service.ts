import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import {
  type DeskPayment,
  type DeskSaleRequest,
  type DeskSessionResponse,
  type DeskSessionsResponse,
} from '../../../contract/admin/box-office.ts';
import { DESK_LIMITS, changeDue, paymentParts } from '../../../contract/admin/box-office-rules.ts';
import type { Lang } from '../../../contract/common.ts';
import { PUSHKIN_TICKETS_PER_ORDER, priceFitsPayment } from '../../../contract/event-prices.ts';
import { formatPrice } from '../../../contract/format-price.ts';
import type { StoredSetup } from '../../../contract/setup.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { findPrices } from '../../event/event.repository.ts';
import { pricesOfSession } from '../../event/event.service.ts';
import { BusinessError, adminErrorText } from '../../http.ts';
import { fullLocalized, venueDateParts } from '../../order-view/dates.ts';
import { markOrderSoldAtDesk } from '../../orders/orders.repository.ts';
import { type NewOrderLine, placeOrder } from '../../orders/orders.service.ts';
import { OrderStatus } from '../../../contract/order-status.ts';
import { orderTotals } from '../../orders/pricing.ts';
import type { PaymentsService } from '../../payments/payments.service.ts';
import { resolvePlaces, toLines } from '../../seating/scheme-order.service.ts';
import type { AuditWriter } from '../audit/audit.service.ts';
import type { DeskRegister } from './desk-register.service.ts';
import { deskSaleReceipt } from '../../payments/receipt.ts';
import {
  type DeskSessionRow,
  findDeskSession,
  findDeskSessions,
  findHolderFlags,
  findPriceStock,
  findSoldTickets,
  insertDeskPayment,
  saveDeskConsents,
} from './box-office.repository.ts';
import { deskHolderIssues, deskPlaceCount } from '../../../contract/admin/desk-holders.ts';
import type { Holder, HolderContext, HolderFlags } from '../../../contract/nominal.ts';
import { findCheckboxes } from '../../event/event.repository.ts';
import { saveHolders } from '../../nominal/nominal.repository.ts';
import { referenceData, withFallbacks } from '../../nominal/nominal.service.ts';

type DeskSale = Omit<DeskSaleRequest, 'lines' | 'seats' | 'email' | 'phone' | 'lang' | 'register' | 'holders' | 'consents'> & {
  holders?: DeskSaleRequest['holders'];
  consents?: number[] | undefined;
  register?: string | undefined;
  lines: { priceId: number; quantity: number }[];
  seats: { seatId: number; priceId: number }[];
  email: string;
  phone: string;
  payment: DeskPayment;
  lang: Lang;
};
type Cashier = { id: number; name: string; ip: string; userAgent: string | null };

const refuse = (code: (typeof AdminErrorCode)[keyof typeof AdminErrorCode], status = 409, detail?: (lang: Lang) => string) =>
  new BusinessError(code, { status, ...(detail ? { text: (lang: Lang) => adminErrorText(code, lang, detail(lang)) } : {}) });

/** What the cashier's list and the session's panel show of a session, in the venue's day and time. */
function toWireSession(row: DeskSessionRow, timeZone: string) {
  const parts = venueDateParts(row.starts_at, timeZone);
  return {
    id: row.id,
    eventId: row.event_id,
    eventHash: row.event_hash,
    eventName: fullLocalized(row.event_name),
    startsAt: row.starts_at.toISOString(),
    day: parts.iso,
    time: row.has_time ? parts.time : '',
    free: row.remaining,
    useSeatMap: row.use_seat_map,
    namedTickets: row.named_tickets,
    pushkin: row.use_pushkin_card,
    ordinary: row.use_ordinary_card,
  };
}

/**
 * The lines of a staff sale or group priced from the catalog (the client's amounts are never read):
 * seats of the hall at their zone's price, or quantities per price of the session; anything not of
 * the session is refused with `badPlace`. Shared by the box office and group bookings.
 */
export async function staffOrderLines(
  db: Db,
  row: Pick<DeskSessionRow, 'id' | 'event_id' | 'hall_id' | 'use_seat_map'>,
  request: { lines: readonly { priceId: number; quantity: number }[]; seats: readonly { seatId: number; priceId: number }[] },
  pushkin: boolean,
  badPlace: (why: 'pushkin-on-map' | 'place') => Error,
): Promise<NewOrderLine[]> {
  if (request.seats.length > 0) {
    if (!row.use_seat_map || row.hall_id === null || pushkin) throw badPlace(pushkin ? 'pushkin-on-map' : 'place');
    const places = await resolvePlaces(
      db,
      row.hall_id,
      row.event_id,
      row.id,
      request.seats.map((s) => ({ seat_id: s.seatId, price_id: s.priceId })),
    );
    return toLines(row.id, places).map((line) => ({ ...line, unitFee: 0 }));
  }
  const usable = pricesOfSession(await findPrices(db, row.event_id), row.id).filter(
    (p) => !p.for_subscription && priceFitsPayment(p.pushkin, pushkin),
  );
  const byPrice = new Map<number, NewOrderLine>();
  for (const line of request.lines) {
    const price = usable.find((p) => p.id === line.priceId);
    if (!price) throw badPlace('place');
    const seen = byPrice.get(price.id);
    if (seen) {
      seen.quantity += line.quantity;
      continue;
    }
    byPrice.set(price.id, {
      sessionId: row.id,
      priceId: price.id,
      categoryId: price.category_id,
      zoneId: price.zone_id,
      seatId: null,
      standingAreaId: null,
      subscriptionEventId: null,
      isGroup: price.group_passes > 0,
      quantity: line.quantity,
      unitPrice: price.amount,
      unitFee: 0,
    });
  }
  return [...byPrice.values()];
}

/**
 * The box office: the sessions a cashier sells, and a sale. A sale goes through the storefront's
 * order engine (placeOrder: the same guarded stock takes and the same unique seat index, so a
 * desk sale and a web order racing for the last place or one seat end with one winner), is paid at
 * once by the money the cashier took, and is audited with the cashier's name. No captcha, no
 * per-address hold limits, no per-order limit (those stop bots on the web), and no service fee
 * (the fee is the web's booking charge).
 */
export function createBoxOffice(deps: {
  db: Db;
  now: () => number;
  timeZone: string;
  payments: Pick<PaymentsService, 'markPaid'>;
  setup: { get(): Promise<StoredSetup> };
  audit: AuditWriter;
  register?: DeskRegister;
}) {
  const { db, timeZone } = deps;
  const today = () => venueDateParts(new Date(deps.now()), timeZone).iso;

  async function sessions(q: string): Promise<Omit<DeskSessionsResponse, 'errorCode' | 'errorText'>> {
    const day = today();
    const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
    const rows = await findDeskSessions(db, { timeZone, today: day, q: escaped, limit: DESK_LIMITS.sessionsMax });
    return { today: day, sessions: rows.map((row) => toWireSession(row, timeZone)) };
  }

  async function sellable(tx: Queryable, sessionId: number): Promise<DeskSessionRow> {
    const row = await findDeskSession(tx, timeZone, sessionId);
    if (!row) throw refuse(AdminErrorCode.deskSessionNotFound, 404);
    // The desk sells a session until the end of its day: a visitor may still come in after the start.
    if (row.is_cancelled || row.venue_day < today()) throw refuse(AdminErrorCode.deskNotOnSale);
    return row;
  }

  /** What a named-ticket event asks of each holder, and the lists the answers are checked against. */
  async function holderRules(tx: Queryable, eventId: number) {
    const flagsRow = await findHolderFlags(tx, eventId);
    if (!flagsRow) throw refuse(AdminErrorCode.deskSessionNotFound, 404);
    const flags: HolderFlags = {
      needage: flagsRow.need_age,
      needmiddlename: flagsRow.need_middle_name ? 1 : 0,
      needdocument: flagsRow.need_document ? 1 : 0,
      needcountry: flagsRow.need_country ? 1 : 0,
      needregion: flagsRow.need_region ? 1 : 0,
    };
    const [ref, boxes] = await Promise.all([referenceData(tx), findCheckboxes(tx, 'nominal', eventId)]);
    const context: HolderContext = {
      flags,
      today: today(),
      docTypeIds: new Set(ref.docTypes.map((d) => d.id)),
      regionsByCountry: ref.regionsByCountry,
    };
    return { flags, ref, boxes, context };
  }

  async function namedForm(eventId: number): Promise<DeskSessionResponse['session']['named']> {
    const { flags, ref, boxes, context } = await holderRules(db, eventId);
    return {
      ...flags,
      today: context.today,
      docTypes: ref.docTypes.map((doc) => ({ id: doc.id, country_id: doc.country_id, name: doc.name, note: doc.note })),
      countries: ref.countries.map((c) => ({ id: c.id, code: c.code, sortnum: c.sortnum, name: c.name })),
      regions: ref.regions.map((r) => ({ id: r.id, country_id: r.country_id, name: withFallbacks(r.name) })),
      checkboxes: boxes.map((box) => ({
        id: box.id,
        name: box.name as Record<string, string>,
        url: box.url as Record<string, string>,
        filling: box.required ? 1 : 0,
      })),
    };
  }

  async function session(sessionId: number): Promise<DeskSessionResponse['session']> {
    const row = await sellable(db, sessionId);
    const prices = pricesOfSession(await findPrices(db, row.event_id), sessionId).filter((p) => !p.for_subscription);
    const stock = await findPriceStock(db, sessionId);
    return {
      ...toWireSession(row, timeZone),
      orderLimit: row.order_limit,
      named: row.named_tickets ? await namedForm(row.event_id) : null,
      prices: prices.map((p) => ({
        id: p.id,
        categoryId: p.category_id,
        categoryName: fullLocalized(p.category_name),
        zoneId: p.zone_id,
        zoneName: p.zone_name ? fullLocalized(p.zone_name) : null,
        amount: p.amount,
        pushkin: p.pushkin,
        isGroup: p.group_passes > 0,
        free: stock.get(p.id) ?? null,
      })),
    };
  }

  /**
   * The holders onto the sale's tickets: a seat's holder onto that seat's ticket, a line's holders
   * in their order onto that price's tickets (the sale's places in the order the sale lists them).
   */
  async function giveHolders(
    tx: Queryable,
    orderId: number,
    sale: DeskSale,
    named: { holders: Holder[]; consents: { id: number; checked: boolean }[] },
    at: Date,
  ) {
    const bySeat = new Map<number, Holder>();
    const byPrice = new Map<number, Holder[]>();
    let next = 0;
    if (sale.seats.length > 0) for (const seat of sale.seats) bySeat.set(seat.seatId, named.holders[next++] as Holder);
    else
      for (const line of sale.lines) {
        const list = byPrice.get(line.priceId) ?? [];
        for (let i = 0; i < line.quantity; i += 1) list.push(named.holders[next++] as Holder);
        byPrice.set(line.priceId, list);
      }
    const given = (await findSoldTickets(tx, orderId)).map((ticket) => {
      const holder = ticket.seat_id !== null ? bySeat.get(ticket.seat_id) : byPrice.get(ticket.price_id)?.shift();
      if (!holder) throw new Error(`desk order ${orderId}: no holder for ticket ${ticket.id}`);
      return { ticketId: ticket.id, holder };
    });
    await saveHolders(tx, orderId, given);
    await saveDeskConsents(tx, orderId, named.consents, at);
  }

  /** Sells places of a session at the desk, paid with the money the cashier took; see createBoxOffice. */
  async function sell(sale: DeskSale, cashier: Cashier) {
    const at = new Date(deps.now());
    const pushkin = sale.payment.kind === 'pushkin';
    const row = await sellable(db, sale.sessionId);
    if (pushkin && !row.use_pushkin_card) throw refuse(AdminErrorCode.deskPushkinRefused);
    if (!pushkin && !row.use_ordinary_card) throw refuse(AdminErrorCode.deskPushkinOnly);
    const lines = await staffOrderLines(db, row, sale, pushkin, (why) =>
      refuse(why === 'pushkin-on-map' ? AdminErrorCode.deskPushkinRefused : AdminErrorCode.deskBadPlace, 400),
    );
    const places = lines.reduce((sum, l) => sum + l.quantity, 0);
    // A named-ticket event: a holder per place by the storefront's rules, and its required consents.
    let named: { holders: Holder[]; consents: { id: number; checked: boolean }[] } | null = null;
    if (row.named_tickets) {
      const { boxes, context } = await holderRules(db, row.event_id);
      const consents = sale.consents ?? [];
      const checked = deskHolderIssues(
        { holders: sale.holders ?? [], places: deskPlaceCount(sale), consents },
        context,
        boxes.map((b) => ({ id: b.id, filling: b.required ? 1 : 0 })),
      );
      if (!checked.holders)
        throw new BusinessError(AdminErrorCode.deskHoldersInvalid, { status: 400, details: { fields: checked.issues } });
      named = { holders: checked.holders, consents: boxes.map((b) => ({ id: b.id, checked: consents.includes(b.id) })) };
    } else if ((sale.holders ?? []).length > 0) {
      throw new BusinessError(AdminErrorCode.deskHoldersInvalid, {
        status: 400,
        details: { fields: [{ path: 'holders', code: 'not-named' }] },
      });
    }
    if (pushkin && places !== PUSHKIN_TICKETS_PER_ORDER) throw refuse(AdminErrorCode.deskPushkinRefused);
    const { total } = orderTotals(lines);
    if (total !== sale.expectedTotal) {
      const currency = (await deps.setup.get()).app.currency;
      throw refuse(AdminErrorCode.deskTotalChanged, 409, (lang) => formatPrice(total, currency, lang));
    }
    const parts = paymentParts(total, sale.payment.kind, sale.payment.kind === 'split' ? sale.payment.cash : 0);
    if (!parts) throw refuse(AdminErrorCode.deskSplitInvalid, 400);
    const tendered = sale.payment.kind === 'cash' || sale.payment.kind === 'split' ? sale.payment.tendered : undefined;
    if (tendered !== undefined && tendered < parts.cash) throw refuse(AdminErrorCode.deskTenderedShort, 400);
    const holder =
      sale.payment.kind === 'pushkin'
        ? { surname: sale.payment.surname, firstName: sale.payment.name, patronymic: sale.payment.patronymic, phone: sale.payment.phone }
        : undefined;
    const buyerName = holder ? [holder.surname, holder.firstName, holder.patronymic].filter(Boolean).join(' ') : '';
    const slip =
      sale.payment.kind === 'cash'
        ? { rrn: null, cardLast4: null }
        : { rrn: sale.payment.rrn ?? null, cardLast4: sale.payment.last4 ?? null };

    return db.transaction(async (tx) => {
      const placed = await placeOrder(tx, {
        eventId: row.event_id,
        status: OrderStatus.confirmed,
        lang: sale.lang,
        createdAt: at,
        // Paid in this same transaction: the hold never waits for anyone.
        reservedUntil: new Date(at.getTime() + 60_000),
        buyer: {
          name: buyerName,
          surname: holder?.surname ?? '',
          firstName: holder?.firstName ?? '',
          patronymic: holder?.patronymic ?? '',
          phone: holder?.phone ?? sale.phone,
          email: sale.email,
        },
        pushkinCard: pushkin,
        isSubscription: false,
        crmClientId: null,
        checkboxes: [],
        lines,
      });
      await markOrderSoldAtDesk(tx, placed.id, cashier);
      if (named) await giveHolders(tx, placed.id, sale, named, at);
      // The register's shift takes the money; its sale receipt is a task of the register, below.
      const shift = sale.register && deps.register ? await deps.register.shiftFor(tx, sale.register, cashier, at) : null;
      const paid: { method: 'cash' | 'card' | 'pushkin'; amount: number }[] = [];
      for (const method of ['cash', 'card', 'pushkin'] as const) {
        const amount = parts[method];
        if (amount <= 0) continue;
        await insertDeskPayment(tx, {
          orderId: placed.id,
          method,
          amount,
          tendered: method === 'cash' ? (tendered ?? null) : null,
          rrn: method === 'cash' ? null : slip.rrn,
          cardLast4: method === 'cash' ? null : slip.cardLast4,
          holderName: method === 'pushkin' ? buyerName : null,
          staffId: cashier.id,
          at,
          register: shift ? shift.register : null,
          shiftId: shift ? shift.id : null,
        });
        paid.push({ method, amount });
      }
      // A free sale has no money to record; it is paid all the same (as a free web order is).
      if (!(await deps.payments.markPaid(tx, placed.id, at)))
        throw new Error('a desk order placed in this transaction could not be marked paid');
      let receiptTask: number | null = null;
      if (shift && deps.register && total > 0) {
        // The sale receipt from the one receipt model (the same items, taxes and mode as the web's), for the register to print.
        const receipt = await deskSaleReceipt(tx, placed.id, total, deps.register.receipt);
        receiptTask = await deps.register.enqueue(tx, {
          register: shift.register,
          shiftId: shift.id,
          orderId: placed.id,
          document: { kind: 'sell', receipt, payments: paid, operator: { name: cashier.name } },
          total,
          at,
        });
      }
      await deps.audit(tx, {
        staffId: cashier.id,
        action: 'desk.sale',
        subjectType: 'order',
        subjectId: String(placed.id),
        after: {
          cashier: cashier.name,
          sessionId: row.id,
          total,
          places,
          payments: paid,
          register: shift?.register ?? null,
          receiptTask,
          ...(named ? { holders: named.holders.length } : {}),
        },
        ip: cashier.ip,
        userAgent: cashier.userAgent,
        at,
      });
      return {
        order: { id: placed.id, number: placed.number, hash: placed.hash, total, tickets: places },
        payments: paid,
        change: changeDue(parts.cash, tendered),
        receiptTask,
      };
    });
  }

  return { sessions, session, sell };
}
export type BoxOffice = ReturnType<typeof createBoxOffice>;

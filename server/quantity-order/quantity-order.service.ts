import type { Lang } from '../../contract/common.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { PUSHKIN_TICKETS_PER_ORDER, priceFitsPayment, unitServiceFee } from '../../contract/event-prices.ts';
import { type CreateOrderCommand, OrderFormError } from '../../contract/order-create.ts';
import type { StoredSetup } from '../../contract/setup.ts';
import { type OrderCaptchaDeps, withOrderCaptcha } from '../captcha/order-captcha.ts';
import { lockCatalogImportShared } from '../catalog/catalog-write.repository.ts';
import { findCoveringSubscription, takeSubscriptionVisits } from '../crm/crm.repository.ts';
import type { EventSessionRow, PriceRow } from '../event/event.repository.ts';
import { appliesOnDay } from '../../contract/concession-rules.ts';
import { isoOfDay } from '../concessions/concession-texts.ts';
import { type EventCatalog, type EventCatalogPart, pricesOfSession } from '../event/event.service.ts';
import { BusinessError } from '../http.ts';
import type { OrderBatcher } from '../orders/order-batcher.ts';
import { CatalogMoved, type NewOrder, OrderTooLarge, type NewOrderLine, placeOrder } from '../orders/orders.service.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import { textOf } from '../locales/texts.ts';
import { consentTicks, requireConsents, withConsentTicks } from '../personal-data/consent-ticks.ts';
import type { SetupService } from '../setup/setup.service.ts';

const refuse = (code: (typeof ErrorCode)[keyof typeof ErrorCode], status: number, text?: (lang: Lang) => string) =>
  new BusinessError(code, { status, text });

/** A refusal that names the form field and its error code, like a schema failure. */
export const fieldError = (path: string, code: string) =>
  new BusinessError(ErrorCode.validation, { status: 400, details: { fields: [{ path, code }] } });

/**
 * `orders` places an order that needs no transaction of its own, alone or with others; `catalog`
 * holds each event's catalog part per catalog version (shared with the event pages).
 */
export type QuantityOrderDeps = OrderCaptchaDeps & { orders: OrderBatcher; catalog: EventCatalog; setup: SetupService; now: () => number };

/** Who orders: the venue's CRM client when identified, and the client's address. */
export type QuantityOrderClient = { crmClientId: number | undefined; remoteIp: string | undefined };

type CreateOrderContext = QuantityOrderClient & { now: Date; setup: StoredSetup };

type PricedLine = NewOrderLine & { price: PriceRow };

/**
 * Quantity orders of the event page. `create` checks every rule, prices each line from the
 * catalog (the client's sum is ignored), and reserves the places
 * with guarded stock takes in one statement, so a refusal reserves nothing and no place is sold
 * twice. Answers the new order's hash.
 *
 * The event, its sessions, prices and checkboxes come from the catalog part the server keeps per
 * catalog version, without a read of the database: the order carries the version it was priced
 * at, and the database refuses it before writing when an import moved the catalog since
 * (CatalogMoved). It is then checked and priced again against the catalog as it is now; so is an
 * order the total cap refused (OrderTooLarge), which is refused before the database is asked.
 */
export function createQuantityOrderService(deps: QuantityOrderDeps) {
  return {
    async create(cmd: CreateOrderCommand, client: QuantityOrderClient): Promise<{ hash: string }> {
      const ctx = { ...client, now: new Date(deps.now()), setup: await deps.setup.get() };
      const tz = ctx.setup.app.timezone;
      try {
        return await createAt(deps, cmd, ctx, await deps.catalog.assumed(cmd.hash, tz));
      } catch (error) {
        // Priced at a catalog version an import may have moved since: a refusal by the order total cap
        // (refused before the database could tell) is decided again at the catalog as it is now.
        if (!(error instanceof CatalogMoved) && !(error instanceof OrderTooLarge)) throw error;
        // A second move in between answers 429 -1029: the buyer sends the order again.
        return createAt(deps, cmd, ctx, await deps.catalog.current(cmd.hash, tz));
      }
    },
  };
}
export type QuantityOrderService = ReturnType<typeof createQuantityOrderService>;

async function createAt(
  deps: QuantityOrderDeps,
  cmd: CreateOrderCommand,
  ctx: CreateOrderContext,
  catalog: { version: number; part: EventCatalogPart | undefined },
): Promise<{ hash: string }> {
  const { db } = deps;
  const pushkin = cmd.buyer.kind === 'pushkin';
  const { part } = catalog;
  if (!part) throw refuse(ErrorCode.notFound, 404);
  const { event, checkboxes, prices } = part;
  const first = cmd.lines[0];
  if (event.use_seat_map) throw refuse(ErrorCode.notFound, 409, textOf('quantityOrder', 'notAvailable'));
  if (pushkin && !event.use_pushkin_card) throw refuse(ErrorCode.validation, 400, textOf('quantityOrder', 'pushkinNotAllowed'));
  if (!pushkin && !event.use_ordinary_card) throw fieldError('pushkarta', 'required-pushkin-card');
  if (event.sale_starts_at && event.sale_starts_at.getTime() > ctx.now.getTime())
    throw refuse(ErrorCode.notFound, 409, textOf('quantityOrder', 'notAvailable'));
  // The session on sale at the first line's day and time (the lowest id, should two share them).
  const session = first
    ? part.sessions
        .filter((s) => s.day === first.day && s.time === first.time && s.on_sale_until.getTime() > ctx.now.getTime())
        .reduce<EventSessionRow | undefined>((a, s) => (a === undefined || s.id < a.id ? s : a), undefined)
    : undefined;

  // One order is for one session: every line names the same day and time of this event.
  if (!first) throw fieldError('data', OrderFormError.lines);
  for (const line of cmd.lines) {
    if (line.actionId !== event.id || line.day !== first.day || line.time !== first.time) throw fieldError('data', OrderFormError.lines);
  }
  if (!session) throw refuse(ErrorCode.notFound, 409, textOf('quantityOrder', 'notAvailable'));

  // Required extra checkboxes (filling = 1) must be ticked.
  const ticked = new Set(cmd.checkboxes.filter((c) => c.checked).map((c) => c.id));
  requireConsents(checkboxes, ticked);
  const missing = checkboxes.find((c) => c.required && !ticked.has(c.id));
  if (missing) throw fieldError(`checkboxList.${missing.id}`, OrderFormError.requiredCheckbox);

  // By subscription: every line or none, one subscription the identified CRM client holds for this event.
  const subscritIds = new Set(cmd.lines.map((l) => l.subscrit_id ?? 0));
  if (subscritIds.size > 1) throw fieldError('data', OrderFormError.lines);
  const subscritId = first.subscrit_id;
  let subscriptionLeft = 0;
  if (subscritId !== undefined) {
    const held = ctx.crmClientId === undefined ? undefined : await findCoveringSubscription(db, ctx.crmClientId, event.id);
    if (!held || held.subscription_event_id !== subscritId) throw fieldError('data', 'not-valid-subscription');
    subscriptionLeft = held.remaining;
  }

  const lines = priceLines(cmd, prices, session.id, {
    pushkin,
    bySubscription: subscritId !== undefined,
    subscriptionEvent: event.is_subscription,
  });

  // A concession category is sold only for the days it applies (the page does not offer it on others).
  const day = isoOfDay(session.day);
  if (lines.some((l) => !appliesOnDay(l.price.category_concession, day))) throw refuse(ErrorCode.concessionNotThatDay, 409);

  // Quantity rules.
  for (const line of lines) {
    if (line.price.min_quantity > 0 && line.quantity < line.price.min_quantity) throw fieldError(`data.${line.priceId}`, 'needprice');
  }
  const ordinary = lines.filter((l) => !l.isGroup).reduce((sum, l) => sum + l.quantity, 0);
  const group = lines.filter((l) => l.isGroup).reduce((sum, l) => sum + l.quantity, 0);
  // A subscription holder's limit is the visits left, not the event's per-order limit,
  // as the event page counts it (web/features/event/lib/order-rules.ts).
  if (subscritId === undefined && ordinary > event.order_limit) throw refuse(ErrorCode.limit, 409);
  if (pushkin && ordinary + group !== PUSHKIN_TICKETS_PER_ORDER)
    throw refuse(ErrorCode.limit, 409, textOf('quantityOrder', 'pushkinOneTicket'));
  if (group > 0 && event.group_limit > 0 && group > event.group_limit)
    throw refuse(ErrorCode.limit, 409, textOf('quantityOrder', 'groupLimit'));
  if (subscritId !== undefined && ordinary + group > subscriptionLeft)
    throw refuse(ErrorCode.limit, 409, textOf('quantityOrder', 'subscriptionLimit'));

  const buyer =
    cmd.buyer.kind === 'pushkin'
      ? {
          name: [cmd.buyer.surname, cmd.buyer.name, cmd.buyer.patronymic].filter(Boolean).join(' '),
          surname: cmd.buyer.surname,
          firstName: cmd.buyer.name,
          patronymic: cmd.buyer.patronymic,
          phone: cmd.buyer.phone,
          email: cmd.buyer.email,
        }
      : { name: cmd.buyer.fio, surname: '', firstName: '', patronymic: '', phone: cmd.buyer.phone, email: cmd.buyer.email };

  const order: NewOrder = {
    eventId: event.id,
    status: event.named_tickets ? OrderStatus.reserved : OrderStatus.confirmed,
    lang: cmd.lang ?? 'ru',
    createdAt: ctx.now,
    reservedUntil: new Date(ctx.now.getTime() + event.reserve_minutes * 60_000),
    buyer,
    pushkinCard: pushkin,
    isSubscription: subscritId !== undefined,
    crmClientId: ctx.crmClientId ?? null,
    checkboxes: withConsentTicks(cmd.checkboxes, consentTicks(checkboxes, ticked, ctx.remoteIp)),
    lines: lines.map(({ price: _price, ...line }) => line),
    catalogVersion: catalog.version,
  };
  // Selling a subscription, or a visit paid by one, makes the subscription sold: an import then
  // must not take an event out of it. The import reads what is sold under its exclusive lock, so
  // such an order holds the shared one until it commits; if it waited for an import instead, the
  // order's catalog version no longer matches and it is checked and priced again (CatalogMoved).
  // Ordinary orders skip it: they place in one statement, batched, on an on-sale rush's hot path.
  const sellsSubscription = subscritId !== undefined || event.is_subscription;
  return withOrderCaptcha(
    deps,
    ctx.setup,
    cmd,
    ctx.remoteIp,
    async (tx, alone) => {
      if (sellsSubscription) await lockCatalogImportShared(tx);
      if (subscritId !== undefined && ctx.crmClientId !== undefined) {
        if (!(await takeSubscriptionVisits(tx, ctx.crmClientId, subscritId, ordinary + group))) {
          throw refuse(ErrorCode.limit, 409, textOf('quantityOrder', 'subscriptionLimit'));
        }
      }
      const placed = alone ? await deps.orders.place(order) : await placeOrder(tx, order);
      return { hash: placed.hash };
      // Without a subscription to sell or draw visits from, placing the order is its one statement.
    },
    {
      oneStatement: !sellsSubscription,
      hold: { email: buyer.email, places: ordinary + group, at: ctx.now, until: order.reservedUntil, hashOf: (placed) => placed.hash },
    },
  );
}

/**
 * Finds each line's price in the database for the session, the payment method (priceFitsPayment)
 * and the mode: by subscription only subscription prices. Lines for the same price are added up.
 */
export function priceLines(
  cmd: Pick<CreateOrderCommand, 'lines'>,
  prices: readonly PriceRow[],
  sessionId: number,
  mode: { pushkin: boolean; bySubscription: boolean; subscriptionEvent: boolean },
): PricedLine[] {
  // A subscription sells at its own prices, whatever their for_subscription flag says.
  const usable = pricesOfSession(prices, sessionId).filter(
    (p) =>
      (mode.subscriptionEvent ? !mode.bySubscription : p.for_subscription === mode.bySubscription) &&
      priceFitsPayment(p.pushkin, mode.pushkin),
  );
  const byPrice = new Map<number, PricedLine>();
  for (const line of cmd.lines) {
    const price = usable.find((p) => p.category_id === line.categoryId && (p.zone_id ?? 0) === line.zoneId);
    if (!price) throw fieldError('data', OrderFormError.lines);
    const seen = byPrice.get(price.id);
    if (seen) {
      seen.quantity += line.quantity;
      continue;
    }
    byPrice.set(price.id, {
      price,
      sessionId,
      priceId: price.id,
      categoryId: price.category_id,
      zoneId: price.zone_id,
      seatId: null,
      standingAreaId: null,
      subscriptionEventId: line.subscrit_id ?? null,
      isGroup: price.group_passes > 0,
      quantity: line.quantity,
      unitPrice: price.amount,
      unitFee: unitServiceFee(price.amount, price.service_fee, price.service_fee_kind),
    });
  }
  return [...byPrice.values()];
}

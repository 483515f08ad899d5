import type { Lang } from '../../contract/common.ts';
import { pickLocalized } from '../../contract/lang.ts';
import type { Queryable } from '../db/client.ts';
import { serverText } from '../locales/texts.ts';
import {
  RECEIPT_NAME_MAX,
  type Receipt,
  type ReceiptPaymentMode,
  type ReceiptSettings,
  type ReceiptUnit,
  buildReceipt,
  chargeUnits,
  groupLines,
} from './receipt-model.ts';
import {
  type ReceiptPlaceRow,
  findReceiptOrderById,
  findReceiptOrderOfPayment,
  findReceiptOrderOfRefund,
  findReceiptPayment,
  findReceiptPlaces,
  findReceiptServices,
  findReturnedAmounts,
  recordSaleReceipt,
} from './receipt.repository.ts';

export {
  RECEIPT_FFD_VERSIONS,
  RECEIPT_NAME_MAX,
  RECEIPT_PAYMENT_MODES,
  RECEIPT_TAXATIONS,
  RECEIPT_TAXES,
  type Receipt,
  type ReceiptFfd,
  type ReceiptLine,
  type ReceiptPaymentMode,
  type ReceiptSettings,
  type ReceiptTax,
  type ReceiptTaxation,
} from './receipt-model.ts';

// Fiscal receipts are in Russian whatever language the order was placed in.
const RECEIPT_LANG: Lang = 'ru';

function placeName(place: ReceiptPlaceRow, settings: ReceiptSettings, lang: Lang): string {
  const date = new Intl.DateTimeFormat('ru-RU', {
    timeZone: settings.timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    ...(place.has_time ? { hour: '2-digit', minute: '2-digit' } : {}),
  }).format(place.starts_at);
  const where =
    place.row_label !== null && place.seat_label !== null
      ? `${serverText('places', 'row', lang, { row: place.row_label })}, ${serverText('places', 'seat', lang, { seat: place.seat_label })}`
      : [pickLocalized(place.category_name, lang), pickLocalized(place.area_name, lang)].filter(Boolean).join(', ');
  return `${pickLocalized(place.event_name, lang)}, ${date}, ${where}`.slice(0, RECEIPT_NAME_MAX);
}

/**
 * Every unit an order sells at its list price, in a fixed order (lines, then tickets or the
 * places of a line not yet issued, then services), so the same order always spreads a sum the
 * same way: before its tickets exist (the sale receipt) and after (closing and refund receipts).
 */
async function listedUnits(
  db: Queryable,
  orderId: number,
  settings: ReceiptSettings,
  exchangeId: number | null = null,
): Promise<ReceiptUnit[]> {
  const places = await findReceiptPlaces(db, orderId, null, exchangeId);
  const units: ReceiptUnit[] = [];
  for (const place of places) {
    const name = placeName(place, settings, RECEIPT_LANG);
    units.push({ part: 'ticket', name, list: place.unit_price, amount: place.unit_price, ticketId: place.ticket_id, serviceId: null });
    if (place.unit_fee > 0) {
      units.push({
        part: 'fee',
        name: serverText('orders', 'serviceFee', RECEIPT_LANG),
        list: place.unit_fee,
        amount: place.unit_fee,
        ticketId: place.ticket_id,
        serviceId: null,
      });
    }
  }
  // An exchange's difference sells only the exchange's new places: the services stay the order's.
  for (const service of exchangeId === null ? await findReceiptServices(db, orderId) : []) {
    units.push({
      part: 'service',
      name: pickLocalized(service.name, RECEIPT_LANG).slice(0, RECEIPT_NAME_MAX),
      list: service.amount,
      amount: service.amount,
      ticketId: null,
      serviceId: service.id,
    });
  }
  return units;
}

/** The order's units with a payment's amount spread over them: what its sale receipt charged for each. */
export async function saleUnits(db: Queryable, orderId: number, amount: number, settings: ReceiptSettings): Promise<ReceiptUnit[]> {
  return chargeUnits(await listedUnits(db, orderId, settings), amount);
}

/** The sale receipt («приход») of a payment: every ticket, fee and special offer of its order. */
export async function paymentReceipt(db: Queryable, merchantRef: string, amount: number, settings: ReceiptSettings): Promise<Receipt> {
  const order = await findReceiptOrderOfPayment(db, merchantRef);
  if (!order) throw new Error(`no order for payment ${merchantRef}`);
  // The difference of an exchange sells the exchange's new places, at that amount spread over their prices.
  if (order.exchange_id !== null)
    return buildReceipt('sale', order, chargeUnits(await listedUnits(db, order.id, settings, order.exchange_id), amount), settings);
  return buildReceipt('sale', order, await saleUnits(db, order.id, amount, settings), settings);
}

/** How many lines the sale receipt of an order paid in full would have (checked against a channel's limit before paying). */
export async function saleLineCount(db: Queryable, orderId: number, amount: number, settings: ReceiptSettings): Promise<number> {
  return groupLines(await saleUnits(db, orderId, amount, settings)).length;
}

/**
 * The refund receipt («возврат прихода») of a refund, describing exactly what is given back. A
 * return lists its tickets, each at the amount stored for it when the return was requested (the
 * ticket and its service fee as two items when the fee part is known), and the services it gives
 * back at theirs; nothing that stays sold. A refund of a whole payment lists the sale receipt's
 * units as charged. `whole` says the refund gives back the whole payment (T-Bank then wants no
 * receipt structure: it refunds the sale receipt as it was).
 */
export async function refundReceipt(
  db: Queryable,
  idempotencyKey: string,
  amount: number,
  settings: ReceiptSettings,
): Promise<{ receipt: Receipt; whole: boolean }> {
  const order = await findReceiptOrderOfRefund(db, idempotencyKey);
  if (!order) throw new Error(`no order for refund ${idempotencyKey}`);
  const sold = await saleUnits(db, order.id, order.payment_amount, settings);
  let units: Pick<ReceiptUnit, 'name' | 'amount'>[];
  if (order.exchange_old_ticket_ids !== null) {
    // A lower price's difference: the tickets the exchange gave up, as their sale charged them, the refund spread over them.
    const given = new Set(order.exchange_old_ticket_ids);
    const old = sold.filter((u) => u.ticketId !== null && given.has(u.ticketId));
    units = chargeUnits(
      old.map((u) => ({ ...u, list: u.amount })),
      amount,
    );
  } else if (order.return_request_id === null) {
    units =
      amount === order.payment_amount
        ? sold
        : chargeUnits(
            sold.map((u) => ({ ...u, list: u.amount })),
            amount,
          );
  } else {
    units = await returnedUnits(db, sold, order.return_request_id, amount);
  }
  const paymentMode = (order.sale_mode ?? settings.paymentMode) as ReceiptPaymentMode;
  return { receipt: buildReceipt('refund', order, units, { ...settings, paymentMode }), whole: amount === order.payment_amount };
}

/**
 * What a return request gives back, as receipt units: each ticket at the amount stored for it
 * when the return was requested (the ticket and its service fee as two items when the fee part is
 * known), and the services it gives back at theirs; nothing that stays sold. `sold` names them (the
 * sale's units); a refund of less than the stored sum (never more) is spread over the parts.
 */
async function returnedUnits(db: Queryable, sold: readonly ReceiptUnit[], requestId: number, amount: number): Promise<ReceiptUnit[]> {
  const returned = await findReturnedAmounts(db, requestId);
  const ticketName = (ticketId: number) => sold.find((u) => u.part === 'ticket' && u.ticketId === ticketId)?.name ?? '';
  const feeName = serverText('orders', 'serviceFee', RECEIPT_LANG);
  const parts: ReceiptUnit[] = [];
  for (const t of returned.tickets) {
    const fee = t.fee !== null && t.fee <= t.amount ? t.fee : 0;
    parts.push({
      part: 'ticket',
      name: ticketName(t.ticket_id),
      list: t.amount - fee,
      amount: t.amount - fee,
      ticketId: t.ticket_id,
      serviceId: null,
    });
    if (fee > 0) parts.push({ part: 'fee', name: feeName, list: fee, amount: fee, ticketId: t.ticket_id, serviceId: null });
  }
  for (const s of returned.services) {
    const name = sold.find((u) => u.serviceId === s.service_id)?.name ?? '';
    parts.push({ part: 'service', name, list: s.amount, amount: s.amount, ticketId: null, serviceId: s.service_id });
  }
  const stored = parts.reduce((sum, p) => sum + p.amount, 0);
  return stored === amount ? parts : chargeUnits(parts, amount);
}

/** The sale receipt of an order paid at the desk (no acquirer payment): every unit at what the order charged. */
export async function deskSaleReceipt(db: Queryable, orderId: number, total: number, settings: ReceiptSettings): Promise<Receipt> {
  const order = await findReceiptOrderById(db, orderId);
  if (!order) throw new Error(`no order ${orderId}`);
  return buildReceipt('sale', order, await saleUnits(db, orderId, total, settings), settings);
}

/** The refund receipt («возврат прихода») of a return request refunded at the desk, of an order paid there in full. */
export async function deskReturnReceipt(
  db: Queryable,
  p: { orderId: number; paid: number; requestId: number; amount: number },
  settings: ReceiptSettings,
): Promise<Receipt> {
  const order = await findReceiptOrderById(db, p.orderId);
  if (!order) throw new Error(`no order ${p.orderId}`);
  const sold = await saleUnits(db, p.orderId, p.paid, settings);
  return buildReceipt('refund', order, await returnedUnits(db, sold, p.requestId, p.amount), settings);
}

/** Each issued ticket's place as receipts name it (event, date, row and seat or category). */
export async function ticketPlaceNames(db: Queryable, orderId: number, settings: ReceiptSettings): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const unit of await listedUnits(db, orderId, settings))
    if (unit.part === 'ticket' && unit.ticketId !== null) names.set(unit.ticketId, unit.name);
  return names;
}

/**
 * The closing receipt («полный расчёт») of the given tickets (each with its service fee) and
 * services of an order, at the amounts its sale receipt charged for them, paid by the prepayment.
 */
export async function closingReceipt(
  db: Queryable,
  task: { orderId: number; paymentId: number; ticketIds: readonly number[]; serviceIds: readonly number[] },
  settings: ReceiptSettings,
): Promise<Receipt> {
  const [order, payment] = await Promise.all([findReceiptOrderById(db, task.orderId), findReceiptPayment(db, task.paymentId)]);
  if (!order || !payment) throw new Error(`no order ${task.orderId} or payment ${task.paymentId}`);
  const tickets = new Set(task.ticketIds);
  const services = new Set(task.serviceIds);
  const units = (await saleUnits(db, order.id, payment.amount, settings)).filter(
    (u) => (u.ticketId !== null && tickets.has(u.ticketId)) || (u.serviceId !== null && services.has(u.serviceId)),
  );
  return buildReceipt('closing', order, units, settings);
}

/** What an adapter asks for the receipts of its requests. */
export type ReceiptSource = {
  /** The sale receipt; notes its payment mode for the closing receipt. */
  forPayment(merchantRef: string, amount: number): Promise<Receipt>;
  forRefund(idempotencyKey: string, amount: number): Promise<{ receipt: Receipt; whole: boolean }>;
};

export function createReceiptSource(db: Queryable, settings: ReceiptSettings, now: () => number = Date.now): ReceiptSource {
  return {
    async forPayment(merchantRef, amount) {
      const receipt = await paymentReceipt(db, merchantRef, amount, settings);
      await recordSaleReceipt(db, merchantRef, receipt.paymentMode, new Date(now()));
      return receipt;
    },
    forRefund: (key, amount) => refundReceipt(db, key, amount, settings),
  };
}

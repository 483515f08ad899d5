import type { Lang } from '../../contract/common.ts';
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

const localized = (value: Record<string, string> | null | undefined, lang: Lang) => (value ? (value[lang] ?? value.ru ?? Object.values(value)[0] ?? '') : '');

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
      : [localized(place.category_name, lang), localized(place.area_name, lang)].filter(Boolean).join(', ');
  return `${localized(place.event_name, lang)}, ${date}, ${where}`.slice(0, RECEIPT_NAME_MAX);
}

/**
 * Every unit an order sells at its list price, in a fixed order (lines, then tickets or the
 * places of a line not yet issued, then services), so the same order always spreads a sum the
 * same way: before its tickets exist (the sale receipt) and after (closing and refund receipts).
 */
async function listedUnits(db: Queryable, orderId: number, settings: ReceiptSettings): Promise<ReceiptUnit[]> {
  const places = await findReceiptPlaces(db, orderId);
  const units: ReceiptUnit[] = [];
  for (const place of places) {
    const name = placeName(place, settings, RECEIPT_LANG);
    units.push({ part: 'ticket', name, list: place.unit_price, amount: place.unit_price, ticketId: place.ticket_id, serviceId: null });
    if (place.unit_fee > 0) {
      units.push({ part: 'fee', name: serverText('orders', 'serviceFee', RECEIPT_LANG), list: place.unit_fee, amount: place.unit_fee, ticketId: place.ticket_id, serviceId: null });
    }
  }
  for (const service of await findReceiptServices(db, orderId)) {
    units.push({ part: 'service', name: localized(service.name, RECEIPT_LANG).slice(0, RECEIPT_NAME_MAX), list: service.amount, amount: service.amount, ticketId: null, serviceId: service.id });
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
export async function refundReceipt(db: Queryable, idempotencyKey: string, amount: number, settings: ReceiptSettings): Promise<{ receipt: Receipt; whole: boolean }> {
  const order = await findReceiptOrderOfRefund(db, idempotencyKey);
  if (!order) throw new Error(`no order for refund ${idempotencyKey}`);
  const sold = await saleUnits(db, order.id, order.payment_amount, settings);
  let units: Pick<ReceiptUnit, 'name' | 'amount'>[];
  if (order.return_request_id === null) {
    units = amount === order.payment_amount ? sold : chargeUnits(sold.map((u) => ({ ...u, list: u.amount })), amount);
  } else {
    const returned = await findReturnedAmounts(db, order.return_request_id);
    const ticketName = (ticketId: number) => sold.find((u) => u.part === 'ticket' && u.ticketId === ticketId)?.name ?? '';
    const feeName = serverText('orders', 'serviceFee', RECEIPT_LANG);
    const parts: ReceiptUnit[] = [];
    for (const t of returned.tickets) {
      const fee = t.fee !== null && t.fee <= t.amount ? t.fee : 0;
      parts.push({ part: 'ticket', name: ticketName(t.ticket_id), list: t.amount - fee, amount: t.amount - fee, ticketId: t.ticket_id, serviceId: null });
      if (fee > 0) parts.push({ part: 'fee', name: feeName, list: fee, amount: fee, ticketId: t.ticket_id, serviceId: null });
    }
    for (const s of returned.services) {
      const name = sold.find((u) => u.serviceId === s.service_id)?.name ?? '';
      parts.push({ part: 'service', name, list: s.amount, amount: s.amount, ticketId: null, serviceId: s.service_id });
    }
    const stored = parts.reduce((sum, p) => sum + p.amount, 0);
    // The refund is the request's stored sum; a refund of less (never more) is spread over the parts.
    units = stored === amount ? parts : chargeUnits(parts, amount);
  }
  const paymentMode = (order.sale_mode ?? settings.paymentMode) as ReceiptPaymentMode;
  return { receipt: buildReceipt('refund', order, units, { ...settings, paymentMode }), whole: amount === order.payment_amount };
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

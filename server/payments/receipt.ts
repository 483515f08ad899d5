import type { Lang } from '../../contract/common.ts';
import type { Queryable } from '../db/client.ts';
import { serverText } from '../locales/texts.ts';
import {
  type ReceiptOrderRow,
  type ReceiptPlaceRow,
  findReceiptOrderOfPayment,
  findReceiptOrderOfRefund,
  findReceiptPlaces,
  findReceiptServices,
} from './receipt.repository.ts';

/** How the venue's accountant settles a ticket sale (54-FZ «признак способа расчёта»). */
export const RECEIPT_PAYMENT_MODES = ['full_prepayment', 'full_payment'] as const;
export type ReceiptPaymentMode = (typeof RECEIPT_PAYMENT_MODES)[number];
/** The VAT rate of an item; culture tickets are usually VAT-exempt (none). */
export const RECEIPT_TAXES = ['none', 'vat0', 'vat5', 'vat7', 'vat10', 'vat20'] as const;
export type ReceiptTax = (typeof RECEIPT_TAXES)[number];
/**
 * The venue's tax system (T-Bank's Taxation, mapped to YooKassa's tax_system_code by its adapter).
 * No `envd`: that regime ended in 2021 and T-Bank's Taxation no longer accepts it.
 */
export const RECEIPT_TAXATIONS = ['osn', 'usn_income', 'usn_income_outcome', 'esn', 'patent'] as const;
export type ReceiptTaxation = (typeof RECEIPT_TAXATIONS)[number];

export type ReceiptSettings = { paymentMode: ReceiptPaymentMode; tax: ReceiptTax; taxation: ReceiptTaxation | undefined; timeZone: string };

/** One receipt line: quantity 1, a service («услуга»), in minor units. */
export type ReceiptItem = { name: string; amount: number };

/** A provider-neutral 54-FZ receipt; each adapter maps it to its own shape. */
export type Receipt = {
  email: string;
  phone: string;
  items: ReceiptItem[];
  paymentMode: ReceiptPaymentMode;
  tax: ReceiptTax;
  taxation: ReceiptTaxation | undefined;
};

/** The fiscal data register's item-name limit (both acquirers cut at 128). */
export const RECEIPT_NAME_MAX = 128;

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
  return `${localized(place.event_name, lang)}, ${date}, ${where}`;
}

/**
 * Items whose sum is exactly `target`: the gap between the list prices and what is charged
 * (discounts, promo codes, bonuses, a partial refund's share) is spread over the items in
 * proportion to their price, the rounding remainder on the last priced item, because a receipt
 * item cannot be negative and the items must add up to the payment.
 */
export function fitItems(items: readonly ReceiptItem[], target: number): ReceiptItem[] {
  const listed = items.filter((i) => i.amount > 0);
  const sum = listed.reduce((s, i) => s + i.amount, 0);
  if (sum === target || sum === 0) return listed.map((i) => ({ ...i }));
  let left = target;
  return listed.map((item, index) => {
    const amount = index === listed.length - 1 ? left : Math.floor((item.amount * target) / sum);
    left -= amount;
    return { name: item.name.slice(0, RECEIPT_NAME_MAX), amount };
  });
}

async function itemsOfOrder(db: Queryable, order: ReceiptOrderRow, settings: ReceiptSettings, lang: Lang, returnRequestId: number | null) {
  const places = await findReceiptPlaces(db, order.id, returnRequestId);
  const items: ReceiptItem[] = [];
  for (const place of places) {
    items.push({ name: placeName(place, settings, lang).slice(0, RECEIPT_NAME_MAX), amount: place.unit_price });
    if (place.unit_fee > 0) items.push({ name: serverText('orders', 'serviceFee', lang), amount: place.unit_fee });
  }
  // A return gives back tickets; the services tied to them are refunded with them.
  const lines = new Set(places.map((p) => p.line_id));
  for (const service of await findReceiptServices(db, order.id)) {
    if (returnRequestId !== null && !lines.has(service.parent_line_id)) continue;
    items.push({ name: localized(service.name, lang).slice(0, RECEIPT_NAME_MAX), amount: service.amount });
  }
  return items;
}

/** The sale receipt («приход») of a payment: every ticket, fee and special offer of its order. */
export async function paymentReceipt(db: Queryable, merchantRef: string, amount: number, settings: ReceiptSettings, lang: Lang = 'ru'): Promise<Receipt> {
  const order = await findReceiptOrderOfPayment(db, merchantRef);
  if (!order) throw new Error(`no order for payment ${merchantRef}`);
  const items = fitItems(await itemsOfOrder(db, order, settings, lang, null), amount);
  return { email: order.email, phone: order.phone, items, paymentMode: settings.paymentMode, tax: settings.tax, taxation: settings.taxation };
}

/**
 * The refund receipt («возврат прихода») of a refund: a ticket return lists only the returned
 * tickets (and their fees and offers), at the refunded amounts; a whole-payment refund lists all.
 */
export async function refundReceipt(db: Queryable, idempotencyKey: string, amount: number, settings: ReceiptSettings): Promise<Receipt> {
  const order = await findReceiptOrderOfRefund(db, idempotencyKey);
  if (!order) throw new Error(`no order for refund ${idempotencyKey}`);
  const items = fitItems(await itemsOfOrder(db, order, settings, 'ru', order.return_request_id), amount);
  return { email: order.email, phone: order.phone, items, paymentMode: settings.paymentMode, tax: settings.tax, taxation: settings.taxation };
}

/** What an adapter asks for the receipts of its requests. */
export type ReceiptSource = {
  forPayment(merchantRef: string, amount: number): Promise<Receipt>;
  forRefund(idempotencyKey: string, amount: number): Promise<Receipt>;
};

export function createReceiptSource(db: Queryable, settings: ReceiptSettings): ReceiptSource {
  return {
    forPayment: (merchantRef, amount) => paymentReceipt(db, merchantRef, amount, settings),
    forRefund: (key, amount) => refundReceipt(db, key, amount, settings),
  };
}

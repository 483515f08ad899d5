import { z } from 'zod';
import { ticketDocument } from './ticket-schema.ts';
import { MAX_INT4, businessResult, langField, localized, orderHash, partialLocalized, recordId } from './common.ts';
import { HELD_ORDERS_MAX } from './order-form-constants.ts';
import { DISCOUNT_CODE_MAX } from './order-rules.ts';
import { bankData } from './payment.ts';

/** POST /api/order/view */
export const orderViewRequest = z.object({
  hash: orderHash,
  lang: langField,
  bank_data: bankData.nullish(),
});

/** One ticket of a row: its own code, page and images (images only once the order is paid). */
export const orderTicket = z.object({
  id: z.number().int(),
  ticketcode: z.string(),
  tickethash_id: z.string(),
  _qrcode: z.string(),
  _barcode: z.string(),
  /** Return status (contract/order-status.ts ReturnStatus). */
  status: z.number().int(),
});
export type OrderTicket = z.infer<typeof orderTicket>;

/** A ticket row (main): a seat, or a general-admission line of quant tickets. */
export const ticketRow = z.object({
  id: z.number().int(),
  action: localized,
  action_group: z.string(),
  day: z.string(),
  time: z.string(),
  address: localized,
  seatroot: localized,
  location: localized,
  price: z.number(),
  quant: z.number().int(),
  cost: z.number(),
  /** 0 barcode, 1 QR, 2 none. */
  tickettype: z.number().int(),
  _qrcode: z.string(),
  _barcode: z.string(),
  ticketcode: z.string(),
  tickethash_id: z.string(),
  rowname: z.string(),
  seat_id: z.number().int(),
  sector: localized,
  seat: localized,
  category: localized,
  zonelevel: localized,
  day_str: localized,
  dayofweek: localized,
  tickets: z.array(orderTicket),
  /** Ours: what a concession category's visitor shows at the door, per language (as the event page's prices); empty otherwise. */
  document: partialLocalized.optional(),
});
export type TicketRow = z.infer<typeof ticketRow>;

/** An attached service (toping). */
export const attachedService = z.object({
  id: z.number().int(),
  parent_id: z.number().int(),
  package_id: z.number().int(),
  price_id: z.number().int(),
  cost: z.number(),
  candelete: z.union([z.literal(0), z.literal(1)]),
  action: localized,
  /** Return status, as for tickets (ReturnStatus); a service returns with its ticket (docs/returns.md). */
  status: z.number().int(),
});
export type AttachedService = z.infer<typeof attachedService>;

/** A service fee line of the order. */
export const serviceFee = z.object({ id: z.number().int(), action: localized, cost: z.number() });

/**
 * A special offer for one ticket row (addToping). limit: how many more of this price_id the order
 * may take (its per-order limit, for a seat-tied service at most one per place, and the stock
 * left, less what the order already has). row_limit: how many more this ticket row may take (a
 * seat-tied service: the row's places less those of them already served; otherwise limit).
 */
export const offer = z.object({
  parent_id: z.number().int(),
  package_id: z.number().int(),
  price_id: z.number().int(),
  cost: z.number(),
  action: localized,
  descript: localized,
  limit: z.number().int(),
  row_limit: z.number().int(),
  /** 1: a service tied to a seat, received on presenting the event ticket. */
  seat_tied: z.union([z.literal(0), z.literal(1)]),
});
export type Offer = z.infer<typeof offer>;

export const discountData = z.object({
  cardCode: z.string(),
  isBlocked: z.union([z.literal(0), z.literal(1)]),
  availableBonuses: z.number().int(),
  useBonuses: z.number().int(),
  totalBalance: z.number().int(),
  totalDiscount: z.number(),
  chargedBonus: z.number().int(),
  promoCode: z.string(),
});
export type DiscountData = z.infer<typeof discountData>;

export const paymentType = z.object({
  creditcompany_id: z.number().int(),
  protocol_type: z.number().int(),
  protocol_kind: z.number().int(),
  name: localized,
  descript: localized,
});
export type PaymentType = z.infer<typeof paymentType>;

/**
 * Why a payment was given back without the visitor asking (docs/payments.md): the order was
 * already paid by another attempt, its sum changed while paying, or its booking ended first.
 */
export const AUTOMATIC_REFUND_REASONS = ['already-paid', 'order-changed', 'booking-expired'] as const;
export type AutomaticRefundReason = (typeof AUTOMATIC_REFUND_REASONS)[number];

/**
 * A payment of the order refunded in full automatically (not a ticket return, which has its own
 * screens): payment_num is its number among the order's payment attempts, amount in major units;
 * pending until the acquirer confirmed the refund, then done.
 */
export const automaticRefund = z.object({
  payment_num: z.number().int(),
  amount: z.number(),
  state: z.enum(['pending', 'done']),
  reason: z.enum(AUTOMATIC_REFUND_REASONS),
});
export type AutomaticRefund = z.infer<typeof automaticRefund>;

export const orderViewResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  ord_num: z.number().int(),
  hash: z.string(),
  /** Order status (contract/order-status.ts OrderStatus). */
  status: z.number().int(),
  /** Seconds of reservation left; 0 once it ended or the order is paid. */
  reserveTime: z.number().int(),
  main: z.array(ticketRow),
  toping: z.array(attachedService),
  service: z.array(serviceFee),
  addToping: z.array(offer),
  discountData,
  printingAllowed: z.union([z.literal(0), z.literal(1)]),
  paymentAllowed: z.boolean(),
  demsumma: z.number(),
  url_pay: z.string(),
  payments: z.array(paymentType),
  creditCompanyId: z.number().int(),
  payment_qr: z.object({ form_qr_url: z.string(), form_qr_code: z.string() }).nullable(),
  cost: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** 1 when the order's event allows returns. */
  usereturn: z.union([z.literal(0), z.literal(1)]),
  /** Ours, not the spec's: the order's automatic refunds, oldest first (docs/payments.md). */
  refunds: z.array(automaticRefund).default([]),
  /**
   * Ours: whether the buyer may exchange the order's tickets themselves now (the rule of
   * contract/self-exchange-rules.ts; docs/session-changes.md) and the earliest deadline of those
   * they may, so the page shows «Обменять билеты» with the rest; the dialog's contents come from
   * POST /api/order/exchange-options.
   */
  selfExchange: z.object({ allowed: z.boolean(), deadline: z.string().nullable() }).default({ allowed: false, deadline: null }),
});
export type OrderView = z.infer<typeof orderViewResponse>;

/** POST /api/order/add-special-offer */
export const addOffersRequest = z.object({
  hash: orderHash,
  lang: langField,
  data: z
    .array(
      z.object({
        uid: z.union([z.string().max(64), z.number()]).optional(),
        parent_id: recordId,
        package_id: z.number().int().nonnegative().max(MAX_INT4),
        price_id: recordId,
        cost: z.number().nonnegative(),
      }),
    )
    .min(1)
    .max(100),
});

/** POST /api/order/remove-special-offer */
export const removeOfferRequest = z.object({ hash: orderHash, lang: langField, id: recordId });

/** POST /api/order/discount */
export const discountRequest = z.object({
  hash: orderHash,
  lang: langField,
  bonuses: z.number().int('bonuses').positive('bonuses').max(MAX_INT4, 'bonuses').optional(),
  cardCode: z.string().trim().max(DISCOUNT_CODE_MAX).optional(),
  /** The one-time code sent to the e-mail registered with the card (LOYALTY_PROOF); with cardCode. */
  cardProof: z.string().trim().max(16).optional(),
  promoCode: z.string().trim().max(DISCOUNT_CODE_MAX).optional(),
});
/**
 * cardProof 'required': the card is attached only with the code sent to the e-mail registered with
 * it. The same answer for a card that does not exist, is blocked or has no e-mail (no code is
 * sent then), so the call never tells whether a card number exists.
 */
export const discountResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  promoCode: z.string(),
  cardProof: z.enum(['required']).optional(),
});

/** POST /api/order/discount/cancel; what: 'promo' or 'bonuses' alone, everything when omitted. */
export const cancelDiscountRequest = z.object({ hash: orderHash, lang: langField, what: z.enum(['promo', 'bonuses', 'all']).optional() });

/**
 * GET /api/ticket/{hash}: one ticket of a paid order for the printable ticket page. No order
 * hash: a ticket is handed to a guest, and the order's hash opens (and returns) the whole order.
 */
export const ticketViewResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  ord_num: z.number().int(),
  row: ticketRow,
  ticket: orderTicket,
  /** A named ticket's holder (surname, name, middle name); empty for any other ticket, never the buyer. */
  name: z.string(),
  /** The fields of the electronic ticket form the rest of the answer does not carry. */
  form: z.object({
    series: z.string(),
    /** The ticket's number within the venue: its id, zero-padded to at least 8 digits. */
    number: z.string(),
    organizer: partialLocalized,
    organizer_inn: z.string(),
    /** The holder of a named ticket; null for others. */
    holder: z.string().nullable(),
  }),
  /** The ticket template's document: what the page prints (contract/ticket-model.ts). */
  document: ticketDocument,
  /** Whether the venue offers the ticket as an Apple Wallet pass (GET /api/ticket/{hash}/wallet.pkpass). */
  wallet: z.boolean(),
});

/**
 * GET /api/ticket/{hash} of a returned ticket: HTTP 410 with errorCode -1025 and when it was
 * returned (null when no return request records it). Nothing else of the ticket: no code, no image.
 */
export const ticketReturnedResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  returnedAt: z.string().nullable(),
});

export { HELD_ORDERS_MAX };

/**
 * POST /api/order/held: which of the orders this browser remembers for an event are still held
 * unpaid, so the event page can offer to continue one. The browser's memory names the orders;
 * their state is always the server's.
 */
export const heldOrdersRequest = z.object({
  /** The event's hash (as in /event/{hash}). */
  hash: z.string().min(1).max(64),
  orders: z.array(orderHash).min(1).max(HELD_ORDERS_MAX),
  lang: langField,
});
export type HeldOrdersRequest = z.input<typeof heldOrdersRequest>;

export const heldOrder = z.object({
  hash: orderHash,
  ord_num: z.number().int(),
  /** 10: named-ticket data awaited (continues on the named-ticket form); 20: awaiting payment. */
  status: z.union([z.literal(10), z.literal(20)]),
  /** Seconds the hold still runs. */
  reserveTime: z.number().int().positive(),
});
export type HeldOrder = z.infer<typeof heldOrder>;

export const heldOrdersResponse = businessResult.extend({ orders: z.array(heldOrder) });
export type HeldOrdersResponse = z.infer<typeof heldOrdersResponse>;

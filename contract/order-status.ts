/**
 * The status codes of orders, tickets and returns, as the order view and the return calls carry
 * them; zod-free, so the order, ticket and return pages read them on their first load.
 * contract/returns.ts re-exports ReturnStatus beside its schemas.
 */

/** Order statuses. */
export const OrderStatus = {
  /** Named-ticket data awaited. */
  reserved: 10,
  /** Awaiting payment. */
  confirmed: 20,
  paid: 30,
  canceled: 90,
} as const;

/** Ticket and attached-service return statuses. */
export const ReturnStatus = {
  /** Can be returned. */
  returnable: 0,
  /** A return was requested; the e-mail link has not confirmed it yet. */
  requested: 60,
  /** Returned: the place is back on sale and the refund is done (or nothing was due). */
  refunded: 70,
  /** Returned: the place is back on sale; the refund is with the acquirer and is retried until done. */
  refunding: 80,
  /**
   * A new ticket of an exchange whose difference the buyer has not paid yet: its place is held,
   * it does not admit, and the ticket it replaces still does.
   */
  awaitingExchange: 50,
  /** Replaced by an exchange: its place is back on sale and the door answers 'replaced'. */
  exchanged: 90,
} as const;

/** A ticket or service that went back: its return confirmed, the refund done or under way. */
export const isReturned = (status: number) => status === ReturnStatus.refunded || status === ReturnStatus.refunding;

/** A ticket an exchange replaced, or a new one still awaiting the exchange's difference: neither is shown or admits. */
export const isExchangeHidden = (status: number) => status === ReturnStatus.exchanged || status === ReturnStatus.awaitingExchange;

import { OrderStatus, ReturnStatus } from '../../contract/order-status.ts';

/*
 * The contract's status codes as SQL literals, for repositories to interpolate into a statement's
 * text rather than pass as parameters. The partial indexes on orders (`orders_expiry` on the
 * unpaid, `orders_paid_at` on the paid) serve a query only when the planner sees the literal their
 * predicate names, which a parameter hides once a prepared statement switches to its generic plan;
 * and an interpolated constant keeps the text constant, so each statement is still prepared once.
 */

/** `status in (${UNPAID})`: an order that awaits named-ticket data or payment. */
export const UNPAID = `${OrderStatus.reserved}, ${OrderStatus.confirmed}`;

/** `t.status in (${TICKET_VALID})`: a ticket or attached service not returned (a requested return still admits and counts as sold). */
export const TICKET_VALID = `${ReturnStatus.returnable}, ${ReturnStatus.requested}`;

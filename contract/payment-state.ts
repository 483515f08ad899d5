/** The order's payment state as POST /api/order/status answers it (zod-free, for the order page's first load; contract/payment.ts re-exports it). */
export const OrderPayState = { awaiting: 0, paid: 1, declined: 2, canceled: 3, changed: 4 } as const;

import { z } from 'zod';
import { currencyCode } from '../setup.ts';
import { ORDER_STATES } from './orders-rules.ts';

/** The back office's home page: the owner's first steps and the day's figures for those who run the sale. */

const done = { errorCode: z.literal('0'), errorText: z.string() };
const texts = z.record(z.string(), z.string());

/** The owner's first steps, in the order a venue takes them; each computed from what is really set up. */
export const FIRST_STEPS = ['venue', 'staff', 'event', 'payment', 'address'] as const;
export type FirstStep = (typeof FIRST_STEPS)[number];

/** GET /api/admin/home/first-steps (setup.write). */
export const firstStepsResponse = z.object({
  ...done,
  steps: z.array(z.object({ step: z.enum(FIRST_STEPS), done: z.boolean() })),
});
export type FirstStepsResponse = z.infer<typeof firstStepsResponse>;

/** GET /api/admin/home/today (orders.read): the venue's day (in its time zone), its sessions, its sales and the latest orders. */
export const todayResponse = z.object({
  ...done,
  /** The venue's date today, YYYY-MM-DD. */
  day: z.string(),
  currency: currencyCode,
  sessions: z.array(
    z.object({
      id: z.number().int(),
      eventId: z.number().int(),
      eventName: texts,
      startsAt: z.string(),
      /** false: a whole-day ticket, no time. */
      hasTime: z.boolean(),
      capacity: z.number().int(),
      /** Tickets of paid orders for the session (returned ones not counted). */
      sold: z.number().int(),
      cancelled: z.boolean(),
    }),
  ),
  /** Orders paid within the venue's day: their count, tickets (returned ones included: what was sold today) and total, kopecks. */
  sales: z.object({ orders: z.number().int(), tickets: z.number().int(), total: z.number().int() }),
  latestOrders: z.array(
    z.object({
      id: z.number().int(),
      number: z.number().int(),
      state: z.enum(Object.values(ORDER_STATES) as [string, ...string[]]),
      eventName: texts,
      createdAt: z.string(),
      total: z.number().int(),
    }),
  ),
});
export type TodayResponse = z.infer<typeof todayResponse>;

/** How many of the newest orders the home page lists. */
export const HOME_LATEST_ORDERS = 8;

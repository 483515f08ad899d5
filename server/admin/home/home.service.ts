import { FIRST_STEPS, type FirstStep, HOME_LATEST_ORDERS } from '../../../contract/admin/home.ts';
import { orderState } from '../../../contract/admin/orders-rules.ts';
import type { StoredSetup } from '../../../contract/setup.ts';
import type { Db } from '../../db/client.ts';
import { findDaySales, findDaySessions, findFirstStepFacts, findLatestOrders } from './home.repository.ts';

/** What the server's own configuration says of the first steps (environment variables, not the setup page). */
export type ServerFacts = {
  /** A real acquirer serves some payment type (PAY_*_PROVIDER other than the sandbox). */
  paymentProvider: boolean;
  /** PUBLIC_URL and SMTP_URL are both set: links in e-mails point at the venue's address and the e-mails go out. */
  addressAndMail: boolean;
};

/** The venue's date at an instant, YYYY-MM-DD in its time zone. */
export function venueDate(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at));
}

/**
 * The venue and its look are the venue's own: the organiser's name is filled in and the logo is a
 * picture uploaded in the back office (/media/...), not the one the storefront ships with.
 */
export function venueSetUp(setup: StoredSetup): boolean {
  const name = Object.values(setup.organizer?.name ?? {}).some((text) => typeof text === 'string' && text.trim() !== '');
  const logo = Object.values(setup.app.logo ?? {}).some((url) => typeof url === 'string' && url.startsWith('/media/'));
  return name && logo;
}

/** The back office's home page: the owner's first steps and the venue's day. */
export function createHome(deps: { db: Db; now: () => number; timeZone: string; setup: () => Promise<StoredSetup>; server: ServerFacts }) {
  return {
    async firstSteps() {
      const [setup, facts] = await Promise.all([deps.setup(), findFirstStepFacts(deps.db, new Date(deps.now()))]);
      const done: Record<FirstStep, boolean> = {
        venue: venueSetUp(setup),
        staff: facts.otherStaff,
        event: facts.sellingEvent,
        payment: deps.server.paymentProvider,
        address: deps.server.addressAndMail,
      };
      return { steps: FIRST_STEPS.map((step) => ({ step, done: done[step] })) };
    },

    async today() {
      const day = venueDate(deps.now(), deps.timeZone);
      const [sessions, sales, latest, setup] = await Promise.all([
        findDaySessions(deps.db, day, deps.timeZone),
        findDaySales(deps.db, day, deps.timeZone),
        findLatestOrders(deps.db, HOME_LATEST_ORDERS),
        deps.setup(),
      ]);
      return {
        day,
        currency: setup.app.currency,
        sessions: sessions.map((s) => ({
          id: s.id,
          eventId: s.event_id,
          eventName: s.event_name,
          startsAt: new Date(s.starts_at).toISOString(),
          hasTime: s.has_time,
          capacity: s.capacity,
          sold: s.sold,
          cancelled: s.is_cancelled,
        })),
        sales,
        latestOrders: latest.map((o) => ({
          id: o.id,
          number: o.number,
          state: orderState(o.status),
          eventName: o.event_name,
          createdAt: new Date(o.created_at).toISOString(),
          total: o.total,
        })),
      };
    },
  };
}
export type Home = ReturnType<typeof createHome>;

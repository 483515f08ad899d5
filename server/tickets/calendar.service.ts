import { type Lang, normalizeLang } from '../../contract/lang.ts';
import { orderViewPath } from '../../contract/order-path.ts';
import type { Db } from '../db/client.ts';
import { serverText } from '../locales/texts.ts';
import { orderCalendar } from './calendar.ts';
import { findOrderKeptSessions } from './keepsakes.repository.ts';
import { findPaidOrderByHash } from './ticket-pdf.repository.ts';

export type CalendarFiles = ReturnType<typeof createCalendarFiles>;

/** A paid order's calendar file (.ics): its sessions at the venue's time, linked to the order page. */
export function createCalendarFiles(deps: {
  db: Db;
  now: () => number;
  timeZone: string;
  /** The storefront's public base URL, without a trailing slash. */
  baseUrl: string;
  isIntegration: () => Promise<boolean>;
}) {
  return {
    /** Undefined for an unknown or unpaid order, or one with no ticket that still admits. */
    async orderIcsByHash(hash: string, lang: Lang | undefined): Promise<{ ics: string; fileName: string } | undefined> {
      const order = await findPaidOrderByHash(deps.db, hash);
      if (!order) return undefined;
      const sessions = await findOrderKeptSessions(deps.db, order.id);
      if (sessions.length === 0) return undefined;
      const language = lang ?? normalizeLang(order.lang);
      const orderUrl = `${deps.baseUrl}${orderViewPath(hash, language, await deps.isIntegration())}`;
      const ics = orderCalendar(
        {
          orderNumber: order.number,
          orderUrl,
          host: new URL(deps.baseUrl).hostname,
          note: serverText('ticket', 'order', language, { number: order.number }),
          sessions: sessions.map((s) => ({
            sessionId: s.session_id,
            startsAt: s.starts_at,
            hasTime: s.has_time,
            event: s.event_name,
            place: s.location && Object.values(s.location).some(Boolean) ? s.location : s.venue_name,
            address: s.address,
          })),
        },
        language,
        deps.timeZone,
        new Date(deps.now()),
      );
      return { ics, fileName: `order-${order.number}.ics` };
    },
  };
}

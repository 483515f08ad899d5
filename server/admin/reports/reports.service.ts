import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import { type CsvDialect, type ReportGroup, isReportPeriod } from '../../../contract/admin/reports-rules.ts';
import type { Lang } from '../../../contract/common.ts';
import { toBcp47 } from '../../../contract/lang.ts';
import type { Queryable } from '../../db/client.ts';
import { serverText, textInAll } from '../../locales/texts.ts';
import { BusinessError } from '../../http.ts';
import { fullLocalized } from '../../order-view/dates.ts';
import { type CsvCell, type CsvMoney, toCsv } from './csv.ts';
import { type ReportPeriod, countPaidOrders, findOccupancy, findSales } from './reports.repository.ts';

export type SalesReportRow = {
  key: string;
  name: Record<Lang, string> | null;
  eventName: Record<Lang, string> | null;
  startsAt: string | null;
  orders: number;
  tickets: number;
  amount: number;
  returnedTickets: number;
  refunds: number;
  net: number;
};

type Totals = Omit<SalesReportRow, 'key' | 'name' | 'eventName' | 'startsAt'>;

const SALES_COLUMNS = ['orders', 'ticketsSold', 'sales', 'ticketsReturned', 'refunds', 'net'] as const;
const OCCUPANCY_COLUMNS = ['places', 'sold', 'held', 'blocked', 'soldOutside', 'free', 'checkedIn', 'notCheckedIn'] as const;

/** The CSV files' header rows in the staff member's language. */
const headers = (lang: Lang) => ({
  group: (group: ReportGroup) => serverText('reportGroups', group, lang),
  sales: SALES_COLUMNS.map((key) => serverText('reports', key, lang)),
  total: serverText('reports', 'total', lang),
  occupancy: [
    serverText('reportGroups', 'session', lang),
    serverText('reportGroups', 'event', lang),
    ...OCCUPANCY_COLUMNS.map((key) => serverText('reports', key, lang)),
  ],
});

export type ReportsService = ReturnType<typeof createReportsService>;

/** Sales and occupancy reports from SQL aggregates over the orders tables, and their CSV files. */
export function createReportsService(deps: { db: Queryable; timeZone: string }) {
  function period(input: { from: string; to: string; eventId?: number | null }): ReportPeriod {
    if (!isReportPeriod(input.from, input.to)) {
      throw new BusinessError(AdminErrorCode.reportRange, { status: 400, details: { fields: [{ path: 'to', code: 'report-range' }] } });
    }
    return { from: input.from, to: input.to, timeZone: deps.timeZone, eventId: input.eventId ?? null };
  }

  /**
   * Sales of the period grouped one way, returns netted, with the totals of the rows; the total
   * of orders counts each order once, though grouped by event, session or category an order with
   * lines in two groups is counted in both rows.
   */
  async function sales(input: { from: string; to: string; eventId?: number | null; group: ReportGroup }) {
    const chosen = period(input);
    const byOrder = input.group === 'day' || input.group === 'payment' || input.group === 'channel';
    const [rows, paidOrders] = await Promise.all([
      findSales(deps.db, chosen, input.group),
      byOrder ? null : countPaidOrders(deps.db, chosen),
    ]);
    const shaped: SalesReportRow[] = rows.map((r) => ({
      key: r.key,
      name:
        input.group === 'channel' && (r.key === 'web' || r.key === 'desk')
          ? textInAll('channels', r.key)
          : r.name
            ? fullLocalized(r.name)
            : null,
      eventName: r.event_name ? fullLocalized(r.event_name) : null,
      startsAt: r.starts_at?.toISOString() ?? null,
      orders: r.orders,
      tickets: r.tickets,
      amount: r.amount,
      returnedTickets: r.returned_tickets,
      refunds: r.refunds,
      net: r.amount - r.refunds,
    }));
    const totals: Totals = { orders: 0, tickets: 0, amount: 0, returnedTickets: 0, refunds: 0, net: 0 };
    for (const r of shaped) {
      totals.orders += r.orders;
      totals.tickets += r.tickets;
      totals.amount += r.amount;
      totals.returnedTickets += r.returnedTickets;
      totals.refunds += r.refunds;
      totals.net += r.net;
    }
    if (paidOrders !== null) totals.orders = paidOrders;
    return { group: input.group, from: input.from, to: input.to, rows: shaped, totals };
  }

  /** Places of each session starting in the period: sold, held, blocked by staff, sold elsewhere, free, checked in and not yet in. */
  async function occupancy(input: { from: string; to: string; eventId?: number | null }) {
    const rows = await findOccupancy(deps.db, period(input));
    return {
      from: input.from,
      to: input.to,
      rows: rows.map((r) => ({
        sessionId: r.session_id,
        startsAt: r.starts_at.toISOString(),
        eventName: fullLocalized(r.event_name),
        capacity: r.capacity,
        sold: r.sold,
        held: r.held,
        blocked: r.blocked,
        soldOutside: r.sold_outside,
        free: r.free,
        checkedIn: r.checked_in,
        notCheckedIn: Math.max(0, r.sold - r.checked_in),
      })),
    };
  }

  const localTime = (iso: string, lang: Lang) =>
    new Intl.DateTimeFormat(toBcp47(lang), { timeZone: deps.timeZone, dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

  /** The sales report as a CSV file in the staff member's language, with a totals row. */
  async function salesCsv(input: {
    from: string;
    to: string;
    eventId?: number | null;
    group: ReportGroup;
    lang: Lang;
    dialect: CsvDialect;
  }) {
    const report = await sales(input);
    const h = headers(input.lang);
    const withEvent = input.group === 'session' || input.group === 'category';
    const label = (r: SalesReportRow): CsvCell => {
      if (input.group === 'day') return r.key;
      if (input.group === 'session') return r.startsAt ? localTime(r.startsAt, input.lang) : r.key;
      return r.name?.[input.lang] || r.key;
    };
    const money = (n: number): CsvMoney => ({ money: n });
    const figures = (r: Totals) => [r.orders, r.tickets, money(r.amount), r.returnedTickets, money(r.refunds), money(r.net)];
    const rows = report.rows.map((r) => [label(r), ...(withEvent ? [r.eventName?.[input.lang] ?? ''] : []), ...figures(r)]);
    rows.push([h.total, ...(withEvent ? [''] : []), ...figures(report.totals)]);
    return toCsv([h.group(input.group), ...(withEvent ? [h.group('event')] : []), ...h.sales], rows, input.dialect);
  }

  /** The occupancy report as a CSV file. */
  async function occupancyCsv(input: { from: string; to: string; eventId?: number | null; lang: Lang; dialect: CsvDialect }) {
    const report = await occupancy(input);
    const rows = report.rows.map((r) => [
      localTime(r.startsAt, input.lang),
      r.eventName[input.lang],
      r.capacity,
      r.sold,
      r.held,
      r.blocked,
      r.soldOutside,
      r.free,
      r.checkedIn,
      r.notCheckedIn,
    ]);
    return toCsv(headers(input.lang).occupancy, rows, input.dialect);
  }

  return { sales, occupancy, salesCsv, occupancyCsv };
}

import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { loadDemoIfEmpty } from '../../demo/load.ts';
import { buildApp } from '../../server/app.ts';
import { addStaffMember } from '../../server/admin/staff/staff-accounts.ts';
import { loadConfig } from '../../server/config.ts';
import { wrapPglite } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { orderTicketDocuments } from '../../server/tickets/ticket-document.ts';
import { renderTicketsPdf } from '../../server/tickets/ticket-pdf.ts';
import type { Part, PartOutput } from '../lib/part.ts';
import type { TargetCheck } from '../lib/report.ts';

const SALES = 40;
const PDF_ORDERS = 20;
const TICKETS_PER_PDF = 10;
const SALE_TARGET_MS = 1000;
const PDF_TARGET_MS = 150;
const PASSWORD = 'bench password 123';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? 0;

type Json = Record<string, unknown>;

/** A signed-in cashier's calls, as the back office sends them, through app.inject (no network: server time only). */
async function cashierCalls(app: FastifyInstance, db: ReturnType<typeof wrapPglite>) {
  await addStaffMember(
    db,
    { email: 'bench-cashier@venue.test', name: 'Bench Cashier', role: 'cashier', password: PASSWORD },
    { staffId: null, ip: 'cli', userAgent: null },
    { now: Date.now },
  );
  const token = async (cookie?: string) =>
    (await app.inject({ method: 'GET', url: '/api/token', headers: cookie ? { cookie } : {} })).json<{ token: string }>().token;
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/admin/session',
    payload: { email: 'bench-cashier@venue.test', password: PASSWORD },
    headers: { 'x-csrf-token': await token(), 'x-requested-with': 'XMLHttpRequest' },
  });
  const set = signIn.headers['set-cookie'];
  const cookie = (Array.isArray(set) ? set : [set ?? '']).map((c) => c.split(';')[0]).join('; ');
  const csrf = await token(cookie);
  return {
    get: async (url: string) => (await app.inject({ method: 'GET', url, headers: { cookie } })).json<Json>(),
    post: (url: string, payload: Json) =>
      app.inject({ method: 'POST', url, payload, headers: { cookie, 'x-csrf-token': csrf, 'x-requested-with': 'XMLHttpRequest' } }),
  };
}

/**
 * The desk: the server time of a two-ticket cash sale (POST /api/admin/desk/sales, the order
 * engine, the payment and the tickets' codes), and of the tickets PDF per ticket (drawn anew,
 * never from the cache), on the demo catalog in the embedded database.
 */
export const tickets: Part = {
  name: 'tickets',
  title: 'Box office: a two-ticket cash sale, and the tickets PDF',
  async run(ctx): Promise<PartOutput> {
    const db = wrapPglite(new PGlite());
    await migrate(db);
    await loadDemoIfEmpty(db, new Date());
    const config = { ...loadConfig({ LOG_LEVEL: 'silent', DEMO: '0', JOBS: '0' }) };
    const app = await buildApp(config, { db, secret: 'bench-secret-'.padEnd(40, 'x') });
    try {
      const desk = await cashierCalls(app, db);
      const sessions = (await desk.get('/api/admin/desk/sessions?q=')) as {
        sessions: { id: number; useSeatMap: boolean; namedTickets: boolean; ordinary: boolean; free: number }[];
      };
      const plain = sessions.sessions.filter((s) => !s.useSeatMap && !s.namedTickets && s.ordinary && s.free >= 2 * SALES + 10);
      let chosen: { sessionId: number; priceId: number; amount: number } | undefined;
      for (const session of plain) {
        const detail = (await desk.get(`/api/admin/desk/sessions/${session.id}`)) as {
          session: { prices: { id: number; amount: number; pushkin: number; isGroup: boolean; free: number | null }[] };
        };
        const price = detail.session.prices.find((p) => p.pushkin !== 1 && !p.isGroup && (p.free === null || p.free >= 2 * SALES + 10));
        if (price) {
          chosen = { sessionId: session.id, priceId: price.id, amount: price.amount };
          break;
        }
      }
      if (!chosen) throw new Error('the demo has no session the desk can sell 80 places of');
      const sale = {
        sessionId: chosen.sessionId,
        lines: [{ priceId: chosen.priceId, quantity: 2 }],
        payment: { kind: 'cash', tendered: 2 * chosen.amount },
        expectedTotal: 2 * chosen.amount,
      };
      const saleTimes: number[] = [];
      const orderIds: number[] = [];
      for (let i = 0; i < SALES + 3; i += 1) {
        const started = performance.now();
        const response = await desk.post('/api/admin/desk/sales', sale);
        const ms = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`desk sale refused: ${response.body}`);
        orderIds.push(response.json<{ order: { id: number } }>().order.id);
        if (i >= 3) saleTimes.push(ms); // the first sales warm the statements' caches
      }
      ctx.log(`tickets: desk sale median ${median(saleTimes).toFixed(0)} ms`);

      // The PDF: documents of ten real tickets (two per sale), drawn without the cache, in Russian and Chinese.
      const venue = {
        organizer: { name: { ru: 'ГБУК «Музей»' }, inn: '7701234567', ticket_series: 'АБ' },
        currency: 'RUB' as const,
        timeZone: 'Europe/Moscow',
      };
      const docs = (await Promise.all(orderIds.slice(0, TICKETS_PER_PDF / 2).map((id) => orderTicketDocuments(db, id, venue))))
        .flat()
        .map((t) => ({ document: t.document }));
      const rows: (string | number)[][] = [];
      const perTicket: Record<string, number> = {};
      for (const lang of ['ru', 'ch'] as const) {
        await renderTicketsPdf(docs, lang); // fonts read and parsed once per process
        const times: number[] = [];
        let bytes = 0;
        for (let i = 0; i < PDF_ORDERS; i += 1) {
          const started = performance.now();
          const pdf = await renderTicketsPdf(docs, lang);
          times.push((performance.now() - started) / docs.length);
          bytes = pdf.length;
        }
        perTicket[lang] = median(times);
        rows.push([
          `PDF of ${docs.length} tickets, ${lang}, per ticket`,
          Math.round(median(times)),
          Math.round(p95(times)),
          Math.round(bytes / 1024),
        ]);
      }
      // Served from the cache: the same order asked again.
      const cachedTimes: number[] = [];
      const first = orderIds[0] ?? 0;
      await app.ticketPdfs.orderPdf(first, 'ru');
      for (let i = 0; i < PDF_ORDERS; i += 1) {
        const started = performance.now();
        await app.ticketPdfs.orderPdf(first, 'ru');
        cachedTimes.push(performance.now() - started);
      }
      rows.push(['PDF of a 2-ticket order from the cache', Math.round(median(cachedTimes)), Math.round(p95(cachedTimes)), '']);
      rows.unshift(['two-ticket cash sale at the desk', Math.round(median(saleTimes)), Math.round(p95(saleTimes)), '']);
      const worstPdf = Math.max(...Object.values(perTicket));
      const targets: TargetCheck[] = [
        {
          target: `a two-ticket cash sale at the desk within ${SALE_TARGET_MS} ms of server time`,
          measured: `median ${Math.round(median(saleTimes))} ms, p95 ${Math.round(p95(saleTimes))} ms`,
          met: p95(saleTimes) <= SALE_TARGET_MS,
        },
        {
          target: `the tickets PDF within ${PDF_TARGET_MS} ms of server time per ticket`,
          measured: `median ${Math.round(worstPdf)} ms per ticket (slowest language)`,
          met: worstPdf <= PDF_TARGET_MS,
        },
      ];
      return {
        tables: [
          {
            title: `Desk sale (${SALES} sales) and tickets PDF (${PDF_ORDERS} renders each), embedded database, in-process`,
            columns: ['what', 'median ms', 'p95 ms', 'PDF kB'],
            rows,
          },
        ],
        targets,
        notes: [
          'Server time through app.inject (no network): the sale call from its parsing to its answer, the PDF drawn anew each time (the cache bypassed) from the documents of real desk-sold tickets.',
        ],
        data: { saleMedianMs: median(saleTimes), pdfPerTicketMs: perTicket },
      };
    } finally {
      await app.close();
      await db.close();
    }
  },
};

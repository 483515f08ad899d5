import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

/**
 * A local stand-in for the Pushkin-card registry (PRO.Культура) speaking its published API
 * (0.1.5): Bearer auth, POST /tickets, GET /tickets/{id}, PUT /tickets/{id}/visit and /refund,
 * errors as 400 {code, description}. Shapes are checked as the registry documents them, not as
 * our sender builds them. `outage` makes every call answer 503, as a registry that is down.
 */

const unix = z.number().int().positive();
const money = z.string().regex(/^\d+(\.\d{1,2})?$/);
const nonEmpty = z.string().min(1);

const ticketBody = z.object({
  barcode: nonEmpty,
  barcode_type: z.string().optional(),
  visitor: z.object({ full_name: nonEmpty, first_name: nonEmpty, middle_name: z.string().optional(), last_name: nonEmpty }),
  buyer: z.object({ mobile_phone: z.string().regex(/^\d{10}$/) }),
  session: z.object({
    event_id: nonEmpty,
    organization_id: nonEmpty,
    date: unix,
    place: z.string().optional(),
    params: z.record(z.string(), z.unknown()).optional(),
  }),
  payment: z.object({ id: nonEmpty, rrn: z.string().optional(), date: unix, ticket_price: money, amount: money }),
  comment: z.string().optional(),
});
const visitBody = z.object({ visit_date: unix, comment: z.string().optional() });
const refundBody = z.object({
  refund_date: unix,
  refund_reason: nonEmpty,
  refund_rrn: z.string().optional(),
  refund_ticket_price: money.optional(),
  comment: z.string().optional(),
});

export type FakeTicket = z.infer<typeof ticketBody> & { id: string; status: 'active' | 'visited' | 'refunded' | 'canceled'; visit_date?: number; refund_date?: number };
export type FakeCall = { method: string; path: string; status: number; body: unknown };

export async function startRegistryFake(options: { key: string }) {
  const tickets = new Map<string, FakeTicket>();
  const calls: FakeCall[] = [];
  const state = { outage: false };

  const send = (res: ServerResponse, call: FakeCall, status: number, body: unknown) => {
    call.status = status;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const bad = (res: ServerResponse, call: FakeCall, code: string, description: string) => send(res, call, 400, { code, description });

  async function readJson(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? (JSON.parse(text) as unknown) : undefined;
  }

  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      let body: unknown;
      const call: FakeCall = { method: req.method ?? '', path, status: 0, body: undefined };
      calls.push(call);
      try {
        body = await readJson(req);
      } catch {
        return bad(res, call, 'invalid_json', 'The body is not JSON');
      }
      call.body = body;
      if (state.outage) return send(res, call, 503, { code: 'unavailable', description: 'Service temporarily unavailable' });
      if (req.headers.authorization !== `Bearer ${options.key}`) return send(res, call, 401, { code: 'unauthorized', description: 'Invalid API key' });
      const route = /^\/api\/v1\/tickets(?:\/([\w-]+)(?:\/(visit|refund))?)?$/.exec(path);
      if (!route) return send(res, call, 404, { code: 'not_found', description: 'No such method' });
      const [, id, action] = route;
      if (req.method === 'POST' && !id) {
        const parsed = ticketBody.safeParse(body);
        if (!parsed.success) return bad(res, call, 'validation_error', parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
        const ticket: FakeTicket = { ...parsed.data, id: randomUUID(), status: 'active' };
        tickets.set(ticket.id, ticket);
        return send(res, call, 201, ticket);
      }
      const ticket = id ? tickets.get(id) : undefined;
      if (!ticket) return send(res, call, 404, { code: 'not_found', description: 'Ticket not found' });
      if (req.method === 'GET' && !action) return send(res, call, 200, ticket);
      if (req.method === 'PUT' && action === 'visit') {
        const parsed = visitBody.safeParse(body);
        if (!parsed.success) return bad(res, call, 'validation_error', 'visit_date is required');
        if (ticket.status !== 'active') return bad(res, call, 'invalid_status', `The ticket is ${ticket.status}`);
        Object.assign(ticket, { status: 'visited', visit_date: parsed.data.visit_date });
        return send(res, call, 200, { visit_date: parsed.data.visit_date, status: 'visited' });
      }
      if (req.method === 'PUT' && action === 'refund') {
        const parsed = refundBody.safeParse(body);
        if (!parsed.success) return bad(res, call, 'validation_error', 'refund_date and refund_reason are required');
        if (ticket.status !== 'active') return bad(res, call, 'invalid_status', `The ticket is ${ticket.status}`);
        Object.assign(ticket, { status: 'refunded', refund_date: parsed.data.refund_date });
        return send(res, call, 200, { refund_date: parsed.data.refund_date, refund_reason: parsed.data.refund_reason, status: 'refunded' });
      }
      return send(res, call, 405, { code: 'method_not_allowed', description: 'Method not allowed' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    tickets,
    calls,
    state,
    /** The registry's tickets by barcode: a barcode reported twice shows up twice. */
    byBarcode(barcode: string) {
      return [...tickets.values()].filter((t) => t.barcode === barcode);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type RegistryFake = Awaited<ReturnType<typeof startRegistryFake>>;

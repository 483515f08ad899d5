import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Pushkin-card registry (PRO.Культура) speaking its published API,
 * OpenAPI 0.1.5 (`specs/tickets.yaml` of the public repository skodnik/pushkin-card-api): Bearer
 * auth, POST /tickets, GET /tickets/{id}, PUT /tickets/{id}/visit and /refund, and the
 * controllers' GET /events/{event_id}/tickets/{barcode} and PUT …/visit. Errors answer 400
 * {code, description}.
 *
 * Every body is checked against the schemas below, transcribed by hand from that YAML (types,
 * required fields, the Status enum) plus the formats its descriptions state (10-digit phone, unix
 * timestamps, money as decimal strings, barcode_type a string of digits); nothing here comes from
 * our sender's code. The visit window is the registry's as integrators quote its error texts: a
 * visit_date before the session's date less 2 hours, or after now plus 1 hour, is refused.
 *
 * `outage` answers every call 503; `loseAnswers` (a count) carries out the next calls and then
 * cuts the connection without answering, as a gateway timing out after the registry accepted.
 */

// ---- The published schemas (components.schemas of tickets.yaml) --------------------------------

type Schema =
  | { type: 'object'; properties: Record<string, Schema>; required?: readonly string[] }
  | { type: 'string'; enum?: readonly string[]; format?: Format }
  | { type: 'integer'; format?: 'unix' };
type Format = 'phone10' | 'money' | 'barcodeType';

const str = (format?: Format): Schema => (format ? { type: 'string', format } : { type: 'string' });
const unixTime: Schema = { type: 'integer', format: 'unix' };

const Visitor: Schema = {
  type: 'object',
  properties: { full_name: str(), first_name: str(), middle_name: str(), last_name: str() },
  required: ['full_name'],
};
const Buyer: Schema = { type: 'object', properties: { mobile_phone: str('phone10') }, required: ['mobile_phone'] };
// The YAML also lists `ticket_price` among Session's required fields, though Session has no such
// property (it is Payment's): the registry accepts tickets without it (every public client leaves
// it out of the session), so the slip is not enforced here (docs/checkin.md).
const Session: Schema = {
  type: 'object',
  properties: { event_id: str(), organization_id: str(), date: unixTime, place: str(), params: str() },
  required: ['event_id', 'organization_id', 'date'],
};
const Payment: Schema = {
  type: 'object',
  properties: { id: str(), rrn: str(), date: unixTime, ticket_price: str('money'), amount: str('money') },
  required: ['date', 'amount'],
};
const CreateTicketRequest: Schema = {
  type: 'object',
  properties: {
    barcode: str(),
    barcode_type: str('barcodeType'),
    visitor: Visitor,
    buyer: Buyer,
    session: Session,
    payment: Payment,
    comment: str(),
  },
  required: ['barcode', 'visitor', 'buyer', 'session', 'payment'],
};
const VisitTicketRequest: Schema = { type: 'object', properties: { visit_date: unixTime, comment: str() }, required: ['visit_date'] };
const RefundTicketRequest: Schema = {
  type: 'object',
  properties: { refund_date: unixTime, refund_reason: str(), refund_rrn: str(), refund_ticket_price: str('money'), comment: str() },
  required: ['refund_date', 'refund_reason'],
};
export const STATUS = ['active', 'visited', 'refunded', 'canceled'] as const;

/** The schema's problems with a value: "path: what", empty when it conforms. */
export function validate(schema: Schema, value: unknown, path = ''): string[] {
  const at = path || 'body';
  if (schema.type === 'object') {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${at}: must be an object`];
    const record = value as Record<string, unknown>;
    const problems: string[] = [];
    for (const name of schema.required ?? [])
      if (record[name] === undefined || record[name] === null) problems.push(`${path ? `${path}.` : ''}${name}: is required`);
    for (const [name, child] of Object.entries(schema.properties)) {
      if (record[name] !== undefined && record[name] !== null)
        problems.push(...validate(child, record[name], path ? `${path}.${name}` : name));
    }
    return problems;
  }
  if (schema.type === 'integer') {
    if (typeof value !== 'number' || !Number.isInteger(value)) return [`${at}: must be an integer`];
    return schema.format === 'unix' && value <= 0 ? [`${at}: must be a unix timestamp`] : [];
  }
  if (typeof value !== 'string') return [`${at}: must be a string`];
  if (schema.enum && !schema.enum.includes(value)) return [`${at}: must be one of ${schema.enum.join(', ')}`];
  if (schema.format === 'phone10' && !/^\d{10}$/.test(value)) return [`${at}: must be 10 digits`];
  if (schema.format === 'money' && !/^\d+(\.\d{1,2})?$/.test(value)) return [`${at}: must be an amount such as 500.00`];
  // A bitmask of the printed codes: QR 1, Code128 2, EAN-13 4, ITF 8, DataMatrix 16, PDF417 32.
  if (schema.format === 'barcodeType' && !(/^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 63))
    return [`${at}: must be a code from 1 to 63`];
  return [];
}

// ---- The fake ----------------------------------------------------------------------------------

type Body = Record<string, unknown>;
export type FakeTicket = {
  id: string;
  status: (typeof STATUS)[number];
  barcode: string;
  barcode_type?: string;
  visitor: Body;
  buyer: Body;
  session: Body & { event_id: string; date: number };
  payment: Body;
  comment?: string;
  visit_date?: number;
  refund_date?: number;
  refund_reason?: string;
  refund_rrn?: string;
  refund_ticket_price?: string;
};
export type FakeCall = { method: string; path: string; status: number; body: unknown };

/** The registry refuses a visit dated before the session's date less this many seconds… */
export const VISIT_EARLIEST_BEFORE_SESSION_S = 2 * 3600;
/** …or after now plus this many. */
export const VISIT_LATEST_AFTER_NOW_S = 3600;

export async function startRegistryFake(options: { key: string; now?: () => number }) {
  const now = options.now ?? Date.now;
  const tickets = new Map<string, FakeTicket>();
  const calls: FakeCall[] = [];
  const state = { outage: false, loseAnswers: 0 };

  const send = (res: ServerResponse, call: FakeCall, status: number, body: unknown) => {
    call.status = status;
    if (state.loseAnswers > 0) {
      state.loseAnswers -= 1;
      call.status = -status;
      res.socket?.destroy();
      return;
    }
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

  /** The visit rules on a body that passed the schema: the ticket's state and the date window. */
  function visit(res: ServerResponse, call: FakeCall, ticket: FakeTicket, body: Body) {
    const problems = validate(VisitTicketRequest, body);
    if (problems.length > 0) return bad(res, call, 'validation_error', problems.join('; '));
    const visitDate = body.visit_date as number;
    if (visitDate < ticket.session.date - VISIT_EARLIEST_BEFORE_SESSION_S) {
      return bad(res, call, 'invalid_visit_date', 'visit_date must be greater than or equal to session date - 2 hours');
    }
    if (visitDate > Math.floor(now() / 1000) + VISIT_LATEST_AFTER_NOW_S) {
      return bad(res, call, 'invalid_visit_date', 'visit_date must be less than or equal to the current time + 1 hour');
    }
    if (ticket.status !== 'active') return bad(res, call, 'invalid_status', `The ticket is ${ticket.status}`);
    Object.assign(ticket, { status: 'visited', visit_date: visitDate });
    return send(res, call, 200, { visit_date: visitDate, status: 'visited' });
  }

  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const call: FakeCall = { method: req.method ?? '', path, status: 0, body: undefined };
      calls.push(call);
      let body: unknown;
      try {
        body = await readJson(req);
      } catch {
        return bad(res, call, 'invalid_json', 'The body is not JSON');
      }
      call.body = body;
      if (state.outage) return send(res, call, 503, { code: 'unavailable', description: 'Service temporarily unavailable' });
      if (req.headers.authorization !== `Bearer ${options.key}`)
        return send(res, call, 401, { code: 'unauthorized', description: 'Invalid API key' });

      const byEvent = /^\/api\/v1\/events\/([^/]+)\/tickets\/([^/]+)(\/visit)?$/.exec(path);
      if (byEvent) {
        const [, eventId, barcode, isVisit] = byEvent;
        const ticket = [...tickets.values()].find(
          (t) =>
            t.session.event_id === decodeURIComponent(eventId ?? '') &&
            t.barcode === decodeURIComponent(barcode ?? '') &&
            t.status !== 'canceled',
        );
        if (!ticket) return bad(res, call, 'not_found', 'Ticket not found');
        if (req.method === 'GET' && !isVisit) return send(res, call, 200, { status: ticket.status, session: ticket.session });
        if (req.method === 'PUT' && isVisit) return visit(res, call, ticket, body as Body);
        return send(res, call, 405, { code: 'method_not_allowed', description: 'Method not allowed' });
      }

      const route = /^\/api\/v1\/tickets(?:\/([\w-]+)(?:\/(visit|refund))?)?$/.exec(path);
      if (!route) return send(res, call, 404, { code: 'not_found', description: 'No such method' });
      const [, id, action] = route;
      if (req.method === 'POST' && !id) {
        const problems = validate(CreateTicketRequest, body);
        if (problems.length > 0) return bad(res, call, 'validation_error', problems.join('; '));
        const b = body as Body;
        const ticket: FakeTicket = { ...(b as Omit<FakeTicket, 'id' | 'status'>), id: randomUUID(), status: 'active' };
        tickets.set(ticket.id, ticket);
        return send(res, call, 201, ticket);
      }
      const ticket = id ? tickets.get(id) : undefined;
      if (!ticket) return bad(res, call, 'not_found', 'Ticket not found');
      if (req.method === 'GET' && !action) return send(res, call, 200, ticket);
      if (req.method === 'PUT' && action === 'visit') return visit(res, call, ticket, body as Body);
      if (req.method === 'PUT' && action === 'refund') {
        const problems = validate(RefundTicketRequest, body);
        if (problems.length > 0) return bad(res, call, 'validation_error', problems.join('; '));
        const b = body as Body;
        if (ticket.status !== 'active') return bad(res, call, 'invalid_status', `The ticket is ${ticket.status}`);
        Object.assign(ticket, { status: 'refunded', refund_date: b.refund_date, refund_reason: b.refund_reason });
        if (b.refund_rrn !== undefined) ticket.refund_rrn = b.refund_rrn as string;
        if (b.refund_ticket_price !== undefined) ticket.refund_ticket_price = b.refund_ticket_price as string;
        return send(res, call, 200, {
          refund_date: b.refund_date,
          refund_reason: b.refund_reason,
          ...(b.refund_rrn !== undefined ? { refund_rrn: b.refund_rrn } : {}),
          ...(b.refund_ticket_price !== undefined ? { refund_ticket_price: b.refund_ticket_price } : {}),
          status: 'refunded',
        });
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
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type RegistryFake = Awaited<ReturnType<typeof startRegistryFake>>;

export const schemas = { CreateTicketRequest, VisitTicketRequest, RefundTicketRequest };

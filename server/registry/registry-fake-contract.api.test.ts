import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RegistryFake, schemas, startRegistryFake, validate } from '../../tests/fakes/registry-fake.ts';

// The fake registry refuses what the registry's published schema (OpenAPI 0.1.5) refuses, with
// its 400 {code, description}: the sender's tests can only pass if what we send conforms.
const KEY = 'registry-contract-key-1';
const NOW = Date.parse('2026-11-27T09:00:00Z');
const SESSION = NOW / 1000 + 3 * 3600;

const ticket = () => ({
  barcode: '1234567890123456',
  barcode_type: '1',
  visitor: { full_name: 'Петров Иван Сергеевич', first_name: 'Иван', middle_name: 'Сергеевич', last_name: 'Петров' },
  buyer: { mobile_phone: '9991234567' },
  session: {
    event_id: 'reg-1',
    organization_id: 'org-1',
    date: SESSION,
    place: 'Москва, ул. Пушкина, 1',
    params: 'Большой зал, партер, ряд 5, место 12',
  },
  payment: { id: 'pay-1', rrn: '123456789012', date: NOW / 1000, ticket_price: '500.00', amount: '480.00' },
});

let fake: RegistryFake;
beforeEach(async () => {
  fake = await startRegistryFake({ key: KEY, now: () => NOW });
});
afterEach(() => fake.close());

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${fake.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the fake registry checks every body against the published schema', () => {
  it('accepts a conforming ticket with 201, a UUID and status active, and reads it back by id and by event and barcode', async () => {
    const created = await call('POST', '/tickets', ticket());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'active', barcode: '1234567890123456' });
    expect(String(created.body.id)).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call('GET', `/tickets/${String(created.body.id)}`)).body).toMatchObject({ id: created.body.id, status: 'active' });
    expect(await call('GET', '/events/reg-1/tickets/1234567890123456')).toEqual({
      status: 200,
      body: { status: 'active', session: ticket().session },
    });
    expect((await call('GET', '/events/reg-1/tickets/999')).status).toBe(400);
  });

  it.each([
    {
      name: 'session.params as an object',
      path: 'session.params',
      value: { hall: 'Большой зал', row: '5' },
      want: 'session.params: must be a string',
    },
    { name: 'a barcode_type that is not a code', path: 'barcode_type', value: 'qr', want: 'barcode_type: must be a code from 1 to 63' },
    { name: 'a barcode_type as a number', path: 'barcode_type', value: 1, want: 'barcode_type: must be a string' },
    { name: 'no full name', path: 'visitor.full_name', value: undefined, want: 'visitor.full_name: is required' },
    { name: 'a phone of 11 digits', path: 'buyer.mobile_phone', value: '79991234567', want: 'buyer.mobile_phone: must be 10 digits' },
    { name: 'no organization id', path: 'session.organization_id', value: undefined, want: 'session.organization_id: is required' },
    { name: 'a session date as a string', path: 'session.date', value: '2026-11-27', want: 'session.date: must be an integer' },
    { name: 'an amount as a number', path: 'payment.amount', value: 480, want: 'payment.amount: must be a string' },
    {
      name: 'an amount with three decimals',
      path: 'payment.amount',
      value: '4.800',
      want: 'payment.amount: must be an amount such as 500.00',
    },
    { name: 'no payment date', path: 'payment.date', value: undefined, want: 'payment.date: is required' },
    { name: 'no barcode', path: 'barcode', value: undefined, want: 'barcode: is required' },
  ])('refuses $name with 400 {code, description}', async ({ path, value, want }) => {
    const body: Record<string, unknown> = ticket();
    const keys = path.split('.');
    let target = body;
    for (const k of keys.slice(0, -1)) target = target[k] as Record<string, unknown>;
    const last = keys.at(-1) ?? '';
    if (value === undefined) Reflect.deleteProperty(target, last);
    else target[last] = value;
    const refused = await call('POST', '/tickets', body);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation_error' });
    expect(String(refused.body.description)).toContain(want);
    expect(fake.tickets.size).toBe(0);
  });

  it('refuses an empty body, naming each required field', async () => {
    const refused = await call('POST', '/tickets', {});
    expect(refused.body).toEqual({
      code: 'validation_error',
      description: 'barcode: is required; visitor: is required; buyer: is required; session: is required; payment: is required',
    });
  });

  it('leaves optional fields optional: a ticket with only the required ones is accepted', async () => {
    const t = ticket();
    const minimal = {
      barcode: t.barcode,
      visitor: { full_name: t.visitor.full_name },
      buyer: t.buyer,
      session: { event_id: 'reg-1', organization_id: 'org-1', date: SESSION },
      payment: { date: t.payment.date, amount: '480.00' },
    };
    expect((await call('POST', '/tickets', minimal)).status).toBe(201);
  });

  it('checks visit and refund bodies: types and required fields', async () => {
    const id = String((await call('POST', '/tickets', ticket())).body.id);
    expect((await call('PUT', `/tickets/${id}/visit`, { visit_date: String(SESSION) })).body).toMatchObject({
      code: 'validation_error',
      description: 'visit_date: must be an integer',
    });
    expect((await call('PUT', `/tickets/${id}/refund`, { refund_date: NOW / 1000 })).body).toMatchObject({
      description: 'refund_reason: is required',
    });
    expect(
      (await call('PUT', `/tickets/${id}/refund`, { refund_date: NOW / 1000, refund_reason: 'x', refund_ticket_price: 250 })).body,
    ).toMatchObject({
      description: 'refund_ticket_price: must be a string',
    });
    const refunded = await call('PUT', `/tickets/${id}/refund`, {
      refund_date: NOW / 1000,
      refund_reason: 'Возврат',
      refund_rrn: '223456789012',
      refund_ticket_price: '240.00',
    });
    expect(refunded).toEqual({
      status: 200,
      body: {
        refund_date: NOW / 1000,
        refund_reason: 'Возврат',
        refund_rrn: '223456789012',
        refund_ticket_price: '240.00',
        status: 'refunded',
      },
    });
  });

  it('refuses a visit dated more than 2 hours before the session or more than 1 hour after now, and takes one at either edge', async () => {
    const early = String((await call('POST', '/tickets', ticket())).body.id);
    expect((await call('PUT', `/tickets/${early}/visit`, { visit_date: SESSION - 7200 - 1 })).body).toEqual({
      code: 'invalid_visit_date',
      description: 'visit_date must be greater than or equal to session date - 2 hours',
    });
    expect(await call('PUT', `/tickets/${early}/visit`, { visit_date: SESSION - 7200 })).toEqual({
      status: 200,
      body: { visit_date: SESSION - 7200, status: 'visited' },
    });

    const late = String((await call('POST', '/tickets', { ...ticket(), barcode: '2234567890123456' })).body.id);
    expect((await call('PUT', `/tickets/${late}/visit`, { visit_date: NOW / 1000 + 3600 + 1 })).body).toMatchObject({
      description: 'visit_date must be less than or equal to the current time + 1 hour',
    });
    expect((await call('PUT', `/tickets/${late}/visit`, { visit_date: NOW / 1000 + 3600 })).status).toBe(200);
    // A visited ticket is not visited again.
    expect((await call('PUT', `/tickets/${late}/visit`, { visit_date: NOW / 1000 + 3600 })).body).toMatchObject({ code: 'invalid_status' });
  });

  it('validate() follows the transcribed schemas: nested paths, and nothing for a conforming body', () => {
    expect(validate(schemas.CreateTicketRequest, ticket())).toEqual([]);
    expect(validate(schemas.VisitTicketRequest, { visit_date: 0 })).toEqual(['visit_date: must be a unix timestamp']);
    expect(validate(schemas.RefundTicketRequest, [])).toEqual(['body: must be an object']);
  });
});

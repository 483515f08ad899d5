// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Setup } from '../contract/setup.ts';
import { completeAtBank, makeOrder, pay, preparePaymentCatalog, sandboxId, view } from '../server/payments/payment-test-kit.ts';
import { resetCsrfToken } from '../web/lib/api.ts';
import { renderApp } from '../web/test/render-app.tsx';
import { type TestApp, createClock, createTestApp } from './harness.ts';
import { fetchThroughApp } from './page-on-app.ts';
import './unit-setup.ts';

// A ticket is handed to a guest: its page and its call must not give away the order's hash,
// which opens the whole order (and starts a return of all its tickets).

let t: TestApp;
let setup: Setup;
let order: { hash: string; number: number };
let ticketHash: string;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(new Date('2026-11-21T10:00:00Z')) });
  await preparePaymentCatalog(t);
  const placed = await makeOrder(t);
  order = { hash: placed.hash, number: placed.number };
  await completeAtBank(t, sandboxId(await pay(t, placed.hash, 1)), 'pay');
  ticketHash = (await view(t, placed.hash)).body.main[0].tickets[0].tickethash_id;
  setup = (await t.get('/api/setup')).json<Setup>();
});
afterAll(() => t.close());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetCsrfToken();
});

describe('the ticket of a paid order', () => {
  it('GET /api/ticket/{hash} answers the ticket without the order hash', async () => {
    const res = await t.get(`/api/ticket/${ticketHash}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ord_num: order.number });
    expect(res.json()).not.toHaveProperty('order_hash');
    expect(res.body).not.toContain(order.hash);
  });

  it('/ticket/{hash} shows the ticket with no link to the order', async () => {
    fetchThroughApp(t);
    const { container } = await renderApp(`/ticket/${ticketHash}`, setup);
    expect(await screen.findByRole('button', { name: 'Распечатать' })).toBeTruthy();
    expect(screen.getByText(`Заказ № ${order.number}`)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Перейти к заказу' })).toBeNull();
    expect(container.innerHTML).not.toContain(order.hash);
  });

  it('/ticket/{hash} shows the fields of the electronic ticket form: series and number, organiser and tax number, event, date, place, category, price, code', async () => {
    const { rows } = await t.db.query<{ id: number; code: string }>('select t.id, t.code from tickets t where t.hash = $1', [ticketHash]);
    const ticket = rows[0];
    const answer = (await t.get(`/api/ticket/${ticketHash}`)).json();
    expect(answer.form).toEqual({
      series: 'ЭБ',
      number: String(ticket?.id).padStart(8, '0'),
      organizer: { ru: 'ГБУК «Городской музей»', en: 'City Museum', kz: '«Қалалық музей» МБМ', ch: '城市博物馆' },
      organizer_inn: '7701234567',
      holder: null,
    });
    fetchThroughApp(t);
    await renderApp(`/ticket/${ticketHash}`, setup);
    expect(await screen.findByText(`ЭБ № ${String(ticket?.id).padStart(8, '0')}`)).toBeTruthy();
    for (const term of ['Серия и номер', 'Организатор', 'Дата и время', 'Место проведения', 'Категория', 'Цена'])
      expect(screen.getByText(term)).toBeTruthy();
    expect(screen.getByText('ГБУК «Городской музей», ИНН 7701234567')).toBeTruthy();
    expect(screen.getByText(ticket?.code ?? 'no code')).toBeTruthy();
  });

  it('names the holder of a named ticket on its form', async () => {
    await t.db.query(`update tickets set holder = '{"surname":"Иванова","name":"Мария","middleName":null}' where hash = $1`, [ticketHash]);
    expect((await t.get(`/api/ticket/${ticketHash}`)).json().form.holder).toBe('Иванова Мария');
    await t.db.query('update tickets set holder = null where hash = $1', [ticketHash]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../tests/harness.ts';
import { placeOrder } from '../orders/orders.service.ts';
import { OrderStatus } from '../../contract/order-status.ts';

// The demo catalog's named-ticket event ('storage-vault-tour') through both calls.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function placeOnDemo(quantity: number) {
  const { rows } = await t.db.query<{ event_id: number; session_id: number; price_id: number; category_id: number; amount: number }>(
    `select e.id as event_id, s.id as session_id, p.id as price_id, p.category_id, p.amount
     from events e join sessions s on s.event_id = e.id join prices p on p.event_id = e.id
     where e.hash = 'storage-vault-tour' and s.remaining >= $1 order by s.starts_at, p.sortnum, p.id limit 1`,
    [quantity],
  );
  const line = rows[0];
  if (!line) throw new Error('the demo has no named-ticket session');
  const at = t.clock.date();
  return t.db.transaction((tx) =>
    placeOrder(tx, {
      eventId: line.event_id,
      status: OrderStatus.reserved,
      lang: 'ru',
      createdAt: at,
      reservedUntil: new Date(at.getTime() + 15 * 60_000),
      buyer: { name: 'Петров Пётр', surname: '', firstName: '', patronymic: '', phone: '+79999010203', email: 'p@example.com' },
      pushkinCard: false,
      isSubscription: false,
      crmClientId: null,
      checkboxes: [],
      lines: [
        {
          sessionId: line.session_id,
          priceId: line.price_id,
          categoryId: line.category_id,
          zoneId: null,
          seatId: null,
          standingAreaId: null,
          subscriptionEventId: null,
          isGroup: false,
          quantity,
          unitPrice: line.amount,
          unitFee: 0,
        },
      ],
    }),
  );
}

describe('named tickets on the demo catalog', () => {
  it('asks for everything the demo event needs and confirms two holders with different documents', async () => {
    const order = await placeOnDemo(2);
    const data = (await t.post('/api/order-data', { hash: order.hash, lang: 'ru' })).json();
    expect(data.response).toHaveLength(2);
    expect(data.response[0]).toMatchObject({
      needage: 2,
      needmiddlename: 1,
      needdocument: 1,
      needcountry: 1,
      needregion: 1,
      demandstatusid: 10,
    });
    const required = data.checkboxList.filter((box: { filling: number }) => box.filling === 1).map((box: { id: number }) => box.id);
    expect(required.length).toBeGreaterThan(0);

    const res = await t.post('/api/confirm-nominal', {
      hash: order.hash,
      lang: 'ru',
      id: data.response.map((item: { id: number }) => item.id),
      surname: ['Иванова', 'Smith'],
      name: ['Мария', 'John'],
      middleName: ['Сергеевна', 'Peter'],
      date: ['24.05.1987', '01.02.1950'],
      docTypeId: [4, 5],
      docNum: ['IV-МЮ 123456', 'XII 7654321'],
      countryId: [643, 398],
      regionId: [643078, 398018],
      checkboxList: required.map((id: number) => ({ id, checked: true })),
    });
    expect(res.json()).toEqual({ errorCode: '0', errorText: '', hash: order.hash });
    const after = (await t.post('/api/order-data', { hash: order.hash })).json();
    expect(after.response.map((item: { demandstatusid: number }) => item.demandstatusid)).toEqual([20, 20]);
  });
});

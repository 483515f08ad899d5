import type { Queryable } from '../db/client.ts';
import { insertMiniCatalog } from '../../tests/fixtures.ts';
import type { TestApp } from '../../tests/harness.ts';
import { testOrder } from '../orders/order-test-kit.ts';
import { placeOrder } from '../orders/orders.service.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import { completePaidOrder } from '../tickets/order-paid.ts';
import { venueDateParts } from '../order-view/dates.ts';
import { createCheckinService } from './checkin.service.ts';

/** The mini catalog with its session 9000 starting at the test clock (today), and session 9001 a week on. */
export async function prepareDoor(db: Queryable, at: Date) {
  await insertMiniCatalog(db, { capacity: 200 });
  await db.query('update sessions set starts_at = $1 where id = 9000', [at]);
  await db.query(`insert into sessions (id, event_id, starts_at, capacity, remaining) values (9001, 9000, $1, 50, 50)`, [
    new Date(at.getTime() + 7 * 86_400_000),
  ]);
  await db.query(`update events set registry_event_id = 'reg-event-9000' where id = 9000`);
}

/**
 * A paid order of `quantity` tickets for a session, as a payment leaves it: codes issued, the
 * registry's reports queued for a Pushkin-card order. Answers the ticket codes.
 */
export async function paidTickets(
  db: Queryable & { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  at: Date,
  options: { quantity?: number; sessionId?: number; pushkin?: boolean } = {},
) {
  const base = testOrder([{ quantity: options.quantity ?? 1, sessionId: options.sessionId ?? 9000 }], at);
  const order = {
    ...base,
    pushkinCard: options.pushkin ?? false,
    buyer: options.pushkin
      ? {
          ...base.buyer,
          name: 'Петров Иван Сергеевич',
          surname: 'Петров',
          firstName: 'Иван',
          patronymic: 'Сергеевич',
          phone: '+7 (999) 123-45-67',
        }
      : base.buyer,
  };
  const placed = await db.transaction((tx) => placeOrder(tx, order));
  await db.transaction(async (tx) => {
    await tx.query(`update orders set status = ${OrderStatus.paid}, paid_at = $2 where id = $1`, [placed.id, at]);
    await completePaidOrder(tx, placed.id, at, 'http://localhost', { integration: false, currency: 'RUB', timeZone: 'Europe/Moscow' });
  });
  const { rows } = await db.query<{ id: number; code: string }>('select id, code from tickets where order_id = $1 order by id', [
    placed.id,
  ]);
  return { orderId: placed.id, hash: placed.hash, tickets: rows };
}

/** The venue-local day (Moscow) `offset` days from an instant, YYYY-MM-DD. */
export function moscowDay(at: number, offset = 0): string {
  return venueDateParts(new Date(at + offset * 86_400_000), 'Europe/Moscow').iso;
}

/**
 * A device key made as the back office makes one: by default for the days from yesterday to 29
 * days ahead of the test clock (the most a key may cover), every session of them.
 */
export async function deviceKey(t: TestApp, name = 'Вход А', scope: { validFrom?: string; validTo?: string; sessionIds?: number[] } = {}) {
  const service = createCheckinService({ db: t.db, now: t.clock.now, timeZone: 'Europe/Moscow' });
  const now = t.clock.now();
  return (
    await service.createDevice(
      {
        name,
        validFrom: scope.validFrom ?? moscowDay(now, -1),
        validTo: scope.validTo ?? moscowDay(now, 29),
        sessionIds: scope.sessionIds,
      },
      null,
    )
  ).key;
}

export const DEVICE = 'device-test-0001';

/** POST a check-in call with a device key. */
export async function withKey(t: TestApp, url: string, key: string, body: Record<string, unknown>) {
  return t.post(url, body, { authorization: `Bearer ${key}` });
}

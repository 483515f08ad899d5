import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createClock, createTestApp } from '../../../tests/harness.ts';
import { testOrder } from '../../orders/order-test-kit.ts';
import { CatalogImportError, importCatalog } from '../../catalog/import.ts';
import { exportEvent } from '../../catalog/export.ts';
import { placeOrder } from '../../orders/orders.service.ts';
import { adminCall, signedInAs } from '../staff/staff-test-kit.ts';

// Subscriptions' composition in the back office, on the demo catalog (subscription 9: concerts 10 and 11).
let t: TestApp;
let manager: { cookie: string; member: { id: number; name: string } };
beforeAll(async () => {
  t = await createTestApp({ clock: createClock(new Date('2026-11-27T07:00:00Z')) });
  manager = await signedInAs(t, 'manager');
});
afterAll(() => t.close());

type Listed = { id: number; revision: number; hasOrders: boolean; items: Array<{ eventId: number; startsAt: string | null }> };
const listed = async () =>
  (await adminCall(t, 'GET', '/api/admin/subscriptions', manager.cookie)).json() as {
    timeZone: string;
    subscriptions: Listed[];
    events: Array<{ id: number; sessions: string[] }>;
  };
const subscription = async () => (await listed()).subscriptions.find((s) => s.id === 9) as Listed;
/** Saves the subscription as its page does: the event loaded, its composition replaced. */
async function saveItems(items: Array<{ eventId: number; sortnum: number; startsAt?: string }>, revision?: number) {
  const loaded = (await adminCall(t, 'GET', '/api/admin/catalog/events/9', manager.cookie)).json();
  return adminCall(t, 'PUT', '/api/admin/catalog/events/9', manager.cookie, {
    revision: revision ?? loaded.revision,
    event: { ...loaded.event, subscriptionItems: items },
  });
}

describe("a subscription's composition", () => {
  it('lists subscriptions with their events, and only events that are not subscriptions to add', async () => {
    const { subscriptions, events } = await listed();
    expect(subscriptions.map((s) => [s.id, s.items.map((i) => i.eventId), s.hasOrders])).toEqual([[9, [10, 11], false]]);
    expect(events.map((e) => e.id)).not.toContain(9);
    expect(events.map((e) => e.id)).toContain(10);
  });

  it('refuses what the import refuses, on its field, and changes nothing', async () => {
    const before = await subscription();
    const self = await saveItems([
      { eventId: 10, sortnum: 1 },
      { eventId: 9, sortnum: 2 },
    ]);
    expect(self.statusCode).toBe(400);
    expect(self.json().fields.map((f: { path: string }) => f.path)).toEqual(['event.subscriptionItems.1.eventId']);
    const twice = await saveItems([
      { eventId: 10, sortnum: 1 },
      { eventId: 10, sortnum: 2 },
    ]);
    expect(twice.statusCode).toBe(400);
    const empty = await saveItems([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.map((f: { path: string }) => f.path)).toEqual(['event.subscriptionItems']);
    expect(await subscription()).toEqual(before);
  });

  const compositionRefusals = [
    {
      description: 'an event that is not in the catalog',
      id: 9,
      change: {
        isSubscription: true,
        subscriptionItems: [
          { eventId: 10, sortnum: 1 },
          { eventId: 999_999, sortnum: 2 },
        ],
      },
      path: 'event.subscriptionItems.1.eventId',
      code: 'unknown-subscription-item',
      ru: 'События 999999 нет в каталоге (возможно, его удалили): уберите его из состава или выберите другое.',
      en: 'Event 999999 is not in the catalog (it may have been deleted): take it out of the composition or choose another one.',
    },
    {
      description: 'a subscription inside a subscription',
      id: 9,
      change: {
        isSubscription: true,
        subscriptionItems: [
          { eventId: 10, sortnum: 1 },
          { eventId: 9, sortnum: 2 },
        ],
      },
      path: 'event.subscriptionItems.1.eventId',
      code: 'subscription-in-subscription',
      ru: 'Это абонемент: в состав абонемента входят только события, не абонементы.',
      en: 'This is a subscription: a subscription admits to events only, not to other subscriptions.',
    },
    {
      description: 'an event given twice',
      id: 9,
      change: {
        isSubscription: true,
        subscriptionItems: [
          { eventId: 10, sortnum: 1 },
          { eventId: 10, sortnum: 2 },
        ],
      },
      path: 'event.subscriptionItems.1.eventId',
      code: 'subscription-item-twice',
      ru: 'Это событие уже есть в составе: каждое событие входит в абонемент один раз.',
      en: 'This event is already in the composition: each event is in a subscription once.',
    },
    {
      description: 'a composition on an event that is not a subscription',
      id: 6,
      change: { isSubscription: false, subscriptionItems: [{ eventId: 3, sortnum: 1 }] },
      path: 'event.subscriptionItems',
      code: 'composition-not-subscription',
      ru: 'Состав бывает только у абонемента: отметьте «Абонемент» или уберите события из состава.',
      en: 'Only a subscription has a composition: tick "Subscription" or take the events out of the composition.',
    },
  ];
  it.each(compositionRefusals.flatMap((c) => (['ru', 'en'] as const).map((lang) => ({ ...c, lang, text: c[lang] }))))(
    "refuses $description on its field, in the member's language ($lang), changing nothing",
    async ({ id, change, path, code, lang, text }) => {
      const before = await listed();
      const loaded = (await adminCall(t, 'GET', `/api/admin/catalog/events/${id}`, manager.cookie)).json();
      const res = await adminCall(t, 'PUT', `/api/admin/catalog/events/${id}`, manager.cookie, {
        revision: loaded.revision,
        event: { ...loaded.event, ...change },
        lang,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: '-2251', fields: [{ path, code, text }] });
      expect(await listed()).toEqual(before);
    },
  );

  it('saves a new composition through the catalog import, audited, and refuses a stale save', async () => {
    const { revision } = await subscription();
    const saved = await saveItems(
      [
        { eventId: 11, sortnum: 1 },
        { eventId: 10, sortnum: 2 },
        { eventId: 1, sortnum: 3 },
      ],
      revision,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await subscription()).items.map((i) => i.eventId)).toEqual([11, 10, 1]);
    const audit = (
      await t.db.query<{ after: { subscriptionItems: Array<{ eventId: number; sortnum: number }> } }>(
        "select after from audit_log where action = 'catalog.event.update' and subject_id = '9'",
      )
    ).rows;
    const audited = audit.at(-1)?.after.subscriptionItems.map((i) => [i.eventId, i.sortnum]);
    expect(audited?.sort((a, b) => (a[1] as number) - (b[1] as number))).toEqual([
      [11, 1],
      [10, 2],
      [1, 3],
    ]);
    const stale = await saveItems(
      [
        { eventId: 10, sortnum: 1 },
        { eventId: 11, sortnum: 2 },
      ],
      revision,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorText).toBe(`Изменено: ${manager.member.name}, 27.11.2026 10:00. Обновите страницу.`);
  });

  it('keeps every event of a sold subscription: taking one out is refused by name, adding one is not', async () => {
    const session = (await t.db.query<{ id: number }>('select id from sessions where event_id = 9 order by id limit 1')).rows[0]
      ?.id as number;
    const base = testOrder(
      [{ sessionId: session, priceId: 901, categoryId: 901, zoneId: null, unitPrice: 500_000, unitFee: 0 }],
      t.clock.date(),
    );
    await t.db.transaction((tx) => placeOrder(tx, { ...base, eventId: 9, isSubscription: true }));
    expect((await subscription()).hasOrders).toBe(true);

    const out = await saveItems([
      { eventId: 11, sortnum: 1 },
      { eventId: 10, sortnum: 2 },
    ]);
    expect(out.statusCode).toBe(409);
    expect(out.json()).toMatchObject({
      errorCode: '-2405',
      fields: [{ path: 'event.subscriptionItems', code: 'in-use-subscription-item' }],
    });
    expect(out.json().errorText).toMatch(/^Абонемент уже продан: убрать из него событие нельзя \(.+\)\. Добавлять события можно\.$/);
    expect((await subscription()).items.map((i) => i.eventId)).toEqual([11, 10, 1]);

    const more = await saveItems([
      { eventId: 11, sortnum: 1 },
      { eventId: 10, sortnum: 2 },
      { eventId: 1, sortnum: 3 },
      { eventId: 2, sortnum: 4 },
    ]);
    expect(more.statusCode, more.body).toBe(200);
    expect((await subscription()).items.map((i) => i.eventId)).toEqual([11, 10, 1, 2]);
  });
});

const sessionStarts = async (eventId: number) =>
  (await t.db.query<{ at: Date }>('select starts_at as at from sessions where event_id = $1 order by starts_at', [eventId])).rows.map((r) =>
    new Date(r.at).toISOString(),
  );
/** The storefront's composition of the subscription, as its event page shows it. */
const storefrontComposition = async () =>
  (
    (await t.post('/api/no-scheme', { hash: 'classical-evenings-pass' })).json() as {
      actionStr: Array<{ action: { ru: string }; day: string; time: string }>;
    }
  ).actionStr;
/** Saves an event as its form does: loaded, changed, sent back at its revision. */
async function saveEvent(id: number, change: (event: Record<string, unknown>) => Record<string, unknown>) {
  const loaded = (await adminCall(t, 'GET', `/api/admin/catalog/events/${id}`, manager.cookie)).json();
  return adminCall(t, 'PUT', `/api/admin/catalog/events/${id}`, manager.cookie, { revision: loaded.revision, event: change(loaded.event) });
}

describe('the visit time of each event of a subscription', () => {
  it("offers the coming sessions of each event as visit times, in the venue's zone", async () => {
    const { timeZone, events } = await listed();
    expect(timeZone).toBe('Europe/Moscow');
    const concert = events.find((e) => e.id === 10);
    expect(concert?.sessions).toEqual((await sessionStarts(10)).filter((at) => Date.parse(at) > t.clock.now()));
  });

  it('saves a session start of the event (even for a sold subscription), audited, and the storefront shows it at once', async () => {
    const [, second] = await sessionStarts(10);
    const current = await subscription();
    expect(current.hasOrders).toBe(true);
    const items = current.items.map((i, n) => ({
      eventId: i.eventId,
      sortnum: n + 1,
      ...(i.eventId === 10 ? { startsAt: second as string } : i.startsAt ? { startsAt: i.startsAt } : {}),
    }));
    const saved = await saveItems(items);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await subscription()).items.find((i) => i.eventId === 10)?.startsAt).toBe(second);
    const shown = (await storefrontComposition()).find((c) => c.action.ru.includes('Чайковский'));
    const local = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
      new Date(second as string),
    );
    expect(shown).toMatchObject({ day: local, time: '19:00' });
    const audit = (
      await t.db.query<{
        before: { subscriptionItems: Array<{ eventId: number; startsAt?: string }> };
        after: { subscriptionItems: Array<{ eventId: number; startsAt?: string }> };
      }>("select before, after from audit_log where action = 'catalog.event.update' and subject_id = '9' order by id desc limit 1")
    ).rows[0];
    const at = (list: Array<{ eventId: number; startsAt?: string }> | undefined) =>
      Date.parse(list?.find((i) => i.eventId === 10)?.startsAt ?? '');
    expect(at(audit?.after.subscriptionItems)).toBe(Date.parse(second as string));
    expect(at(audit?.before.subscriptionItems)).not.toBe(Date.parse(second as string));
  });

  it('may be left empty: the storefront then shows no date for that event', async () => {
    const current = await subscription();
    const saved = await saveItems(
      current.items.map((i, n) => ({
        eventId: i.eventId,
        sortnum: n + 1,
        ...(i.eventId === 11 || !i.startsAt ? {} : { startsAt: i.startsAt }),
      })),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await subscription()).items.find((i) => i.eventId === 11)?.startsAt).toBeNull();
    expect((await storefrontComposition()).find((c) => c.action.ru.includes('Рахманинов'))).toMatchObject({ day: '', time: '' });
  });

  it("refuses a time that is not a session of the event, on its field, in the member's language, changing nothing", async () => {
    const before = await subscription();
    const [first] = await sessionStarts(10);
    const wrong = new Date(Date.parse(first as string) + 30 * 60_000).toISOString();
    const items = before.items.map((i, n) => ({ eventId: i.eventId, sortnum: n + 1, ...(i.eventId === 10 ? { startsAt: wrong } : {}) }));
    const res = await saveItems(items);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorCode: '-2251',
      fields: [
        {
          path: `event.subscriptionItems.${items.findIndex((i) => i.eventId === 10)}.startsAt`,
          code: 'visit-time',
          text: 'Время посещения должно совпадать с началом одного из сеансов этого события (или оставьте его пустым).',
        },
      ],
    });
    expect(await subscription()).toEqual(before);
  });

  it('refuses a stale save of the times, naming who saved last', async () => {
    const { revision, items } = await subscription();
    expect(
      (
        await saveItems(
          items.map((i, n) => ({ eventId: i.eventId, sortnum: n + 1 })),
          revision,
        )
      ).statusCode,
    ).toBe(200);
    const stale = await saveItems(
      items.map((i, n) => ({ eventId: i.eventId, sortnum: n + 1, ...(i.startsAt ? { startsAt: i.startsAt } : {}) })),
      revision,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ errorCode: 'catalog-stale' });
    expect(stale.json().errorText).toContain(manager.member.name);
  });
});

describe('the subscription flag on the event form', () => {
  it('makes an event a subscription when it is given its first events', async () => {
    const saved = await saveEvent(6, (e) => ({ ...e, isSubscription: true, subscriptionItems: [{ eventId: 3, sortnum: 1 }] }));
    expect(saved.statusCode, saved.body).toBe(200);
    const six = (await listed()).subscriptions.find((s) => s.id === 6);
    expect(six?.items.map((i) => i.eventId)).toEqual([3]);
    expect((await listed()).events.map((e) => e.id)).not.toContain(6);
  });

  it("refuses a subscription with no events on the composition's field", async () => {
    const res = await saveEvent(7, (e) => ({ ...e, isSubscription: true, subscriptionItems: [] }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorCode: '-2251',
      fields: [
        {
          path: 'event.subscriptionItems',
          code: 'empty-composition',
          text: 'В абонементе должно быть хотя бы одно событие: выберите его.',
        },
      ],
    });
    expect((await listed()).subscriptions.map((s) => s.id)).not.toContain(7);
  });

  it('refuses to make a subscription of an event another subscription holds, on the flag, naming that subscription', async () => {
    const res = await saveEvent(10, (e) => ({ ...e, isSubscription: true, subscriptionItems: [{ eventId: 3, sortnum: 1 }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: [{ path: 'event.isSubscription', code: 'in-subscription' }] });
    expect(res.json().fields[0].text).toMatch(/^Событие входит в абонемент «Абонемент «Вечера классической музыки»»/);
  });

  it('turns an unsold subscription back into an event, its composition dropped', async () => {
    const res = await saveEvent(6, (e) => ({ ...e, isSubscription: false, subscriptionItems: [] }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await listed()).subscriptions.map((s) => s.id)).toEqual([9]);
  });

  it('refuses to turn off a sold subscription, on the flag, with the sold-subscription text', async () => {
    const res = await saveEvent(9, (e) => ({ ...e, isSubscription: false, subscriptionItems: [] }));
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('-2405');
    expect(res.json().fields[0]).toMatchObject({ path: 'event.isSubscription', code: 'in-use-subscription-item' });
    // Its subscription prices are told on their own fields, in the member's language.
    expect(res.json().fields[1]).toMatchObject({
      path: 'event.prices.0.forSubscription',
      code: 'subscription-price',
      text: expect.stringMatching(/^Цена для абонемента бывает только у абонемента/),
    });
    expect(res.json().errorText).toMatch(
      /^Абонемент уже продан: убрать из него событие нельзя \(.*Чайковский.*Рахманинов.*\)\. Добавлять события можно\.$/,
    );
    expect((await subscription()).items.length).toBeGreaterThan(0);
  });
});

describe('a catalog file and a sold subscription', () => {
  const stored = async () =>
    (await t.db.transaction((tx) => exportEvent(tx, 9, 'Europe/Moscow'))) as NonNullable<Awaited<ReturnType<typeof exportEvent>>>;

  it("is refused when it takes an event out, naming the event, with the back office's text; nothing is imported", async () => {
    const event = await stored();
    const kept = (event.subscriptionItems ?? []).filter((i) => i.eventId !== 10);
    const refused = await importCatalog(t.db, {
      events: [{ ...event, name: { ru: 'Не должно сохраниться' }, subscriptionItems: kept }],
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CatalogImportError);
    const lines = (refused as CatalogImportError).errors;
    expect(lines).toEqual([
      'events[0] (id 9, hash "classical-evenings-pass"): subscriptionItems: The subscription has been sold: an event cannot be taken out of it (event 10 "Symphony night: Tchaikovsky"). Events can be added.',
    ]);
    expect((await stored()).name.ru).toBe(event.name.ru);
    const off = await importCatalog(t.db, { events: [{ ...event, isSubscription: false, subscriptionItems: [] }] }).catch(
      (e: unknown) => e,
    );
    expect((off as CatalogImportError).errors[0]).toMatch(
      /^events\[0\] \(id 9, hash "classical-evenings-pass"\): isSubscription: The subscription has been sold/,
    );
  });

  it('passes when it adds an event and keeps the others', async () => {
    const event = await stored();
    const items = event.subscriptionItems ?? [];
    const summary = await importCatalog(t.db, { events: [{ ...event, subscriptionItems: [...items, { eventId: 4, sortnum: 99 }] }] });
    expect(summary.counts.subscriptionItems).toBe(items.length + 1);
    expect((await subscription()).items.map((i) => i.eventId)).toContain(4);
  });
});

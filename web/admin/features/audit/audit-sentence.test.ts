import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../../../contract/admin/audit-actions.ts';
import type { AuditEntryView } from '../../../../contract/admin/staff-management.ts';
import { LANGS, type Lang } from '../../../../contract/lang.ts';
import ch from '../../../locales/ch/admin.json' with { type: 'json' };
import en from '../../../locales/en/admin.json' with { type: 'json' };
import kz from '../../../locales/kz/admin.json' with { type: 'json' };
import ru from '../../../locales/ru/admin.json' with { type: 'json' };
import { auditSentence } from './audit-sentence.ts';

async function adminT(lang: Lang): Promise<TFunction<'admin'>> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: lang,
    fallbackLng: false,
    ns: ['admin'],
    defaultNS: 'admin',
    resources: { [lang]: { admin: { ru, en, kz, ch }[lang] } },
    interpolation: { escapeValue: false },
  });
  return instance.getFixedT(lang, 'admin');
}

const owner = { id: 1, name: 'Анна Петрова', email: 'anna@venue.test' };

function entry(over: Partial<AuditEntryView>): AuditEntryView {
  return {
    id: '1',
    at: '2026-03-01T10:00:00.000Z',
    staff: owner,
    action: 'order.note',
    subjectType: 'order',
    subjectId: '7',
    before: null,
    after: null,
    ip: '10.0.0.1',
    userAgent: null,
    orderNumber: null,
    subjectName: null,
    ...over,
  };
}

// Amounts use no-break spaces as the language writes them; compared here as plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const rub = (lang: Lang) => ({ lang, currency: 'RUB' as const, ticketCodes: {} });

describe('auditSentence', () => {
  it.each(LANGS.map((lang) => ({ lang })))('$lang has a sentence of its own for every action the server writes', async ({ lang }) => {
    const t = await adminT(lang);
    const generic = (action: string) => auditSentence(t, entry({ action, subjectType: 'thing', subjectId: null }), rub(lang)).text;
    // A missing text would fall back to the generic sentence, which names the action's code.
    const missing = AUDIT_ACTIONS.filter((action) => !t(`audit.sentence.${action}`, { defaultValue: '' }));
    expect(missing).toEqual([]);
    for (const action of AUDIT_ACTIONS) {
      const text = generic(action);
      expect(text.trim(), action).not.toBe('');
      expect(text, action).not.toContain('{{');
      expect(text, action).not.toContain('audit.');
    }
  });

  it('writes a refund with the amount in roubles, the order number, ticket codes and the status in words', async () => {
    const t = await adminT('ru');
    const sentence = auditSentence(
      t,
      entry({
        action: 'order.refund',
        subjectId: '7',
        orderNumber: 1042,
        before: {
          tickets: [
            { id: 31, status: 0 },
            { id: 32, status: 0 },
          ],
        },
        after: {
          requestId: 5,
          ticketIds: [31, 32],
          usedTicketIds: [],
          serviceIds: [],
          amount: 40000,
          percent: null,
          reason: 'Болезнь',
          status: 80,
        },
      }),
      { lang: 'ru', currency: 'RUB', ticketCodes: { '31': 'A7K2-9QX', '32': 'B8M3-1ZT' } },
    );
    expect(plain(sentence.text)).toBe(
      'Анна Петрова вернул(а) 400 ₽ по заказу № 1042, билеты: A7K2-9QX, B8M3-1ZT (возврат денег в обработке). Причина: Болезнь.',
    );
    expect(sentence.link).toEqual({ href: '/orders/7', label: 'Заказ № 1042' });
    const english = auditSentence(
      await adminT('en'),
      entry({ action: 'order.refund', orderNumber: 1042, after: { ticketIds: [31], amount: 150050, reason: 'Ill', status: 70 } }),
      {
        lang: 'en',
        currency: 'RUB',
        ticketCodes: {},
      },
    );
    // A ticket with no code (never issued) shows by its id rather than vanish.
    expect(english.text).toBe(`${owner.name} refunded ₽1,500.50 on order No. 1042, tickets: #31 (money returned). Reason: Ill.`);
  });

  it('writes an exchange with its tickets, the new session and the price difference, in every language', async () => {
    const after = { ticketIds: [31], newTicketIds: [40], startsAt: '2026-12-05T16:00:00.000Z', amount: -23000, status: 'done' };
    const ru = auditSentence(await adminT('ru'), entry({ action: 'order.exchange', orderNumber: 1042, after }), {
      lang: 'ru',
      currency: 'RUB',
      ticketCodes: { '31': 'A7K2-9QX' },
      timeZone: 'Europe/Moscow',
    });
    expect(plain(ru.text)).toMatch(
      /^Анна Петрова обменял\(а\) билеты A7K2-9QX заказа № 1042 на сеанс 05\.12\.2026.*19:00; разница в цене -230 ₽\.$/,
    );
    expect(ru.link).toEqual({ href: '/orders/7', label: 'Заказ № 1042' });
    for (const lang of ['en', 'kz', 'ch'] as const) {
      const text = auditSentence(await adminT(lang), entry({ action: 'order.exchange', orderNumber: 1042, after }), {
        lang,
        currency: 'RUB',
        ticketCodes: {},
        timeZone: 'Europe/Moscow',
      }).text;
      expect(text).toContain('1042');
      expect(text).toContain('#31');
    }
  });

  it('writes amounts in the venue currency', async () => {
    const t = await adminT('ru');
    const text = auditSentence(
      t,
      entry({ action: 'order.refund', orderNumber: 3, after: { ticketIds: [], amount: 500000, reason: 'x', status: 70 } }),
      { lang: 'ru', currency: 'KZT', ticketCodes: {} },
    ).text;
    expect(plain(text)).toContain('5 000 T');
  });

  it('writes a role change with both roles in words and links to the staff page', async () => {
    const t = await adminT('ru');
    const sentence = auditSentence(
      t,
      entry({
        action: 'staff.update',
        subjectType: 'staff',
        subjectId: '9',
        subjectName: 'Павел Сергеев',
        before: { role: 'controller' },
        after: { role: 'owner' },
      }),
      rub('ru'),
    );
    expect(sentence.text).toBe('Анна Петрова сменил(а) роль сотрудника Павел Сергеев: «Контролёр» → «Владелец».');
    expect(sentence.link).toEqual({ href: '/staff', label: 'Сотрудники' });
    const disabled = auditSentence(
      t,
      entry({
        action: 'staff.update',
        subjectType: 'staff',
        subjectId: '9',
        subjectName: 'Павел Сергеев',
        before: { disabled: false },
        after: { disabled: true },
      }),
      rub('ru'),
    );
    expect(disabled.text).toBe('Анна Петрова отключил(а) учётную запись сотрудника Павел Сергеев; его сеансы завершены.');
    const zh = auditSentence(
      await adminT('ch'),
      entry({
        action: 'staff.update',
        subjectType: 'staff',
        subjectId: '9',
        subjectName: 'Pavel',
        before: { role: 'support' },
        after: { role: 'manager' },
      }),
      rub('ch'),
    );
    expect(zh.text).toBe('Анна Петрова 将员工 Pavel 的角色从“客服”改为“经理”。');
  });

  it('writes an event update by the event name in the member language and links to the event form', async () => {
    const name = { ru: 'Щелкунчик', en: 'The Nutcracker', kz: 'Шелкунчик', ch: '胡桃夹子' };
    const e = entry({
      action: 'catalog.event.update',
      subjectType: 'event',
      subjectId: '12',
      before: { id: 12, name, isPublished: false },
      after: { id: 12, name, isPublished: true },
    });
    expect(auditSentence(await adminT('ru'), e, rub('ru'))).toEqual({
      text: 'Анна Петрова изменил(а) событие «Щелкунчик».',
      link: { href: '/catalog/events/12', label: 'Событие «Щелкунчик»' },
    });
    expect(auditSentence(await adminT('en'), e, rub('en')).text).toBe('Анна Петрова changed the event “The Nutcracker”.');
    // A deleted event has no form to open.
    expect(auditSentence(await adminT('ru'), { ...e, action: 'catalog.event.delete', after: null }, rub('ru')).link).toBeNull();
  });

  it('writes a failed sign-in by the address tried, with no staff member', async () => {
    const t = await adminT('ru');
    const sentence = auditSentence(
      t,
      entry({ action: 'staff.sign-in-failed', staff: null, subjectType: 'staff', subjectId: null, after: { email: 'who@venue.test' } }),
      rub('ru'),
    );
    expect(sentence.text).toBe('Неудачная попытка входа с адресом who@venue.test.');
    expect(
      auditSentence(
        await adminT('kz'),
        entry({ action: 'staff.sign-in-failed', staff: null, subjectType: 'staff', subjectId: null, after: { email: 'who@venue.test' } }),
        rub('kz'),
      ).text,
    ).toBe('who@venue.test мекенжайымен кіру әрекеті сәтсіз аяқталды.');
  });

  it('writes a box-office sale with the places, the total and each payment in words', async () => {
    const t = await adminT('ru');
    const sentence = auditSentence(
      t,
      entry({
        action: 'desk.sale',
        subjectId: '40',
        orderNumber: 2001,
        after: {
          cashier: 'Анна Петрова',
          sessionId: 3,
          total: 250000,
          places: 2,
          payments: [
            { method: 'cash', amount: 100000 },
            { method: 'card', amount: 150000 },
          ],
        },
      }),
      rub('ru'),
    );
    expect(plain(sentence.text)).toBe('Анна Петрова продал(а) в кассе заказ № 2001: мест 2 на 2 500 ₽ (наличные 1 000 ₽, карта 1 500 ₽).');
    expect(sentence.link).toEqual({ href: '/orders/40', label: 'Заказ № 2001' });
  });

  it('writes a group’s reservation with its organisation, places and total, linked to the group', async () => {
    const t = await adminT('ru');
    const sentence = auditSentence(
      t,
      entry({
        action: 'group.create',
        subjectType: 'group',
        subjectId: '7',
        after: { name: 'Школа № 1', inn: '7736050003', number: '2026-1', places: 23, total: 650000 },
      }),
      rub('ru'),
    );
    expect(plain(sentence.text)).toBe('Анна Петрова забронировал(а) для группы «Школа № 1» мест 23 на 6 500 ₽.');
    expect(sentence.link).toEqual({ href: '/groups/7', label: 'Группа «Школа № 1»' });
  });

  it('writes a seat block with its reason in words', async () => {
    const t = await adminT('ru');
    const sentence = auditSentence(
      t,
      entry({
        action: 'hall.seats-block',
        subjectType: 'session',
        subjectId: '5',
        after: { reason: 'guest', note: '', seats: [{ id: 1 }, { id: 2 }] },
      }),
      rub('ru'),
    );
    expect(sentence).toEqual({
      text: 'Анна Петрова заблокировал(а) мест: 2 на сеансе № 5. Причина: Гостевое место.',
      link: { href: '/halls/blocks', label: 'Блокировка мест' },
    });
  });

  it('writes a session cancelled with the orders, the refund and the reason, and a session moved with its new start and deadline', async () => {
    const t = await adminT('ru');
    const cancelled = auditSentence(
      t,
      entry({
        action: 'session.cancel',
        subjectType: 'session',
        subjectId: '7',
        after: { reason: 'Болезнь солиста', count: 3, amount: 318000 },
      }),
      rub('ru'),
    );
    expect(plain(cancelled.text)).toBe('Анна Петрова отменил(а) сеанс № 7: заказов — 3, к возврату 3 180 ₽. Причина: Болезнь солиста.');
    const moved = auditSentence(
      t,
      entry({
        action: 'session.postpone',
        subjectType: 'session',
        subjectId: '7',
        after: { startsAt: '2026-12-05T16:00:00.000Z', fullReturnUntil: '2026-12-01T09:00:00.000Z', count: 2 },
      }),
      rub('ru'),
    );
    expect(plain(moved.text)).toMatch(
      /^Анна Петрова перенёс\(ла\) сеанс № 7 на 05\.12\.2026,? 19:00; полный возврат — до 01\.12\.2026,? 12:00\.$/,
    );
  });

  it('writes a catalog entry by its kind and name and links to its form', async () => {
    const t = await adminT('ru');
    const sentence = auditSentence(
      t,
      entry({ action: 'catalog.tags.create', subjectType: 'tags', subjectId: '4', after: { id: 4, name: { ru: 'Детям', en: 'Kids' } } }),
      rub('ru'),
    );
    expect(sentence).toEqual({
      text: 'Анна Петрова создал(а) тег «Детям».',
      link: { href: '/catalog/entries/tags/4', label: 'Открыть «Детям»' },
    });
  });

  it('writes an action it does not know as a generic sentence naming the action and its object, with no link', async () => {
    const t = await adminT('ru');
    const sentence = auditSentence(t, entry({ action: 'legacy.thing', subjectType: 'widget', subjectId: '3', staff: null }), rub('ru'));
    expect(sentence).toEqual({ text: 'Командная строка: legacy.thing (widget #3).', link: null });
  });
});

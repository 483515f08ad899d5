import type { OrderReturnPayload, ReturnRow } from '../../../contract/returns.ts';

const same = (text: string) => ({ ru: text, en: text, kz: text, ch: text });

export function returnRowFixture(over: Partial<ReturnRow> = {}): ReturnRow {
  return {
    id: 11,
    status_id: 0,
    ord_num: 100001,
    datime: '21.11.2026 14:03',
    owner_name: 'Иван Петров',
    email: 'ivan@example.com',
    phone: '+79991234567',
    returndatime: 3 * 86400,
    returnreason_id: 0,
    quant: 1,
    summa: 500,
    refund: 500,
    sortnum: 1,
    action: same('Город сквозь века'),
    day: '25.11.2026',
    time: '10:00',
    zonelevel: same(''),
    category: same('Взрослый'),
    place: same(''),
    name: '',
    used: 0,
    ...over,
  };
}

/** The answer of POST /api/order/return/{hash}: two returnable tickets of one session. */
export function returnFixture(over: Partial<OrderReturnPayload> = {}): {
  errorCode: string;
  errorText: string;
  response: OrderReturnPayload;
} {
  const response: OrderReturnPayload = {
    error_code: 0,
    error_text: '',
    hash: 'h'.repeat(32),
    rows: [returnRowFixture(), returnRowFixture({ id: 12, category: same('Детский'), summa: 200, refund: 200 })],
    services: [],
    bonuses: { spent: 0, accrued: 0, restored: 0, revoked: 0 },
    groups: [{ sortnum: 1, returndatime: 3 * 86400, deadline: '25.11.2026 10:00' }],
    reasons: [
      { id: 1, name: same('Не смогу посетить мероприятие'), descript: same('Планы изменились') },
      { id: 2, name: same('Другая причина'), descript: same('') },
    ],
    text: same('Я даю согласие на обработку моих персональных данных с целью возврата.'),
    consent: { version: 2, title: same('Согласие на обработку персональных данных при возврате') },
    notice: same('Понимаю, что возвращённые билеты станут недействительными'),
    date: '21.11.2026',
    policy: 'full',
    refund: { service_fee: false, discounted: false },
    confirm: null,
    ...over,
  };
  return { errorCode: '0', errorText: '', response };
}

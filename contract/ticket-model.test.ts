import { describe, expect, it } from 'vitest';
import { type TicketDocument, codeKindOf, ticketRequisites } from './ticket-model.ts';

const all = (v: string) => ({ ru: v, en: v, kz: v, ch: v });
const base: TicketDocument = {
  hash: 'h',
  code: '1234567890123456',
  codeKind: 'qr',
  series: 'АБ',
  number: '00000042',
  organizer: { ru: 'ГБУК «Музей»', en: 'Museum' },
  organizerInn: '7701234567',
  event: { ru: 'Выставка', en: 'Exhibition', kz: 'Көрме', ch: '展览' },
  day: { ru: '21 ноября 2026 г.', en: '21 November 2026', kz: '2026 ж. 21 қараша', ch: '2026年11月21日' },
  weekday: { ru: 'суббота', en: 'Saturday', kz: 'сенбі', ch: '星期六' },
  time: '19:00',
  place: all('Большой зал'),
  address: all('ул. Ленина, 1'),
  category: all('Взрослый'),
  seat: null,
  price: 150050,
  currency: 'RUB',
  holder: null,
  orderNumber: 1001,
};
const words = { seriesNumber: (s: string, n: string) => `${s} № ${n}`, inn: (inn: string) => `ИНН ${inn}` };
const keys = (doc: TicketDocument) => ticketRequisites(doc, 'ru', words).lines.map((l) => l.key);
const value = (doc: TicketDocument, key: string, lang: 'ru' | 'en' | 'kz' | 'ch' = 'ru') =>
  ticketRequisites(doc, lang, words).lines.find((l) => l.key === key)?.value;

describe('ticketRequisites', () => {
  it.each([
    {
      description: 'an ordinary ticket: no seat, no holder',
      doc: base,
      want: ['seriesNumber', 'date', 'place', 'category', 'price', 'organizer', 'code'],
    },
    {
      description: 'a seat and a holder add their lines',
      doc: { ...base, seat: { sector: all('Партер'), row: '3', seat: '12' }, holder: 'Иванов Иван' },
      want: ['seriesNumber', 'date', 'place', 'category', 'seat', 'price', 'holder', 'organizer', 'code'],
    },
    {
      description: 'no series, number, organiser or code leaves them out',
      doc: { ...base, series: '', number: '', organizer: {}, organizerInn: '', code: '', codeKind: 'none' as const },
      want: ['date', 'place', 'category', 'price'],
    },
  ])('$description', ({ doc, want }) => {
    expect(keys(doc)).toEqual(want);
  });

  it.each([
    { key: 'seriesNumber', lang: 'ru' as const, want: 'АБ № 00000042' },
    { key: 'date', lang: 'ru' as const, want: '21 ноября 2026 г., 19:00 (суббота)' },
    { key: 'date', lang: 'ch' as const, want: '2026年11月21日, 19:00 (星期六)' },
    { key: 'price', lang: 'ru' as const, want: '1\u00a0500,50\u00a0₽' },
    { key: 'price', lang: 'en' as const, want: '₽1,500.50' },
    { key: 'organizer', lang: 'ru' as const, want: 'ГБУК «Музей», ИНН 7701234567' },
    { key: 'organizer', lang: 'kz' as const, want: 'Museum, ИНН 7701234567' },
    { key: 'code', lang: 'ru' as const, want: '1234567890123456' },
  ])('writes $key in $lang as «$want»', ({ key, lang, want }) => {
    expect(value(base, key, lang)).toBe(want);
  });

  it('writes a whole-day ticket without a time, a seat as sector · row · seat, and the address under the place', () => {
    const doc = { ...base, time: '', seat: { sector: all('Балкон'), row: '1', seat: '5' } };
    expect(value(doc, 'date')).toBe('21 ноября 2026 г. (суббота)');
    expect(value(doc, 'seat')).toBe('Балкон · 1 · 5');
    expect(ticketRequisites(doc, 'ru', words).lines.find((l) => l.key === 'place')?.extra).toBe('ул. Ленина, 1');
    expect(ticketRequisites(doc, 'ch', words).title).toBe('展览');
  });

  it.each([
    { type: 0, code: '1', want: 'barcode' },
    { type: 1, code: '1', want: 'qr' },
    { type: 2, code: '1', want: 'none' },
    { type: 1, code: '', want: 'none' },
  ])('ticket type $type with code «$code» is $want', ({ type, code, want }) => {
    expect(codeKindOf(type, code)).toBe(want);
  });
});

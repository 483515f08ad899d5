import { describe, expect, it } from 'vitest';
import type { Lang } from '../../contract/lang.ts';
import type { TicketDocument } from '../../contract/ticket-model.ts';
import { pdfPages } from './pdf-text.ts';
import { renderTicketsPdf } from './ticket-pdf.ts';

const all = (v: string) => ({ ru: v, en: v, kz: v, ch: v });
const doc = (n: number, over: Partial<TicketDocument> = {}): TicketDocument => ({
  hash: `h${n}`,
  code: `12345678901234${String(n).padStart(2, '0')}`,
  codeKind: 'qr',
  series: 'АБ',
  number: String(n).padStart(8, '0'),
  organizer: { ru: 'ГБУК «Музей»', en: 'Museum', kz: 'Мұражай', ch: '博物馆' },
  organizerInn: '7701234567',
  event: { ru: 'Выставка', en: 'Exhibition', kz: 'Көрме әлемі', ch: '展览' },
  day: { ru: '21 ноября 2026 г.', en: '21 November 2026', kz: '2026 ж. 21 қараша', ch: '2026年11月21日' },
  weekday: { ru: 'суббота', en: 'Saturday', kz: 'сенбі', ch: '星期六' },
  time: '19:00',
  place: all('Большой зал'),
  address: all('ул. Ленина, 1'),
  category: all('Взрослый'),
  seat: null,
  price: 150000,
  currency: 'RUB',
  holder: null,
  orderNumber: 1001,
  ...over,
});

describe('the tickets PDF', () => {
  it.each<{ lang: Lang; words: string[] }>([
    { lang: 'ru', words: ['Электронный билет'.toUpperCase(), 'Выставка', 'Серия и номер', 'ИНН 7701234567'] },
    { lang: 'en', words: ['Exhibition', 'Series and number', 'Tax number 7701234567'] },
    { lang: 'kz', words: ['Көрме әлемі', 'Сериясы мен нөмірі', 'қараша'] },
    { lang: 'ch', words: ['展览', '系列和编号', '星期六', '博物馆'] },
  ])('puts one ticket a page with its number and code, in $lang', async ({ lang, words }) => {
    const tickets = [1, 2, 3].map((n) => ({
      document: doc(n, n === 2 ? { codeKind: 'barcode', seat: { sector: all('Партер'), row: '3', seat: '12' } } : {}),
    }));
    const pages = await pdfPages(await renderTicketsPdf(tickets, lang));
    expect(pages).toHaveLength(3);
    pages.forEach((page, i) => {
      expect(page).toContain(String(i + 1).padStart(8, '0'));
      expect(page).toContain(tickets[i]?.document.code);
      for (const word of words) expect(page).toContain(word);
    });
  });

  it('embeds its fonts, subset, in a file of modest size', async () => {
    const bytes = await renderTicketsPdf([{ document: doc(1) }], 'ch', { compress: false });
    const text = bytes.toString('latin1');
    expect(text).toMatch(/\/FontFile[23]?/);
    expect(bytes.length).toBeLessThan(400_000);
  });
});

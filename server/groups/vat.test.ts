import { describe, expect, it } from 'vitest';
import { vatIncluded, vatPhrase } from './vat.ts';

describe('vatIncluded', () => {
  it.each([
    { description: '22% of 1 500,00', amount: 150000, percent: 22, vat: 27049 },
    { description: '0% of 1 500,00', amount: 150000, percent: 0, vat: 0 },
    { description: '5% of 1 500,00 (7 142,857… up)', amount: 150000, percent: 5, vat: 7143 },
    { description: '7% of 1 500,00 (9 813,08… down)', amount: 150000, percent: 7, vat: 9813 },
    { description: '10% of 1 500,00', amount: 150000, percent: 10, vat: 13636 },
    { description: '20% of 1 500,00, exact', amount: 150000, percent: 20, vat: 25000 },
    { description: 'half a kopeck rounds up (3 kopecks at 20%)', amount: 3, percent: 20, vat: 1 },
    { description: 'one and a half kopecks round up (9 kopecks at 20%)', amount: 9, percent: 20, vat: 2 },
    { description: 'a kopeck at 22% has none', amount: 1, percent: 22, vat: 0 },
    { description: '22% of 6 500,00', amount: 650000, percent: 22, vat: 117213 },
    { description: '22% of 1 234 567,89', amount: 123456789, percent: 22, vat: 22262700 },
    { description: 'nothing of nothing', amount: 0, percent: 22, vat: 0 },
  ])('$description', ({ amount, percent, vat }) => {
    expect(vatIncluded(amount, percent)).toBe(vat);
  });

  it('is within half a kopeck of the exact share and never above the amount, at every rate', () => {
    for (const percent of [0, 5, 7, 10, 20, 22])
      for (let amount = 0; amount < 5000; amount += 7) {
        const vat = vatIncluded(amount, percent);
        expect(Math.abs(vat * (100 + percent) - amount * percent)).toBeLessThanOrEqual((100 + percent) / 2);
        expect(vat).toBeLessThanOrEqual(amount);
      }
  });

  it.each([
    { amount: -1, percent: 22 },
    { amount: 1.5, percent: 22 },
    { amount: 100, percent: -5 },
    { amount: 100, percent: 22.5 },
  ])('refuses amount $amount at $percent%', ({ amount, percent }) => {
    expect(() => vatIncluded(amount, percent)).toThrow(RangeError);
  });
});

describe('vatPhrase', () => {
  it.each([
    { tax: 'none' as const, total: 650000, phrase: 'Без налога (НДС)' },
    { tax: 'vat0' as const, total: 650000, phrase: 'В том числе НДС 0%: 0 руб. 00 коп.' },
    { tax: 'vat5' as const, total: 150000, phrase: 'В том числе НДС 5%: 71 руб. 43 коп.' },
    { tax: 'vat7' as const, total: 150000, phrase: 'В том числе НДС 7%: 98 руб. 13 коп.' },
    { tax: 'vat10' as const, total: 150000, phrase: 'В том числе НДС 10%: 136 руб. 36 коп.' },
    { tax: 'vat20' as const, total: 150000, phrase: 'В том числе НДС 20%: 250 руб. 00 коп.' },
    { tax: 'vat22' as const, total: 650000, phrase: 'В том числе НДС 22%: 1 172 руб. 13 коп.' },
    { tax: 'vat22' as const, total: 123456789, phrase: 'В том числе НДС 22%: 222 627 руб. 00 коп.' },
  ])('$tax of $total kopecks: «$phrase»', ({ tax, total, phrase }) => {
    expect(vatPhrase(total, tax)).toBe(phrase);
  });
});

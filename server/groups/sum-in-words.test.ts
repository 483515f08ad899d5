import { describe, expect, it } from 'vitest';
import { pluralRu, roublesInWords, sumInWords } from './sum-in-words.ts';

describe('sumInWords: the invoice’s sum «прописью», roubles in words and kopecks in two digits', () => {
  it.each([
    { kopecks: 0, words: 'Ноль рублей 00 копеек' },
    { kopecks: 100, words: 'Один рубль 00 копеек' },
    { kopecks: 200, words: 'Два рубля 00 копеек' },
    { kopecks: 500, words: 'Пять рублей 00 копеек' },
    { kopecks: 1100, words: 'Одиннадцать рублей 00 копеек' },
    { kopecks: 1200, words: 'Двенадцать рублей 00 копеек' },
    { kopecks: 1400, words: 'Четырнадцать рублей 00 копеек' },
    { kopecks: 2100, words: 'Двадцать один рубль 00 копеек' },
    { kopecks: 2200, words: 'Двадцать два рубля 00 копеек' },
    { kopecks: 10100, words: 'Сто один рубль 00 копеек' },
    { kopecks: 11100, words: 'Сто одиннадцать рублей 00 копеек' },
    { kopecks: 100000, words: 'Одна тысяча рублей 00 копеек' },
    { kopecks: 200000, words: 'Две тысячи рублей 00 копеек' },
    { kopecks: 500000, words: 'Пять тысяч рублей 00 копеек' },
    { kopecks: 1100000, words: 'Одиннадцать тысяч рублей 00 копеек' },
    { kopecks: 2100000, words: 'Двадцать одна тысяча рублей 00 копеек' },
    { kopecks: 2200000, words: 'Двадцать две тысячи рублей 00 копеек' },
    { kopecks: 123450, words: 'Одна тысяча двести тридцать четыре рубля 50 копеек' },
    { kopecks: 124518, words: 'Одна тысяча двести сорок пять рублей 18 копеек' },
    { kopecks: 345803, words: 'Три тысячи четыреста пятьдесят восемь рублей 03 копейки' },
    { kopecks: 7601, words: 'Семьдесят шесть рублей 01 копейка' },
    { kopecks: 110, words: 'Один рубль 10 копеек' },
    { kopecks: 111, words: 'Один рубль 11 копеек' },
    { kopecks: 122, words: 'Один рубль 22 копейки' },
    { kopecks: 1762040, words: 'Семнадцать тысяч шестьсот двадцать рублей 40 копеек' },
    { kopecks: 100000000, words: 'Один миллион рублей 00 копеек' },
    { kopecks: 200000000, words: 'Два миллиона рублей 00 копеек' },
    { kopecks: 500000000, words: 'Пять миллионов рублей 00 копеек' },
    { kopecks: 100100100, words: 'Один миллион одна тысяча один рубль 00 копеек' },
    { kopecks: 123456789, words: 'Один миллион двести тридцать четыре тысячи пятьсот шестьдесят семь рублей 89 копеек' },
    { kopecks: 1200000000000, words: 'Двенадцать миллиардов рублей 00 копеек' },
    {
      kopecks: 99999999999,
      words: 'Девятьсот девяносто девять миллионов девятьсот девяносто девять тысяч девятьсот девяносто девять рублей 99 копеек',
    },
  ])('$kopecks kopecks: $words', ({ kopecks, words }) => {
    expect(sumInWords(kopecks)).toBe(words);
  });

  it.each([-1, 0.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])('refuses %s, which is no sum in kopecks', (kopecks) => {
    expect(() => sumInWords(kopecks)).toThrow(RangeError);
  });

  it('has words up to the milliards only', () => {
    expect(roublesInWords(999_999_999_999)).toMatch(/^девятьсот девяносто девять миллиардов/);
    expect(() => roublesInWords(1_000_000_000_000)).toThrow(RangeError);
  });
});

describe('pluralRu: the noun agreeing with its number', () => {
  it.each([
    [0, 'рублей'],
    [1, 'рубль'],
    [2, 'рубля'],
    [4, 'рубля'],
    [5, 'рублей'],
    [11, 'рублей'],
    [12, 'рублей'],
    [14, 'рублей'],
    [21, 'рубль'],
    [101, 'рубль'],
    [111, 'рублей'],
    [112, 'рублей'],
    [122, 'рубля'],
    [1000, 'рублей'],
  ])('%i %s', (n, form) => {
    expect(pluralRu(n, 'рубль', 'рубля', 'рублей')).toBe(form);
  });
});

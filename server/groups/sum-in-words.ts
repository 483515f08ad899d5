/**
 * A sum «прописью» as Russian invoices and acts write it under the figures: the roubles in words
 * from a capital letter, then the kopecks in two digits, each noun agreeing with its number:
 * «Одна тысяча двести тридцать четыре рубля 50 копеек», «Ноль рублей 00 копеек».
 */

type Gender = 'masculine' | 'feminine';

const ONES: Record<Gender, readonly string[]> = {
  masculine: ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'],
  feminine: ['', 'одна', 'две', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'],
};
const TEENS = [
  'десять',
  'одиннадцать',
  'двенадцать',
  'тринадцать',
  'четырнадцать',
  'пятнадцать',
  'шестнадцать',
  'семнадцать',
  'восемнадцать',
  'девятнадцать',
];
const TENS = ['', '', 'двадцать', 'тридцать', 'сорок', 'пятьдесят', 'шестьдесят', 'семьдесят', 'восемьдесят', 'девяносто'];
const HUNDREDS = ['', 'сто', 'двести', 'триста', 'четыреста', 'пятьсот', 'шестьсот', 'семьсот', 'восемьсот', 'девятьсот'];

/** The noun's form for a count: 1, 21 → one; 2–4, 22–24 → few; 0, 5–20, 25… and 11–14 → many. */
export function pluralRu(n: number, one: string, few: string, many: string): string {
  const lastTwo = n % 100;
  const last = n % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return many;
  if (last === 1) return one;
  if (last >= 2 && last <= 4) return few;
  return many;
}

/** 1–999 in words, «один»/«два» or «одна»/«две» by the gender of what is counted. */
function triadWords(n: number, gender: Gender): string[] {
  const words = [HUNDREDS[Math.floor(n / 100)] ?? ''];
  const rest = n % 100;
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10] ?? '');
  else words.push(TENS[Math.floor(rest / 10)] ?? '', ONES[gender][rest % 10] ?? '');
  return words.filter(Boolean);
}

// Each power of a thousand with its gender and noun forms; roubles are the units.
const SCALES: readonly { gender: Gender; forms: readonly [string, string, string] | null }[] = [
  { gender: 'masculine', forms: null },
  { gender: 'feminine', forms: ['тысяча', 'тысячи', 'тысяч'] },
  { gender: 'masculine', forms: ['миллион', 'миллиона', 'миллионов'] },
  { gender: 'masculine', forms: ['миллиард', 'миллиарда', 'миллиардов'] },
];

/** A whole number of roubles in words, lower case: «одна тысяча двести тридцать четыре»; 0 is «ноль». */
export function roublesInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1000 ** SCALES.length) throw new RangeError(`no words for ${n}`);
  if (n === 0) return 'ноль';
  const words: string[] = [];
  for (let scale = SCALES.length - 1; scale >= 0; scale--) {
    const triad = Math.floor(n / 1000 ** scale) % 1000;
    if (triad === 0) continue;
    const { gender, forms } = SCALES[scale] as (typeof SCALES)[number];
    words.push(...triadWords(triad, gender));
    if (forms) words.push(pluralRu(triad, ...forms));
  }
  return words.join(' ');
}

/** Kopecks as the invoice's sum in words: «Одна тысяча двести тридцать четыре рубля 50 копеек». */
export function sumInWords(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks) || kopecks < 0) throw new RangeError(`not a sum in kopecks: ${kopecks}`);
  const roubles = Math.floor(kopecks / 100);
  const cents = kopecks % 100;
  const words = roublesInWords(roubles);
  return (
    `${words.charAt(0).toUpperCase()}${words.slice(1)} ${pluralRu(roubles, 'рубль', 'рубля', 'рублей')} ` +
    `${String(cents).padStart(2, '0')} ${pluralRu(cents, 'копейка', 'копейки', 'копеек')}`
  );
}

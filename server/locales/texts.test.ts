import { describe, expect, it } from 'vitest';
import { AdminErrorCode } from '../../contract/admin/errors.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { LANGS, toBcp47 } from '../../contract/lang.ts';
import { adminErrorText, errorText } from '../http.ts';
import { textParams } from './params.ts';
import { PLURAL_FORMS, interpolate, serverCatalogs, serverText, textInAll, textOf } from './texts.ts';

const PLURAL = new RegExp(`_(${PLURAL_FORMS.join('|')})$`);
const baseOf = (key: string) => key.replace(PLURAL, '');
const declared = textParams as Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;

/** namespace.key of every text of a language, failing on any shape but namespace → key → text. */
function keysOf(lang: (typeof LANGS)[number]): string[] {
  return Object.entries(serverCatalogs[lang]).flatMap(([ns, table]) => {
    if (typeof table !== 'object' || table === null || Array.isArray(table)) throw new Error(`${lang}: ${ns} is not a namespace`);
    return Object.entries(table).map(([key, text]) => {
      if (typeof text !== 'string') throw new Error(`${lang}: ${ns}.${key} is not a text`);
      return `${ns}.${key}`;
    });
  });
}

const placeholdersOf = (text: string) => [...new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]))].sort();

describe('server/locales', () => {
  const ruBases = [...new Set(keysOf('ru').map(baseOf))].sort();

  // Plural keys differ by language (ru needs _few and _many, zh only _other), so compare the
  // keys without their plural suffix, then check each language has exactly its own forms.
  it.each(LANGS.map((lang) => ({ lang })))('$lang has every key of ru.json and no other', ({ lang }) => {
    expect([...new Set(keysOf(lang).map(baseOf))].sort()).toEqual(ruBases);
  });

  it.each(LANGS.map((lang) => ({ lang })))('$lang has every plural form its language needs, and no other', ({ lang }) => {
    const keys = keysOf(lang);
    const categories = [...new Intl.PluralRules(toBcp47(lang)).resolvedOptions().pluralCategories].sort();
    for (const base of new Set(keys.filter((key) => PLURAL.test(key)).map(baseOf))) {
      const forms = keys.filter((key) => baseOf(key) === base).map((key) => key.slice(base.length + 1));
      expect(forms.sort(), `${lang}: ${base}`).toEqual(categories);
    }
  });

  it.each(LANGS.map((lang) => ({ lang })))('$lang has no empty text', ({ lang }) => {
    const empty = keysOf(lang).filter((path) => {
      const [ns, key] = path.split('.') as [string, string];
      return !serverCatalogs[lang][ns]?.[key]?.trim();
    });
    expect(empty).toEqual([]);
  });

  it.each(LANGS.map((lang) => ({ lang })))('$lang uses exactly the placeholders params.ts declares', ({ lang }) => {
    const wrong = keysOf(lang).flatMap((path) => {
      const [ns, key] = path.split('.') as [string, string];
      const text = serverCatalogs[lang][ns]?.[key] ?? '';
      const expected = [...(declared[ns]?.[baseOf(key)] ?? [])].sort();
      const stray = text.replace(/\{\{\w+\}\}/g, '').includes('{{') || text.replace(/\{\{\w+\}\}/g, '').includes('}}');
      const plural = PLURAL.test(key) && !expected.includes('count');
      return stray || plural || placeholdersOf(text).join() !== expected.join()
        ? [`${path}: ${placeholdersOf(text).join()} ≠ ${expected.join()}`]
        : [];
    });
    expect(wrong).toEqual([]);
  });

  it('declares placeholders only for texts that exist', () => {
    const unknown = Object.entries(declared).flatMap(([ns, keys]) =>
      Object.keys(keys)
        .filter((key) => !ruBases.includes(`${ns}.${key}`))
        .map((key) => `${ns}.${key}`),
    );
    expect(unknown).toEqual([]);
  });

  it('answers the spec Russian text and each language its own', () => {
    expect(serverText('payments', 'orderDeleted', 'ru')).toBe('Заказ удалён или не найден');
    expect(serverText('payments', 'orderDeleted', 'en')).toBe('The order was deleted or not found');
    expect(textOf('payments', 'orderDeleted')('kz')).toBe(serverCatalogs.kz.payments?.orderDeleted);
    expect(textInAll('payments', 'orderDeleted')).toEqual(
      Object.fromEntries(LANGS.map((lang) => [lang, serverCatalogs[lang].payments?.orderDeleted])),
    );
  });
});

describe('error codes', () => {
  it.each(LANGS.map((lang) => ({ lang })))('$lang has a text for every storefront error code but success', ({ lang }) => {
    const missing = Object.values(ErrorCode).filter((code) => code !== ErrorCode.ok && !errorText(code, lang).trim());
    expect(missing).toEqual([]);
    expect(errorText(ErrorCode.ok, lang)).toBe('');
  });

  it('quotes the code where the text says it', () => {
    expect(errorText(ErrorCode.unknownBank, 'ru')).toBe('Выбран недопустимый способ оплаты. Код ошибки: -9996');
    expect(errorText(ErrorCode.noBank, 'en')).toBe('No payment method is set. Error code: -9995');
  });
});

describe('back office error codes', () => {
  it.each(LANGS.map((lang) => ({ lang })))('$lang has a text for every back office error code', ({ lang }) => {
    expect(Object.values(AdminErrorCode).filter((code) => !adminErrorText(code, lang).trim())).toEqual([]);
  });

  it('puts the value a refusal names where its text says', () => {
    expect(adminErrorText(AdminErrorCode.catalogEntryInUse, 'ru', 'событие «Выставка»')).toBe(
      'Удалить нельзя. Используется: событие «Выставка».',
    );
    expect(adminErrorText(AdminErrorCode.seatsAlreadyBlocked, 'en', 'A, row 1, seat 2')).toBe(
      'These seats are blocked already: A, row 1, seat 2',
    );
    expect(serverText('adminHalls', 'seat', 'kz', { sector: 'Партер', row: '3', seat: '7' })).toBe('Партер, 3-қатар, 7-орын');
    expect(serverText('adminCatalog', 'below-sold', 'ru', { taken: 12 })).toBe('Меньше, чем уже продано или забронировано: 12.');
  });
});

describe('interpolate', () => {
  it('replaces every placeholder, however often it occurs, and leaves the rest', () => {
    expect(interpolate('{{a}} and {{b}}, again {{a}}; {not} {{ spaced }}', { a: 'X', b: 2 })).toBe('X and 2, again X; {not} {{ spaced }}');
  });

  it('inserts a value as it is: no replacement patterns, no placeholders read inside it', () => {
    expect(interpolate('Сумма: {{amount}}', { amount: "$& $' {{amount}}" })).toBe("Сумма: $& $' {{amount}}");
  });

  it('refuses a text whose placeholder has no value', () => {
    expect(() => interpolate('Заказ № {{number}}', {})).toThrow('{{number}}');
  });

  it('fills a text of the catalogs with its values', () => {
    expect(serverText('paidMail', 'subject', 'ru', { number: 1042 })).toBe('Заказ № 1042 оплачен');
    expect(serverText('paidMail', 'subject', 'ch', { number: 7 })).toBe('订单 7 已支付');
  });
});

describe('plural forms', () => {
  it.each([
    { count: 1, expected: 'Ссылка действует 1 час:' },
    { count: 3, expected: 'Ссылка действует 3 часа:' },
    { count: 5, expected: 'Ссылка действует 5 часов:' },
    { count: 11, expected: 'Ссылка действует 11 часов:' },
    { count: 21, expected: 'Ссылка действует 21 час:' },
    { count: 24, expected: 'Ссылка действует 24 часа:' },
  ])('uses Russian plural rules: $count', ({ count, expected }) => {
    expect(serverText('returnMail', 'action', 'ru', { count })).toContain(expected);
  });

  it('uses each language its own rules, and a plain key where the text does not change', () => {
    expect(serverText('returnMail', 'action', 'en', { count: 1 })).toContain('valid for 1 hour:');
    expect(serverText('returnMail', 'action', 'en', { count: 24 })).toContain('valid for 24 hours:');
    expect(serverText('returnMail', 'intro', 'en', { number: 5, count: 1, amount: '€1' })).toContain(': 1 ticket, refund €1.');
    expect(serverText('returnMail', 'intro', 'en', { number: 5, count: 2, amount: '€1' })).toContain(': 2 tickets, refund €1.');
    expect(serverText('returnMail', 'intro', 'ru', { number: 5, count: 2, amount: '1 ₽' })).toContain(
      'билетов — 2, сумма к возврату — 1 ₽.',
    );
  });

  it('checks the values a text takes at compile time', () => {
    // @ts-expect-error a text with placeholders needs its values
    expect(() => serverText('paidMail', 'subject', 'ru')).toThrow('{{number}}');
    // @ts-expect-error count picks the plural form, so it is a number
    expect(serverText('returnMail', 'action', 'ru', { count: '24' })).toContain('24');
    // @ts-expect-error a text without placeholders takes no values
    expect(serverText('payments', 'orderDeleted', 'ru', {})).toBe('Заказ удалён или не найден');
  });
});

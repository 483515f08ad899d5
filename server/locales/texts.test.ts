import { describe, expect, it } from 'vitest';
import { LANGS } from '../../contract/lang.ts';
import { serverCatalogs, serverText } from './texts.ts';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key));
}

describe('server/locales', () => {
  const ruKeys = keysOf(serverCatalogs.ru).sort();

  it.each(LANGS.map((lang) => ({ lang })))('$lang has every key of ru.json and no other', ({ lang }) => {
    expect(keysOf(serverCatalogs[lang]).sort()).toEqual(ruKeys);
  });

  it.each(LANGS.map((lang) => ({ lang })))('$lang has no empty text', ({ lang }) => {
    const empty = ruKeys.filter((key) => {
      const [ns, name] = key.split('.') as [keyof typeof serverCatalogs.ru, string];
      return !(serverCatalogs[lang][ns] as Record<string, string>)[name]?.trim();
    });
    expect(empty).toEqual([]);
  });

  it('answers the spec Russian text and each language its own', () => {
    expect(serverText('payments', 'orderDeleted', 'ru')).toBe('Заказ удалён или не найден');
    expect(serverText('payments', 'orderDeleted', 'en')).toBe('The order was deleted or not found');
  });
});

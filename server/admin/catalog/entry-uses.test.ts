import { describe, expect, it } from 'vitest';
import { entryUsesText } from './entry-uses.ts';

describe('entryUsesText: what still uses a catalog entry, for the refusal of its deletion', () => {
  it('counts with the right Russian form and names at most five', () => {
    expect(entryUsesText([{ what: 'events', count: 1, names: ['Лекция'] }], 'ru')).toBe('1 событие: «Лекция»');
    expect(entryUsesText([{ what: 'events', count: 3, names: ['А', 'Б', 'В'] }], 'ru')).toBe('3 события: «А», «Б», «В»');
    expect(
      entryUsesText(
        [
          { what: 'events', count: 7, names: ['1', '2', '3', '4', '5'] },
          { what: 'halls', count: 2, names: ['Большой', 'Малый'] },
        ],
        'ru',
      ),
    ).toBe('7 событий: «1», «2», «3», «4», «5», …; 2 зала: «Большой», «Малый»');
    expect(entryUsesText([{ what: 'orders', count: 21, names: [] }], 'ru')).toBe('21 заказ');
    expect(entryUsesText([{ what: 'orders', count: 5, names: [] }], 'ru')).toBe('5 заказов');
  });

  it('speaks English, Kazakh and Chinese', () => {
    expect(entryUsesText([{ what: 'checkboxes', count: 2, names: ['A', 'B'] }], 'en')).toBe('2 checkboxes: “A”, “B”');
    expect(entryUsesText([{ what: 'mainMenus', count: 1, names: ['M'] }], 'en')).toBe('1 menu: “M”');
    expect(entryUsesText([{ what: 'events', count: 4, names: ['Е'] }], 'kz')).toBe('4 іс-шара: «Е», …');
    expect(entryUsesText([{ what: 'halls', count: 2, names: ['大'] }], 'ch')).toBe('2个大厅：“大”、…');
  });

  it('names the setup without a number and leaves out what nothing counts', () => {
    expect(
      entryUsesText(
        [
          { what: 'setup', count: 1, names: [] },
          { what: 'events', count: 0, names: [] },
        ],
        'ru',
      ),
    ).toBe('настройки витрины (ссылки на документы)');
  });
});

import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import ru from '../locales/ru/order.json' with { type: 'json' };
import { initI18n } from './i18n.ts';

describe('i18n', () => {
  it.each([
    { count: 1, expected: '1 билет' },
    { count: 3, expected: '3 билета' },
    { count: 5, expected: '5 билетов' },
    { count: 11, expected: '11 билетов' },
    { count: 21, expected: '21 билет' },
    { count: 22, expected: '22 билета' },
  ])('uses Russian plural rules: $count', async ({ count, expected }) => {
    const i18n = await initI18n('ru', i18next.createInstance());
    expect(i18n.t('tickets', { count })).toBe(expected);
  });

  it('uses Chinese and Kazakh plural rules for ch and kz, not the browser locale', async () => {
    const i18n = await initI18n('ch', i18next.createInstance());
    expect(i18n.t('tickets', { count: 1 })).toBe('1 张票');
    await i18n.changeLanguage('kz');
    expect(i18n.t('tickets', { count: 1 })).toBe('1 билет');
    expect(i18n.t('tickets', { count: 2 })).toBe('2 билет');
  });

  it('loads a screen namespace on demand', async () => {
    const i18n = await initI18n('en', i18next.createInstance());
    await i18n.loadNamespaces('order');
    expect(i18n.t('order:heading')).toBe('Your order');
  });

  // t() answers are cached (cacheTranslations): the cache must never answer with a stale text.
  it('answers again when a namespace arrives or the language changes', async () => {
    const i18n = await initI18n('en', i18next.createInstance());
    expect(i18n.t('order:heading')).toBe('heading');
    await i18n.loadNamespaces('order');
    expect(i18n.t('order:heading')).toBe('Your order');
    const fixed = i18n.getFixedT(null, 'order');
    expect(fixed('heading')).toBe('Your order');
    await i18n.changeLanguage('ru');
    await i18n.loadNamespaces('order');
    expect(i18n.t('order:heading')).toBe(ru.heading);
    expect(i18n.getFixedT(null, 'order')('heading')).toBe(ru.heading);
  });

  it('keeps the answers of different options apart', async () => {
    const i18n = await initI18n('en', i18next.createInstance());
    await i18n.loadNamespaces('afisha');
    const t = i18n.getFixedT(null, 'afisha');
    expect(t('found', { count: 1 })).not.toBe(t('found', { count: 2 }));
    expect(t('calendarFor', { name: 'A', dates: '1' })).toContain('A');
    expect(t('calendarFor', { name: 'B', dates: '1' })).toContain('B');
    expect(i18n.t('tickets', { count: 1 })).toBe('1 ticket');
    expect(i18n.t('tickets', { count: 3 })).toBe('3 tickets');
    // An option that is an object is never cached, so its value is always read.
    expect(i18n.t('afisha:calendarFor', { replace: { name: 'C', dates: '2' } })).toContain('C');
    expect(i18n.t('afisha:calendarFor', { replace: { name: 'D', dates: '2' } })).toContain('D');
  });
});

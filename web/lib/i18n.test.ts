import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
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
});

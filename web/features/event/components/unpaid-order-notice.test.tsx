// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { UnpaidOrderNotice, holdClock } from './unpaid-order-notice.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('UnpaidOrderNotice', () => {
  it('counts the hold down and, once it is over, says so in the same box without the link', async () => {
    const i18n = await initI18n('ru', i18next.createInstance());
    await i18n.loadNamespaces('event');
    vi.useFakeTimers({ now: new Date('2030-01-01T10:00:00Z') });
    const until = Date.now() + 61_000;
    render(
      <I18nextProvider i18n={i18n}>
        <UnpaidOrderNotice order={{ hash: 'order-hash-0000000000000001', ord_num: 100300, status: 20, until }} href="/order/x" />
      </I18nextProvider>,
    );
    const note = () => screen.getByRole('note', { name: /100300/ });
    expect(note().textContent).toContain('Бронь действует ещё 1:01');
    act(() => vi.advanceTimersByTime(2_000));
    expect(note().textContent).toContain('Бронь действует ещё 0:59');
    act(() => vi.advanceTimersByTime(59_000));
    expect(note().textContent).toBe('Бронь заказа №\u00a0100300 истекла.');
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('holdClock', () => {
  it.each([
    [1, '0:01'],
    [65, '1:05'],
    [605, '10:05'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
  ])('%i s reads %s', (seconds, text) => {
    expect(holdClock(seconds)).toBe(text);
  });
});

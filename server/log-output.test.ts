import { describe, expect, it } from 'vitest';
import { logSafeUrl } from './log-output.ts';

describe('logSafeUrl', () => {
  it.each([
    ['/order/0a1b2c3d4e5f?lang=en', '/order/***?lang=en'],
    ['/order/declined/0a1b2c', '/order/declined/***'],
    ['/order/return/0a1b2c?hash_conf=abcdefgh', '/order/return/***?hash_conf=***'],
    ['/en/order/view/0a1b2c', '/en/order/view/***'],
    ['/nominal-tickets/0a1b2c', '/nominal-tickets/***'],
    ['/ticket/t0a1b2c', '/ticket/***'],
    ['/api/ticket/t0a1b2c', '/api/ticket/***'],
    ['/api/order/return/0a1b2c?hash=x&lang=kz', '/api/order/return/***?hash=***&lang=kz'],
    ['/payments/return/pay_123?x=1', '/payments/return/***?x=1'],
    ['/sandbox/pay/42/complete', '/sandbox/pay/***/complete'],
  ])('hides the key in %s', (url, safe) => {
    expect(logSafeUrl(url)).toBe(safe);
  });

  it.each(['/', '/event/city-through-centuries/01.12.2026', '/api/afisha?lang=en', '/healthz', '/orders'])('keeps %s as it is', (url) => {
    expect(logSafeUrl(url)).toBe(url);
  });
});

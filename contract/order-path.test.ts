import { describe, expect, it } from 'vitest';
import { routePatterns } from './routes.ts';
import { orderDeclinedPath, orderViewPath } from './order-path.ts';

describe('orderViewPath', () => {
  it.each([
    { description: "today's shape in ru", lang: 'ru', integration: false, path: '/order/AbC_12-xyzXYZ0123' },
    { description: "today's shape with lang", lang: 'en', integration: false, path: '/order/AbC_12-xyzXYZ0123?lang=en' },
    { description: 'the older shape in integration mode', lang: 'ru', integration: true, path: '/ru/order/view/AbC_12-xyzXYZ0123' },
    {
      description: 'the older shape keeps the language in the path',
      lang: 'kz',
      integration: true,
      path: '/kz/order/view/AbC_12-xyzXYZ0123',
    },
  ] as const)('builds $description', ({ lang, integration, path }) => {
    expect(orderViewPath('AbC_12-xyzXYZ0123', lang, integration)).toBe(path);
    const pathname = path.split('?')[0] ?? '';
    expect(integration ? routePatterns.orderLegacy.test(pathname) : routePatterns.order.test(pathname)).toBe(true);
  });
});

describe('orderDeclinedPath', () => {
  it.each([
    { description: 'in ru without a query', lang: 'ru', path: '/order/declined/AbC_12-xyzXYZ0123' },
    { description: 'in en with lang', lang: 'en', path: '/order/declined/AbC_12-xyzXYZ0123?lang=en' },
    { description: 'in ch with lang', lang: 'ch', path: '/order/declined/AbC_12-xyzXYZ0123?lang=ch' },
  ] as const)('builds $description', ({ lang, path }) => {
    expect(orderDeclinedPath('AbC_12-xyzXYZ0123', lang)).toBe(path);
    expect(routePatterns.orderDeclined.test(path.split('?')[0] ?? '')).toBe(true);
  });
});

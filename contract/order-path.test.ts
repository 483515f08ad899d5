import { describe, expect, it } from 'vitest';
import { routePatterns } from './routes.ts';
import { orderViewPath } from './order-path.ts';

describe('orderViewPath', () => {
  it.each([
    { description: 'today\'s shape in ru', lang: 'ru', integration: false, path: '/order/AbC_12-xyzXYZ0123' },
    { description: 'today\'s shape with lang', lang: 'en', integration: false, path: '/order/AbC_12-xyzXYZ0123?lang=en' },
    { description: 'the older shape in integration mode', lang: 'ru', integration: true, path: '/ru/order/view/AbC_12-xyzXYZ0123' },
    { description: 'the older shape keeps the language in the path', lang: 'kz', integration: true, path: '/kz/order/view/AbC_12-xyzXYZ0123' },
  ] as const)('builds $description', ({ lang, integration, path }) => {
    expect(orderViewPath('AbC_12-xyzXYZ0123', lang, integration)).toBe(path);
    const pathname = path.split('?')[0] ?? '';
    expect(integration ? routePatterns.orderLegacy.test(pathname) : routePatterns.order.test(pathname)).toBe(true);
  });
});

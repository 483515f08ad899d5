import { describe, expect, it } from 'vitest';
import { STAFF_ROLES, can } from '../../../contract/admin/roles.ts';
import { NAV, navFor, navLinksFor, pagePermission } from './nav.ts';

describe('the back office menu', () => {
  it.each([
    { role: 'owner', sections: ['sales', 'catalog', 'venue', 'staff'] },
    { role: 'manager', sections: ['sales', 'catalog', 'venue', 'staff'] },
    { role: 'support', sections: ['sales', 'venue', 'staff'] },
    { role: 'controller', sections: ['venue', 'staff'] },
  ] as const)('shows $role the sections left with an entry it may use: $sections', ({ role, sections }) => {
    expect(navFor(role).map((section) => section.key)).toEqual(sections);
  });

  it.each(STAFF_ROLES)('gives %s exactly the entries its permissions allow, the home page first', (role) => {
    const allowed = NAV.flatMap((section) => section.entries).filter((entry) => entry.permission === null || can(role, entry.permission));
    expect(navLinksFor(role).map((entry) => entry.path)).toEqual(['/', ...allowed.map((entry) => entry.path)]);
    for (const section of navFor(role)) expect(section.entries.length).toBeGreaterThan(0);
  });

  it('lists every page once', () => {
    const paths = NAV.flatMap((section) => section.entries.map((entry) => entry.path));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each([
    { path: '/', permission: null },
    { path: '/account', permission: null },
    { path: '/orders', permission: 'orders.read' },
    { path: '/orders/:id', permission: 'orders.read' },
    { path: '/reports/visits', permission: 'reports.read' },
    { path: '/halls/blocks', permission: 'catalog.write' },
    { path: '/catalog/entries/:kind/:id', permission: 'catalog.write' },
    { path: '/loyalty/:id', permission: 'loyalty.read' },
    { path: '/checkin-devices', permission: 'checkin.devices' },
    { path: '/checkin', permission: undefined },
    { path: '/nowhere', permission: undefined },
  ])('gates the page $path as its menu entry: $permission', ({ path, permission }) => {
    expect(pagePermission(path)).toBe(permission);
  });
});

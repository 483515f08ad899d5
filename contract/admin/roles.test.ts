import { describe, expect, it } from 'vitest';
import { PERMISSIONS, STAFF_ROLES, can, isStaffRole } from './roles.ts';

describe('staff roles', () => {
  it.each([
    { role: 'owner', allowed: Object.keys(PERMISSIONS) },
    {
      role: 'manager',
      allowed: [
        'orders.read',
        'orders.write',
        'orders.refund',
        'reports.read',
        'catalog.write',
        'checkin.scan',
        'checkin.devices',
        'loyalty.read',
        'loyalty.write',
        'desk.sell',
        'sessions.change',
        'orders.exchange',
        'groups.manage',
        'waitlist.manage',
      ],
    },
    { role: 'support', allowed: ['orders.read', 'orders.write', 'orders.refund', 'checkin.scan', 'loyalty.read'] },
    { role: 'controller', allowed: ['checkin.scan'] },
    { role: 'cashier', allowed: ['checkin.scan', 'desk.sell'] },
  ] as const)('$role may do exactly $allowed', ({ role, allowed }) => {
    const granted = (Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[]).filter((p) => can(role, p));
    expect(granted.sort()).toEqual([...allowed].sort());
  });

  it.each([...STAFF_ROLES.map((r) => [r, true] as const), ['admin', false], ['', false], [1, false], [null, false]] as const)(
    'isStaffRole(%j) is %s',
    (value, expected) => expect(isStaffRole(value)).toBe(expected),
  );
});

import { describe, expect, it } from 'vitest';
import { auditDiff } from './audit-diff.ts';

describe('auditDiff', () => {
  it('shows changed, added and removed values by path, and leaves equal ones out', () => {
    expect(auditDiff({ role: 'support', name: 'A', nested: { x: 1 } }, { role: 'manager', name: 'A', nested: { x: 2, y: true } })).toEqual([
      { path: 'nested.x', before: '1', after: '2' },
      { path: 'nested.y', before: undefined, after: 'true' },
      { path: 'role', before: 'support', after: 'manager' },
    ]);
  });

  it('reads an entry with only an after side, or none', () => {
    expect(auditDiff(null, { email: 'a@b.c' })).toEqual([{ path: 'email', before: undefined, after: 'a@b.c' }]);
    expect(auditDiff(null, null)).toEqual([]);
    expect(auditDiff(undefined, 5)).toEqual([{ path: '·', before: undefined, after: '5' }]);
  });
});

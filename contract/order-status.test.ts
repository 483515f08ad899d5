import { describe, expect, it } from 'vitest';
import { ReturnStatus, isReturned } from './order-status.ts';

describe('isReturned (a ticket or service whose return is confirmed)', () => {
  it.each([
    { status: ReturnStatus.returnable, returned: false },
    { status: ReturnStatus.requested, returned: false },
    { status: ReturnStatus.refunded, returned: true },
    { status: ReturnStatus.refunding, returned: true },
  ])('status $status: $returned', ({ status, returned }) => expect(isReturned(status)).toBe(returned));
});

import type { ScryptCost } from '../server/admin/staff/password.ts';

/**
 * The staff password cost of tests, far below production's (`STAFF_SCRYPT_COST`, 64 MiB per
 * hash): tests hash and verify many times, and what is tested is the same code.
 */
export const TEST_SCRYPT_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

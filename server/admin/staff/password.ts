import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Staff password hashes: scrypt from node:crypto (no native package to build), with a salt of its
 * own per password and the cost stored in the hash, `scrypt$N$r$p$salt$key` (base64url), so the
 * cost can rise later and old hashes still verify.
 */
export type ScryptCost = { N: number; r: number; p: number };

/** OWASP's scrypt row N=2^16, r=8, p=2: 64 MiB of memory per hash makes guessing on GPUs dear. */
export const STAFF_SCRYPT_COST: ScryptCost = { N: 2 ** 16, r: 8, p: 2 };

const KEY_BYTES = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  // Node refuses above 32 MiB unless told: scrypt needs 128 * N * r bytes, with room to spare.
  const maxmem = 256 * cost.N * cost.r;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, { ...cost, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Hashes a password with a fresh salt. */
export async function hashPassword(password: string, cost: ScryptCost = STAFF_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const FORMAT = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([\w-]+)\$([\w-]+)$/;

/** Whether the password matches the stored hash; a hash it cannot read matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = FORMAT.exec(stored);
  if (!parts) return false;
  const cost = { N: Number(parts[1]), r: Number(parts[2]), p: Number(parts[3]) };
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (expected.length !== KEY_BYTES) return false;
  const key = await derive(password, salt, cost);
  return timingSafeEqual(key, expected);
}

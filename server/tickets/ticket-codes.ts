import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/client.ts';
import { lockTicketsWithoutCode, setTicketCodeIfFree } from './tickets.repository.ts';

/**
 * A 16-digit ticket code (first digit non-zero): about 2^53 values, so a collision between a
 * venue's tickets is astronomically rare, and numeric codes are the densest in Code 128.
 */
export function newTicketCode(): string {
  const head = randomInt(1, 10).toString();
  const rest = Array.from({ length: 3 }, () => randomInt(0, 100_000).toString().padStart(5, '0')).join('');
  return head + rest;
}

/** Gives every ticket of an order its unique scanned code, once (codes already issued stay). */
export async function issueTicketCodes(tx: Queryable, orderId: number): Promise<number> {
  const ids = await lockTicketsWithoutCode(tx, orderId);
  for (const id of ids) {
    // The guard skips a code some other ticket already has; the next try draws a new one.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      if (await setTicketCodeIfFree(tx, id, newTicketCode())) break;
    }
  }
  return ids.length;
}

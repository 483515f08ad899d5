import { type Concession, ageOn, fitsAge, hasAgeRange, monthOf, withinMonthlyLimit } from '../../contract/concession-rules.ts';
import { ErrorCode } from '../../contract/errors.ts';
import type { Holder } from '../../contract/nominal.ts';
import type { Queryable } from '../db/client.ts';
import { BusinessError } from '../http.ts';
import { findMonthHolders, lockConcessionMonth } from './concessions.repository.ts';

/**
 * One visitor as a monthly limit counts them: the identity document where the event asks for one,
 * else the full name with the birth date (or the age given). Case and spacing do not matter.
 */
export function visitorKey(h: Holder): string {
  const norm = (s: string | null | undefined) => (s ?? '').trim().toLocaleLowerCase('ru').replace(/\s+/g, ' ').replace(/ё/g, 'е');
  if (h.docNumber) return `doc:${h.docTypeId ?? 0}:${norm(h.docNumber).replace(/[\s-]/g, '')}`;
  return `name:${norm(h.surname)}|${norm(h.name)}|${norm(h.middleName)}|${h.birthDate ?? `age ${h.age ?? ''}`}`;
}

/** The holder's age on a day: from the birth date, or the age typed (years at the order), or unknown. */
export function holderAge(h: Holder | null, day: string): number | null {
  if (!h) return null;
  if (h.birthDate) return ageOn(h.birthDate, day);
  return h.age ?? null;
}

export type ConcessionTicket = { index: number; categoryId: number; concession: Concession | null; day: string; holder: Holder };

const refusal = (code: typeof ErrorCode.concessionAge | typeof ErrorCode.concessionMonthlyLimit, path: string, fieldCode: string) =>
  new BusinessError(code, { status: 409, details: { fields: [{ path, code: fieldCode }] } });

/**
 * Checks the holders of an order's named tickets against their categories' concessions, inside the
 * confirmation's transaction: an age outside the range on the session's day (-1042), and a
 * holder over the monthly limit in the session's month (-1041), counting the tickets other orders
 * hold and this order's own.
 */
export async function checkConcessionHolders(
  tx: Queryable,
  tickets: readonly ConcessionTicket[],
  ctx: { orderId: number; timeZone: string; ageField: 'age' | 'date' },
): Promise<void> {
  for (const t of tickets) {
    const age = holderAge(t.holder, t.day);
    if (hasAgeRange(t.concession) && age !== null && !fitsAge(t.concession, age))
      throw refusal(ErrorCode.concessionAge, `${ctx.ageField}.${t.index}`, 'concession-age');
  }
  const limited = tickets.filter((t) => t.concession?.monthlyLimit !== undefined);
  const groups = new Map<string, ConcessionTicket[]>();
  for (const t of limited) {
    const key = `${t.categoryId}:${monthOf(t.day)}`;
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  // In a fixed order, so two confirmations never wait for each other's locks crosswise.
  for (const key of [...groups.keys()].sort()) {
    const group = groups.get(key) ?? [];
    const first = group[0];
    if (!first) continue;
    const month = monthOf(first.day);
    await lockConcessionMonth(tx, first.categoryId, month);
    const held = new Map<string, number>();
    for (const h of await findMonthHolders(tx, {
      categoryId: first.categoryId,
      month,
      timeZone: ctx.timeZone,
      exceptOrderId: ctx.orderId,
    })) {
      held.set(visitorKey(h), (held.get(visitorKey(h)) ?? 0) + 1);
    }
    for (const t of group) {
      const k = visitorKey(t.holder);
      const already = held.get(k) ?? 0;
      if (!withinMonthlyLimit(t.concession, already))
        throw refusal(ErrorCode.concessionMonthlyLimit, `surname.${t.index}`, 'concession-monthly-limit');
      held.set(k, already + 1);
    }
  }
}

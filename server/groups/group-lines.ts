import { freeCompanions } from '../../contract/admin/groups-rules.ts';

type Line = { priceId: number; quantity: number; unitPrice: number };

/**
 * A group's lines with its free companions priced at nothing: the places at the companions' price
 * are the adults, every other place a child; up to freeCompanions(children, rule) adults come
 * free (a quantity line is split into a free and a paying part; seat lines, one place each, are
 * made free in order). Answers the lines, the children and the free companions.
 */
export function withFreeCompanions<T extends Line>(
  lines: readonly T[],
  companionPriceId: number | null,
  rule: { perChildren: number; free: number },
): { lines: T[]; children: number; free: number } {
  const places = lines.reduce((sum, l) => sum + l.quantity, 0);
  if (companionPriceId === null) return { lines: [...lines], children: places, free: 0 };
  const adults = lines.filter((l) => l.priceId === companionPriceId).reduce((sum, l) => sum + l.quantity, 0);
  const children = places - adults;
  const free = Math.min(freeCompanions(children, rule), adults);
  let left = free;
  const out: T[] = [];
  for (const line of lines) {
    if (line.priceId !== companionPriceId || left === 0) {
      out.push(line);
      continue;
    }
    const freeHere = Math.min(left, line.quantity);
    left -= freeHere;
    out.push({ ...line, quantity: freeHere, unitPrice: 0 });
    if (line.quantity > freeHere) out.push({ ...line, quantity: line.quantity - freeHere });
  }
  return { lines: out, children, free };
}

import { describe, expect, it } from 'vitest';
import type { Offer } from './order-view.ts';
import { isOfferDisabled, offerKey, withinOfferLimit } from './order-rules.ts';

type O = Pick<Offer, 'parent_id' | 'price_id' | 'limit' | 'row_limit'>;
const offer = (parent: number, price: number, limit: number, rowLimit = limit): O => ({
  parent_id: parent,
  price_id: price,
  limit,
  row_limit: rowLimit,
});

describe('withinOfferLimit (per price id not above the offer limit)', () => {
  it.each([
    { taken: 0, limit: 0, ok: true },
    { taken: 1, limit: 0, ok: false },
    { taken: 2, limit: 2, ok: true },
    { taken: 3, limit: 2, ok: false },
  ])('$taken more against $limit left: $ok', ({ taken, limit, ok }) => expect(withinOfferLimit(taken, limit)).toBe(ok));
});

describe('isOfferDisabled', () => {
  // Price 7 may be taken twice more by the order (already holding some: the limit is what is left).
  const offers = [offer(1, 7, 2), offer(2, 7, 2), offer(3, 7, 2), offer(1, 8, 1)];
  it.each([
    { description: 'nothing selected: all enabled', selected: [], target: offers[2], disabled: false },
    { description: 'below the limit: the others of that price enabled', selected: [offers[0]], target: offers[2], disabled: false },
    {
      description: 'the limit reached: the rest of that price disabled',
      selected: [offers[0], offers[1]],
      target: offers[2],
      disabled: true,
    },
    { description: 'a selected offer stays toggleable', selected: [offers[0], offers[1]], target: offers[1], disabled: false },
    { description: 'another price is unaffected', selected: [offers[0], offers[1]], target: offers[3], disabled: false },
    {
      description: 'nothing left to the order (all taken in earlier calls): disabled from the start',
      selected: [],
      target: offer(1, 9, 0),
      disabled: true,
    },
    { description: 'a seat-tied service whose row has no place left: disabled', selected: [], target: offer(4, 7, 2, 0), disabled: true },
    { description: 'a seat-tied service whose row has a place left: enabled', selected: [], target: offer(4, 7, 2, 1), disabled: false },
  ])('$description', ({ selected, target, disabled }) => {
    const keys = new Set(selected.map((o) => offerKey(o as O)));
    expect(isOfferDisabled(target as O, keys, offers)).toBe(disabled);
  });

  it('never lets the browser select more than the server accepts in one add call', () => {
    // Select greedily in order, as clicks would; the count per price id stays within its limit.
    const all = [offer(1, 7, 2), offer(2, 7, 2), offer(3, 7, 2), offer(4, 7, 2)];
    const selected = new Set<string>();
    for (const o of all) if (!isOfferDisabled(o, selected, all)) selected.add(offerKey(o));
    expect(selected.size).toBe(2);
    expect(withinOfferLimit(selected.size, 2)).toBe(true);
  });
});

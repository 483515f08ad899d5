import { describe, expect, it } from 'vitest';
import type { Offer } from '../../../../contract/order-view.ts';
import { selectedSum } from './offer-choice.ts';
import { isValidBonusAmount } from './order-logic.ts';
import { canApplyPromo, isOfferDisabled, offerKey } from '../../../../contract/order-rules.ts';

const l = (ru: string) => ({ ru, en: ru, kz: ru, ch: ru });
const offer = (parent: number, price: number, limit: number, cost = 100): Offer => ({
  parent_id: parent,
  package_id: 1,
  price_id: price,
  cost,
  action: l('x'),
  descript: l(''),
  limit,
  row_limit: limit,
  seat_tied: 0,
});

describe('isOfferDisabled', () => {
  const offers = [offer(1, 7, 2), offer(2, 7, 2), offer(3, 7, 2), offer(1, 8, 1)];
  it.each([
    { description: 'nothing selected: all enabled', selected: [], target: offers[2], disabled: false },
    { description: 'one of two selected: others enabled', selected: [offers[0]], target: offers[2], disabled: false },
    { description: 'limit reached: the rest of that price disabled', selected: [offers[0], offers[1]], target: offers[2], disabled: true },
    { description: 'a selected offer stays toggleable', selected: [offers[0], offers[1]], target: offers[1], disabled: false },
    { description: 'another price is unaffected', selected: [offers[0], offers[1]], target: offers[3], disabled: false },
    { description: 'limit 0: disabled from the start', selected: [], target: offer(1, 9, 0), disabled: true },
  ])('$description', ({ selected, target, disabled }) => {
    const keys = new Set(selected.map((o) => offerKey(o as Offer)));
    expect(isOfferDisabled(target as Offer, keys, offers)).toBe(disabled);
  });

  it('sums the selected offers in kopecks', () => {
    expect(selectedSum(new Set([offerKey(offers[0] as Offer), offerKey(offers[3] as Offer)]), offers)).toBe(20000);
  });
});

describe('promo and bonus rules', () => {
  it.each([
    ['', false],
    ['ab', false],
    ['  ab ', false],
    ['abc', true],
  ])('promo %j can be applied: %s', (code, ok) => expect(canApplyPromo(code)).toBe(ok));

  it.each([
    ['0', 100, false],
    ['-1', 100, false],
    ['1.5', 100, false],
    ['abc', 100, false],
    ['1', 100, true],
    ['100', 100, true],
    ['101', 100, false],
  ])('bonuses %j of %d available are valid: %s', (value, available, ok) => expect(isValidBonusAmount(value, available)).toBe(ok));
});

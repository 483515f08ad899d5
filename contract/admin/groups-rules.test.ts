import { describe, expect, it } from 'vitest';
import {
  freeCompanions,
  invoiceNumbersIn,
  isValidBik,
  isValidCorrespondentAccount,
  isValidInn,
  isValidKpp,
  isValidSettlementAccount,
  receiptNeeded,
} from './groups-rules.ts';

describe('freeCompanions', () => {
  it.each([
    { description: 'no children, none', children: 0, perChildren: 10, free: 1, expected: 0 },
    { description: '9 children, one short of the first', children: 9, perChildren: 10, free: 1, expected: 0 },
    { description: '10 children, one', children: 10, perChildren: 10, free: 1, expected: 1 },
    { description: '25 children, two (rounded down)', children: 25, perChildren: 10, free: 1, expected: 2 },
    { description: '30 children at 2 per 15, four', children: 30, perChildren: 15, free: 2, expected: 4 },
    { description: 'a rule of 0 children gives none', children: 30, perChildren: 0, free: 1, expected: 0 },
    { description: 'a rule of 0 free gives none', children: 30, perChildren: 10, free: 0, expected: 0 },
    { description: 'a fractional count gives none', children: 10.5, perChildren: 10, free: 1, expected: 0 },
  ])('$description', ({ children, perChildren, free, expected }) => {
    expect(freeCompanions(children, { perChildren, free })).toBe(expected);
  });
});

describe('tax and bank numbers', () => {
  it.each([
    { description: 'an organisation’s ИНН', inn: '7707083893', valid: true },
    { description: 'a person’s ИНН', inn: '500100732259', valid: true },
    { description: 'an organisation’s ИНН with a wrong check digit', inn: '7707083894', valid: false },
    { description: 'a person’s ИНН with a wrong second digit', inn: '500100732258', valid: false },
    { description: '11 digits', inn: '77070838931', valid: false },
    { description: 'letters', inn: '77070838AB', valid: false },
  ])('ИНН: $description', ({ inn, valid }) => expect(isValidInn(inn)).toBe(valid));

  it.each([
    { kpp: '773601001', valid: true },
    { kpp: '7736AB001', valid: true },
    { kpp: '77360100', valid: false },
    { kpp: '7736ab001', valid: false },
  ])('КПП $kpp', ({ kpp, valid }) => expect(isValidKpp(kpp)).toBe(valid));

  it.each([
    { bik: '044525225', valid: true },
    { bik: '144525225', valid: false },
    { bik: '04452522', valid: false },
  ])('БИК $bik', ({ bik, valid }) => expect(isValidBik(bik)).toBe(valid));

  // The Bank of Russia's own worked examples (order No. 515) and accounts of a known bank.
  it.each([
    { description: 'the Bank of Russia’s example', account: '40602810700000000025', bik: '049805746', valid: true },
    { description: 'the example with another key', account: '40602810600000000025', bik: '049805746', valid: false },
    { description: 'a settlement account at 044525225', account: '40702810938000000001', bik: '044525225', valid: true },
    { description: 'the same account at another bank', account: '40702810938000000001', bik: '044525974', valid: false },
    { description: '19 digits', account: '4070281093800000000', bik: '044525225', valid: false },
  ])('settlement account: $description', ({ account, bik, valid }) => expect(isValidSettlementAccount(account, bik)).toBe(valid));

  it.each([
    { description: 'Sberbank’s correspondent account', account: '30101810400000000225', bik: '044525225', valid: true },
    { description: 'a wrong key', account: '30101810500000000225', bik: '044525225', valid: false },
    { description: 'not a 30101 account', account: '40702810938000000001', bik: '044525225', valid: false },
    { description: 'none (the Bank of Russia’s own accounts)', account: '', bik: '044525225', valid: true },
  ])('correspondent account: $description', ({ account, bik, valid }) => expect(isValidCorrespondentAccount(account, bik)).toBe(valid));
});

describe('receiptNeeded', () => {
  it('needs none for an organisation paying by transfer, one for a private person', () => {
    expect(receiptNeeded('organisation')).toBe(false);
    expect(receiptNeeded('person')).toBe(true);
  });
});

describe('invoiceNumbersIn', () => {
  it.each([
    { purpose: 'Оплата по счету № 2026-15 от 05.12.2026 за экскурсию. Без НДС', expected: ['2026-15'] },
    { purpose: 'Оплата по счёту 2026/7, НДС не облагается', expected: ['2026-7'] },
    // The purpose our invoice suggests at 22%: the tax's figures are no invoice number.
    { purpose: 'Оплата по счёту № 2026-15. В том числе НДС 22%: 1 172 руб. 13 коп.', expected: ['2026-15'] },
    { purpose: 'опл. сч. 2026-3 и сч. 2026-4', expected: ['2026-3', '2026-4'] },
    { purpose: 'Оплата за билеты от 2026-12-05, сумма 15000-00', expected: [] },
    { purpose: 'Оплата по договору 2026-15', expected: [] },
    { purpose: 'Invoice 2026-9', expected: ['2026-9'] },
  ])('$purpose', ({ purpose, expected }) => expect(invoiceNumbersIn(purpose)).toEqual(expected));
});

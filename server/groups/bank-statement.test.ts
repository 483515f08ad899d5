import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { StatementUnreadable, isIncoming, kopecksOf, parseStatement } from './bank-statement.ts';

const fixture = readFileSync(new URL('./fixtures/statement-windows-1251.txt', import.meta.url));
const VENUE = { account: '40702810938000000001', inn: '7707083893' };

describe('parseStatement', () => {
  it('reads a windows-1251 statement: its account and every payment document', () => {
    // The file really is windows-1251: its Cyrillic is not valid UTF-8.
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(fixture)).toThrow();
    const statement = parseStatement(fixture);
    expect(statement.accounts).toEqual([VENUE.account]);
    expect(statement.documents).toHaveLength(4);
    expect(statement.documents[0]).toEqual({
      kind: 'Платежное поручение',
      number: '311',
      date: '22.11.2026',
      amount: 150000,
      payerName: 'ГБОУ "Школа № 1"',
      payerInn: '7736050003',
      payerAccount: '40702810400000000311',
      recipientInn: '7707083893',
      recipientAccount: VENUE.account,
      purpose: 'Оплата по счёту № 2026-1 от 21.11.2026 за экскурсию. Без налога (НДС)',
    });
    // A purpose split over НазначениеПлатежа and НазначениеПлатежа1 is joined.
    expect(statement.documents[2]?.purpose).toBe('Оплата за аренду зала по договору 15 от 01.11.2026');
    expect(statement.documents.map((d) => isIncoming(d, VENUE))).toEqual([true, true, true, false]);
  });

  it('reads the same statement in UTF-8, with or without a BOM', () => {
    const text = new TextDecoder('windows-1251').decode(fixture);
    for (const prefix of ['', '\uFEFF']) {
      const statement = parseStatement(new TextEncoder().encode(prefix + text));
      expect(statement.documents.map((d) => d.amount)).toEqual([150000, 40000, 250000, 12000]);
      expect(statement.documents[1]?.payerName).toBe('ООО "Ромашка"');
    }
  });

  it.each([
    { description: 'a file of another format', text: 'Дата;Сумма\n01.01.2026;100\n', why: /1CClientBankExchange/ },
    {
      description: 'a file cut short',
      text: '1CClientBankExchange\nСекцияДокумент=Платежное поручение\nСумма=1.00\n',
      why: /КонецДокумента/,
    },
    { description: 'no end of file', text: '1CClientBankExchange\nРасчСчет=1\n', why: /КонецФайла/ },
    {
      description: 'an amount that is not one',
      text: '1CClientBankExchange\nСекцияДокумент=Платежное поручение\nНомер=5\nСумма=сто\nКонецДокумента\nКонецФайла\n',
      why: /Сумма/,
    },
  ])('refuses $description', ({ text, why }) => {
    expect(() => parseStatement(new TextEncoder().encode(text))).toThrow(StatementUnreadable);
    expect(() => parseStatement(new TextEncoder().encode(text))).toThrow(why);
  });
});

describe('kopecksOf', () => {
  it.each([
    { value: '1500.00', expected: 150000 },
    { value: '1500,5', expected: 150050 },
    { value: '1500', expected: 150000 },
    { value: ' 0.01 ', expected: 1 },
    { value: '-5.00', expected: undefined },
    { value: '1.234', expected: undefined },
    { value: '', expected: undefined },
  ])('$value', ({ value, expected }) => expect(kopecksOf(value)).toBe(expected));
});

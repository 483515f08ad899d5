/**
 * Reads a bank statement in the 1CClientBankExchange text format that Russian banks export: a
 * header of `key=value` lines (ВерсияФормата, Кодировка, РасчСчет…), account sections
 * (СекцияРасчСчет … КонецРасчСчет), one section per payment document (СекцияДокумент=Платежное
 * поручение … КонецДокумента) and КонецФайла. The file is in windows-1251 (Кодировка=Windows),
 * sometimes UTF-8; pure functions, no SQL.
 */

/** One payment document of a statement, money in kopecks. */
export type StatementDocument = {
  kind: string;
  number: string;
  date: string;
  amount: number;
  payerName: string;
  payerInn: string;
  payerAccount: string;
  recipientInn: string;
  recipientAccount: string;
  purpose: string;
};

export type Statement = { accounts: string[]; documents: StatementDocument[] };

/** Why a file is not a statement this reader takes. */
export class StatementUnreadable extends Error {}

const SIGNATURE = '1CClientBankExchange';

/**
 * The file's text: UTF-8 when its bytes are valid UTF-8 (a BOM dropped), windows-1251 otherwise,
 * which is what Кодировка=Windows means. The old DOS code page (Кодировка=DOS, cp866) is read too.
 */
export function decodeStatement(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1251').decode(bytes);
    if (/^\s*Кодировка\s*=\s*DOS\s*$/imu.test(text)) text = new TextDecoder('ibm866').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

/** «15000.00», «15000,5», «15000» as kopecks; undefined for anything else. */
export function kopecksOf(value: string): number | undefined {
  const match = /^(\d{1,13})(?:[.,](\d{1,2}))?$/.exec(value.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** The first non-empty of several keys (a payer's name is Плательщик1 in some banks' files, Плательщик in others). */
const first = (fields: Map<string, string>, ...keys: string[]) => keys.map((k) => fields.get(k)?.trim() ?? '').find((v) => v !== '') ?? '';

function toDocument(kind: string, fields: Map<string, string>): StatementDocument {
  const amount = kopecksOf(fields.get('Сумма') ?? '');
  if (amount === undefined) throw new StatementUnreadable(`a document without a readable Сумма (№ ${fields.get('Номер') ?? '?'})`);
  return {
    kind,
    number: first(fields, 'Номер'),
    date: first(fields, 'ДатаПоступило', 'Дата'),
    amount,
    payerName: first(fields, 'Плательщик1', 'Плательщик'),
    payerInn: first(fields, 'ПлательщикИНН'),
    payerAccount: first(fields, 'ПлательщикРасчСчет', 'ПлательщикСчет'),
    recipientInn: first(fields, 'ПолучательИНН'),
    recipientAccount: first(fields, 'ПолучательРасчСчет', 'ПолучательСчет'),
    // Some banks split a long purpose over НазначениеПлатежа1..6.
    purpose: [first(fields, 'НазначениеПлатежа'), ...[1, 2, 3, 4, 5, 6].map((i) => first(fields, `НазначениеПлатежа${i}`))]
      .filter(Boolean)
      .join(' '),
  };
}

/** The statement's accounts and payment documents; throws StatementUnreadable for a file that is not one. */
export function parseStatement(bytes: Uint8Array): Statement {
  const lines = decodeStatement(bytes).split(/\r\n|\n|\r/);
  if (lines[0]?.trim() !== SIGNATURE) throw new StatementUnreadable('the file does not begin with 1CClientBankExchange');
  const accounts: string[] = [];
  const documents: StatementDocument[] = [];
  let current: { kind: string; fields: Map<string, string> } | null = null;
  let ended = false;
  for (const raw of lines.slice(1)) {
    const line = raw.trim();
    if (line === '') continue;
    if (line === 'КонецФайла') {
      ended = true;
      break;
    }
    if (line === 'КонецДокумента') {
      if (!current) throw new StatementUnreadable('КонецДокумента without its СекцияДокумент');
      documents.push(toDocument(current.kind, current.fields));
      current = null;
      continue;
    }
    const eq = line.indexOf('=');
    const key = eq < 0 ? line : line.slice(0, eq).trim();
    const value = eq < 0 ? '' : line.slice(eq + 1);
    if (key === 'СекцияДокумент') {
      if (current) throw new StatementUnreadable('a СекцияДокумент inside another');
      current = { kind: value.trim(), fields: new Map() };
    } else if (current) {
      current.fields.set(key, value);
    } else if (key === 'РасчСчет' && value.trim() && !accounts.includes(value.trim())) {
      accounts.push(value.trim());
    }
  }
  if (current) throw new StatementUnreadable('the last document has no КонецДокумента');
  if (!ended) throw new StatementUnreadable('the file has no КонецФайла: it may be cut short');
  return { accounts, documents };
}

/** Whether a document is money coming in to the venue (its account or its ИНН as the recipient). */
export const isIncoming = (doc: StatementDocument, venue: { account: string; inn: string }) =>
  doc.recipientAccount !== '' ? doc.recipientAccount === venue.account : doc.recipientInn === venue.inn;
